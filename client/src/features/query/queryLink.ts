/**
 * A query in the URL (docs/architecture.md, the query workbench): a saved one by `?id=`, an unsaved
 * one as `?q=`, its document and variables as JSON, deflated (raw DEFLATE) and base64url-encoded,
 * so a link to a long query stays short enough to paste. `?text=` (a plain document) is what
 * `/graphql?query=…` in a browser is redirected with.
 */
export interface QueryDraft {
  document: string;
  /** The variables editor's text (JSON), as typed. */
  variables: string;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export async function encodeDraft(draft: QueryDraft): Promise<string> {
  const json = JSON.stringify(draft.variables.trim() ? [draft.document, draft.variables] : [draft.document]);
  return toBase64Url(await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw')));
}

/** The draft in `q`, or null when it is not one (a mangled link opens an empty editor, not an error page). */
export async function decodeDraft(encoded: string): Promise<QueryDraft | null> {
  try {
    const json = new TextDecoder().decode(await pipe(fromBase64Url(encoded), new DecompressionStream('deflate-raw')));
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') return null;
    return { document: parsed[0], variables: typeof parsed[1] === 'string' ? parsed[1] : '' };
  } catch {
    return null;
  }
}

/** A SavedView of kind QUERY holds `{ document, variables, description? }` (schema/views.graphql). */
export interface QueryDefinition {
  document: string;
  variables: Record<string, unknown> | null;
  description?: string;
}

export function parseDefinition(definition: string): QueryDefinition | null {
  try {
    const parsed = JSON.parse(definition) as Partial<QueryDefinition>;
    if (typeof parsed.document !== 'string') return null;
    const variables = parsed.variables && typeof parsed.variables === 'object' && !Array.isArray(parsed.variables) ? parsed.variables : null;
    return { document: parsed.document, variables, description: typeof parsed.description === 'string' ? parsed.description : undefined };
  } catch {
    return null;
  }
}

/** The variables editor's text as an object, or an error message naming what is wrong. */
export function parseVariables(text: string): { ok: true; value: Record<string, unknown> | null } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: null };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'Variables must be a JSON object.' };
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, message: `Variables are not valid JSON: ${(error as Error).message}` };
  }
}
