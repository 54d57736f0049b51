import { isMacOs, KeyCode, KeyMod, useGraphiQL } from '@graphiql/react';
import { useEffect } from 'react';
import styles from './QueryWorkbench.module.css';

/** Monaco's command that makes Tab move focus instead of indenting (monaco-editor 0.52, toggleTabFocusMode.js). */
const TOGGLE_TAB_FOCUS = 'editor.action.toggleTabFocusMode';

/**
 * The editors' set-up and the line under them. It wraps long lines in the operation and variables editors, so a long comment or a one-line
 * document stays whole in a narrow pane instead of scrolling sideways to its tail. GraphiQL
 * creates its Monaco editors without a way to pass options; this child of <GraphiQL> sets them.
 *
 * It also says, below the editors, how to leave them by keyboard: Tab indents there, and Monaco's
 * Ctrl+M switches Tab to moving focus (and back). On a Mac Monaco's key for it is Ctrl+Shift+M,
 * which GraphiQL takes for merging fragments, so Ctrl+M is bound to it there too.
 */
export function EditorSetup() {
  const queryEditor = useGraphiQL((state) => state.queryEditor);
  const variableEditor = useGraphiQL((state) => state.variableEditor);
  useEffect(() => {
    queryEditor?.updateOptions({ wordWrap: 'on' });
    variableEditor?.updateOptions({ wordWrap: 'on' });
    if (!isMacOs) return;
    for (const editor of [queryEditor, variableEditor]) editor?.addCommand(KeyMod.WinCtrl | KeyCode.KeyM, () => editor.trigger('keyboard', TOGGLE_TAB_FOCUS, null));
  }, [queryEditor, variableEditor]);
  return (
    <p className={styles.editorHint} data-testid="query-editor-hint">
      Tab indents. To move out of the editor with the keyboard, press <kbd>Ctrl</kbd>+<kbd>M</kbd>, then <kbd>Tab</kbd>; <kbd>Ctrl</kbd>+<kbd>M</kbd> again makes Tab indent.
    </p>
  );
}
