import type { ReactNode } from 'react';
import styles from './Disclosure.module.css';

/** A summary line that opens more below it, such as a chart's figures as a table (a native `<details>`, so it works by keyboard). */
export function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className={styles.root}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
