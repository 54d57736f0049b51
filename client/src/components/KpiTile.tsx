import type { ReactNode } from 'react';
import { Skeleton } from './StatusViews';
import styles from './KpiTile.module.css';

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
  /** Several tiles to a row: a smaller value, and a wide tile takes one column like the others. */
  compact?: boolean;
  testId?: string;
}

/** One headline figure of a dashboard. */
export function KpiTile({ label, value, title, footnote, meter, tone = 'neutral', loading, wide, compact, testId }: KpiTileProps) {
  return (
    <div className={['card', styles.root, wide && styles.wide, compact && styles.compact].filter(Boolean).join(' ')} data-testid={testId} aria-busy={loading || undefined}>
      <p className={styles.label}>{label}</p>
      {loading ? (
        <>
          <Skeleton className={styles.valueSkeleton} height={30} width="60%" />
          <Skeleton height={12} width="80%" />
        </>
      ) : (
        <>
          <p className={`${styles.value} ${tone === 'neutral' ? '' : styles[tone]}`} title={title} data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </p>
          {meter !== undefined && meter !== null && (
            <span className={styles.meter} aria-hidden="true">
              <span className={styles.meterFill} style={{ width: `${Math.max(0, Math.min(1, meter)) * 100}%` }} />
            </span>
          )}
          {footnote && <p className={styles.footnote}>{footnote}</p>}
        </>
      )}
    </div>
  );
}
