import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
  /** The figure stands for a list: the whole tile is a link there, named by its label and value. */
  to?: string;
}

/** One headline figure of a dashboard. */
export function KpiTile({ label, value, title, footnote, meter, tone = 'neutral', loading, wide, compact, testId, to }: KpiTileProps) {
  const className = ['card', styles.root, wide && styles.wide, compact && styles.compact, to && !loading && styles.link].filter(Boolean).join(' ');
  const content = (
    <>
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
    </>
  );
  return to && !loading ? (
    <Link to={to} className={className} data-testid={testId}>
      {content}
    </Link>
  ) : (
    <div className={className} data-testid={testId} aria-busy={loading || undefined}>
      {content}
    </div>
  );
}
