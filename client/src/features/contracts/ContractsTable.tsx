import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Table, cellTone } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ContractsTable_ContractFragment } from '../../gql/graphql';
import { useSettings } from '../settings/useSettings';
import { describeDaysToExpiry } from './contractLabels';
import { ContractStatusBadge } from './ContractStatusBadge';

const ContractsTableContractFragment = graphql(`
  fragment ContractsTable_contract on Contract {
    id
    number
    title
    status
    startDate
    endDate
    daysToExpiry
    ceiling
    currency
    spend
    supplier {
      id
      name
    }
    owner {
      id
      name
    }
  }
`);

type Row = ContractsTable_ContractFragment;

/** One page of contracts in the server's order (end date, then number); a row opens its contract. */
export function ContractsTable(props: { contracts: readonly FragmentType<typeof ContractsTableContractFragment>[] }) {
  const contracts = props.contracts.map((contract) => getFragmentData(ContractsTableContractFragment, contract));
  const navigate = useNavigate();
  const { reportingCurrency } = useSettings();
  const columns = useMemo<TableColumn<Row>[]>(
    () => [
      {
        id: 'number',
        header: 'Contract',
        meta: { className: cellTone.wide },
        cell: (k) => (
          <>
            {/* A usual number stays on one line; one of dozens of characters wraps rather than push the other columns off the screen. */}
            <Link to={`/contracts/${k.id}`} className={k.number.length > 24 ? cellTone.breakAnywhere : cellTone.nowrap} data-testid="contract-link">
              {k.number}
            </Link>
            <span className={cellTone.sub}>{k.title}</span>
          </>
        ),
      },
      { id: 'supplier', header: 'Supplier', cell: (k) => <Link to={`/suppliers/${k.supplier.id}`}>{k.supplier.name}</Link> },
      { id: 'status', header: 'Status', cell: (k) => <ContractStatusBadge status={k.status} /> },
      {
        // Start and end in one column: with two, the table was wider than a 1280 px screen and hid its spend.
        id: 'term',
        header: 'Term',
        cell: (k) => (
          <>
            {/* Each date stays whole; on a narrow screen the end goes under the start. */}
            <span className={cellTone.nowrap}>{formatDate(k.startDate)} –</span> <span className={cellTone.nowrap}>{formatDate(k.endDate)}</span>
            {k.status !== 'DRAFT' && k.status !== 'TERMINATED' && <span className={cellTone.sub}>{describeDaysToExpiry(k.daysToExpiry)}</span>}
          </>
        ),
      },
      { id: 'ceiling', header: 'Ceiling', value: (k) => k.ceiling, cell: (k) => formatMoney(k.ceiling, k.currency), meta: { numeric: true } },
      { id: 'spend', header: `Spend (${reportingCurrency})`, value: (k) => k.spend, meta: { numeric: true, format: (v) => formatMoney(v, reportingCurrency) } },
      { id: 'owner', header: 'Owner', value: (k) => k.owner?.name ?? null },
    ],
    [reportingCurrency],
  );
  return (
    <Table
      rows={contracts}
      columns={columns}
      getRowId={(k) => k.id}
      density="dense"
      scroll={{ framed: true, label: 'Contracts' }}
      testId="contracts-table"
      label="Contracts"
      empty="No contract matches these filters."
      onRowActivate={(k) => void navigate(`/contracts/${k.id}`)}
      rowActionLabel={(k) => `Open contract ${k.number}`}
      rowProps={(k) => ({ 'data-contract': k.number })}
    />
  );
}
