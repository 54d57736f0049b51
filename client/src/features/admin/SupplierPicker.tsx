import { skipToken, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatCount } from '../../format/numbers';
import { graphql } from '../../gql';
import { Button } from '../../components/Button';
import { Hint } from '../../components/Hint';
import styles from './SupplierPicker.module.css';

const SupplierPickerQuery = graphql(`
  query SupplierPicker($search: String!) {
    suppliers(search: $search, sort: { field: SPEND, direction: DESC }, page: { limit: 8 }) {
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
 * Focus moves between the search and its matches with the arrow keys: ↓ from the search to the
 * first match, ↑/↓ along them, ↑ from the first (or Escape) back to the search.
 */
function moveAmongMatches(event: KeyboardEvent<HTMLElement>, list: HTMLUListElement | null, input: HTMLInputElement | null) {
  if (!list || !['ArrowDown', 'ArrowUp', 'Escape'].includes(event.key)) return;
  const options = [...list.querySelectorAll<HTMLButtonElement>('button')];
  const at = options.indexOf(document.activeElement as HTMLButtonElement);
  let target: HTMLElement | null | undefined = null;
  if (event.key === 'Escape') target = at >= 0 ? input : null;
  else if (event.key === 'ArrowDown') target = at < 0 ? options[0] : options[Math.min(at + 1, options.length - 1)];
  else if (at >= 0) target = at === 0 ? input : options[at - 1];
  if (!target) return;
  event.preventDefault();
  event.stopPropagation();
  target.focus();
}

/** Type part of a name or alias, pick one of the matches (buttons, so Tab and Enter work, and the arrow keys move among them). */
export function SupplierPicker({ label, value, onChange, excludeId, testId }: SupplierPickerProps) {
  const ids = useId();
  const list = useRef<HTMLUListElement>(null);
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
  const { data, loading, error } = useQuery(SupplierPickerQuery, !value && search.length >= 2 ? { variables: { search } } : skipToken);
  const matches = (data?.suppliers.nodes ?? []).filter((row) => row.supplier.id !== excludeId && row.supplier.status !== 'MERGED');

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
    <div className="field supplier-picker" data-testid={testId}>
      <label className="field__label" htmlFor={`${ids}-search`}>
        {label}
      </label>
      <input
        ref={input}
        id={`${ids}-search`}
        onKeyDown={(event) => moveAmongMatches(event, list.current, input.current)}
        className="input"
        type="search"
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
                : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`}
      </Hint>
      {search.length >= 2 && matches.length > 0 && (
        <ul ref={list} className={styles.results} aria-label={`${label}: matches`} onKeyDown={(event) => moveAmongMatches(event, list.current, input.current)}>
          {matches.map((row) => (
            <li key={row.supplier.id}>
              <button
                type="button"
                className={styles.option}
                onClick={() => {
                  focusAfterSwap.current = true;
                  onChange({ id: row.supplier.id, name: row.supplier.name, version: row.supplier.version });
                  setText('');
                  setSearch('');
                }}
              >
                <span>{row.supplier.name}</span>
                <span className="check-row__hint">{formatCount(row.lineCount)} lines</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
