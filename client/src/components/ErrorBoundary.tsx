import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './StatusViews';

interface Props {
  children: ReactNode;
  /** The boundary clears its error when this changes (the screen's path): another screen starts afresh. */
  resetKey?: string;
}

interface State {
  error: unknown;
  failedKey: string | undefined;
}

/**
 * A screen that throws while it draws (a bug, or a server newer than this tab sending data it does
 * not expect) shows what happened and a way on, instead of React unmounting the whole console into
 * a blank page. Nothing the user entered elsewhere is lost: the navigation and the filter bar's
 * URL stay, and another screen opens normally (docs/architecture.md, "When a screen fails").
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Remember which screen failed; moving to another one clears the error.
    if (state.error === null) return state.failedKey === props.resetKey ? null : { failedKey: props.resetKey };
    return state.failedKey === props.resetKey ? null : { error: null, failedKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The browser's console is where a developer or support looks; the user sees the message below.
    console.error('Spendscope: a screen failed to render', error, info.componentStack);
  }

  /**
   * Try again reloads: data that made the screen fail is in the client's cache, so drawing the
   * screen again would fail the same way; a reload asks the server afresh, and the URL keeps the
   * screen's state.
   */
  private readonly retry = () => window.location.reload();

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <main className="page page--centered">
        <ErrorState
          error={this.state.error}
          title="This screen ran into a problem"
          text="Spendscope could not show this screen. Nothing was changed. Try again to reload it, or open another screen from the menu."
          onRetry={this.retry}
        />
      </main>
    );
  }
}
