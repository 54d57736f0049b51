import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { describeApiError } from '../../apollo/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, EmptyText, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { useDismissMergeSuggestion, useMergeSuppliers, useUndoSupplierMerge } from '../../features/admin/adminMutations';
import { MergeHistoryTable } from '../../features/admin/MergeHistoryTable';
import { MergeSuggestionsTable, type MergeSuggestion } from '../../features/admin/MergeSuggestionsTable';
import { SupplierFamilyForm } from '../../features/admin/SupplierFamilyForm';
import { useSessionRole } from '../../features/session/SessionContext';
import { useSearchParams, withSearchParams } from '../../filters/useSearchParams';
import { formatCount, formatPercent } from '../../format/numbers';
import { graphql } from '../../gql';

const SupplierMergesPageQuery = graphql(`
  query SupplierMergesPage($minSimilarity: Float!) {
    supplierMergeSuggestions(limit: 50, minSimilarity: $minSimilarity) {
      ...MergeSuggestionsTable_suggestion
    }
    supplierMerges {
      id
      ...MergeHistoryTable_merge
    }
  }
`);

const thresholds = [0.6, 0.7, 0.8, 0.9, 0.95];
const DEFAULT_THRESHOLD = 0.8;

/** A link's threshold when it is one of those offered, else the default. */
function thresholdFromParam(value: string | null): number {
  const n = Number(value);
  return value !== null && thresholds.includes(n) ? n : DEFAULT_THRESHOLD;
}

/** `/admin/suppliers/merge`: likely duplicates, merge history with undo, supplier families. */
export function SupplierMergesPage() {
  const ids = useId();
  // The threshold is in the URL (`similarity`), so a link shows the same suggestions.
  const [params, setParams] = useSearchParams();
  const minSimilarity = thresholdFromParam(params.get('similarity'));
  const setMinSimilarity = (value: number) =>
    setParams((current) => withSearchParams(current, { similarity: value === DEFAULT_THRESHOLD ? null : String(value) }), { replace: true });
  const { data, previousData, loading, error, refetch } = useQuery(SupplierMergesPageQuery, {
    variables: { minSimilarity },
    fetchPolicy: 'cache-and-network',
  });
  const view = data ?? previousData;
  const role = useSessionRole();
  const [merge, mergeState] = useMergeSuppliers();
  const [undo, undoState] = useUndoSupplierMerge();
  const [dismiss, dismissState] = useDismissMergeSuggestion();
  const [pending, setPending] = useState<MergeSuggestion | null>(null);
  const [pendingUndo, setPendingUndo] = useState<{ id: string; label: string } | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const busy = mergeState.loading || undoState.loading || dismissState.loading;

  async function run(action: () => Promise<string>) {
    setMessage(null);
    try {
      setMessage({ tone: 'success', text: await action() });
    } catch (caught) {
      const info = describeApiError(caught);
      setMessage({ tone: 'error', text: info.requestId ? `${info.message} (request id ${info.requestId})` : info.message });
      // Show the suggestions as they are now (a supplier changed or merged meanwhile).
      void refetch();
    }
  }

  function confirmMerge() {
    const suggestion = pending;
    setPending(null);
    if (!suggestion) return;
    void run(async () => {
      // The versions as listed: a supplier changed since is a CONFLICT, and the list is read again.
      const result = await merge({
        variables: { sourceId: suggestion.merge.id, targetId: suggestion.keep.id, sourceVersion: suggestion.merge.version, targetVersion: suggestion.keep.version },
      });
      const moved = result.data?.mergeSuppliers;
      return `${suggestion.merge.name} was merged into ${suggestion.keep.name}; ${formatCount(moved?.linesMoved ?? null)} lines moved.`;
    });
  }

  function confirmUndo() {
    const target = pendingUndo;
    setPendingUndo(null);
    if (!target) return;
    void run(async () => {
      await undo({ variables: { id: target.id } });
      return `Undone: ${target.label}. The lines and aliases are back.`;
    });
  }

  return (
    <main className="page" data-testid="admin-merges-page">
      <PageHeader title="Supplier merges" description="Fold duplicate supplier records into one, undo a merge, and group suppliers into families." />

      {message && (
        <div className={`alert ${message.tone === 'error' ? 'alert--error' : 'alert--success'}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="merge-message">
          <Icon name={message.tone === 'error' ? 'alert' : 'admin'} size={16} />
          <span>{message.text}</span>
        </div>
      )}

      <section className="card admin-card" aria-labelledby={`${ids}-suggestions`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-suggestions`}>
              Likely duplicates
            </h2>
            <p className="card__subtitle">Pairs whose names are alike, most spend at stake first. Merging moves the lines and aliases; it can be undone.</p>
          </div>
          <div className="field admin-inline-field">
            <label className="field__label" htmlFor={`${ids}-threshold`}>
              Minimum similarity
            </label>
            <select
              id={`${ids}-threshold`}
              className="input input--select"
              value={minSimilarity}
              onChange={(event) => setMinSimilarity(Number(event.target.value))}
              data-testid="similarity-threshold"
            >
              {thresholds.map((threshold) => (
                <option key={threshold} value={threshold}>
                  {formatPercent(threshold)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {error && !view ? (
          <ErrorState error={error} title="The suggestions could not be loaded" onRetry={() => void refetch()} />
        ) : !view ? (
          <LoadingRows />
        ) : view.supplierMergeSuggestions.length === 0 ? (
          <EmptyState title="No likely duplicates" text={`No pair of suppliers is at least ${formatPercent(minSimilarity)} alike. Lower the threshold to see weaker matches.`} />
        ) : (
          <div aria-busy={loading}>
            <MergeSuggestionsTable
              suggestions={view.supplierMergeSuggestions}
              busy={busy}
              onMerge={setPending}
              onDismiss={(suggestion) =>
                void run(async () => {
                  await dismiss({ variables: { supplierA: suggestion.keep.id, supplierB: suggestion.merge.id } });
                  return `${suggestion.keep.name} and ${suggestion.merge.name} will not be suggested again.`;
                })
              }
            />
          </div>
        )}
      </section>

      <section className="card admin-card" aria-labelledby={`${ids}-history`}>
        <div className="card__header">
          <h2 className="card__title" id={`${ids}-history`}>
            Merge history
          </h2>
          <p className="card__subtitle">Newest first. Undo moves exactly the merged lines and aliases back.</p>
        </div>
        {error && !view ? null : !view ? (
          <LoadingRows />
        ) : view.supplierMerges.length === 0 ? (
          <EmptyText>No merges yet.</EmptyText>
        ) : (
          <MergeHistoryTable merges={view.supplierMerges} busy={busy} onUndo={(id, label) => setPendingUndo({ id, label })} />
        )}
      </section>

      {/* A family is the same in every category: an admin's, not a category manager's (docs/scope.md). */}
      {role === 'ADMIN' && (
        <section className="card admin-card" aria-labelledby={`${ids}-family`}>
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-family`}>
              Supplier family
            </h2>
            <p className="card__subtitle">Group subsidiaries under a parent so spend can be read by family.</p>
          </div>
          <SupplierFamilyForm />
        </section>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending ? `Merge ${pending.merge.name} into ${pending.keep.name}?` : 'Merge suppliers?'}
        confirmLabel="Merge"
        onConfirm={confirmMerge}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <>
            <p>
              <strong>{formatCount(pending.merge.spend.lineCount)}</strong> {pending.merge.spend.lineCount === 1 ? 'line' : 'lines'} and{' '}
              {formatCount(pending.merge.aliases.length)} {pending.merge.aliases.length === 1 ? 'alias' : 'aliases'} of <strong>{pending.merge.name}</strong> will move to{' '}
              <strong>{pending.keep.name}</strong>, and {pending.merge.name} will be marked as merged.
            </p>
            <p className="confirm-dialog__muted">You can undo this from the merge history.</p>
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={pendingUndo !== null}
        title="Undo this merge?"
        confirmLabel="Undo merge"
        onConfirm={confirmUndo}
        onCancel={() => setPendingUndo(null)}
      >
        <p>{pendingUndo?.label}: the merged lines and aliases move back and the supplier becomes active again.</p>
      </ConfirmDialog>
    </main>
  );
}

function LoadingRows() {
  return (
    <SkeletonRows count={4} />
  );
}
