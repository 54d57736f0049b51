import { formatCount, formatMoney, formatPercent } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { MergeSuggestionsTable_SuggestionFragment } from '../../gql/graphql';
import { Button } from '../../components/Button';

export const MergeSuggestionsTableSuggestionFragment = graphql(`
  fragment MergeSuggestionsTable_suggestion on SupplierMergeSuggestion {
    keep {
      id
      name
      spend {
        lineCount
      }
    }
    merge {
      id
      name
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
  reportingCurrency: string;
  busy: boolean;
  onMerge(suggestion: MergeSuggestion): void;
  onDismiss(suggestion: MergeSuggestion): void;
}

/** Pairs of suppliers that are probably one company, most spend at stake first. */
export function MergeSuggestionsTable(props: MergeSuggestionsTableProps) {
  const suggestions = props.suggestions.map((suggestion) => getFragmentData(MergeSuggestionsTableSuggestionFragment, suggestion));
  return (
    <div className="admin-scroll" tabIndex={0} role="region" aria-label="Likely duplicates">
      <table className="reports-table admin-sticky-head admin-merge-table" data-testid="merge-suggestions">
        <thead>
          <tr>
            <th scope="col">Keep</th>
            <th scope="col">Merge</th>
            <th scope="col" className="numeric">
              Similarity
            </th>
            <th scope="col" className="numeric">
              Spend at stake
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {suggestions.map((suggestion) => (
            <tr key={`${suggestion.keep.id}-${suggestion.merge.id}`} data-testid="merge-suggestion">
              <td>
                <span className="cell-text">{suggestion.keep.name}</span>
                <span className="admin-sub">{formatCount(suggestion.keep.spend.lineCount)} lines</span>
              </td>
              <td>
                <span className="cell-text">{suggestion.merge.name}</span>
                <span className="admin-sub">{formatCount(suggestion.merge.spend.lineCount)} lines</span>
              </td>
              <td className="numeric">{formatPercent(suggestion.similarity)}</td>
              <td className="numeric">{formatMoney(suggestion.spendAtStake, props.reportingCurrency)}</td>
              <td>
                <div className="row-actions">
                  <Button
                    variant="primary"
                    size="small"
                    className="admin-merge-button"
                    disabled={props.busy}
                    onClick={() => props.onMerge(suggestion)}
                    title={`Merge ${suggestion.merge.name} into ${suggestion.keep.name}`}
                    data-testid="merge-button"
                  >
                    <span className="admin-ellipsis">Merge into {suggestion.keep.name}</span>
                  </Button>
                  <Button variant="ghost" size="small" disabled={props.busy} onClick={() => props.onDismiss(suggestion)} data-testid="dismiss-button">
                    Not duplicates
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
