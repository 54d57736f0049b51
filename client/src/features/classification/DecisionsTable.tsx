import { useMemo } from 'react';
import { Button } from '../../components/Button';
import { Table } from '../../components/Table';
import { Tag } from '../../components/Tag';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatDateTime, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ClassificationActionKind, DecisionsTable_ActionFragment } from '../../gql/graphql';

export const DecisionsTableActionFragment = graphql(`
  fragment DecisionsTable_action on ClassificationAction {
    id
    kind
    lines
    spend
    modelVersion
    userEmail
    createdAt
    undoneAt
    restoredLines
    ruleIds
  }
`);

export type Decision = DecisionsTable_ActionFragment;

/** What a decision did, in words. */
export const decisionKindLabels: Record<ClassificationActionKind, string> = {
  ACCEPT: 'Accepted',
  ACCEPT_RULE: 'Accepted as rules',
  REJECT: 'Rejected',
  AUTO: 'Filed automatically',
};

interface DecisionsTableProps {
  actions: readonly FragmentType<typeof DecisionsTableActionFragment>[];
  currency: string;
  busy: boolean;
  onUndo(action: Decision): void;
}

/** Accepts, rejects and auto-classify runs, newest first; each can be undone once. */
export function DecisionsTable(props: DecisionsTableProps) {
  const actions = getFragmentData(DecisionsTableActionFragment, props.actions);
  const { currency, busy, onUndo } = props;
  const columns = useMemo<TableColumn<Decision>[]>(
    () => [
      { id: 'when', header: 'When', meta: { className: 'admin-nowrap' }, cell: (action) => formatDateTime(action.createdAt) },
      {
        id: 'kind',
        header: 'Decision',
        meta: { rowHeader: true },
        cell: (action) => (
          <>
            {decisionKindLabels[action.kind]}
            {action.kind === 'ACCEPT_RULE' && action.ruleIds.length > 0 && <span className="admin-sub">{formatCount(action.ruleIds.length)} {action.ruleIds.length === 1 ? 'rule' : 'rules'} made</span>}
          </>
        ),
      },
      { id: 'lines', header: 'Lines', value: (action) => action.lines, meta: { numeric: true, format: (value) => formatCount(Number(value)) } },
      { id: 'spend', header: `Spend (${currency})`, value: (action) => action.spend, meta: { numeric: true, format: (value) => formatMoney(value, currency) } },
      { id: 'who', header: 'By', cell: (action) => <span className="cell-text">{action.userEmail ?? 'Auto-classify'}</span> },
      { id: 'model', header: 'Model', value: (action) => action.modelVersion ?? null, meta: { numeric: true, format: (value) => `v${value}` } },
      {
        id: 'status',
        header: 'Status',
        cell: (action) =>
          action.undoneAt ? (
            <>
              <Tag tone="neutral">Undone</Tag>
              <span className="admin-sub">
                {formatDateTime(action.undoneAt)}
                {action.restoredLines !== null && action.restoredLines !== undefined && ` · ${formatCount(action.restoredLines)} lines restored`}
              </span>
            </>
          ) : (
            <Tag tone="success">Stands</Tag>
          ),
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { hideHeader: true },
        cell: (action) =>
          action.undoneAt ? null : (
            <Button
              size="small"
              variant="ghost"
              disabled={busy}
              onClick={() => onUndo(action)}
              aria-label={`Undo: ${decisionKindLabels[action.kind].toLowerCase()}, ${formatCount(action.lines)} lines on ${formatDateTime(action.createdAt)}`}
              data-testid="undo-decision"
            >
              Undo
            </Button>
          ),
      },
    ],
    [currency, busy, onUndo],
  );
  return (
    <Table
      rows={actions}
      columns={columns}
      getRowId={(action) => action.id}
      label="Recent decisions"
      scroll={{ framed: true }}
      testId="classification-decisions"
      rowProps={(action) => ({ 'data-testid': 'decision-row', 'data-action-id': action.id, 'data-kind': action.kind, 'data-undone': action.undoneAt ? 'true' : 'false' })}
    />
  );
}
