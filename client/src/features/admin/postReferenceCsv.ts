/** What `POST /api/fx-rates` and `POST /api/taxonomy` answer (same shape as GraphQL's ReferenceImportResult). */
export interface ReferenceImportResult {
  added: number;
  updated: number;
  linesConverted: number;
  problems: string[];
}

/** Why the server refused the whole file; `code` is the catalogue's error code (docs/domain.md) when it sent one. */
export class ReferenceImportError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(message: string, status: number, code: string | null) {
    super(message);
    this.name = 'ReferenceImportError';
    this.status = status;
    this.code = code;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readResult(body: unknown): ReferenceImportResult | null {
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const { added, updated, linesConverted, problems } = body.data;
  if (typeof added !== 'number' || typeof updated !== 'number') return null;
  return {
    added,
    updated,
    linesConverted: typeof linesConverted === 'number' ? linesConverted : 0,
    problems: Array.isArray(problems) ? problems.filter((problem): problem is string => typeof problem === 'string') : [],
  };
}

function readError(body: unknown): { message: string | null; code: string | null } {
  if (!isRecord(body) || !Array.isArray(body.errors) || !isRecord(body.errors[0])) return { message: null, code: null };
  const first = body.errors[0];
  const extensions = isRecord(first.extensions) ? first.extensions : {};
  return { message: typeof first.message === 'string' ? first.message : null, code: typeof extensions.code === 'string' ? extensions.code : null };
}

/** Sends a CSV file as the raw body (the session cookie authenticates it) and reads the result. */
export async function postReferenceCsv(endpoint: '/api/fx-rates' | '/api/taxonomy', file: File): Promise<ReferenceImportResult> {
  let response: Response;
  try {
    response = await fetch(endpoint, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'text/csv' }, body: file });
  } catch {
    throw new ReferenceImportError('Could not reach the Spendscope server. Check your connection and try again.', 0, 'NETWORK_ERROR');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (response.ok) {
    const result = readResult(body);
    if (result) return result;
    throw new ReferenceImportError('The server answered without saying what it imported.', response.status, null);
  }
  const { message, code } = readError(body);
  if (response.status === 401) throw new ReferenceImportError('Your session has expired. Sign in again, then import the file.', 401, code ?? 'UNAUTHENTICATED');
  if (response.status === 403) throw new ReferenceImportError(message ?? 'Your role may not import this file.', 403, code ?? 'FORBIDDEN');
  throw new ReferenceImportError(message ?? `The server answered ${response.status}. Try again in a moment.`, response.status, code);
}
