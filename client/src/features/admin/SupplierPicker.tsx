import { skipToken, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatCount } from '../../format/numbers';
import { graphql } from '../../gql';
import { Button } from '../../components/Button';
import { Hint } from '../../components/Hint';
import { useActiveOption } from '../../components/useActiveOption';
import styles from './SupplierPicker.module.css';

/** How many matches the search asks for, the largest by spend. */
const PICKER_LIMIT = 8;

const SupplierPickerQuery = graphql(`
  query SupplierPicker($search: String!, $limit: Int!) {
    suppliers(search: $search, sort: { field: SPEND, direction: DESC }, page: { limit: $limit }) {
      nodes {
        supplier {
          id
          name
          status
          version
        }
        lineCount
      }
    }
  }
`);

const SupplierNameQuery = graphql(`
  query SupplierName($id: ID!) {
    supplier(id: $id) {
      id
      name
    }
  }
`);

/** A supplier by name; its id when the supplier is unknown or outside the caller's scope. */
export function SupplierName({ id }: { id: string }) {
  const { data } = useQuery(SupplierNameQuery, { variables: { id }, errorPolicy: 'all' });
  return <>{data?.supplier?.name ?? `supplier #${id}`}</>;
}

export interface PickedSupplier {
  id: string;
  /** Null when only the id is known (e.g. a saved rule); the name is then looked up. */
  name: string | null;
  /** The supplier's version when it was picked (a write that changes the supplier sends it). */
  version?: number;
}

interface SupplierPickerProps {
  label: string;
  value: PickedSupplier | null;
  onChange(value: PickedSupplier | null): void;
  /** Leaves a supplier out of the results (e.g. the child when choosing its parent). */
  excludeId?: string;
  testId?: string;
}

/**
 * Type part of a name or alias, pick one of the matches. The search box is an ARIA combobox over a
 * listbox of the server's matches: focus stays in it while ↓ and ↑ move through the matches
 * (`aria-activedescendant`), Enter picks the one reached, Escape empties the search; a click picks
 * too (docs/accessibility.md, "Comboboxes").
 */
export function SupplierPicker({ label, value, onChange, excludeId, testId }: SupplierPickerProps) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  // Choosing replaces the search with the choice and its "Change" button, and "Change" brings the
  // search back: focus follows to what replaced the control used, instead of falling to the page.
  const focusAfterSwap = useRef(false);
  useEffect(() => {
    if (!focusAfterSwap.current) return;
    focusAfterSwap.current = false;
    (value ? changeButton.current : input.current)?.focus();
  }, [value]);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, loading, error } = useQuery(SupplierPickerQuery, !value && search.length >= 2 ? { variables: { search, limit: PICKER_LIMIT } } : skipToken);
  const matches = search.length >= 2 ? (data?.suppliers.nodes ?? []).filter((row) => row.supplier.id !== excludeId && row.supplier.status !== 'MERGED') : [];
  const { active, activeId, optionId, onArrowKey } = useActiveOption(`${search}|${matches.map((row) => row.supplier.id).join(',')}`, matches.length);

  function clearSearch() {
    setText('');
    setSearch('');
  }

  function pick(supplier: (typeof matches)[number]['supplier']) {
    focusAfterSwap.current = true;
    onChange({ id: supplier.id, name: supplier.name, version: supplier.version });
    clearSearch();
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (onArrowKey(event)) return;
    if (event.key === 'Enter' && text.trim()) {
      // Enter in the search picks the match reached, and never submits the form around it.
      event.preventDefault();
      if (active >= 0 && matches[active]) pick(matches[active].supplier);
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      event.stopPropagation();
      clearSearch();
    }
  }

  if (value) {
    return (
      <div className="field" data-testid={testId}>
        <span className="field__label" id={`${ids}-label`}>
          {label}
        </span>
        <div className={styles.chosen} aria-labelledby={`${ids}-label`}>
          <strong data-testid={testId ? `${testId}-chosen` : undefined}>{value.name ?? <SupplierName id={value.id} />}</strong>
          <Button
            ref={changeButton}
            variant="ghost"
            size="small"
            onClick={() => {
              focusAfterSwap.current = true;
              onChange(null);
            }}
          >
            Change
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={`field supplier-picker ${styles.root}`} data-testid={testId}>
      <label className="field__label" htmlFor={`${ids}-search`}>
        {label}
      </label>
      <input
        ref={input}
        id={`${ids}-search`}
        onKeyDown={onSearchKey}
        className="input"
        type="search"
        role="combobox"
        aria-expanded={matches.length > 0}
        aria-controls={`${ids}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Name or alias"
        autoComplete="off"
        aria-describedby={`${ids}-status`}
        data-testid={testId ? `${testId}-search` : undefined}
      />
      <Hint id={`${ids}-status`} aria-live="polite">
        {search.length < 2
          ? // The placeholder is too short to say it, and the field too narrow for a longer one.
            search.length === 1 ? 'Type at least 2 letters.' : ''
          : error
            ? 'The search failed. Try again.'
            : loading
              ? 'Searching…'
              : matches.length === 0
                ? 'No supplier matches.'
                : `${(data?.suppliers.nodes.length ?? 0) >= PICKER_LIMIT ? `The ${PICKER_LIMIT} largest matches (type more to narrow)` : `${formatCount(matches.length)} ${matches.length === 1 ? 'match' : 'matches'}`}: ↓ and ↑ browse, Enter picks.`}
      </Hint>
      <ul id={`${ids}-list`} role="listbox" className={styles.results} hidden={!matches.length} aria-label={`${label}: matches`}>
        {matches.map((row, index) => (
          <li
            key={row.supplier.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? `${styles.option} ${styles.activeOption}` : styles.option}
            // Keeps focus in the search box, where the keyboard works.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(row.supplier)}
          >
            <span>{row.supplier.name}</span>
            <span className="check-row__hint">{formatCount(row.lineCount)} lines</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
