import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

export function PageHeader({ title, description, badge }: { title: string; description?: ReactNode; badge?: ReactNode }) {
  return (
    <header className={styles.root}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{title}</h1>
        {badge}
      </div>
      {description && <p className={styles.description}>{description}</p>}
    </header>
  );
}
