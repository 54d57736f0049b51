import { isMacOs, KeyCode, KeyMod, useGraphiQL, useGraphiQLActions } from '@graphiql/react';
import { useEffect } from 'react';
import { FOCUSABLE } from '../../components/focusable';
import styles from './QueryWorkbench.module.css';

/** Focuses the first control after `container` in the page (or the last before it), as Tab would. */
function focusBeside(container: HTMLElement, backwards: boolean): void {
  const outside = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !container.contains(el) && el.getClientRects().length > 0);
  const after = (el: HTMLElement) => Boolean(container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const target = backwards ? outside.filter((el) => !after(el)).at(-1) : outside.find(after);
  target?.focus();
}

/**
 * The editors' set-up and the line under them. GraphiQL creates its Monaco editors without a way
 * to pass options; this child of <GraphiQL> sets them:
 *
 * - Long lines wrap in the operation and variables editors, so a long comment or a one-line
 *   document stays whole in a narrow pane instead of scrolling sideways to its tail.
 * - Tab indents in an editor, so the line under the editors says how to leave them by keyboard:
 *   Ctrl+M switches Tab (and Shift+Tab) to moving focus out of the editor to the next control (the
 *   run button), and back. The switch is ours, so it is the same key on every system: on a Mac,
 *   Monaco's own (Ctrl+Shift+M) is GraphiQL's "merge fragments".
 * - GraphiQL binds prettifying to Shift+Ctrl+P with Monaco's `WinCtrl`, which is Ctrl on a Mac but
 *   the Windows key elsewhere; the welcome text says Shift-Ctrl-P, so elsewhere Shift+Ctrl+P is
 *   bound to it too (Monaco's own command palette is F1, so the key was free).
 */
export function EditorSetup() {
  const queryEditor = useGraphiQL((state) => state.queryEditor);
  const variableEditor = useGraphiQL((state) => state.variableEditor);
  const { prettifyEditors } = useGraphiQLActions();
  useEffect(() => {
    const editors = [queryEditor, variableEditor].filter((editor) => editor !== undefined);
    let tabMovesFocus = false;
    // Actions and listeners, not commands: they are disposed when the editors change, so a set-up run again binds no key twice.
    const bindings = editors.flatMap((editor) => {
      editor.updateOptions({ wordWrap: 'on' });
      const toggle = editor.addAction({
        id: 'spendscope.tabMovesFocus', label: 'Toggle Tab moving focus out of the editor',
        keybindings: [(isMacOs ? KeyMod.WinCtrl : KeyMod.CtrlCmd) | KeyCode.KeyM],
        run: () => {
          tabMovesFocus = !tabMovesFocus;
        },
      });
      const prettify = isMacOs ? [] : [editor.addAction({ id: 'spendscope.prettify', label: 'Prettify', keybindings: [KeyMod.Shift | KeyMod.CtrlCmd | KeyCode.KeyP], run: () => void prettifyEditors() })];
      const tab = editor.onKeyDown((event) => {
        if (!tabMovesFocus || event.keyCode !== KeyCode.Tab || event.ctrlKey || event.altKey || event.metaKey) return;
        event.preventDefault();
        event.stopPropagation();
        focusBeside(editor.getContainerDomNode(), event.shiftKey);
      });
      return [toggle, ...prettify, tab];
    });
    return () => bindings.forEach((binding) => binding.dispose());
  }, [queryEditor, variableEditor, prettifyEditors]);
  return (
    <p className={styles.editorHint} data-testid="query-editor-hint">
      Tab indents. To move out of the editor with the keyboard, press <kbd>Ctrl</kbd>+<kbd>M</kbd>, then <kbd>Tab</kbd>; <kbd>Ctrl</kbd>+<kbd>M</kbd> again makes Tab indent.
    </p>
  );
}
