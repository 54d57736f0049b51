import { useGraphiQL } from '@graphiql/react';
import { useEffect } from 'react';

/**
 * Wraps long lines in the operation and variables editors, so a long comment or a one-line
 * document stays whole in a narrow pane instead of scrolling sideways to its tail. GraphiQL
 * creates its Monaco editors without a way to pass options; this child of <GraphiQL> sets them.
 */
export function WrapEditorLines() {
  const queryEditor = useGraphiQL((state) => state.queryEditor);
  const variableEditor = useGraphiQL((state) => state.variableEditor);
  useEffect(() => {
    queryEditor?.updateOptions({ wordWrap: 'on' });
    variableEditor?.updateOptions({ wordWrap: 'on' });
  }, [queryEditor, variableEditor]);
  return null;
}
