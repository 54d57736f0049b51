import { useMemo } from 'react';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SupplierAliases_AliasFragment } from '../../gql/graphql';
import { useShownCurrency } from '../settings/shownCurrency';
import styles from './SupplierPanels.module.css';

const SupplierAliasesAliasFragment = graphql(`
  fragment SupplierAliases_alias on SupplierAlias {
    name
    recorded
    lineCount
    spend
  }
`);

type Alias = SupplierAliases_AliasFragment;

/** Every spelling of the supplier's name in the files, with the lines written that way in the period. */
export function SupplierAliasTable(props: { aliases: readonly FragmentType<typeof SupplierAliasesAliasFragment>[] }) {
  const aliases = props.aliases.map((alias) => getFragmentData(SupplierAliasesAliasFragment, alias));
  const shownCurrency = useShownCurrency();
  const columns = useMemo<TableColumn<Alias>[]>(
    () => [
      {
        id: 'name',
        header: 'Name as written',
        value: (alias) => alias.name,
        meta: { sortable: true },
        cell: (alias) => (
          <span className={styles.stack}>
            <span>{alias.name}</span>
            {!alias.recorded && <span className={styles.sub}>on lines only (moved here by a merge)</span>}
          </span>
        ),
      },
      { id: 'lines', header: 'Lines', value: (alias) => alias.lineCount, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatCount(Number(v)) } },
      { id: 'spend', header: 'Spend', value: (alias) => alias.spend, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatMoney(v, shownCurrency) } },
    ],
    [shownCurrency],
  );
  return (
    <Table
      rows={aliases}
      columns={columns}
      getRowId={(alias) => alias.name}
      scroll={{ className: styles.scroll, label: 'Names of this supplier' }}
      testId="supplier-aliases"
      label="Names of this supplier"
      rowProps={() => ({ 'data-testid': 'supplier-alias' })}
      empty="No names recorded."
    />
  );
}
