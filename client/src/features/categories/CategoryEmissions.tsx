import { useQuery } from '@apollo/client/react';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { EmptyText, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { formatDecimal, formatMoney, formatPercent } from '../../format/numbers';
import { graphql } from '../../gql';
import type { SpendFilter } from '../../gql/graphql';
import { ratioOf } from './emissions';
import styles from './CategorySection.module.css';

const CategoryEmissionsQuery = graphql(`
  query CategoryEmissions($query: SpendCubeQuery!) {
    spendCube(query: $query) {
      columns {
        measure
        unit
      }
      rows {
        keys {
          id
          label
        }
        values
      }
      totals {
        values
      }
    }
  }
`);

const MEASURES = ['EMISSIONS_KG', 'EMISSIONS_UNMAPPED_SPEND', 'SPEND'] as const;

interface YearRow {
  year: string;
  kg: string | null;
  unmapped: string | null;
  spend: string | null;
}

/**
 * The category's spend-based emissions by year, from the cube's EMISSIONS_KG (the factors live in
 * one place: the server; docs/domain.md, "Emissions"). Spend the factors cannot cover is shown as
 * unmapped, never counted as zero emissions.
 */
export function CategoryEmissions({ filter, currency }: { filter: SpendFilter | null; currency: string }) {
  const { data, error, loading, refetch } = useQuery(CategoryEmissionsQuery, {
    variables: { query: { dimensions: ['YEAR'], measures: [...MEASURES], filter, sort: [{ dimension: 'YEAR', direction: 'ASC' }] } },
    skip: !filter,
  });
  const cube = data?.spendCube;
  const at = (values: readonly (string | null | undefined)[], measure: (typeof MEASURES)[number]) => values[MEASURES.indexOf(measure)] ?? null;
  const rows: YearRow[] = (cube?.rows ?? []).map((r) => ({ year: r.keys[0]?.label ?? '—', kg: at(r.values as string[], 'EMISSIONS_KG'), unmapped: at(r.values as string[], 'EMISSIONS_UNMAPPED_SPEND'), spend: at(r.values as string[], 'SPEND') }));
  const totals = cube ? (cube.totals.values as (string | null)[]) : [];
  const totalKg = at(totals, 'EMISSIONS_KG');
  const totalUnmapped = at(totals, 'EMISSIONS_UNMAPPED_SPEND');
  const totalSpend = at(totals, 'SPEND');
  const unit = cube?.columns.find((c) => c.measure === 'EMISSIONS_KG')?.unit ?? 'kg CO2e';
  const columns: TableColumn<YearRow>[] = [
    { id: 'year', header: 'Year', value: (r) => r.year },
    { id: 'kg', header: `Emissions (${unit})`, value: (r) => r.kg, meta: { numeric: true, format: (v) => formatDecimal(v) } },
    { id: 'spend', header: 'Spend', value: (r) => r.spend, meta: { numeric: true, format: (v) => formatMoney(v, currency) } },
    { id: 'unmapped', header: 'Not covered by a factor', value: (r) => r.unmapped, meta: { numeric: true, format: (v) => formatMoney(v, currency) } },
  ];

  return (
    <section className={`card ${styles.section}`} aria-labelledby="category-emissions-title" data-testid="category-emissions">
      <h2 className="card__title" id="category-emissions-title">
        Emissions (spend-based)
      </h2>
      {error ? (
        <ErrorState error={error} title="Emissions could not be loaded" onRetry={() => void refetch()} />
      ) : loading || !cube ? (
        <SkeletonRows count={3} />
      ) : rows.length === 0 ? (
        <EmptyText>No spend under the filter.</EmptyText>
      ) : (
        <>
          <p className="card__subtitle" data-testid="category-emissions-total">
            {totalKg === null ? 'No spend here maps to an emission factor.' : `${formatDecimal(totalKg)} ${unit} in all`}
            {totalUnmapped !== null && Number(totalUnmapped) !== 0
              ? ` · ${formatMoney(totalUnmapped, currency)} (${formatPercent(ratioOf(totalUnmapped, totalSpend))}) of spend has no factor and is left out, not counted as zero`
              : ''}
          </p>
          <Table rows={rows} columns={columns} getRowId={(r) => r.year} density="dense" label="Emissions by year" />
        </>
      )}
    </section>
  );
}
