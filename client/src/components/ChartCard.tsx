import type { ReactNode } from 'react';
import { Skeleton } from './StatusViews';
import styles from './ChartCard.module.css';

interface ChartCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Show a skeleton instead of the chart. */
  loading?: boolean;
  /** Message shown instead of the chart when there is nothing to plot. */
  emptyMessage?: string | null;
  /** Height of the plotting area, so loading and loaded states do not jump. */
  height?: number;
  className?: string;
  testId?: string;
  children?: ReactNode;
}

/** The frame every chart sits in: title, subtitle, and its loading and empty states. */
export function ChartCard({ title, subtitle, loading, emptyMessage, height = 300, className = '', testId, children }: ChartCardProps) {
  return (
    <section className={`card ${styles.root} ${className}`} data-testid={testId} aria-busy={loading || undefined}>
      <header className="card__header">
        <h2 className="card__title">{title}</h2>
        {subtitle && <p className="card__subtitle">{subtitle}</p>}
      </header>
      <div className={styles.body} style={{ minHeight: height }}>
        {loading ? (
          <Skeleton height={height} width="100%" />
        ) : emptyMessage ? (
          <p className={styles.empty} style={{ height }}>
            {emptyMessage}
          </p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}
