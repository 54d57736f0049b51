import { useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyText } from '../../components/StatusViews';
import { Table } from '../../components/Table';
import { Tag } from '../../components/Tag';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatDate, formatMoney, formatMoneyCompact, formatPercent } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ContractLeakage_ContractFragment, SpendFilter } from '../../gql/graphql';
import { useSettings } from '../settings/useSettings';
import { linesLink } from './contractParams';
import styles from './ContractDetail.module.css';

const ContractLeakageContractFragment = graphql(`
  fragment ContractLeakage_contract on Contract {
    id
    number
    categories {
      id
    }
    businessUnits {
      id
    }
    leakage {
      dateFrom
      dateTo
      addressableSpend
      spend
      share
      lineCount
      supplierCount
      suppliers(limit: 10) {
        supplier {
          id
          name
        }
        spend
        lineCount
        contractParty
      }
    }
  }
`);

type Leak = ContractLeakage_ContractFragment['leakage']['suppliers'][number];

/**
 * Off-contract spend in the contract's categories and units during its term, by supplier. The
 * drill sends the very filter the server used, so the lines add up to the figure clicked.
 */
export function ContractLeakage(props: { contract: FragmentType<typeof ContractLeakageContractFragment>; canDrill: boolean }) {
  const contract = getFragmentData(ContractLeakageContractFragment, props.contract);
  const { reportingCurrency: currency } = useSettings();
  const leak = contract.leakage;
  const filter: SpendFilter = useMemo(
    () => ({
      dateFrom: leak.dateFrom,
      dateTo: leak.dateTo,
      ...(contract.categories.length ? { categoryIds: contract.categories.map((c) => c.id) } : {}),
      ...(contract.businessUnits.length ? { businessUnitIds: contract.businessUnits.map((b) => b.id) } : {}),
      onContract: false,
    }),
    [leak.dateFrom, leak.dateTo, contract.categories, contract.businessUnits],
  );
  const columns = useMemo<TableColumn<Leak>[]>(
    () => [
      {
        id: 'supplier',
        header: 'Supplier',
        cell: (row) => (
          <span className={styles.supplierCell}>
            <Link to={`/suppliers/${row.supplier.id}`}>{row.supplier.name}</Link>
            {row.contractParty && <Tag tone="accent" title="The contract's supplier or one of its family: spend outside its units or dates">contract's supplier</Tag>}
          </span>
        ),
      },
      { id: 'spend', header: 'Off-contract spend', value: (row) => row.spend, meta: { numeric: true, format: (v) => formatMoney(v, currency) } },
      { id: 'lines', header: 'Lines', value: (row) => row.lineCount, meta: { numeric: true, format: (v) => formatCount(Number(v)) } },
      ...(props.canDrill
        ? [{
            id: 'drill',
            header: 'Drill to lines',
            meta: { hideHeader: true },
            cell: (row: Leak) => (
              // The supplier lands in the lines' filter bar, where it shows and can be removed.
              <Link to={linesLink({ ...filter, supplierIds: [row.supplier.id] }, `Leakage from ${contract.number}`)} data-testid="leak-drill"
                aria-label={`The ${formatCount(row.lineCount)} off-contract lines of ${row.supplier.name}`}>
                Lines →
              </Link>
            ),
          } satisfies TableColumn<Leak>]
        : []),
    ],
    [currency, filter, props.canDrill, contract.number],
  );

  return (
    <section className={`card ${styles.card}`} aria-labelledby="leakage-title" data-testid="contract-leakage">
      <header className="card__header">
        <h2 className="card__title" id="leakage-title">
          Leakage
        </h2>
        <p className="card__subtitle">
          Spend on no contract in this contract's categories and business units from {formatDate(leak.dateFrom)} to {formatDate(leak.dateTo)}: what it could have
          covered.
        </p>
      </header>
      <dl className={styles.figures}>
        <div>
          <dt>Off-contract spend</dt>
          <dd data-testid="leakage-total" title={formatMoney(leak.spend, currency)}>{formatMoneyCompact(leak.spend, currency)}</dd>
        </div>
        <div>
          <dt>Share of addressable spend</dt>
          <dd>{formatPercent(leak.share)}</dd>
        </div>
        <div>
          <dt>Addressable spend</dt>
          <dd title={formatMoney(leak.addressableSpend, currency)}>{formatMoneyCompact(leak.addressableSpend, currency)}</dd>
        </div>
        <div>
          <dt>Suppliers · lines</dt>
          <dd>
            {formatCount(leak.supplierCount)} · {formatCount(leak.lineCount)}
          </dd>
        </div>
      </dl>
      {leak.lineCount === 0 ? (
        <EmptyText testId="leakage-empty">No off-contract spend in its reach.</EmptyText>
      ) : (
        <>
          <Table rows={leak.suppliers} columns={columns} getRowId={(row) => row.supplier.id} density="dense" scroll={{ framed: true }}
            testId="leakage-table" label="Leakage by supplier" />
          <p className={styles.more}>
            {leak.supplierCount > leak.suppliers.length ? `The ${leak.suppliers.length} largest of ${formatCount(leak.supplierCount)} suppliers. ` : ''}
            {props.canDrill && (
              <Link to={linesLink(filter, `Leakage from ${contract.number}`)} data-testid="leak-drill-all">
                All {formatCount(leak.lineCount)} off-contract lines →
              </Link>
            )}
          </p>
        </>
      )}
    </section>
  );
}
