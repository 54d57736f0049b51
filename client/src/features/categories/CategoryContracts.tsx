import { useMemo } from 'react';
import { Link } from 'react-router';
import { cellTone, Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { CategoryContracts_PageFragment, ContractStatus } from '../../gql/graphql';
import styles from './CategorySection.module.css';
import chips from './ContractStatusChip.module.css';

const CategoryContractsPageFragment = graphql(`
  fragment CategoryContracts_page on ContractPage {
    totalCount
    nodes {
      id
      number
      title
      status
      endDate
      ceiling
      currency
      supplier {
        id
        name
      }
    }
  }
`);

type Contract = CategoryContracts_PageFragment['nodes'][number];

const STATUS_LABELS: Record<ContractStatus, string> = {
  DRAFT: 'Draft',
  ACTIVE: 'Active',
  EXPIRING: 'Expiring',
  EXPIRED: 'Expired',
  TERMINATED: 'Terminated',
};

/** A contract's status as a coloured chip (derived statuses included). */
export function ContractStatusChip({ status }: { status: ContractStatus }) {
  return <span className={`${chips.chip} ${chips[status.toLowerCase()]}`}>{STATUS_LABELS[status]}</span>;
}

/** The contracts covering a category (its own, its ancestors' and its descendants'), expiring ones first. */
export function CategoryContracts(props: { page: FragmentType<typeof CategoryContractsPageFragment>; shown: number }) {
  const page = getFragmentData(CategoryContractsPageFragment, props.page);
  const columns = useMemo<TableColumn<Contract>[]>(
    () => [
      { id: 'number', header: 'Contract', cell: (k) => <Link to={`/contracts/${k.id}`}>{k.number}</Link>, meta: { className: cellTone.nowrap } },
      { id: 'title', header: 'Title', value: (k) => k.title },
      { id: 'supplier', header: 'Supplier', cell: (k) => <Link to={`/suppliers/${k.supplier.id}`}>{k.supplier.name}</Link> },
      { id: 'status', header: 'Status', cell: (k) => <ContractStatusChip status={k.status} /> },
      { id: 'end', header: 'Ends', value: (k) => k.endDate, meta: { format: (v) => formatDate(String(v)), className: cellTone.nowrap } },
      { id: 'ceiling', header: 'Ceiling', value: (k) => k.ceiling, meta: { numeric: true }, cell: (k) => formatMoney(k.ceiling, k.currency) },
    ],
    [],
  );
  return (
    <section className={`card ${styles.section}`} aria-labelledby="category-contracts-title" data-testid="category-contracts">
      <header className="card__header">
        <h2 className="card__title" id="category-contracts-title">
          Contracts
        </h2>
        <p className="card__subtitle">
          {page.totalCount === 0
            ? 'No contract covers this category.'
            : `${page.totalCount} contract${page.totalCount === 1 ? '' : 's'} cover this category or the categories around it${page.totalCount > props.shown ? `; the first ${props.shown} are listed` : ''}.`}
        </p>
      </header>
      {page.totalCount > 0 && (
        <Table
          rows={page.nodes}
          columns={columns}
          getRowId={(k) => k.id}
          label="Contracts covering the category"
          testId="category-contracts-table"
          scroll={{ className: styles.scroll, label: 'Contracts covering the category, scrollable' }}
        />
      )}
    </section>
  );
}
