import type { ComponentPropsWithRef } from 'react';
import styles from './Hint.module.css';

/**
 * Small muted text under or beside a field: what it expects, why an action is unavailable. Tone "error"
 * when the field's value is wrong. Native span props pass through, so a field can point at it with
 * aria-describedby.
 */
export function Hint({ tone = 'muted', className, ...rest }: ComponentPropsWithRef<'span'> & { tone?: 'muted' | 'error' }) {
  const classes = [styles.hint, tone === 'error' && styles.error, className].filter(Boolean).join(' ');
  return <span className={classes} {...rest} />;
}
