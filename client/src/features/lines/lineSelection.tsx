import { createContext, useContext, type KeyboardEvent } from 'react';
import styles from './lineSelection.module.css';

/** Which loaded lines are ticked for manual classification (ADMIN and CATEGORY_MANAGER only). */
export interface LineSelection {
  selected: ReadonlySet<string>;
  /** Ids of every line loaded so far, for "select all loaded". */
  loadedIds: readonly string[];
  toggle(id: string): void;
  setAll(on: boolean): void;
}

export const LineSelectionContext = createContext<LineSelection | null>(null);

export function useLineSelection(): LineSelection | null {
  return useContext(LineSelectionContext);
}

// Space on a focused checkbox toggles it natively; the grid around it must not handle the key too.
function keepSpace(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === ' ') event.stopPropagation();
}

/** Header checkbox: ticks every loaded line, or clears them all; mixed when only some are ticked. */
export function SelectAllLinesCheckbox() {
  const selection = useLineSelection();
  if (!selection) return null;
  const total = selection.loadedIds.length;
  const count = selection.loadedIds.filter((id) => selection.selected.has(id)).length;
  const all = total > 0 && count === total;
  return (
    <input
      type="checkbox"
      className={styles.root}
      aria-label="Select all loaded lines"
      checked={all}
      ref={(element) => {
        if (element) element.indeterminate = count > 0 && !all;
      }}
      disabled={total === 0}
      onChange={() => selection.setAll(!all)}
      onKeyDown={keepSpace}
      data-testid="lines-select-all"
    />
  );
}

export function LineCheckbox({ id, label }: { id: string; label: string }) {
  const selection = useLineSelection();
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      className={styles.root}
      aria-label={label}
      checked={selection.selected.has(id)}
      onChange={() => selection.toggle(id)}
      onKeyDown={keepSpace}
      data-testid="line-select"
      data-line-id={id}
    />
  );
}
