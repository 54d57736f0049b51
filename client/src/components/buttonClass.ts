import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'default' | 'small';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container (the sign-in form, the sidebar's sign-out). */
  block?: boolean;
  /** For elements that cannot be disabled natively (a link, a file-picker label). */
  disabled?: boolean;
}

type ButtonClassKey = 'button' | 'primary' | 'danger' | 'ghost' | 'small' | 'block' | 'disabled';

/** Which classes of Button.module.css a look needs; secondary is the plain base. Pure, so it is unit-tested. */
export function buttonClassKeys({ variant = 'secondary', size = 'default', block = false, disabled = false }: ButtonLook = {}): ButtonClassKey[] {
  const keys: ButtonClassKey[] = ['button'];
  if (variant !== 'secondary') keys.push(variant);
  if (size === 'small') keys.push('small');
  if (block) keys.push('block');
  if (disabled) keys.push('disabled');
  return keys;
}

/** The class string for anything that should look like a button: Button itself, a Link, a file-picker label. */
export function buttonClassName(look: ButtonLook = {}, extra?: string): string {
  const names = buttonClassKeys(look).map((key) => styles[key] ?? key);
  if (extra) names.push(extra);
  return names.join(' ');
}
