import { skipToken, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterBar } from '../../components/FilterBar';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { pageFromParams, pageToParams } from '../../components/pager';
import { EmptyState, EmptyText, ErrorState, SkeletonRows } from '../../components/StatusViews';
import {
  ClassificationActionsQuery,
  ClassificationCoverageQuery,
  ClassificationReviewGroupsQuery,
  ClassifierStatusQuery,
  DisputedRulesQuery,
  ReviewImportBatchesQuery,
  useAcceptSuggestions,
  useAcceptSuggestionsAsRules,
  useRejectSuggestions,
  useUndoClassificationAction,
} from '../../features/classification/classificationDocuments';
import { ClassifierStatusCard, ClassifierStatusCardStatusFragment } from '../../features/classification/ClassifierStatusCard';
import { bandFromParam, confidenceBands, suggestionFilter } from '../../features/classification/confidence';
import { CoverageBar } from '../../features/classification/CoverageBar';
import { DecisionsTable, decisionKindLabels, type Decision } from '../../features/classification/DecisionsTable';
import { DisputedRulesTable } from '../../features/classification/DisputedRulesTable';
import { GroupLinesTable } from '../../features/classification/GroupLinesTable';
import { groupKey, SuggestionGroupsTable, SuggestionGroupsTableGroupFragment, type SuggestionGroup } from '../../features/classification/SuggestionGroupsTable';
import { useSessionRole } from '../../features/session/SessionContext';
import { useSettings } from '../../features/settings/useSettings';
import { hasActiveFilters } from '../../filters/spendFilter';
import { useSearchParams, withSearchParams } from '../../filters/useSearchParams';
import { useSpendFilter } from '../../filters/useSpendFilter';
import { formatCount, formatCountOf, formatDate, formatMoney } from '../../format/numbers';
import { getFragmentData } from '../../gql';
import type { ClassificationDecisionInput } from '../../gql/graphql';
import styles from './ClassificationReviewPage.module.css';

const GROUP_PAGE = 25;
const DECISION_PAGE = 10;

type DecisionKind = 'accept' | 'rule' | 'reject';

interface Message {
  tone: 'success' | 'error';
  text: string;
  /** The decision the notice reports, while it can still be undone from there. */
  undoId?: string;
  /** The notice takes focus when it appears (after a decision or an undo, not a setting's change). */
  takeFocus?: boolean;
}

function errorText(error: unknown): string {
  const info = describeApiError(error);
  return info.requestId ? `${info.message} (request id ${info.requestId})` : info.message;
}

/** What a decision did, in one sentence. */
function decidedText(kind: DecisionKind, lines: number, scope: string): string {
  const count = formatCountOf(lines, 'line', 'lines');
  if (kind === 'accept') return `${count} ${scope} classified.`;
  if (kind === 'rule') return `${count} ${scope} classified by new supplier rules.`;
  return `Suggestions for ${count} ${scope} rejected: the classifier will not suggest those categories for them again.`;
}

/** `/admin/classification/review`: the classifier's suggestions for unclassified lines, grouped, to accept or reject. */
export function ClassificationReviewPage() {
  const ids = useId();
  const role = useSessionRole();
  const isAdmin = role === 'ADMIN';
  const { reportingCurrency, pageMax } = useSettings();
  const filterState = useSpendFilter({ defaultPeriod: 'all', currencyChoice: false });
  const { filter } = filterState;
  const [params, setParams] = useSearchParams();
  const band = bandFromParam(params.get('conf'));
  const batchId = params.get('batch') || null;
  const page = pageFromParams(params, GROUP_PAGE, pageMax);
  const decisionsPage = pageFromParams(params, DECISION_PAGE, pageMax, 'd');
  const openKey = params.get('lines');
  const suggestions = useMemo(() => suggestionFilter(band, batchId), [band, batchId]);
  const groupVariables = filter ? { filter, minConfidence: band.minConfidence, suggestions, page: { offset: page.offset, limit: page.limit } } : null;

  const groupsResult = useQuery(ClassificationReviewGroupsQuery, groupVariables ? { variables: groupVariables, fetchPolicy: 'cache-and-network' } : skipToken);
  const coverageResult = useQuery(ClassificationCoverageQuery, filter ? { variables: { filter }, fetchPolicy: 'cache-and-network' } : skipToken);
  // While a retrain runs its status is read again every few seconds, until the new version is live.
  const [polling, setPolling] = useState(false);
  const statusResult = useQuery(ClassifierStatusQuery, { fetchPolicy: 'cache-and-network', pollInterval: polling ? 3000 : 0 });
  const actionsResult = useQuery(ClassificationActionsQuery, { variables: { page: { offset: decisionsPage.offset, limit: decisionsPage.limit } }, fetchPolicy: 'cache-and-network' });
  const disputedResult = useQuery(DisputedRulesQuery, { fetchPolicy: 'cache-and-network' });
  const batchesResult = useQuery(ReviewImportBatchesQuery);

  const groupsView = (groupsResult.data ?? groupsResult.previousData)?.classificationSuggestionGroups;
  const groups = useMemo(() => getFragmentData(SuggestionGroupsTableGroupFragment, groupsView?.nodes ?? []), [groupsView]);
  const coverage = (coverageResult.data ?? coverageResult.previousData)?.classificationCoverage;
  const statusRef = (statusResult.data ?? statusResult.previousData)?.classifierStatus;
  const actions = (actionsResult.data ?? actionsResult.previousData)?.classificationActions;
  const disputes = (disputedResult.data ?? disputedResult.previousData)?.disputedRules;
  const status = statusRef ? getFragmentData(ClassifierStatusCardStatusFragment, statusRef) : null;
  // Adjusted while rendering, as React recommends over an effect: poll exactly while it trains.
  if (Boolean(status?.training) !== polling) setPolling(Boolean(status?.training));

  // Ticked groups belong to the page they were ticked on: another filter or page starts with none.
  const selectionScope = JSON.stringify(groupVariables);
  const [selection, setSelection] = useState<{ scope: string; keys: ReadonlySet<string> }>({ scope: '', keys: new Set() });
  const selected = selection.scope === selectionScope ? selection.keys : new Set<string>();
  const selectedGroups = groups.filter((group) => selected.has(groupKey(group)));
  const selectedLines = selectedGroups.reduce((sum, group) => sum + group.lines, 0);

  const [accept, acceptState] = useAcceptSuggestions();
  const [acceptAsRules, rulesState] = useAcceptSuggestionsAsRules();
  const [reject, rejectState] = useRejectSuggestions();
  const [undo, undoState] = useUndoClassificationAction();
  const busy = acceptState.loading || rulesState.loading || rejectState.loading || undoState.loading;
  const [pending, setPending] = useState<DecisionKind | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [undoing, setUndoing] = useState<Decision | null>(null);
  const undoButtonRef = useRef<HTMLButtonElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  const toggle = useCallback(
    (key: string) =>
      setSelection((current) => {
        const keys = new Set(current.scope === selectionScope ? current.keys : []);
        if (keys.has(key)) keys.delete(key);
        else keys.add(key);
        return { scope: selectionScope, keys };
      }),
    [selectionScope],
  );
  const toggleAll = useCallback((on: boolean) => setSelection({ scope: selectionScope, keys: new Set(on ? groups.map(groupKey) : []) }), [selectionScope, groups]);

  const setView = useCallback(
    (changes: Record<string, string | null>) => setParams((current) => withSearchParams(current, changes), { replace: true }),
    [setParams],
  );
  const showLines = useCallback((group: SuggestionGroup) => setView({ lines: openKey === groupKey(group) ? null : groupKey(group) }), [openKey, setView]);

  /** Shows what a decision did and hands focus to its Undo, or to the notice when there is none. */
  function report(next: Message) {
    setMessage({ ...next, takeFocus: true });
  }
  // Once the notice is drawn: the control that had focus (a decision's button, an Undo) may be gone.
  useEffect(() => {
    if (message?.takeFocus) (message.undoId ? undoButtonRef.current : messageRef.current)?.focus();
  }, [message]);

  async function decide(kind: DecisionKind, input: ClassificationDecisionInput, scope: string): Promise<boolean> {
    setPending(kind);
    setMessage(null);
    try {
      const action =
        kind === 'accept'
          ? (await accept({ variables: { input } })).data?.acceptClassificationSuggestions
          : kind === 'rule'
            ? (await acceptAsRules({ variables: { input } })).data?.acceptClassificationSuggestionsAsRules
            : (await reject({ variables: { input } })).data?.rejectClassificationSuggestions;
      report({ tone: 'success', text: decidedText(kind, action?.lines ?? 0, scope), undoId: action?.id });
      return true;
    } catch (caught) {
      report({ tone: 'error', text: errorText(caught) });
      void groupsResult.refetch();
      return false;
    } finally {
      setPending(null);
    }
  }

  async function decideGroups(kind: DecisionKind) {
    if (busy || !filter || selectedGroups.length === 0) return;
    const input: ClassificationDecisionInput = {
      groups: selectedGroups.map((group) => ({ supplierId: group.supplierId, categoryId: group.category.id })),
      filter,
      // The same suggestions the table shows: the band's lower bound travels in the suggestion filter.
      suggestions: { ...suggestions, ...(band.minConfidence !== null ? { minConfidence: band.minConfidence } : {}) },
    };
    const scope = selectedGroups.length === 1 ? `of ${selectedGroups[0].supplierName}` : `in ${formatCount(selectedGroups.length)} groups`;
    if (await decide(kind, input, scope)) setSelection({ scope: '', keys: new Set() });
  }

  async function runUndo(id: string) {
    setMessage(null);
    try {
      const result = await undo({ variables: { id } });
      const action = result.data?.undoClassificationAction;
      const restored = action?.restoredLines ?? 0;
      const all = action && restored >= action.lines;
      report({
        tone: 'success',
        text: all
          ? `Undone: ${formatCountOf(restored, 'line is', 'lines are')} back as they were.`
          : `Undone: ${formatCountOf(restored, 'line is', 'lines are')} back as they were; the other ${formatCount((action?.lines ?? 0) - restored)} were changed since and keep their category.`,
      });
    } catch (caught) {
      report({ tone: 'error', text: `The undo failed: ${errorText(caught)}` });
    }
  }

  const openGroup = groups.find((group) => groupKey(group) === openKey) ?? null;
  const filtered = band.id !== 'all' || batchId !== null || hasActiveFilters(filterState.params);
  const batches = batchesResult.data?.classificationSuggestionBatches ?? [];
  const groupsError = groupsResult.error ?? filterState.error;
  const untrained = status !== null && status.version === null;

  return (
    <main className="page" data-testid="classification-review-page">
      <PageHeader title="Classification review" description="The classifier’s suggestions for unclassified lines, grouped by supplier and category: accept them, make rules of them, or reject them." />
      <FilterBar state={filterState} />

      {message && (
        <div
          ref={messageRef}
          tabIndex={-1}
          className={`alert ${message.tone === 'error' ? 'alert--error' : 'alert--success'} ${styles.message}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
          data-testid="review-message"
        >
          <Icon name={message.tone === 'error' ? 'alert' : 'admin'} size={16} />
          <span className={styles.messageText}>{message.text}</span>
          {message.undoId && (
            <Button ref={undoButtonRef} size="small" busy={undoState.loading} busyLabel="Undoing…" onClick={() => void runUndo(message.undoId!)} data-testid="review-undo">
              Undo
            </Button>
          )}
        </div>
      )}

      <div className={styles.top}>
        <section className="card admin-card" aria-labelledby={`${ids}-coverage`}>
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-coverage`}>
              Coverage
            </h2>
            <p className="card__subtitle">Spend under the filter by how its lines got their category.</p>
          </div>
          {coverageResult.error && !coverage ? (
            <ErrorState error={coverageResult.error} title="The coverage could not be loaded" onRetry={() => void coverageResult.refetch()} />
          ) : !coverage ? (
            <SkeletonRows count={3} />
          ) : (
            <div aria-busy={coverageResult.loading}>
              <CoverageBar coverage={coverage} />
            </div>
          )}
        </section>

        <section className="card admin-card" aria-labelledby={`${ids}-classifier`} data-testid="classifier-status">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-classifier`}>
              Classifier
            </h2>
            <p className="card__subtitle">Learns from lines a person, a rule or the file classified; retrained after imports, rule runs and decisions.</p>
          </div>
          {statusResult.error && !statusRef ? (
            <ErrorState error={statusResult.error} title="The classifier’s status could not be loaded" onRetry={() => void statusResult.refetch()} />
          ) : !statusRef ? (
            <SkeletonRows count={3} />
          ) : (
            <ClassifierStatusCard status={statusRef} canManage={isAdmin} onMessage={setMessage} />
          )}
        </section>
      </div>

      <section className="card admin-card" aria-labelledby={`${ids}-groups`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-groups`}>
              Suggestions
            </h2>
            <p className="card__subtitle" data-testid="groups-summary">
              {groupsView
                ? `${formatCountOf(groupsView.totalCount, 'group', 'groups')} · ${formatCountOf(groupsView.totalLines, 'line', 'lines')} · ${formatMoney(groupsView.totalAmount, groupsView.currency)}, largest spend first`
                : 'Suppliers and the category the classifier suggests for their unclassified lines, largest spend first.'}
            </p>
          </div>
        </div>

        <div className={styles.filters}>
          <div className={styles.filter}>
            <span className="field__label" id={`${ids}-band`}>
              Confidence
            </span>
            <div className="segmented" role="group" aria-labelledby={`${ids}-band`}>
              {confidenceBands.map((option) => (
                <button
                  key={option.id}
                  type="button"
                  className="segmented__item"
                  aria-pressed={band.id === option.id}
                  onClick={() => setView({ conf: option.id === 'all' ? null : option.id, offset: null, lines: null })}
                  data-testid={`band-${option.id}`}
                >
                  {option.label}
                </button>
              ))}
            </div>
          </div>
          {batches.length > 0 || batchId === null ? (
            <div className={`field ${styles.filter}`}>
              <label className="field__label" htmlFor={`${ids}-batch`}>
                Import batch
              </label>
              <select
                id={`${ids}-batch`}
                className={`input input--select ${styles.batch}`}
                value={batchId ?? ''}
                onChange={(event) => setView({ batch: event.target.value || null, offset: null, lines: null })}
                data-testid="batch-filter"
              >
                <option value="">All batches</option>
                {batchId && !batches.some((batch) => batch.id === batchId) && <option value={batchId}>Batch #{batchId}</option>}
                {batches.map((batch) => (
                  <option key={batch.id} value={batch.id}>
                    {batch.fileName} · {batch.sourceName}
                    {batch.committedAt ? ` · ${formatDate(batch.committedAt.slice(0, 10))}` : ''} · {formatCount(batch.lines)} to review
                  </option>
                ))}
              </select>
            </div>
          ) : (
            batchId && (
              <p className={styles.filter}>
                Lines of import batch #{batchId}{' '}
                <Button size="small" variant="ghost" onClick={() => setView({ batch: null, offset: null, lines: null })}>
                  All batches
                </Button>
              </p>
            )
          )}
        </div>

        <div className={styles.actions} role="group" aria-label="Act on the selected groups" data-testid="group-actions">
          <span className={styles.selectionText} aria-live="polite" data-testid="selection-summary">
            {selectedGroups.length
              ? `${formatCountOf(selectedGroups.length, 'group', 'groups')} selected · ${formatCountOf(selectedLines, 'line', 'lines')}`
              : 'Select groups to act on them'}
          </span>
          {(
            [
              { kind: 'accept', label: 'Accept', busyLabel: 'Accepting…', variant: 'primary', testId: 'accept-groups' },
              { kind: 'rule', label: 'Accept and make a rule', busyLabel: 'Making rules…', variant: 'secondary', testId: 'accept-groups-rule' },
              { kind: 'reject', label: 'Reject', busyLabel: 'Rejecting…', variant: 'secondary', testId: 'reject-groups' },
            ] as const
          ).map((action) => (
            <Button
              key={action.kind}
              size="small"
              variant={action.variant}
              // Focusable while unavailable, so focus never falls to the page while a decision saves.
              aria-disabled={busy || selectedGroups.length === 0 || undefined}
              aria-busy={pending === action.kind || undefined}
              title={action.kind === 'rule' ? 'Accept, and make a supplier → category rule of each group so its future lines are filed too' : undefined}
              onClick={() => void decideGroups(action.kind)}
              data-testid={action.testId}
            >
              {pending === action.kind ? action.busyLabel : action.label}
            </Button>
          ))}
        </div>

        {groupsError && !groupsView ? (
          <ErrorState error={groupsError} title="The suggestions could not be loaded" onRetry={() => void groupsResult.refetch()} />
        ) : !groupsView ? (
          <SkeletonRows count={6} />
        ) : groupsView.totalCount === 0 ? (
          untrained ? (
            <EmptyState title="The classifier has not been trained yet" text="It learns from classified lines; suggestions appear once it has been trained." />
          ) : filtered ? (
            <EmptyState
              title="No suggestions under this filter"
              text="Try another confidence band, import batch or period, or fewer business units, categories and suppliers."
              action={
                <Button
                  onClick={() => {
                    setView({ conf: null, batch: null, offset: null, lines: null });
                    filterState.clear();
                  }}
                >
                  Show every suggestion
                </Button>
              }
            />
          ) : (
            <EmptyState title="Nothing to review" text="Every line the classifier could score is classified." />
          )
        ) : (
          <div className={styles.groups} aria-busy={groupsResult.loading}>
            <SuggestionGroupsTable
              groups={groupsView.nodes}
              currency={groupsView.currency}
              selected={selected}
              busy={busy}
              onToggle={toggle}
              onToggleAll={toggleAll}
              openKey={openKey}
              onShowLines={showLines}
              linesPanelId={`${ids}-lines`}
            />
            {openGroup && filter && (
              <section className={styles.lines} id={`${ids}-lines`} aria-labelledby={`${ids}-lines-title`} data-testid="group-lines-panel">
                <div className={styles.linesHeader}>
                  <h3 className={styles.linesTitle} id={`${ids}-lines-title`}>
                    Lines of {openGroup.supplierName} suggested for {openGroup.category.name}
                  </h3>
                  <Button size="small" variant="ghost" onClick={() => setView({ lines: null })}>
                    Close
                  </Button>
                </div>
                <GroupLinesTable
                  key={openKey}
                  group={openGroup}
                  filter={filter}
                  minConfidence={band.minConfidence}
                  suggestions={suggestions}
                  currency={groupsView.currency}
                  busy={busy}
                  onDecide={(kind, lineIds) => decide(kind, { lineIds }, `of ${openGroup.supplierName}`)}
                />
              </section>
            )}
            <Pager
              offset={page.offset}
              limit={page.limit}
              totalCount={groupsView.totalCount}
              maxLimit={pageMax}
              onChange={(next) => setView({ ...pageToParams(next, GROUP_PAGE), lines: null })}
              label="Suggestion pages"
              testId="groups-pager"
            />
          </div>
        )}
      </section>

      <section className="card admin-card" aria-labelledby={`${ids}-decisions`}>
        <div className="card__header">
          <h2 className="card__title" id={`${ids}-decisions`}>
            Recent decisions
          </h2>
          <p className="card__subtitle">Newest first. Undo puts a decision’s lines back as they were, where nobody has changed them since; rules it made are deleted.</p>
        </div>
        {actionsResult.error && !actions ? (
          <ErrorState error={actionsResult.error} title="The decisions could not be loaded" onRetry={() => void actionsResult.refetch()} />
        ) : !actions ? (
          <SkeletonRows count={3} />
        ) : actions.totalCount === 0 ? (
          <EmptyText testId="decisions-empty">No decisions yet.</EmptyText>
        ) : (
          <div className={styles.groups} aria-busy={actionsResult.loading}>
            <DecisionsTable actions={actions.nodes} currency={reportingCurrency} busy={busy} onUndo={setUndoing} />
            {actions.totalCount > decisionsPage.limit && (
              <Pager
                offset={decisionsPage.offset}
                limit={decisionsPage.limit}
                totalCount={actions.totalCount}
                maxLimit={pageMax}
                onChange={(next) => {
                  const window = pageToParams(next, DECISION_PAGE);
                  setView({ doffset: window.offset, dlimit: window.limit });
                }}
                label="Decision pages"
              />
            )}
          </div>
        )}
      </section>

      <section className="card admin-card" aria-labelledby={`${ids}-disputed`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-disputed`}>
              Disputed rules
            </h2>
            <p className="card__subtitle">Rules whose lines the classifier would file elsewhere, at 90% confidence or more: a rule may be too broad, or the taxonomy may have moved.</p>
          </div>
          <Link className="table-link" to="/admin/classification" data-testid="rules-link">
            Open the rules
          </Link>
        </div>
        {disputedResult.error && !disputes ? (
          <ErrorState error={disputedResult.error} title="The disputed rules could not be loaded" onRetry={() => void disputedResult.refetch()} />
        ) : !disputes ? (
          <SkeletonRows count={2} />
        ) : disputes.length === 0 ? (
          <EmptyText testId="disputed-empty">The classifier agrees with every rule.</EmptyText>
        ) : (
          <div aria-busy={disputedResult.loading}>
            <DisputedRulesTable disputes={disputes} currency={reportingCurrency} />
          </div>
        )}
      </section>

      <ConfirmDialog
        open={undoing !== null}
        title="Undo this decision?"
        confirmLabel="Undo decision"
        onConfirm={() => {
          const target = undoing;
          setUndoing(null);
          if (target) void runUndo(target.id);
        }}
        onCancel={() => setUndoing(null)}
      >
        {undoing && (
          <p>
            {decisionKindLabels[undoing.kind]}: {formatCountOf(undoing.lines, 'line', 'lines')} ({formatMoney(undoing.spend, reportingCurrency)}) on {formatDate(undoing.createdAt.slice(0, 10))}. Lines nobody changed since go back to what they were
            {undoing.ruleIds.length ? ', and the rules it made are deleted' : ''}.
          </p>
        )}
      </ConfirmDialog>
    </main>
  );
}
