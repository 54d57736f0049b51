import { formatCount } from '../../format/numbers';
import { useExportDownload, type ExportFormat } from './useExportDownload';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/StatusViews';
import styles from './ExportButtons.module.css';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** CSV / XLSX download buttons for one export endpoint (or the formats it offers), with progress and the server's error. */
export function ExportButtons({ path, disabled, compact, formats = ['csv', 'xlsx'] }: { path: string | null; disabled?: boolean; compact?: boolean; formats?: readonly ExportFormat[] }) {
  const { progress, error, start } = useExportDownload();
  return (
    <div className={styles.root} role="group" aria-label="Export">
      {!compact && <span className={styles.label}>Export</span>}
      {formats.map((format) => (
        <Button
          key={format}
          variant="ghost"
          size="small"
          disabled={disabled || !path || Boolean(progress)}
          onClick={() => path && void start(path, format)}
          data-testid={`export-${format}`}
        >
          {format.toUpperCase()}
        </Button>
      ))}
      {progress && (
        <span className={styles.progress} role="status" aria-live="polite" data-testid="export-progress">
          <Spinner size="small" />
          {formatBytes(progress.bytes)}
          {progress.rows !== null && ` · ${formatCount(progress.rows)} rows`}
        </span>
      )}
      {error && (
        <span className={styles.error} role="alert">
          {error.message}
          {error.requestId && <> (request id <code>{error.requestId}</code>)</>}
        </span>
      )}
    </div>
  );
}
