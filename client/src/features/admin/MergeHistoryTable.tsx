import { useMemo } from 'react';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatDateTime } from '../../format/numbers';
import type { MergeHistoryTable_MergeFragment } from '../../gql/graphql';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { Button } from '../../components/Button';
import { EntityLink } from '../entities/EntityLink';

export const MergeHistoryTableMergeFragment = graphql(`
  fragment MergeHistoryTable_merge on SupplierMerge {
    id
    source {
      id
      name
    }
    target {
      id
      name
    }
    linesMoved
    mergedAt
    undoneAt
  }
`);

type Merge = MergeHistoryTable_MergeFragment;

interface MergeHistoryTableProps {
  merges: readonly FragmentType<typeof MergeHistoryTableMergeFragment>[];
  busy: boolean;
  onUndo(id: string, label: string): void;
}

/** Merges done, newest first; one not yet undone can be undone. */
export function MergeHistoryTable(props: MergeHistoryTableProps) {
  const merges = props.merges.map((merge) => getFragmentData(MergeHistoryTableMergeFragment, merge));
  const { busy, onUndo } = props;
  const columns = useMemo<TableColumn<Merge>[]>(
    () => [
      {
        id: 'source',
        header: 'Merged',
        cell: (merge) => (
          <EntityLink kind="supplier" id={merge.source.id}>
            {merge.source.name}
          </EntityLink>
        ),
      },
      {
        id: 'target',
        header: 'Into',
        cell: (merge) => (
          <>
            <span aria-hidden="true">→ </span>
            <EntityLink kind="supplier" id={merge.target.id}>
              {merge.target.name}
            </EntityLink>
          </>
        ),
      },
      { id: 'linesMoved', header: 'Lines moved', value: (merge) => merge.linesMoved, meta: { numeric: true, format: (value) => formatCount(Number(value)), className: 'numeric' } },
      { id: 'mergedAt', header: 'When', value: (merge) => merge.mergedAt, meta: { format: (value) => formatDateTime(String(value)), className: 'admin-nowrap' } },
      {
        id: 'actions',
        header: 'Actions',
        meta: { hideHeader: true },
        cell: (merge) => (
          <div className="row-actions">
            {merge.undoneAt ? (
              <span className="admin-sub">Undone {formatDateTime(merge.undoneAt)}</span>
            ) : (
              <Button
               
                size="small"
                disabled={busy}
                onClick={() => onUndo(merge.id, `${merge.source.name} → ${merge.target.name}`)}
                data-testid="undo-merge-button"
              >
                Undo
              </Button>
            )}
          </div>
        ),
      },
    ],
    [busy, onUndo],
  );
  return (
    <Table
      rows={merges}
      columns={columns}
      getRowId={(merge) => merge.id}
      scroll={{ framed: true }}
      testId="merge-history"
      rowProps={(merge) => ({ 'data-testid': 'merge-history-row', 'data-merge-id': merge.id, 'data-undone': merge.undoneAt ? 'true' : 'false' })}
    />
  );
}
