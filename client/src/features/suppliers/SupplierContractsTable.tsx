import { useMemo } from 'react';
import { cellTone, Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ContractStatus, SupplierContracts_ContractFragment } from '../../gql/graphql';
import { EntityLink } from '../entities/EntityLink';
import { useSettings } from '../settings/useSettings';
import { useShownCurrency } from '../settings/shownCurrency';
import styles from './SupplierPanels.module.css';

const SupplierContractsContractFragment = graphql(`
  fragment SupplierContracts_contract on Contract {
    id
    number
    title
    status
    endDate
    daysToExpiry
    ceiling
    currency
    spend
  }
`);

type Contract = SupplierContracts_ContractFragment;

const statusLabels: Record<ContractStatus, string> = { DRAFT: 'Draft', ACTIVE: 'Active', EXPIRING: 'Expiring', EXPIRED: 'Expired', TERMINATED: 'Terminated' };

/** The supplier's contracts the caller may see, with their ceiling and the spend matched to them so far. */
export function SupplierContractsTable(props: { contracts: readonly FragmentType<typeof SupplierContractsContractFragment>[] }) {
  const contracts = props.contracts.map((c) => getFragmentData(SupplierContractsContractFragment, c));
  const { reportingCurrency } = useSettings();
  // A contract's spend takes no spend filter: it stays in the reporting currency, named when the page shows another.
  const shown = useShownCurrency();
  const columns = useMemo<TableColumn<Contract>[]>(
    () => [
      {
        id: 'contract',
        header: 'Contract',
        value: (c) => c.number,
        meta: { sortable: true },
        cell: (c) => (
          <span className={styles.stack}>
            <EntityLink kind="contract" id={c.id} className={cellTone.nowrap}>
              {c.number}
            </EntityLink>
            <span className={styles.sub}>{c.title}</span>
          </span>
        ),
      },
      { id: 'status', header: 'Status', value: (c) => statusLabels[c.status], meta: { sortable: true } },
      {
        id: 'ends',
        header: 'Ends',
        value: (c) => c.endDate,
        meta: { sortable: true, format: (v) => formatDate(String(v)), className: cellTone.nowrap },
      },
      { id: 'ceiling', header: 'Ceiling', value: (c) => c.ceiling, meta: { numeric: true } , cell: (c) => formatMoney(c.ceiling, c.currency) },
      {
        id: 'spend',
        header: shown === reportingCurrency ? 'Spend to date' : `Spend to date (${reportingCurrency})`,
        value: (c) => c.spend,
        meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatMoney(v, reportingCurrency) },
      },
    ],
    [reportingCurrency, shown],
  );
  return (
    <Table
      rows={contracts}
      columns={columns}
      getRowId={(c) => c.id}
      scroll={{ className: styles.scroll, label: 'Contracts with this supplier' }}
      testId="supplier-contracts"
      label="Contracts with this supplier"
      initialSort={{ columnId: 'ends', direction: 'desc' }}
      empty="No contract with this supplier that you can see."
    />
  );
}
