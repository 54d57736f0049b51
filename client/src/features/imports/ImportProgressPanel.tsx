import { formatCount } from '../../format/numbers';

/**
 * Rows processed by a running validation or commit. The total is known only once a batch has been
 * validated, so a first validation shows a moving bar and the running count.
 */
export function ImportProgressPanel({ phase, rowsProcessed, totalRows }: { phase: string; rowsProcessed: number; totalRows: number | null }) {
  const label = phase === 'COMMITTING' ? 'Committing' : 'Validating';
  const fraction = totalRows && totalRows > 0 ? Math.min(1, rowsProcessed / totalRows) : null;
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <section className="card import-progress" aria-live="polite" data-testid="import-progress">
      <div className="import-bar">
        <div className="import-bar__label">
          <span>
            {label}… <strong data-testid="import-progress-rows">{formatCount(rowsProcessed)}</strong>
            {totalRows ? ` of ${formatCount(totalRows)}` : ''} rows processed
          </span>
          {percent !== null && <span className="import-bar__figure">{percent}%</span>}
        </div>
        <div
          className={`import-bar__track ${percent === null ? 'import-bar__track--indeterminate' : ''}`}
          role="progressbar"
          aria-label={`${label} rows`}
          aria-valuemin={0}
          aria-valuemax={percent === null ? undefined : 100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={`${formatCount(rowsProcessed)} rows processed`}
        >
          <span className="import-bar__fill" style={percent === null ? undefined : { width: `${percent}%` }} />
        </div>
      </div>
    </section>
  );
}
