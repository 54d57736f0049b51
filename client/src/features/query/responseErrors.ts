/** GraphQL response errors as sentences for the workbench (docs/architecture.md, the query workbench). */

export interface ResponseError {
  message?: unknown;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

const LIMIT_NAMES: Record<string, string> = { depth: 'depth', cost: 'cost', aggregates: 'spend aggregates', time: 'time budget' };

/** One error of a response, readably: its sentence, and apart from it the catalogue code for a small tag. */
export interface DescribedError {
  /** The message, where it is in the document (line, column, path), and for limits which one and by how much. */
  text: string;
  /** `BAD_USER_INPUT`, `FORBIDDEN`, …: shown after the sentence, muted, never in front of it. */
  code: string | null;
}

/** One error of a response as a sentence: where it is in the document, and for limits which one and by how much. */
export function describeResponseError(error: ResponseError): DescribedError {
  const message = (typeof error.message === 'string' ? error.message : 'Unknown error').replace(/\.$/, '');
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : null;
  const where = error.locations?.length ? ` (line ${error.locations[0].line}, column ${error.locations[0].column})` : '';
  const path = error.path?.length ? ` at ${error.path.join('.')}` : '';
  let limit = '';
  if (code === 'QUERY_TOO_COMPLEX' && typeof error.extensions?.limit === 'string') {
    const name = LIMIT_NAMES[error.extensions.limit] ?? error.extensions.limit;
    limit = ` Limit: ${name}, at most ${String(error.extensions.max)}; this request: ${String(error.extensions.actual)}.`;
  }
  return { text: `${message}${where}${path}.${limit}`, code };
}
