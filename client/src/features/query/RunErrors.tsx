import styles from './QueryWorkbench.module.css';

interface ResponseError {
  message?: unknown;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

const LIMIT_NAMES: Record<string, string> = { depth: 'depth', cost: 'cost', aggregates: 'spend aggregates', time: 'time budget' };

/** One error of a response as a sentence: where it is in the document, and for limits which one and by how much. */
export function describeResponseError(error: ResponseError): string {
  const message = typeof error.message === 'string' ? error.message : 'Unknown error.';
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : null;
  const where = error.locations?.length ? ` (line ${error.locations[0].line}, column ${error.locations[0].column})` : '';
  const path = error.path?.length ? ` at ${error.path.join('.')}` : '';
  let limit = '';
  if (code === 'QUERY_TOO_COMPLEX' && typeof error.extensions?.limit === 'string') {
    const name = LIMIT_NAMES[error.extensions.limit] ?? error.extensions.limit;
    limit = ` Limit: ${name}, at most ${String(error.extensions.max)}; this request: ${String(error.extensions.actual)}.`;
  }
  return `${code ? `${code}: ` : ''}${message}${where}${path}.${limit}`.replace(/\.\./g, '.');
}

export function RunErrors({ errors }: { errors: ResponseError[] }) {
  if (!errors.length) return null;
  return (
    <div className={styles.errors} role="alert" data-testid="query-errors">
      <h2 className={styles.errorsTitle}>{errors.length === 1 ? 'The server answered with an error' : `The server answered with ${errors.length} errors`}</h2>
      <ul>
        {errors.slice(0, 10).map((error, i) => (
          <li key={i}>{describeResponseError(error)}</li>
        ))}
      </ul>
    </div>
  );
}
