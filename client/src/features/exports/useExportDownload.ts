import { useCallback, useRef, useState } from 'react';
import type { ApiErrorInfo } from '../../apollo/errors';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportProgress {
  format: ExportFormat;
  bytes: number;
  /** Rows the server announced (`x-export-rows`), when it did. */
  rows: number | null;
}

export interface ExportDownload {
  progress: ExportProgress | null;
  error: ApiErrorInfo | null;
  start(path: string, format: ExportFormat): Promise<void>;
}

function fileNameFrom(disposition: string | null, format: ExportFormat): string {
  const match = disposition?.match(/filename="?([^";]+)"?/);
  return match?.[1] ?? `spendscope-export.${format}`;
}

async function errorFrom(response: Response): Promise<ApiErrorInfo> {
  try {
    const body = (await response.json()) as { errors?: { message?: string; extensions?: { code?: string; requestId?: string } }[] };
    const first = body.errors?.[0];
    return {
      code: first?.extensions?.code ?? `HTTP_${response.status}`,
      message: first?.message ?? `The export failed (${response.status}).`,
      requestId: first?.extensions?.requestId ?? response.headers.get('x-request-id'),
      retryAfterSeconds: null,
    };
  } catch {
    return { code: `HTTP_${response.status}`, message: `The export failed (${response.status}).`, requestId: null, retryAfterSeconds: null };
  }
}

/** Streams an export with fetch so the user sees progress, then saves it through a Blob URL. */
export function useExportDownload(): ExportDownload {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<ApiErrorInfo | null>(null);
  const busy = useRef(false);

  const start = useCallback(async (path: string, format: ExportFormat) => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setProgress({ format, bytes: 0, rows: null });
    try {
      const separator = path.includes('?') ? '&' : '?';
      const response = await fetch(`${path}${separator}format=${format}`, { credentials: 'same-origin' });
      if (!response.ok || !response.body) {
        setError(await errorFrom(response));
        return;
      }
      const rowsHeader = Number(response.headers.get('x-export-rows'));
      const rows = Number.isFinite(rowsHeader) && rowsHeader > 0 ? rowsHeader : null;
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        setProgress({ format, bytes, rows });
      }
      const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameFrom(response.headers.get('content-disposition'), format);
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the URL is released.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError({ code: 'NETWORK_ERROR', message: 'The download was interrupted. Try again.', requestId: null, retryAfterSeconds: null });
    } finally {
      busy.current = false;
      setProgress(null);
    }
  }, []);

  return { progress, error, start };
}
