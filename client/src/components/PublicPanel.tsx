import type { ReactNode } from 'react';
import styles from './PublicPanel.module.css';

/** Classes for the form inside a PublicPanel: fields in a column, a full-width submit button. */
export const publicFormClasses = { form: styles.form, submit: styles.submit } as const;

/**
 * The centred panel of the screens used signed out (sign in, set a password): the brand, a title,
 * a line under it, and the form.
 */
export function PublicPanel({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <main className={styles.root}>
      <div className={styles.panel}>
        <div className="brand brand--large">
          <span className="brand__mark" aria-hidden="true">
            <svg viewBox="0 0 32 32" width="36" height="36">
              <rect width="32" height="32" rx="8" fill="currentColor" />
              <path d="M9 21l5-6 4 3 5-8" stroke="white" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <span className="brand__name">Spendscope</span>
        </div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
