import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useId, useMemo, useRef, useState } from 'react';
import { Skeleton } from '../../components/StatusViews';
import { formatMoney } from '../../format/numbers';
import { graphql } from '../../gql';
import type { SpendCubeQuery, SpendDimension, SpendFilter } from '../../gql/graphql';
import { allDimensions, dimensionLabels, withMemberFilters, type MemberFilter } from './explorerState';
import { useSettings } from '../settings/useSettings';
import { Button } from '../../components/Button';
import { useOutsidePointerDown } from '../../components/usePopover';
import styles from './MemberFilters.module.css';

const MemberOptionsQuery = graphql(`
  query ExplorerMemberOptions($query: SpendCubeQuery!) {
    spendCube(query: $query) {
      currency
      rows {
        keys {
          id
          label
        }
        values
      }
      truncated
    }
  }
`);

const MemberLabelsQuery = graphql(`
  query ExplorerMemberLabels($query: SpendCubeQuery!) {
    spendCube(query: $query) {
      rows {
        keys {
          id
          label
        }
      }
    }
  }
`);

const OPTION_LIMIT = 500;
/** Checkbox values are strings; this one stands for the null key (Unclassified, Off contract). */
const NULL_VALUE = '\u0000null';

const toValue = (id: string | null) => id ?? NULL_VALUE;
const fromValue = (value: string) => (value === NULL_VALUE ? null : value);

/** The members of `dimension` with their spend, under every other filter (not this dimension's own). */
export function memberOptionsQuery(dimension: SpendDimension, filter: SpendFilter, filters: readonly MemberFilter[]): SpendCubeQuery {
  return {
    dimensions: [dimension],
    measures: ['SPEND'],
    filter: withMemberFilters(filter, filters, dimension),
    limit: OPTION_LIMIT,
    sort: [{ measure: 'SPEND', direction: 'DESC' }],
  };
}

/** Looks up the labels of a filter's ids (over the caller's whole scope, so dates cannot hide them). */
function memberLabelsQuery(filter: MemberFilter): SpendCubeQuery {
  return { dimensions: [filter.dimension], measures: ['SPEND'], filter: { members: [{ dimension: filter.dimension, ids: [...filter.ids] }] }, limit: 1000 };
}

type LabelRows = readonly { keys: readonly { id?: string | null; label: string }[] }[];

function summarise(filter: MemberFilter, rows: LabelRows | undefined): string {
  const labels = new Map((rows ?? []).map((row) => [toValue(row.keys[0]?.id ?? null), row.keys[0]?.label ?? '']));
  const first = filter.ids[0] ?? null;
  const firstLabel = labels.get(toValue(first)) ?? (first === null ? 'Not set' : first);
  const more = filter.ids.length - 1;
  return `${dimensionLabels[filter.dimension]}: ${filter.exclude ? 'not ' : ''}${firstLabel}${more > 0 ? `, +${more} more` : ''}`;
}

/** "Supplier: Acme Ltd, +2 more" for each filter, from labels already in the cache (for display text such as drill-down). */
export function describeMemberFilters(client: ApolloClient, filters: readonly MemberFilter[]): string[] {
  return filters.map((filter) => {
    const cached = client.readQuery({ query: MemberLabelsQuery, variables: { query: memberLabelsQuery(filter) } });
    return summarise(filter, cached?.spendCube.rows);
  });
}

function FilterChip({ filter, onEdit, onRemove }: { filter: MemberFilter; onEdit(): void; onRemove(): void }) {
  const { data } = useQuery(MemberLabelsQuery, { variables: { query: memberLabelsQuery(filter) } });
  const text = summarise(filter, data?.spendCube.rows);
  const dimension = dimensionLabels[filter.dimension];
  return (
    <li className={styles.memberChip} data-testid={`member-filter-${filter.dimension}`}>
      <button type="button" className={styles.memberChipText} onClick={onEdit} title={`Edit the ${dimension} filter`} data-testid="member-filter-edit">
        {text}
      </button>
      <button type="button" className={styles.memberChipRemove} aria-label={`Remove the ${dimension} filter`} onClick={onRemove} data-testid="member-filter-remove">
        ×
      </button>
    </li>
  );
}

interface PickerProps {
  dimension: SpendDimension;
  filter: SpendFilter;
  filters: readonly MemberFilter[];
  onApply(ids: (string | null)[], exclude: boolean): void;
  onClose(): void;
}

/** The members of one dimension, largest spend first: search, tick, apply. */
function MemberPicker({ dimension, filter, filters, onApply, onClose }: PickerProps) {
  const current = filters.find((f) => f.dimension === dimension);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set((current?.ids ?? []).map(toValue)));
  const [exclude, setExclude] = useState(current?.exclude ?? false);
  const [search, setSearch] = useState('');
  const { data, loading, error } = useQuery(MemberOptionsQuery, { variables: { query: memberOptionsQuery(dimension, filter, filters) } });
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const label = dimensionLabels[dimension];

  useOutsidePointerDown(rootRef, true, onClose);

  const options = useMemo(
    () =>
      (data?.spendCube.rows ?? []).map((row) => ({
        value: toValue(row.keys[0]?.id ?? null),
        label: row.keys[0]?.label ?? '',
        spend: row.values[0] ?? null,
      })),
    [data],
  );
  // Selected members that are not among the options any more (other filters exclude them) stay listed, so they can be unticked.
  const missing = [...selected].filter((value) => !options.some((option) => option.value === value));
  const query = search.trim().toLowerCase();
  const visible = query ? options.filter((option) => option.label.toLowerCase().includes(query)) : options;
  const reporting = useSettings().reportingCurrency;
  const currency = data?.spendCube.currency ?? reporting;

  function toggle(value: string) {
    const next = new Set(selected);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    setSelected(next);
  }

  function apply() {
    // Keep the picker's order (largest spend first), so a chip names the biggest member.
    const ordered = [...options.map((o) => o.value).filter((value) => selected.has(value)), ...missing.filter((value) => selected.has(value))];
    onApply(ordered.map(fromValue), exclude);
  }

  return (
    <div
      className="popover member-picker"
      ref={rootRef}
      role="dialog"
      aria-label={`Filter by ${label}`}
      data-testid="member-picker"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={styles.memberPickerHead}>
        <strong>{label}</strong>
        <span className={styles.memberPickerCount}>{selected.size ? `${selected.size} selected` : 'None selected'}</span>
      </div>
      <div className={`segmented ${styles.memberPickerMode}`} role="group" aria-label="Ticked members">
        <button type="button" className="segmented__item" aria-pressed={!exclude} onClick={() => setExclude(false)} data-testid="member-picker-keep">
          Keep only these
        </button>
        <button type="button" className="segmented__item" aria-pressed={exclude} onClick={() => setExclude(true)} data-testid="member-picker-exclude">
          Leave these out
        </button>
      </div>
      <input
        className="input popover__search"
        type="search"
        placeholder={`Search ${label.toLowerCase()}…`}
        aria-label={`Search ${label}`}
        aria-controls={listId}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoFocus
        data-testid="member-picker-search"
      />
      {error ? (
        <p className="popover__empty" role="alert">
          The members could not be loaded.
        </p>
      ) : loading && !data ? (
        <div className={styles.memberPickerLoading} data-testid="member-picker-loading" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={18} width={`${92 - (index % 3) * 14}%`} />
          ))}
        </div>
      ) : (
        <ul className={`popover__list ${styles.memberPickerList}`} id={listId} aria-label={`${label} members`} data-testid="member-picker-list">
          {visible.length === 0 && missing.length === 0 && (
            <li className="popover__empty" data-testid="member-picker-empty">
              {options.length === 0 ? 'No spend under the current filters.' : `Nothing matches “${search.trim()}”.`}
            </li>
          )}
          {missing.map((value) => (
            <li key={value}>
              <label className="check-row">
                <input type="checkbox" checked={selected.has(value)} onChange={() => toggle(value)} />
                <span className={`check-row__label ${styles.memberPickerLabel}`}>{fromValue(value) ?? 'Not set'}</span>
                <span className="check-row__hint">no spend</span>
              </label>
            </li>
          ))}
          {visible.map((option) => (
            <li key={option.value}>
              <label className="check-row" title={option.label}>
                <input type="checkbox" checked={selected.has(option.value)} onChange={() => toggle(option.value)} data-testid="member-option" />
                <span className={`check-row__label ${styles.memberPickerLabel}`}>{option.label}</span>
                <span className="check-row__hint">{formatMoney(option.spend, currency)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {data?.spendCube.truncated && <p className={styles.memberPickerNote}>Showing the {OPTION_LIMIT} largest by spend; the search looks within them.</p>}
      <div className="popover__footer">
        <Button variant="ghost" size="small" onClick={onClose}>
          Cancel
        </Button>
        <Button size="small" onClick={apply} data-testid="member-picker-apply">
          Apply
        </Button>
      </div>
    </div>
  );
}

interface MemberFiltersProps {
  filters: readonly MemberFilter[];
  /** The global filter (dates, units, categories); null until it is known. */
  filter: SpendFilter | null;
  onChange(filters: MemberFilter[]): void;
}

/** The explorer's "Filters" section: one removable chip per filtered dimension, and "+ Add a filter". */
export function MemberFilters({ filters, filter, onChange }: MemberFiltersProps) {
  const [editing, setEditing] = useState<SpendDimension | null>(null);
  const addRef = useRef<HTMLSelectElement>(null);
  const available = allDimensions.filter((dim) => !filters.some((f) => f.dimension === dim));

  function apply(dimension: SpendDimension, ids: (string | null)[], exclude: boolean) {
    const exists = filters.some((f) => f.dimension === dimension);
    const entry: MemberFilter = exclude ? { dimension, ids, exclude: true } : { dimension, ids };
    const next = ids.length
      ? exists
        ? filters.map((f) => (f.dimension === dimension ? entry : f))
        : [...filters, entry]
      : filters.filter((f) => f.dimension !== dimension);
    onChange(next);
    setEditing(null);
  }

  function close() {
    setEditing(null);
    addRef.current?.focus();
  }

  return (
    <fieldset className="explorer-panel__section member-filters" data-testid="member-filters">
      <legend className="explorer-panel__legend">Filters</legend>
      {filters.length > 0 && (
        <ul className={styles.memberFiltersChips} aria-label="Active filters">
          {filters.map((f) => (
            <FilterChip key={f.dimension} filter={f} onEdit={() => setEditing(f.dimension)} onRemove={() => onChange(filters.filter((other) => other.dimension !== f.dimension))} />
          ))}
        </ul>
      )}
      <label className="visually-hidden" htmlFor="add-member-filter">
        Add a filter
      </label>
      <select
        id="add-member-filter"
        ref={addRef}
        className="input input--select"
        value=""
        disabled={!filter || available.length === 0}
        onChange={(event) => event.target.value && setEditing(event.target.value as SpendDimension)}
        data-testid="add-member-filter"
      >
        <option value="">+ Add a filter</option>
        {available.map((dim) => (
          <option key={dim} value={dim}>
            {dimensionLabels[dim]}
          </option>
        ))}
      </select>
      {editing && filter && (
        <MemberPicker key={editing} dimension={editing} filter={filter} filters={filters} onApply={(ids, exclude) => apply(editing, ids, exclude)} onClose={close} />
      )}
    </fieldset>
  );
}
