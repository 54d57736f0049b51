import { useEffect, useId, useState, type KeyboardEvent } from 'react';

/**
 * The option the arrow keys reached in a combobox's listbox while focus stays in its text box
 * (`aria-activedescendant`; docs/accessibility.md, "Comboboxes"). `listKey` names the options shown
 * now: a new list of matches starts with none reached, so Enter never acts on an option the user
 * has not reached in the list in front of them.
 */
export function useActiveOption(listKey: string, count: number) {
  const ids = useId();
  const [reached, setReached] = useState({ list: '', index: -1 });
  const active = reached.list === listKey && reached.index < count ? reached.index : -1;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const activeId = active >= 0 ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  /** ↓ and ↑ move along the options (from none: ↓ to the first, ↑ to the last); true when the key was one of them. */
  function onArrowKey(event: KeyboardEvent<HTMLElement>): boolean {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
    event.preventDefault();
    if (!count) return true;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const index = active < 0 ? (step > 0 ? 0 : count - 1) : Math.min(Math.max(active + step, 0), count - 1);
    setReached({ list: listKey, index });
    return true;
  }

  return { active, activeId, optionId, onArrowKey };
}
