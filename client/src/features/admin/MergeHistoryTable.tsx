import { formatCount, formatDateTime } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { Button } from '../../components/Button';

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

interface MergeHistoryTableProps {
  merges: readonly FragmentType<typeof MergeHistoryTableMergeFragment>[];
  busy: boolean;
  onUndo(id: string, label: string): void;
}

/** Merges done, newest first; one not yet undone can be undone. */
export function MergeHistoryTable(props: MergeHistoryTableProps) {
  const merges = props.merges.map((merge) => getFragmentData(MergeHistoryTableMergeFragment, merge));
  return (
    <div className="import-table-wrap">
      <table className="reports-table" data-testid="merge-history">
        <thead>
          <tr>
            <th scope="col">Merged</th>
            <th scope="col">Into</th>
            <th scope="col" className="numeric">
              Lines moved
            </th>
            <th scope="col">When</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {merges.map((merge) => (
            <tr key={merge.id} data-testid="merge-history-row" data-merge-id={merge.id} data-undone={merge.undoneAt ? 'true' : 'false'}>
              <td>{merge.source.name}</td>
              <td>
                <span aria-hidden="true">→ </span>
                {merge.target.name}
              </td>
              <td className="numeric">{formatCount(merge.linesMoved)}</td>
              <td className="admin-nowrap">{formatDateTime(merge.mergedAt)}</td>
              <td>
                <div className="row-actions">
                  {merge.undoneAt ? (
                    <span className="admin-sub">Undone {formatDateTime(merge.undoneAt)}</span>
                  ) : (
                    <Button
                      size="small"
                      disabled={props.busy}
                      onClick={() => props.onUndo(merge.id, `${merge.source.name} → ${merge.target.name}`)}
                      data-testid="undo-merge-button"
                    >
                      Undo
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
