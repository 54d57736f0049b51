import { useMemo } from 'react';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { formatCount, formatMoney, formatPercent } from '../../format/numbers';
import { useSettings } from '../settings/useSettings';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { MergeSuggestionsTable_SuggestionFragment } from '../../gql/graphql';
import { Button } from '../../components/Button';
import { EntityLink } from '../entities/EntityLink';

export const MergeSuggestionsTableSuggestionFragment = graphql(`
  fragment MergeSuggestionsTable_suggestion on SupplierMergeSuggestion {
    keep {
      id
      name
      version
      spend {
        lineCount
      }
    }
    merge {
      id
      name
      version
      aliases
      spend {
        lineCount
      }
    }
    similarity
    spendAtStake
  }
`);

export type MergeSuggestion = MergeSuggestionsTable_SuggestionFragment;

interface MergeSuggestionsTableProps {
  suggestions: readonly FragmentType<typeof MergeSuggestionsTableSuggestionFragment>[];
  busy: boolean;
  onMerge(suggestion: MergeSuggestion): void;
  onDismiss(suggestion: MergeSuggestion): void;
}

function SupplierCell({ supplier }: { supplier: { id: string; name: string; spend: { lineCount: number } } }) {
  return (
    <>
      <span className="cell-text">
        <EntityLink kind="supplier" id={supplier.id}>
          {supplier.name}
        </EntityLink>
      </span>
      <span className="admin-sub">{formatCount(supplier.spend.lineCount)} lines</span>
    </>
  );
}

/** Pairs of suppliers that are probably one company, most spend at stake first; similarity and spend sort. */
export function MergeSuggestionsTable(props: MergeSuggestionsTableProps) {
  const suggestions = props.suggestions.map((suggestion) => getFragmentData(MergeSuggestionsTableSuggestionFragment, suggestion));
  const { reportingCurrency } = useSettings();
  const { busy, onMerge, onDismiss } = props;
  const columns = useMemo<TableColumn<MergeSuggestion>[]>(
    () => [
      { id: 'keep', header: 'Keep', cell: (suggestion) => <SupplierCell supplier={suggestion.keep} /> },
      { id: 'merge', header: 'Merge', cell: (suggestion) => <SupplierCell supplier={suggestion.merge} /> },
      {
        id: 'similarity',
        header: 'Similarity',
        value: (suggestion) => suggestion.similarity,
        meta: { numeric: true, sortable: true, sortDescFirst: true, format: formatPercent, className: 'numeric' },
      },
      {
        id: 'spendAtStake',
        header: 'Spend at stake',
        value: (suggestion) => suggestion.spendAtStake,
        meta: { numeric: true, sortable: true, sortDescFirst: true, format: (value) => formatMoney(value, reportingCurrency), className: 'numeric' },
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { hideHeader: true },
        cell: (suggestion) => (
          <div className="row-actions">
            {/* The row names both suppliers; the button says what it does with them in full to assistive technology and on hover. */}
            <Button
              size="small" variant="primary"
              disabled={busy}
              onClick={() => onMerge(suggestion)}
              title={`Merge ${suggestion.merge.name} into ${suggestion.keep.name}`}
              aria-label={`Merge ${suggestion.merge.name} into ${suggestion.keep.name}`}
              data-testid="merge-button"
            >
              Merge
            </Button>
            <Button size="small" variant="ghost" disabled={busy} onClick={() => onDismiss(suggestion)} data-testid="dismiss-button">
              Not duplicates
            </Button>
          </div>
        ),
      },
    ],
    [busy, onMerge, onDismiss, reportingCurrency],
  );
  return (
    <Table
      rows={suggestions}
      columns={columns}
      getRowId={(suggestion) => `${suggestion.keep.id}-${suggestion.merge.id}`}
      stickyHead
      className="admin-merge-table"
      scroll={{ className: 'admin-scroll', label: 'Likely duplicates' }}
      testId="merge-suggestions"
      rowProps={() => ({ 'data-testid': 'merge-suggestion' })}
    />
  );
}
