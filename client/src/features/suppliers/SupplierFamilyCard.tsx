import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatMoney, formatPercent } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SupplierFamily_FamilyFragment } from '../../gql/graphql';
import { EntityLink } from '../entities/EntityLink';
import { useShownCurrency } from '../settings/shownCurrency';
import { writeSupplierList } from './supplierListState';
import styles from './SupplierPanels.module.css';

const SupplierFamilyFamilyFragment = graphql(`
  fragment SupplierFamily_family on SupplierFamily {
    head {
      id
      name
    }
    totalSpend
    lineCount
    members {
      supplier {
        id
        name
        countryCode
      }
      isHead
      spend
      lineCount
      share
    }
  }
`);

type Member = SupplierFamily_FamilyFragment['members'][number];

/** The family the supplier's spend rolls up to: the head, its members with their share, and the family total. */
export function SupplierFamilyCard(props: { family: FragmentType<typeof SupplierFamilyFamilyFragment>; supplierId: string }) {
  const family = getFragmentData(SupplierFamilyFamilyFragment, props.family);
  const shownCurrency = useShownCurrency();
  const { search } = useLocation();
  const columns = useMemo<TableColumn<Member>[]>(
    () => [
      {
        id: 'supplier',
        header: 'Supplier',
        value: (m) => m.supplier.name,
        meta: { sortable: true },
        cell: (m) => (
          <span>
            {m.supplier.id === props.supplierId ? (
              <strong aria-current="page">{m.supplier.name}</strong>
            ) : (
              <EntityLink kind="supplier" id={m.supplier.id}>
                {m.supplier.name}
              </EntityLink>
            )}
            {m.isHead && <span className={styles.tag}>parent</span>}
          </span>
        ),
      },
      { id: 'country', header: 'Country', value: (m) => m.supplier.countryCode ?? null },
      { id: 'spend', header: 'Spend', value: (m) => m.spend, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatMoney(v, shownCurrency) } },
      { id: 'share', header: 'Share', value: (m) => m.share ?? null, meta: { numeric: true, sortable: true, sortDescFirst: true, format: formatPercent } },
      { id: 'lines', header: 'Lines', value: (m) => m.lineCount, meta: { numeric: true, sortable: true, sortDescFirst: true, format: (v) => formatCount(Number(v)) } },
    ],
    [shownCurrency, props.supplierId],
  );
  const alone = family.members.length === 1;
  const listSearch = writeSupplierList(new URLSearchParams(search), { familyId: family.head.id }).toString();
  return (
    <section className={`card ${styles.card}`} data-testid="supplier-family" aria-labelledby="supplier-family-title">
      <header className="card__header">
        <h2 className="card__title" id="supplier-family-title">
          Family
        </h2>
        <p className="card__subtitle">
          {alone ? (
            'Not part of a supplier family.'
          ) : (
            <>
              {family.head.name} and its {family.members.length - 1} {family.members.length === 2 ? 'subsidiary' : 'subsidiaries'}:{' '}
              <strong data-testid="supplier-family-total">{formatMoney(family.totalSpend, shownCurrency)}</strong> in {formatCount(family.lineCount)} lines
            </>
          )}
        </p>
      </header>
      {!alone && (
        <>
          <Table rows={family.members} columns={columns} getRowId={(m) => m.supplier.id} testId="supplier-family-members" label="Family members" scroll={{ className: styles.scroll }} />
          <p className="card__footnote">
            <Link to={`/suppliers?${listSearch}`} data-testid="supplier-family-list">
              Show the family in the supplier list
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
