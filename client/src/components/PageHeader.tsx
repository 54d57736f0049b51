import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

/**
 * Moves focus to the page's main heading (a page's PageHeader), for when the control that had it
 * went away; false when the page shows none yet.
 */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main h1');
  heading?.focus();
  return heading !== null;
}

export function PageHeader({ title, description, badge }: { title: string; description?: ReactNode; badge?: ReactNode }) {
  return (
    <header className={styles.root}>
      <div className={styles.titleRow}>
        {/* Focusable by script only: focus moves here after a navigation or when what had it is gone. */}
        <h1 className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        {badge}
      </div>
      {description && <p className={styles.description}>{description}</p>}
    </header>
  );
}
