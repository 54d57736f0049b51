import { useMemo, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatMoney, formatPercent } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SuggestionGroupsTable_GroupFragment } from '../../gql/graphql';
import { EntityLink } from '../entities/EntityLink';
import { ConfidenceMeter } from './ConfidenceMeter';
import styles from './SuggestionGroupsTable.module.css';

export const SuggestionGroupsTableGroupFragment = graphql(`
  fragment SuggestionGroupsTable_group on ClassificationSuggestionGroup {
    supplierId
    supplierName
    category {
      id
      code
      name
    }
    lines
    spend
    meanConfidence
    minConfidence
    reasons
  }
`);

export type SuggestionGroup = SuggestionGroupsTable_GroupFragment;

/** One group's key: its supplier and suggested category. */
export function groupKey(group: { supplierId: string; category: { id: string } }): string {
  return `${group.supplierId}:${group.category.id}`;
}

// Space on a checkbox is the checkbox's: nothing around it may act on the key too.
function keepSpace(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === ' ') event.stopPropagation();
}

interface SuggestionGroupsTableProps {
  groups: readonly FragmentType<typeof SuggestionGroupsTableGroupFragment>[];
  currency: string;
  selected: ReadonlySet<string>;
  /** While a decision is saved the boxes say so (aria-disabled) and keep focus. */
  busy: boolean;
  onToggle(key: string): void;
  onToggleAll(on: boolean): void;
  /** The group whose lines are shown, by key. */
  openKey: string | null;
  onShowLines(group: SuggestionGroup): void;
  linesPanelId: string;
}

/** Suggestion groups of one page, largest spend first: tick groups to act on them together. */
export function SuggestionGroupsTable(props: SuggestionGroupsTableProps) {
  const groups = getFragmentData(SuggestionGroupsTableGroupFragment, props.groups);
  const { currency, selected, busy, onToggle, onToggleAll, openKey, onShowLines, linesPanelId } = props;
  const keys = useMemo(() => groups.map(groupKey), [groups]);
  const ticked = keys.filter((key) => selected.has(key)).length;
  const all = keys.length > 0 && ticked === keys.length;
  const columns = useMemo<TableColumn<SuggestionGroup>[]>(
    () => [
      {
        id: 'select',
        header: 'Select',
        meta: { hideHeader: true, className: styles.select },
        cell: (group) => (
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={selected.has(groupKey(group))}
            aria-label={`Select ${group.supplierName} → ${group.category.name}`}
            aria-disabled={busy || undefined}
            onChange={() => {
              if (!busy) onToggle(groupKey(group));
            }}
            onKeyDown={keepSpace}
            data-testid="group-select"
          />
        ),
      },
      {
        id: 'supplier',
        header: 'Supplier',
        meta: { rowHeader: true, className: styles.name },
        cell: (group) => (
          <span className="cell-text">
            <EntityLink kind="supplier" id={group.supplierId}>
              {group.supplierName}
            </EntityLink>
          </span>
        ),
      },
      {
        id: 'category',
        header: 'Suggested category',
        meta: { className: styles.name },
        cell: (group) => (
          <>
            <span className="cell-text">
              <EntityLink kind="category" id={group.category.id}>
                {group.category.name}
              </EntityLink>
            </span>
            <span className="admin-sub">{group.category.code}</span>
          </>
        ),
      },
      { id: 'lines', header: 'Lines', value: (group) => group.lines, meta: { numeric: true, format: (value) => formatCount(Number(value)) } },
      { id: 'spend', header: `Spend (${currency})`, value: (group) => group.spend, meta: { numeric: true, format: (value) => formatMoney(value, currency) } },
      {
        id: 'confidence',
        header: 'Mean confidence',
        meta: { numeric: true },
        cell: (group) => (
          <>
            <ConfidenceMeter value={group.meanConfidence} />
            <span className="admin-sub">lowest {formatPercent(group.minConfidence)}</span>
          </>
        ),
      },
      {
        id: 'reasons',
        header: 'Why',
        meta: { className: styles.reasons },
        cell: (group) =>
          group.reasons.length ? (
            <ul className={styles.reasonList}>
              {group.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : (
            '—'
          ),
      },
      {
        id: 'lineList',
        header: 'Lines of the group',
        meta: { hideHeader: true },
        cell: (group) => {
          const open = openKey === groupKey(group);
          return (
            <Button
              size="small"
              variant="ghost"
              aria-expanded={open}
              aria-controls={open ? linesPanelId : undefined}
              aria-label={`${open ? 'Hide' : 'Show'} the lines of ${group.supplierName} → ${group.category.name}`}
              onClick={() => onShowLines(group)}
              data-testid="group-lines-toggle"
            >
              {open ? 'Hide lines' : 'Lines'}
            </Button>
          );
        },
      },
    ],
    [currency, selected, busy, onToggle, openKey, onShowLines, linesPanelId],
  );
  return (
    <div className={styles.root}>
      <label className={`check-row check-row--inline ${styles.all}`}>
        <input
          type="checkbox"
          checked={all}
          ref={(element) => {
            if (element) element.indeterminate = ticked > 0 && !all;
          }}
          disabled={keys.length === 0}
          aria-disabled={busy || undefined}
          onChange={() => {
            if (!busy) onToggleAll(!all);
          }}
          data-testid="groups-select-all"
        />
        <span className="check-row__label">Select every group on this page</span>
      </label>
      <Table
        rows={groups}
        columns={columns}
        getRowId={groupKey}
        label="Suggestion groups"
        className={styles.table}
        scroll={{ framed: true }}
        testId="suggestion-groups"
        rowProps={(group) => ({
          'data-testid': 'suggestion-group',
          'data-supplier-id': group.supplierId,
          'data-category-id': group.category.id,
          'data-selected': selected.has(groupKey(group)) ? 'true' : 'false',
          className: selected.has(groupKey(group)) ? styles.selectedRow : undefined,
        })}
      />
    </div>
  );
}
