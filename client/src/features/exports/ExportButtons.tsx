import { formatCount } from '../../format/numbers';
import { useId, useState } from 'react';
import { useExportDownload, type ExportFormat } from './useExportDownload';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/StatusViews';
import styles from './ExportButtons.module.css';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How a pivot export is laid out (docs/architecture.md, "Exports"): as the explorer shows it, or long for other tools. */
type PivotLayout = 'shown' | 'long';

/**
 * CSV / XLSX download buttons for one export endpoint (or the formats it offers), with progress and
 * the server's error. `layouts`: the endpoint is a pivot's, which can be laid out as shown or long.
 */
export function ExportButtons({ path, disabled, disabledReason, compact, formats = ['csv', 'xlsx'], layouts }: {
  path: string | null;
  disabled?: boolean;
  /** Why the buttons are disabled, shown on hover (the screen says it in words too). */
  disabledReason?: string;
  compact?: boolean;
  formats?: readonly ExportFormat[];
  layouts?: boolean;
}) {
  const { progress, error, start } = useExportDownload();
  const [layout, setLayout] = useState<PivotLayout>('shown');
  const layoutId = useId();
  const target = path && layouts && layout === 'long' ? `${path}${path.includes('?') ? '&' : '?'}layout=long` : path;
  return (
    <div className={styles.root} role="group" aria-label="Export">
      {!compact && <span className={styles.label}>Export</span>}
      {layouts && (
        <>
          <label htmlFor={layoutId} className="visually-hidden">
            Export layout
          </label>
          <select id={layoutId} className={`input ${styles.layout}`} value={layout} onChange={(event) => setLayout(event.target.value as PivotLayout)} data-testid="export-layout">
            <option value="shown">As shown</option>
            <option value="long" title="One row per cell, for other tools">Long format</option>
          </select>
        </>
      )}
      {formats.map((format) => (
        <Button
          key={format}
          variant="ghost"
          size="small"
          disabled={disabled || !path || Boolean(progress)}
          title={disabled ? disabledReason : undefined}
          onClick={() => target && void start(target, format)}
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
