import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '../apollo/errors';
import { buttonClassName } from './buttonClass';
import { Icon } from './Icon';
import { PageHeader } from './PageHeader';
import styles from './StatusViews.module.css';
import { Button } from './Button';

export function Skeleton({ width, height = 16, className = '' }: { width?: number | string; height?: number | string; className?: string }) {
  return <span className={`${styles.skeleton} ${className}`} style={{ width, height }} aria-hidden="true" data-testid="skeleton" />;
}

/** A decorative spinner; whatever is loading says so in text next to it. */
export function Spinner({ size = 'default' }: { size?: 'default' | 'small' }) {
  return <span className={size === 'small' ? `${styles.spinner} ${styles.spinnerSmall}` : styles.spinner} aria-hidden="true" />;
}

/** Placeholder rows while a list or table loads; the region says it is busy. */
export function SkeletonRows({ count = 4, height = 18 }: { count?: number; height?: number }) {
  return (
    <div className={styles.rows} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </div>
  );
}

/** A one-line "nothing here" inside a card, lighter than EmptyState. */
export function EmptyText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className={styles.emptyText} data-testid={testId}>
      {children}
    </p>
  );
}

export function FullPageLoading() {
  return (
    <div className={styles.fullPage} role="status" aria-live="polite">
      <Spinner />
      <span>Loading Spendscope…</span>
    </div>
  );
}

/** A failed request: what happened, and the request id support needs to find it in the logs. */
/** A failed load: the server's message (or `text` in its place, e.g. for a record that does not exist), its request id, and a retry when one can help. */
export function ErrorState({ error, title = 'Something went wrong', text, onRetry }: { error: unknown; title?: string; text?: string; onRetry?: () => void }) {
  const info = describeApiError(error);
  return (
    <div className={`${styles.state} ${styles.error}`} role="alert">
      <span className={styles.icon}>
        <Icon name="alert" size={22} />
      </span>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{text ?? info.message}</p>
      {info.requestId && (
        <p className={styles.meta}>
          Request id <code data-testid="request-id">{info.requestId}</code>
        </p>
      )}
      {onRetry && (
        <Button onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className={styles.state}>
      <span className={styles.icon}>
        <Icon name="filter" size={22} />
      </span>
      <h2 className={styles.title}>{title}</h2>
      {text && <p className={styles.text}>{text}</p>}
      {action}
    </div>
  );
}

/**
 * A record page whose record does not exist for the reader (`isMissingRecord`): the page's title,
 * what may have happened, and a way back to the list.
 */
export function RecordNotFound(props: { pageTitle: string; title: string; text: string; back: { to: string; label: string }; testId?: string }) {
  return (
    <main className="page" data-testid={props.testId}>
      <PageHeader title={props.pageTitle} />
      <EmptyState
        title={props.title}
        text={props.text}
        action={
          <Link className={buttonClassName()} to={props.back.to}>
            {props.back.label}
          </Link>
        }
      />
    </main>
  );
}
