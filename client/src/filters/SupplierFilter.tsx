import { skipToken, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';
import triggerStyles from '../components/MultiSelect.module.css';
import { useActiveOption } from '../components/useActiveOption';
import { usePopover } from '../components/usePopover';
import { useSettings } from '../features/settings/useSettings';
import { formatMoneyCompact } from '../format/numbers';
import { graphql } from '../gql';
import type { SpendFilter } from '../gql/graphql';
import type { NamedSupplier } from './useSpendFilter';
import styles from './SupplierFilter.module.css';

/** Suppliers with spend under the rest of the filter whose name, alias or tax id holds the text; largest first. */
const SupplierFilterSearchDocument = graphql(`
  query SupplierFilterSearch($search: String!, $filter: SpendFilter) {
    suppliers(search: $search, filter: $filter, page: { limit: 8 }) {
      nodes {
        supplier {
          id
          name
        }
        spend
      }
    }
  }
`);

/** Typed text shorter than this is not sent: one letter matches nearly every supplier. */
const MIN_SEARCH = 2;

interface SupplierFilterProps {
  selected: NamedSupplier[];
  onChange(next: NamedSupplier[]): void;
  /** The rest of the global filter: matches are suppliers with spend under it. */
  filter: SpendFilter | null;
  /** Text when nothing is chosen (nothing chosen means "no restriction"). */
  allLabel: string;
  testId: string;
}

/**
 * The filter bar's supplier choice: a disclosure button like the other selects, opening a search
 * box (a combobox) whose matches come from the server as the user types, and the chosen
 * suppliers, each with a button removing it. Focus stays in the search box while the arrow keys
 * move through the matches (`aria-activedescendant`) and Enter adds or removes one
 * (docs/accessibility.md, "The supplier filter").
 */
export function SupplierFilter({ selected, onChange, filter, allLabel, testId }: SupplierFilterProps) {
  const { reportingCurrency } = useSettings();
  // The matches' spend is read under the bar's filter, so in its display currency.
  const currency = filter?.displayCurrency ?? reportingCurrency;
  const { open, setOpen, rootRef, buttonRef, close, onKeyDown } = usePopover();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  // After a chip's removal, focus goes to the chip that took its place (or the one before, or the search).
  const focusChip = useRef<number | null>(null);

  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    if (focusChip.current === null) return;
    const buttons = [...(chipsRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    (buttons[Math.min(focusChip.current, buttons.length - 1)] ?? inputRef.current)?.focus();
    focusChip.current = null;
  }, [selected]);

  const searching = open && search.length >= MIN_SEARCH && filter !== null;
  const { data, loading, error } = useQuery(
    SupplierFilterSearchDocument,
    searching ? { variables: { search, filter: { ...filter, supplierIds: null } } } : skipToken,
  );
  const settled = text.trim() === search;
  const matches = searching && settled && !loading ? (data?.suppliers.nodes ?? []) : [];
  const chosen = new Set(selected.map((supplier) => supplier.id));
  const { active, activeId, optionId, onArrowKey } = useActiveOption(`${search}|${matches.map((row) => row.supplier.id).join(',')}`, matches.length);

  function toggle(supplier: NamedSupplier) {
    onChange(chosen.has(supplier.id) ? selected.filter((s) => s.id !== supplier.id) : [...selected, { id: supplier.id, name: supplier.name }]);
  }

  function remove(index: number) {
    focusChip.current = index;
    onChange(selected.filter((_, i) => i !== index));
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (onArrowKey(event)) return;
    if (event.key === 'Enter' && active >= 0 && matches[active]) {
      event.preventDefault();
      toggle(matches[active].supplier);
    }
  }

  const status =
    text.trim().length < MIN_SEARCH
      ? `Type at least ${MIN_SEARCH} letters of a supplier's name.`
      : error
        ? 'The search failed. Try again.'
        : !settled || loading || !data
          ? 'Searching…'
          : matches.length === 0
            ? `No supplier with spend under this filter matches “${search}”.`
            : `${matches.length === 8 ? 'The 8 largest matches' : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`}: ↓ and ↑ browse, Enter adds or removes.`;

  const [first, ...others] = selected;
  return (
    <div
      className={triggerStyles.root}
      ref={rootRef}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className={selected.length ? `${triggerStyles.trigger} ${triggerStyles.active}` : triggerStyles.trigger}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        title={selected.length ? selected.map((supplier) => supplier.name).join(', ') : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={triggerStyles.label}>Suppliers</span>
        <span className={triggerStyles.value} data-testid={`${testId}-value`}>
          {first ? first.name : allLabel}
        </span>
        {others.length > 0 && (
          <span className={styles.more}>
            <span aria-hidden="true">+{others.length}</span>
            <span className="visually-hidden">and {others.length} more</span>
          </span>
        )}
        <Icon name="chevron" size={16} />
      </button>
      {open && (
        <div className={`popover ${styles.panel}`} id={`${ids}-panel`} role="group" aria-label="Suppliers">
          {selected.length > 0 && (
            <ul ref={chipsRef} className={styles.chips} aria-label="Chosen suppliers" data-testid={`${testId}-chosen`}>
              {selected.map((supplier, index) => (
                <li key={supplier.id} className={styles.chip}>
                  <span className={styles.chipName} title={supplier.name}>
                    {supplier.name}
                  </span>
                  <button type="button" className={styles.chipRemove} aria-label={`Remove ${supplier.name}`} onClick={() => remove(index)}>
                    <Icon name="close" size={14} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label className="visually-hidden" htmlFor={`${ids}-search`}>
            Search suppliers
          </label>
          <input
            ref={inputRef}
            id={`${ids}-search`}
            type="search"
            className="input popover__search"
            placeholder="Search suppliers by name"
            role="combobox"
            aria-expanded={matches.length > 0}
            aria-controls={`${ids}-list`}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-describedby={`${ids}-status`}
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onSearchKey}
            autoFocus
            data-testid={`${testId}-search`}
          />
          <ul id={`${ids}-list`} role="listbox" aria-label="Matching suppliers" aria-multiselectable="true" className={`popover__list ${styles.list}`}>
            {matches.map((row, index) => (
              <li
                key={row.supplier.id}
                id={optionId(index)}
                role="option"
                aria-selected={chosen.has(row.supplier.id)}
                className={index === active ? `${styles.option} ${styles.activeOption}` : styles.option}
                // Keeps focus in the search box, where the keyboard works.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => toggle(row.supplier)}
              >
                <span className={styles.check} aria-hidden="true">
                  {chosen.has(row.supplier.id) ? '✓' : ''}
                </span>
                <span className={styles.optionName}>{row.supplier.name}</span>
                <span className="check-row__hint">{formatMoneyCompact(row.spend, currency)}</span>
              </li>
            ))}
          </ul>
          <p id={`${ids}-status`} className={styles.status} aria-live="polite" data-testid={`${testId}-status`}>
            {status}
          </p>
          <div className="popover__footer">
            <Button
              variant="ghost"
              size="small"
              onClick={() => {
                onChange([]);
                // The button disables itself: focus goes to the search, not to the page.
                inputRef.current?.focus();
              }}
              disabled={!selected.length}
            >
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
