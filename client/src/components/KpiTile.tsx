import type { ReactNode } from 'react';
import { Skeleton } from './StatusViews';

interface KpiTileProps {
  label: string;
  value: ReactNode;
  /** Full, unabbreviated figure shown on hover. */
  title?: string;
  footnote?: ReactNode;
  /** A 0–1 share drawn as a thin meter under the value. */
  meter?: number | null;
  tone?: 'neutral' | 'positive' | 'negative' | 'warning';
  loading?: boolean;
  wide?: boolean;
  testId?: string;
}

/** One headline figure of a dashboard. */
export function KpiTile({ label, value, title, footnote, meter, tone = 'neutral', loading, wide, testId }: KpiTileProps) {
  return (
    <div className={`card kpi ${wide ? 'kpi--wide' : ''}`} data-testid={testId} aria-busy={loading || undefined}>
      <p className="kpi__label">{label}</p>
      {loading ? (
        <>
          <Skeleton className="kpi__value-skeleton" height={30} width="60%" />
          <Skeleton height={12} width="80%" />
        </>
      ) : (
        <>
          <p className={`kpi__value kpi__value--${tone}`} title={title} data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </p>
          {meter !== undefined && meter !== null && (
            <span className="meter" aria-hidden="true">
              <span className="meter__fill" style={{ width: `${Math.max(0, Math.min(1, meter)) * 100}%` }} />
            </span>
          )}
          {footnote && <p className="kpi__footnote">{footnote}</p>}
        </>
      )}
    </div>
  );
}
