import { useMemo } from 'react';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { RulesTable_RuleFragment } from '../../gql/graphql';
import { SupplierName } from './SupplierPicker';
import { Button } from '../../components/Button';
import { Tag } from '../../components/Tag';
import { EntityLink } from '../entities/EntityLink';
import { ledgerLabel, useLedgerCodes } from './ledgerCodes';

export const RulesTableRuleFragment = graphql(`
  fragment RulesTable_rule on ClassificationRule {
    id
    priority
    supplierId
    glAccountId
    costCenterId
    descriptionContains
    rawSupplierNameMatches
    sourceCategoryContains
    category {
      id
      code
      name
    }
    enabled
    version
    updatedAt
  }
`);

export type ClassificationRuleView = RulesTable_RuleFragment;

function Quoted({ text }: { text: string }) {
  return <q className="admin-quote">{text}</q>;
}

/** The rule's conditions as one sentence: "supplier is Acme and description contains “toner”". */
export function RuleConditions({ rule }: { rule: ClassificationRuleView }) {
  const { costCenters, glAccounts } = useLedgerCodes();
  const parts: React.JSX.Element[] = [];
  if (rule.supplierId)
    parts.push(
      <span key="supplier">
        supplier is{' '}
        <strong>
          <EntityLink kind="supplier" id={rule.supplierId}>
            <SupplierName id={rule.supplierId} />
          </EntityLink>
        </strong>
      </span>,
    );
  if (rule.glAccountId)
    parts.push(
      <span key="gl">
        GL account is <strong>{ledgerLabel(glAccounts, rule.glAccountId)}</strong>
      </span>,
    );
  if (rule.costCenterId)
    parts.push(
      <span key="cc">
        cost centre is <strong>{ledgerLabel(costCenters, rule.costCenterId)}</strong>
      </span>,
    );
  if (rule.descriptionContains)
    parts.push(
      <span key="description">
        description contains <Quoted text={rule.descriptionContains} />
      </span>,
    );
  if (rule.rawSupplierNameMatches)
    parts.push(
      <span key="raw">
        supplier name in the file contains <Quoted text={rule.rawSupplierNameMatches} />
      </span>,
    );
  if (rule.sourceCategoryContains)
    parts.push(
      <span key="source-category">
        category in the file contains <Quoted text={rule.sourceCategoryContains} />
      </span>,
    );
  if (parts.length === 0) return <span className="admin-sub">No condition</span>;
  return (
    <span>
      Lines whose{' '}
      {parts.map((part, index) => (
        <span key={part.key}>
          {index > 0 && ' and '}
          {part}
        </span>
      ))}
    </span>
  );
}

interface RulesTableProps {
  rules: readonly FragmentType<typeof RulesTableRuleFragment>[];
  editingId: string | null;
  busy: boolean;
  onEdit(rule: ClassificationRuleView): void;
  onDelete(rule: ClassificationRuleView): void;
}

/** Rules in the order they run: the first that matches a line wins. */
export function RulesTable(props: RulesTableProps) {
  const rules = props.rules.map((rule) => getFragmentData(RulesTableRuleFragment, rule));
  const { busy, onEdit, onDelete, editingId } = props;
  const columns = useMemo<TableColumn<ClassificationRuleView>[]>(
    () => [
      { id: 'priority', header: 'Priority', value: (rule) => rule.priority, meta: { numeric: true, className: 'numeric' } },
      { id: 'conditions', header: 'Conditions', cell: (rule) => <RuleConditions rule={rule} /> },
      {
        id: 'category',
        header: 'Category',
        cell: (rule) => (
          <>
            <EntityLink kind="category" id={rule.category.id}>
              {rule.category.name}
            </EntityLink>{' '}
            <span className="admin-sub admin-sub--inline">{rule.category.code}</span>
          </>
        ),
      },
      {
        id: 'enabled',
        header: 'Enabled',
        cell: (rule) => <Tag tone={rule.enabled ? 'success' : 'neutral'}>{rule.enabled ? 'Enabled' : 'Disabled'}</Tag>,
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { hideHeader: true },
        cell: (rule) => (
          <div className="row-actions">
            <Button size="small" disabled={busy} onClick={() => onEdit(rule)} aria-label={`Edit rule ${rule.priority}`}>
              Edit
            </Button>
            <Button
             
              size="small" variant="ghost"
              disabled={busy}
              onClick={() => onDelete(rule)}
              aria-label={`Delete rule ${rule.priority}`}
              data-testid="delete-rule-button"
            >
              Delete
            </Button>
          </div>
        ),
      },
    ],
    [busy, onEdit, onDelete],
  );
  return (
    <Table
      rows={rules}
      columns={columns}
      getRowId={(rule) => rule.id}
      scroll={{ framed: true }}
      testId="rules-table"
      rowProps={(rule) => ({ 'data-testid': 'rule-row', 'data-rule-id': rule.id, className: editingId === rule.id ? 'admin-row--editing' : undefined })}
    />
  );
}
