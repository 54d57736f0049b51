import { skipToken, useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { graphql } from '../gql';
import type { SpendFilter } from '../gql/graphql';
import { formatCountOf } from '../format/numbers';
import { activePresetId, datePresets, describeDroppedFilterValues, hasActiveFilters } from '../filters/spendFilter';
import type { SpendFilterState } from '../filters/useSpendFilter';
import { SupplierFilter } from '../filters/SupplierFilter';
import { Icon } from './Icon';
import { MultiSelect } from './MultiSelect';
import { Button } from './Button';
import { ChoiceSelect } from './ChoiceSelect';
import { Notice } from './Notice';
import styles from './FilterBar.module.css';

/**
 * "All" for an unrestricted user; a scoped user is told which part of the data they see: a shield,
 * then the name when their scope is one, else how many (every name on hover). Screen readers hear
 * "Your scope: …" first. A list of names in the button was cut to "Your scope: O…".
 */
function scopeLabel(scope: readonly { name: string }[] | undefined, plural: string): { allLabel: ReactNode; allTitle?: string } {
  if (!scope?.length) return { allLabel: 'All' };
  const names = scope.map((item) => item.name).join(', ');
  return {
    allLabel: (
      <>
        <span className={styles.scopeIcon}>
          <Icon name="admin" size={14} />
        </span>
        <span className="visually-hidden">Your scope: </span>
        {scope.length === 1 ? names : `${scope.length} ${plural}`}
      </>
    ),
    allTitle: `Your scope: ${names}`,
  };
}

/** Lines under the bar's filter that have no figure in its display currency (docs/domain.md, "Display currency"). */
const FilterBarLinesWithoutRateDocument = graphql(`
  query FilterBarLinesWithoutRate($filter: SpendFilter!) {
    linesWithoutFxRate(filter: $filter)
  }
`);

/**
 * How many lines the figures in a display currency leave out because their month has no rate
 * into it: said plainly, once, under the bar (they are flagged, never counted as zero).
 */
function MissingRatesNotice({ filter, currency }: { filter: SpendFilter; currency: string }) {
  const { data } = useQuery(FilterBarLinesWithoutRateDocument, filter.displayCurrency ? { variables: { filter } } : skipToken);
  const count = data?.linesWithoutFxRate ?? 0;
  if (!filter.displayCurrency || count === 0) return null;
  return (
    <Notice testId="filter-currency-notice">
      {formatCountOf(count, 'line', 'lines')} under these filters {count === 1 ? 'has' : 'have'} no exchange rate into {currency} for
      {count === 1 ? ' its' : ' their'} month, so {count === 1 ? 'it is' : 'they are'} left out of the figures in {currency} (not counted as zero).
    </Notice>
  );
}

/**
 * The global filter bar of analytic screens; all of its state lives in the URL. `figuresFilter` is
 * the filter the screen's figures are read with when it is narrower than the bar's (a supplier's
 * or a category's page, the lines' drill-down, the explorer's member filters), so the notice of
 * lines without a rate counts those figures' lines.
 */
export function FilterBar({ state, figuresFilter }: { state: SpendFilterState; figuresFilter?: SpendFilter | null }) {
  const { params, period, minDate, maxDate, options: data, dropped, defaultPeriod, update, clear, filter, suppliers, supplierFilter, setSuppliers } = state;
  const { currencyChoice, currency, currencies, setCurrency } = state;
  const droppedNotice = describeDroppedFilterValues(dropped);
  const scope = data?.me?.scope;
  const presets = datePresets(minDate, maxDate, defaultPeriod);
  const activePreset = activePresetId(params, presets);

  function setDate(which: 'from' | 'to', value: string) {
    if (!value || !period) return;
    // Writing both ends makes the period explicit once the user edits either of them.
    const next = { from: period.from, to: period.to, [which]: value };
    if (next.from > next.to) {
      if (which === 'from') next.to = value;
      else next.from = value;
    }
    update(next);
  }

  return (
    <div className={styles.root} role="search" aria-label="Spend filters">
      <div className={styles.dates}>
        <Icon name="calendar" size={16} />
        <label className="visually-hidden" htmlFor="filter-from">
          From
        </label>
        <input
          id="filter-from"
          type="date"
          className={`input ${styles.date}`}
          value={period?.from ?? ''}
          min={minDate ?? undefined}
          max={period?.to ?? maxDate ?? undefined}
          onChange={(event) => setDate('from', event.target.value)}
          data-testid="filter-from"
        />
        <span className={styles.dash} aria-hidden="true">
          –
        </span>
        <label className="visually-hidden" htmlFor="filter-to">
          To
        </label>
        <input
          id="filter-to"
          type="date"
          className={`input ${styles.date}`}
          value={period?.to ?? ''}
          min={period?.from ?? minDate ?? undefined}
          onChange={(event) => setDate('to', event.target.value)}
          data-testid="filter-to"
        />
      </div>
      {presets.length > 0 && (
        <div className="segmented" role="group" aria-label="Quick date ranges">
          {presets.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="segmented__item"
              aria-pressed={activePreset === preset.id}
              onClick={() => update({ from: preset.from, to: preset.to })}
              data-testid={`preset-${preset.id}`}
            >
              {preset.label}
            </button>
          ))}
        </div>
      )}
      <div className={styles.selects}>
        <MultiSelect
          label="Business units"
          {...scopeLabel(scope?.businessUnits, 'business units')}
          testId="filter-business-units"
          options={(data?.businessUnits ?? []).map((unit) => ({ value: unit.id, label: unit.name, hint: unit.code }))}
          selected={params.businessUnitIds}
          onChange={(businessUnitIds) => update({ businessUnitIds })}
        />
        <MultiSelect
          label="Categories"
          {...scopeLabel(scope?.categories, 'categories')}
          testId="filter-categories"
          options={(data?.categories ?? []).map((category) => ({ value: category.id, label: category.name, hint: category.code }))}
          selected={params.categoryIds}
          onChange={(categoryIds) => update({ categoryIds })}
        />
        {supplierFilter && (
          <SupplierFilter selected={suppliers} onChange={setSuppliers} filter={filter} allLabel="All" testId="filter-suppliers" />
        )}
        {currencyChoice && (
          <div className={styles.currency} title="Currency every figure is shown in">
            <label htmlFor="filter-currency" className={styles.currencyLabel}>
              Currency
            </label>
            <ChoiceSelect
              id="filter-currency"
              value={currency}
              onChoose={setCurrency}
              applyLabel="Show"
              keyHint="Arrow keys browse the currencies; Enter shows the figures in the one chosen."
              testId="filter-currency"
            >
              {currencies.map((code, index) => (
                <option key={code} value={code}>
                  {index === 0 ? `${code} (reporting)` : code}
                </option>
              ))}
            </ChoiceSelect>
          </div>
        )}
        {hasActiveFilters(params) && (
          <Button variant="ghost" size="small" onClick={clear}>
            Reset
          </Button>
        )}
      </div>
      {droppedNotice && (
        <Notice icon testId="filter-dropped-notice">
          {droppedNotice}
        </Notice>
      )}
      {/* linesWithoutFxRate does not take a savings opportunity's lines: such a drill-down is counted under the bar's filter. */}
      {currencyChoice && filter && <MissingRatesNotice filter={figuresFilter && !figuresFilter.opportunity ? figuresFilter : filter} currency={currency} />}
    </div>
  );
}
