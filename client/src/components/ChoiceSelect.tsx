import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import styles from './ChoiceSelect.module.css';

interface ChoiceSelectProps {
  id: string;
  /** The option in effect ('' for the first, empty one). */
  value: string;
  /** The <option>s. */
  children: ReactNode;
  disabled?: boolean;
  onChoose(value: string): void;
  /** What the button applying a browsed option says, e.g. "Add". */
  applyLabel: string;
  /** Says to screen readers how to apply a browsed option, e.g. "Arrow keys browse; Enter adds." */
  keyHint: string;
  testId?: string;
}

/**
 * A native select that acts only on an explicit choice. On a closed select the arrow keys and
 * typed letters change the value (and fire `change`) at every key; here they only browse: the
 * browsed option shows with a button that applies it, as Enter does. A choice made in the open
 * list (a click, or Enter there) applies at once, so the mouse still takes one step.
 */
export function ChoiceSelect({ id, value, children, disabled, onChoose, applyLabel, keyHint, testId }: ChoiceSelectProps) {
  const hintId = useId();
  const [browsed, setBrowsed] = useState<string | null>(null);
  // True while a key pressed on the closed select is handled: the change it makes is browsing, not a choice.
  const keyOnSelect = useRef(false);
  const pending = browsed !== null && browsed !== value ? browsed : null;

  function choose(next: string) {
    setBrowsed(null);
    if (next !== value) onChoose(next);
  }

  return (
    <div className={styles.root}>
      <select
        id={id}
        className="input input--select"
        value={pending ?? value}
        disabled={disabled}
        aria-describedby={hintId}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && pending !== null) {
            event.preventDefault();
            choose(pending);
            return;
          }
          if (event.key === 'Escape' && pending !== null) {
            setBrowsed(null);
            return;
          }
          keyOnSelect.current = true;
          // The change a key makes is dispatched in the same task as the key; a later one is a choice.
          setTimeout(() => {
            keyOnSelect.current = false;
          }, 0);
        }}
        onChange={(event) => (keyOnSelect.current ? setBrowsed(event.target.value) : choose(event.target.value))}
        data-testid={testId}
      >
        {children}
      </select>
      <span id={hintId} className="visually-hidden">
        {keyHint}
      </span>
      {pending !== null && (
        <Button size="small" onClick={() => choose(pending)} data-testid={testId ? `${testId}-apply` : undefined}>
          {applyLabel}
        </Button>
      )}
    </div>
  );
}
