import type { ComponentPropsWithRef, ReactNode } from 'react';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './buttonClass';
import styles from './Button.module.css';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Decorative icon before the label; hidden from assistive technology, the label names the button. */
  icon?: ReactNode;
  /** Work in progress: the button is disabled, says so (aria-busy) and shows busyLabel instead of its label. */
  busy?: boolean;
  /** What the button says while busy, such as "Saving…"; the normal label when omitted. */
  busyLabel?: ReactNode;
}

/**
 * The console's one action button (toggle widgets such as segmented items, sort headers and the pivot's
 * expand arrows are their own controls). A plain <button> underneath: every native prop and the ref (a
 * plain prop since React 19) pass through, and type defaults to "button" so a button inside a form never
 * submits it by accident.
 */
export function Button({ variant, size, block, icon, busy = false, busyLabel, className, type = 'button', disabled, children, ref, ...rest }: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
