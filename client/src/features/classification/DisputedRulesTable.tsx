import { useMemo } from 'react';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { DisputedRulesTable_DisputeFragment } from '../../gql/graphql';
import { RuleConditions, RulesTableRuleFragment } from '../admin/RulesTable';
import { EntityLink } from '../entities/EntityLink';
import { ConfidenceMeter } from './ConfidenceMeter';
import styles from './DisputedRulesTable.module.css';

export const DisputedRulesTableDisputeFragment = graphql(`
  fragment DisputedRulesTable_dispute on DisputedRule {
    rule {
      id
      ...RulesTable_rule
    }
    suggestedCategory {
      id
      code
      name
    }
    lines
    spend
    meanConfidence
    ruleLines
  }
`);

type Dispute = DisputedRulesTable_DisputeFragment;

/** Rules whose lines the classifier would file elsewhere with high confidence, largest spend first. */
export function DisputedRulesTable(props: { disputes: readonly FragmentType<typeof DisputedRulesTableDisputeFragment>[]; currency: string }) {
  const disputes = getFragmentData(DisputedRulesTableDisputeFragment, props.disputes);
  const { currency } = props;
  const columns = useMemo<TableColumn<Dispute>[]>(
    () => [
      {
        id: 'rule',
        header: 'Rule',
        cell: (dispute) => {
          const rule = getFragmentData(RulesTableRuleFragment, dispute.rule);
          return (
            <>
              <span className={styles.priority}>Rule {rule.priority}</span> <RuleConditions rule={rule} />
            </>
          );
        },
      },
      {
        id: 'categories',
        header: 'Rule’s category → classifier’s',
        cell: (dispute) => {
          const rule = getFragmentData(RulesTableRuleFragment, dispute.rule);
          return (
            <span className={styles.move}>
              <EntityLink kind="category" id={rule.category.id}>
                {rule.category.name}
              </EntityLink>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden">, the classifier prefers </span>
              <EntityLink kind="category" id={dispute.suggestedCategory.id}>
                {dispute.suggestedCategory.name}
              </EntityLink>
            </span>
          );
        },
      },
      {
        id: 'lines',
        header: 'Lines disputed',
        value: (dispute) => dispute.lines,
        meta: { numeric: true },
        cell: (dispute) => (
          <>
            {formatCount(dispute.lines)}
            <span className="admin-sub">of {formatCount(dispute.ruleLines)}</span>
          </>
        ),
      },
      { id: 'spend', header: `Spend (${currency})`, value: (dispute) => dispute.spend, meta: { numeric: true, format: (value) => formatMoney(value, currency) } },
      { id: 'confidence', header: 'Mean confidence', meta: { numeric: true }, cell: (dispute) => <ConfidenceMeter value={dispute.meanConfidence} /> },
    ],
    [currency],
  );
  return (
    <Table
      rows={disputes}
      columns={columns}
      getRowId={(dispute) => `${getFragmentData(RulesTableRuleFragment, dispute.rule).id}:${dispute.suggestedCategory.id}`}
      label="Disputed rules"
      scroll={{ framed: true }}
      testId="disputed-rules"
      rowProps={() => ({ 'data-testid': 'disputed-rule' })}
    />
  );
}
