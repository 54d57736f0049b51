import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './Button';
import styles from './ConfirmDialog.module.css';
import { FOCUSABLE } from './focusable';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** The question needs more input before it can be confirmed (a field in the dialog is not valid yet). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: a modal
 * <dialog> alone lets focus leave for the browser's own controls (the page's body) before it wraps.
 */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const target = event.shiftKey ? (document.activeElement === first ? last : null) : document.activeElement === last ? first : null;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** A modal question on the native <dialog>: focus is trapped, Escape cancels, focus returns after. */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'primary', confirmDisabled = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const ids = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.root}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-body`}
      onKeyDown={wrapTab}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      data-testid="confirm-dialog"
    >
      <h2 className={styles.title} id={`${ids}-title`}>
        {title}
      </h2>
      <div className={styles.body} id={`${ids}-body`}>
        {children}
      </div>
      <div className={styles.actions}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} disabled={confirmDisabled} data-testid="confirm-dialog-confirm">
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
