/** Why an upload did not create a batch; `batchId` names the FAILED batch when the server kept one. */
export class ImportUploadError extends Error {
  readonly status: number;
  readonly batchId: string | null;

  constructor(message: string, status: number, batchId: string | null) {
    super(message);
    this.name = 'ImportUploadError';
    this.status = status;
    this.batchId = batchId;
  }
}

interface UploadErrorBody {
  errors?: { message?: unknown; extensions?: { batchId?: unknown } | null }[];
}

function errorFromResponse(status: number, bodyText: string): ImportUploadError {
  let message: string | null = null;
  let batchId: string | null = null;
  try {
    const body = JSON.parse(bodyText) as UploadErrorBody;
    const first = body.errors?.[0];
    if (typeof first?.message === 'string') message = first.message;
    if (typeof first?.extensions?.batchId === 'string') batchId = first.extensions.batchId;
  } catch {
    // Not JSON (a proxy's error page): the status line below says enough.
  }
  if (status === 401) message = 'Your session has expired. Sign in again, then upload the file.';
  return new ImportUploadError(message ?? `The server answered ${status}. Try again in a moment.`, status, batchId);
}

/**
 * The content type the upload is labelled with, from the file's extension rather than `file.type`:
 * browsers label .csv as text/plain or application/vnd.ms-excel depending on the machine, and the
 * server refuses text/plain on writes (docs/security.md). Anything else goes as bytes for the server to sniff.
 */
export function uploadContentType(fileName: string): string {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv') return 'text/csv';
  if (extension === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (extension === 'json') return 'application/json';
  return 'application/octet-stream';
}

/**
 * Sends the file as the raw request body of `POST /api/imports` (no multipart) and reports real
 * upload progress. XMLHttpRequest, because fetch has no upload progress events in browsers yet.
 */
export function uploadImportFile(
  file: File,
  sourceName: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const params = new URLSearchParams({ fileName: file.name, sourceName });
    xhr.open('POST', `/api/imports?${params.toString()}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', uploadContentType(file.name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          const body = JSON.parse(xhr.responseText) as { data?: { id?: unknown } };
          if (typeof body.data?.id === 'string') {
            onProgress(1);
            resolve(body.data.id);
            return;
          }
        } catch {
          // Falls through to the error below.
        }
        reject(new ImportUploadError('The server accepted the file but did not say which batch it created.', xhr.status, null));
        return;
      }
      reject(errorFromResponse(xhr.status, xhr.responseText));
    };
    // The server closes the connection as soon as a file passes the size limit, or at once when the
    // user already has as many uploads running as it takes (429): the browser may report either as a
    // network error before it reads the answer.
    xhr.onerror = () =>
      reject(new ImportUploadError('The upload stopped before the server answered. Check your connection; files over the import size limit are refused, and so is an upload started while your earlier ones are still running: wait for them, then try again.', 0, null));
    xhr.onabort = () => reject(new ImportUploadError('The upload was cancelled.', 0, null));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
