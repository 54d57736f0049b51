import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './Icon';
import { Button } from './Button';
import styles from './MultiSelect.module.css';
import { usePopover } from './usePopover';

export interface MultiSelectOption {
  value: string;
  label: string;
  hint?: string;
}

interface MultiSelectProps {
  label: string;
  options: MultiSelectOption[];
  selected: string[];
  onChange(selected: string[]): void;
  /** What the button says when nothing is selected (nothing selected means "no restriction"). */
  allLabel: ReactNode;
  /** The whole of what `allLabel` sums up, shown on hover when the short form leaves names out. */
  allTitle?: string;
  testId?: string;
  /**
   * Which edge of the button the panel lines up with: the end (the filter bar's selects, at the
   * right of the screen) or the start (a form field, with the sidebar to its left).
   */
  align?: 'start' | 'end';
}

/** A disclosure button opening a checkbox list; every control is a native input, so it is keyboard accessible. */
export function MultiSelect({ label, options, selected, onChange, allLabel, allTitle, testId, align = 'end' }: MultiSelectProps) {
  const { open, setOpen, rootRef, buttonRef, close, onKeyDown } = usePopover();
  const [search, setSearch] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const selectedSet = new Set(selected);
  const selectedLabels = options.filter((option) => selectedSet.has(option.value)).map((option) => option.label);
  const summary =
    selectedLabels.length === 0 ? allLabel : selectedLabels.length === 1 ? selectedLabels[0] : `${selectedLabels.length} selected`;
  // The names behind a count, or behind a name cut short, on hover.
  const title = selectedLabels.length === 0 ? allTitle : selectedLabels.join(', ');
  const query = search.trim().toLowerCase();
  const visible = query
    ? options.filter((option) => `${option.label} ${option.hint ?? ''}`.toLowerCase().includes(query))
    : options;

  function toggle(value: string) {
    onChange(selectedSet.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  }

  /** ↓ and ↑ move between the search and the boxes (Space ticks a box, as everywhere). */
  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const fields = [...(panelRef.current?.querySelectorAll('input') ?? [])];
    const at = fields.indexOf(document.activeElement as HTMLInputElement);
    const next = at < 0 ? undefined : fields[at + (event.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  /** Clear disables itself, so focus goes to the panel's first field (the search, else the first box), not the page. */
  function clear() {
    onChange([]);
    panelRef.current?.querySelector('input')?.focus();
  }

  return (
    <div
      className={styles.root}
      ref={rootRef}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className={selected.length ? `${styles.trigger} ${styles.active}` : styles.trigger}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        title={title}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.label}>{label}</span>
        <span className={styles.value} data-testid={testId ? `${testId}-value` : undefined}>{summary}</span>
        <Icon name="chevron" size={16} />
      </button>
      {open && (
        <div
          className={align === 'start' ? 'popover popover--start' : 'popover'}
          id={panelId}
          role="group"
          aria-label={label}
          ref={panelRef}
          onKeyDown={onPanelKeyDown}
        >
          {options.length > 8 && (
            <input
              type="search"
              className="input popover__search"
              placeholder={`Search ${label.toLowerCase()}`}
              aria-label={`Search ${label.toLowerCase()}`}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoFocus
            />
          )}
          <ul className="popover__list">
            {visible.map((option, index) => (
              <li key={option.value}>
                <label className="check-row">
                  <input
                    type="checkbox"
                    checked={selectedSet.has(option.value)}
                    onChange={() => toggle(option.value)}
                    autoFocus={options.length <= 8 && index === 0}
                  />
                  <span className="check-row__label">{option.label}</span>
                  {option.hint && <span className="check-row__hint">{option.hint}</span>}
                </label>
              </li>
            ))}
            {visible.length === 0 && <li className="popover__empty">No matches</li>}
          </ul>
          <div className="popover__footer">
            <Button variant="ghost" size="small" onClick={clear} disabled={!selected.length}>
              Clear
            </Button>
            <Button size="small" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
