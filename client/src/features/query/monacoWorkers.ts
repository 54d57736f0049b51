// Monaco's language workers as bundled same-origin files (Vite `?worker`), so the query editor
// has highlighting, hints and validation offline and under the console's CSP (worker-src 'self').
// graphiql/setup-workers/vite does the same but logs every worker start to the console.
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import GraphQLWorker from 'monaco-graphql/esm/graphql.worker.js?worker';

(globalThis as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === 'json') return new JsonWorker();
    if (label === 'graphql') return new GraphQLWorker();
    return new EditorWorker();
  },
};
