import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Tag.module.css';

export type TagTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

/** A short label beside content: a status, a requirement, a warning. Colour is never the only signal; the text says it. */
export function Tag({ tone = 'neutral', children, className, ...rest }: { tone?: TagTone; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={[styles.tag, styles[tone], className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </span>
  );
}
