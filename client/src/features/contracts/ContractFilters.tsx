import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/Button';
import { MultiSelect, type MultiSelectOption } from '../../components/MultiSelect';
import { SupplierFilter } from '../../filters/SupplierFilter';
import type { NamedSupplier } from '../../filters/useSpendFilter';
import { formatCount } from '../../format/numbers';
import type { ContractStatus, SpendFilter } from '../../gql/graphql';
import { contractStatusLabels } from './contractLabels';
import { contractStatuses, hasContractFilters, type ContractListParams } from './contractParams';
import styles from './ContractFilters.module.css';

interface ContractFiltersProps {
  params: ContractListParams;
  /** Contracts per status under the other filters; null while loading. */
  counts: Partial<Record<ContractStatus, number>> | null;
  categories: MultiSelectOption[];
  businessUnits: MultiSelectOption[];
  owners: Array<{ id: string; name: string }>;
  /** `params.supplierIds` by name. */
  suppliers: NamedSupplier[];
  warningDays: number;
  onChange(params: ContractListParams): void;
  /** Sets the suppliers, named, so the change needs no look-up. */
  onSuppliers(suppliers: NamedSupplier[]): void;
}

const WINDOWS = [30, 60, 90, 180, 365];

/** The supplier search offers every supplier with spend the caller sees: a contract's period is not the bar's. */
const ALL_SPEND: SpendFilter = {};

/** Status chips, search and the contract list's filters; every control is native and in the URL. */
export function ContractFilters({ params, counts, categories, businessUnits, owners, suppliers, warningDays, onChange, onSuppliers }: ContractFiltersProps) {
  const ids = useId();
  // What is typed, and the URL value it started from: once the URL changes (the search was
  // applied, or the back button), the URL wins.
  const [draft, setDraft] = useState({ base: params.search, text: params.search });
  const text = draft.base === params.search ? draft.text : params.search;
  useEffect(() => {
    if (text === params.search) return;
    const timer = setTimeout(() => onChange({ ...params, search: text }), 300);
    return () => clearTimeout(timer);
  }, [text, params, onChange]);

  const windows = [...new Set([...WINDOWS, warningDays, ...(params.within === null ? [] : [params.within])])].sort((a, b) => a - b);

  function toggleStatus(status: ContractStatus) {
    const on = params.statuses.includes(status);
    onChange({ ...params, statuses: on ? params.statuses.filter((s) => s !== status) : contractStatuses.filter((s) => s === status || params.statuses.includes(s)) });
  }

  return (
    <div className={styles.root} role="search" aria-label="Contract filters">
      <div className={styles.chips} role="group" aria-label="Status">
        {contractStatuses.map((status) => {
          const pressed = params.statuses.includes(status);
          return (
            <button
              key={status}
              type="button"
              className={`${styles.chip} ${styles[status.toLowerCase()]}`}
              aria-pressed={pressed}
              onClick={() => toggleStatus(status)}
              title={contractStatusLabels[status].description}
              data-testid={`status-chip-${status}`}
            >
              <span className={styles.dot} aria-hidden="true" />
              {contractStatusLabels[status].label}
              <span className={styles.count}>{counts ? formatCount(counts[status] ?? 0) : '…'}</span>
            </button>
          );
        })}
      </div>
      <div className={styles.row}>
        <label className="visually-hidden" htmlFor={`${ids}-search`}>
          Search contracts
        </label>
        <input
          id={`${ids}-search`}
          className={`input ${styles.search}`}
          type="search"
          placeholder="Number, title or supplier"
          value={text}
          onChange={(event) => setDraft({ base: params.search, text: event.target.value })}
          data-testid="contract-search"
        />
        <SupplierFilter selected={suppliers} onChange={onSuppliers} filter={ALL_SPEND} allLabel="All" testId="contract-suppliers" />
        <MultiSelect label="Categories" options={categories} selected={params.categoryIds} allLabel="All" onChange={(categoryIds) => onChange({ ...params, categoryIds })} testId="contract-categories" />
        <MultiSelect label="Business units" options={businessUnits} selected={params.businessUnitIds} allLabel="All" onChange={(businessUnitIds) => onChange({ ...params, businessUnitIds })} testId="contract-units" />
        <MultiSelect
          label="Owner"
          options={owners.map((owner) => ({ value: owner.id, label: owner.name }))}
          selected={params.ownerIds}
          allLabel="Anyone"
          onChange={(ownerIds) => onChange({ ...params, ownerIds })}
          testId="contract-owners"
        />
        <label className={styles.within}>
          <span>Ends within</span>
          <select
            className="input input--select"
            value={params.within === null ? '' : String(params.within)}
            onChange={(event) => onChange({ ...params, within: event.target.value === '' ? null : Number(event.target.value) })}
            data-testid="contract-within"
          >
            <option value="">any time</option>
            {windows.map((days) => (
              <option key={days} value={days}>
                {days} days{days === warningDays ? ' (warning window)' : ''}
              </option>
            ))}
          </select>
        </label>
        {hasContractFilters(params) && (
          <Button
            variant="ghost"
            size="small"
            onClick={() => onChange({ ...params, statuses: [], search: '', supplierIds: [], categoryIds: [], businessUnitIds: [], ownerIds: [], within: null })}
          >
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
