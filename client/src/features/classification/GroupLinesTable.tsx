import { useQuery } from '@apollo/client/react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { Pager } from '../../components/Pager';
import { EmptyText, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatDate, formatMoney, formatPercent } from '../../format/numbers';
import { getFragmentData, graphql } from '../../gql';
import type { ClassificationSuggestionFilter, GroupLinesTable_SuggestionFragment, SpendFilter } from '../../gql/graphql';
import { useSettings } from '../settings/useSettings';
import { ClassificationGroupLinesQuery } from './classificationDocuments';
import { ConfidenceMeter } from './ConfidenceMeter';
import type { SuggestionGroup } from './SuggestionGroupsTable';
import styles from './GroupLinesTable.module.css';

export const GroupLinesTableSuggestionFragment = graphql(`
  fragment GroupLinesTable_suggestion on ClassificationSuggestion {
    line {
      id
      invoiceDate
      description
      amount
      currency
      amountReporting
      businessUnitName
    }
    category {
      id
      name
    }
    confidence
    alternatives {
      category {
        id
        name
      }
      confidence
    }
    reasons
  }
`);

type Suggestion = GroupLinesTable_SuggestionFragment;

function keepSpace(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === ' ') event.stopPropagation();
}

const PAGE = 25;

interface GroupLinesTableProps {
  group: SuggestionGroup;
  filter: SpendFilter;
  minConfidence: number | null;
  suggestions: ClassificationSuggestionFilter | null;
  currency: string;
  busy: boolean;
  /** Accept or reject these lines; resolves once the decision is saved (or failed). */
  onDecide(kind: 'accept' | 'reject', lineIds: string[]): Promise<boolean>;
}

/** The lines of one suggestion group, largest first, to accept or reject one by one. */
export function GroupLinesTable(props: GroupLinesTableProps) {
  const { group, currency, busy, onDecide } = props;
  const { pageMax } = useSettings();
  const [page, setPage] = useState({ offset: 0, limit: PAGE });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const variables = {
    filter: { ...props.filter, supplierIds: [group.supplierId], categoryIds: [group.category.id] },
    minConfidence: props.minConfidence,
    suggestions: props.suggestions,
    page,
  };
  const { data, previousData, loading, error, refetch } = useQuery(ClassificationGroupLinesQuery, { variables, fetchPolicy: 'cache-and-network' });
  const view = (data ?? previousData)?.classificationSuggestions;
  const rows = useMemo(() => getFragmentData(GroupLinesTableSuggestionFragment, view?.nodes ?? []), [view]);
  const shownIds = rows.map((row) => row.line.id);
  const ticked = shownIds.filter((id) => selected.has(id));

  const columns = useMemo<TableColumn<Suggestion>[]>(
    () => [
      {
        id: 'select',
        header: 'Select',
        meta: { hideHeader: true },
        cell: (row) => (
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={selected.has(row.line.id)}
            aria-label={`Select the line of ${formatDate(row.line.invoiceDate)}, ${formatMoney(row.line.amountReporting, currency)}`}
            aria-disabled={busy || undefined}
            onChange={() => {
              if (busy) return;
              setSelected((current) => {
                const next = new Set(current);
                if (next.has(row.line.id)) next.delete(row.line.id);
                else next.add(row.line.id);
                return next;
              });
            }}
            onKeyDown={keepSpace}
            data-testid="line-suggestion-select"
          />
        ),
      },
      { id: 'date', header: 'Invoice date', meta: { className: 'admin-nowrap' }, value: (row) => row.line.invoiceDate, cell: (row) => formatDate(row.line.invoiceDate) },
      {
        id: 'description',
        header: 'Description',
        cell: (row) => (
          <>
            <span className="cell-text">{row.line.description ?? '—'}</span>
            <span className="admin-sub">{row.line.businessUnitName}</span>
          </>
        ),
      },
      {
        id: 'amount',
        header: `Amount (${currency})`,
        meta: { numeric: true },
        cell: (row) => (
          <>
            {formatMoney(row.line.amountReporting, currency)}
            {row.line.currency !== currency && <span className="admin-sub">{formatMoney(row.line.amount, row.line.currency)}</span>}
          </>
        ),
      },
      { id: 'confidence', header: 'Confidence', meta: { numeric: true }, cell: (row) => <ConfidenceMeter value={row.confidence} /> },
      {
        id: 'alternatives',
        header: 'Or perhaps',
        cell: (row) =>
          row.alternatives.length ? (
            <ul className={styles.list}>
              {row.alternatives.map((alternative) => (
                <li key={alternative.category.id}>
                  {alternative.category.name} <span className={styles.muted}>{formatPercent(alternative.confidence)}</span>
                </li>
              ))}
            </ul>
          ) : (
            '—'
          ),
      },
      {
        id: 'reasons',
        header: 'Why',
        meta: { className: styles.reasons },
        cell: (row) => (
          <ul className={`${styles.list} ${styles.muted}`}>
            {row.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ),
      },
    ],
    [selected, busy, currency],
  );

  async function decide(kind: 'accept' | 'reject') {
    if (!ticked.length || busy) return;
    if (await onDecide(kind, ticked)) setSelected(new Set());
  }

  if (error && !view) return <ErrorState error={error} title="The lines could not be loaded" onRetry={() => void refetch()} />;
  if (!view) return <SkeletonRows count={3} />;
  if (view.totalCount === 0) return <EmptyText testId="group-lines-empty">No suggestion is left in this group.</EmptyText>;
  return (
    <div className={styles.root} aria-busy={loading}>
      <div className={styles.toolbar} role="group" aria-label="Act on the selected lines">
        <label className="check-row check-row--inline">
          <input
            type="checkbox"
            checked={ticked.length === shownIds.length}
            ref={(element) => {
              if (element) element.indeterminate = ticked.length > 0 && ticked.length < shownIds.length;
            }}
            aria-disabled={busy || undefined}
            onChange={() => {
              if (!busy) setSelected(ticked.length === shownIds.length ? new Set() : new Set(shownIds));
            }}
            data-testid="group-lines-select-all"
          />
          <span className="check-row__label">Select every line shown</span>
        </label>
        <span className={styles.count} aria-live="polite">
          {ticked.length ? `${formatCount(ticked.length)} selected` : 'None selected'}
        </span>
        <Button size="small" variant="primary" aria-disabled={!ticked.length || busy || undefined} onClick={() => void decide('accept')} data-testid="lines-accept">
          Accept lines
        </Button>
        <Button size="small" aria-disabled={!ticked.length || busy || undefined} onClick={() => void decide('reject')} data-testid="lines-reject">
          Reject lines
        </Button>
      </div>
      <Table
        rows={rows}
        columns={columns}
        getRowId={(row) => row.line.id}
        density="dense"
        label={`Lines of ${group.supplierName} suggested for ${group.category.name}`}
        scroll={{ framed: true }}
        testId="group-lines"
        rowProps={(row) => ({ 'data-testid': 'group-line', 'data-line-id': row.line.id })}
      />
      {view.totalCount > page.limit && (
        <Pager
          offset={page.offset}
          limit={page.limit}
          totalCount={view.totalCount}
          maxLimit={pageMax}
          onChange={(next) => {
            setPage(next);
            setSelected(new Set());
          }}
          label="Pages of the group's lines"
        />
      )}
    </div>
  );
}
