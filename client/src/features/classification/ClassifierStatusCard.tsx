import { skipToken, useQuery } from '@apollo/client/react';
import { useId, useRef, useState } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Hint } from '../../components/Hint';
import { Spinner } from '../../components/StatusViews';
import { Tag } from '../../components/Tag';
import { formatCount, formatDateTime, formatMoney, formatPercent } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { ClassificationReviewGroupsQuery, useRetrainClassifier, useSetAutoClassify } from './classificationDocuments';
import styles from './ClassifierStatusCard.module.css';

export const ClassifierStatusCardStatusFragment = graphql(`
  fragment ClassifierStatusCard_status on ClassifierStatus {
    version
    trainedAt
    method
    trainingLines
    categories
    crossValidatedAccuracy
    scoredLines
    training
    lastError
    autoClassify
    autoClassifyThreshold
    defaultThreshold
  }
`);

/** A threshold typed as a percentage, 50 to 100, as the fraction the API takes; null when it is not one. */
export function parseThreshold(text: string): number | null {
  const value = Number(text.trim().replace(/%$/, ''));
  if (!text.trim() || !Number.isFinite(value) || value < 50 || value > 100) return null;
  return Math.round(value * 10) / 1000;
}

function percentText(fraction: number): string {
  return String(Math.round(fraction * 1000) / 10);
}

interface ClassifierStatusCardProps {
  status: FragmentType<typeof ClassifierStatusCardStatusFragment>;
  /** Retraining and auto-classify are an admin's. */
  canManage: boolean;
  /** Says what a retrain or a change of the setting did, in the screen's notice. */
  onMessage(message: { tone: 'success' | 'error'; text: string }): void;
}

/** The live model: which version, trained on what, how accurate; for an admin, retraining and auto-classify. */
export function ClassifierStatusCard(props: ClassifierStatusCardProps) {
  const status = getFragmentData(ClassifierStatusCardStatusFragment, props.status);
  const ids = useId();
  const { onMessage, canManage } = props;
  const [retrain, retrainState] = useRetrainClassifier();
  const [setAuto, autoState] = useSetAutoClassify();
  const [thresholdText, setThresholdText] = useState(() => percentText(status.autoClassifyThreshold));
  const [thresholdTouched, setThresholdTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const switchRef = useRef<HTMLInputElement>(null);
  const threshold = parseThreshold(thresholdText);
  const thresholdInvalid = threshold === null && thresholdTouched;
  const thresholdChanged = threshold !== null && Math.abs(threshold - status.autoClassifyThreshold) > 1e-9;
  // What turning auto-classify on would file now: the suggestions at or above the threshold.
  const atThreshold = useQuery(ClassificationReviewGroupsQuery, confirming && threshold !== null ? { variables: { minConfidence: threshold, page: { limit: 1 } } } : skipToken);
  const wouldFile = atThreshold.data?.classificationSuggestionGroups;

  async function runRetrain() {
    try {
      const result = await retrain();
      const next = result.data ? getFragmentData(ClassifierStatusCardStatusFragment, result.data.retrainClassifier) : null;
      onMessage({ tone: 'success', text: next?.version ? `Version ${next.version} of the classifier is live, trained on ${formatCount(next.trainingLines)} lines.` : 'The classifier was retrained.' });
    } catch (caught) {
      onMessage({ tone: 'error', text: `Retraining failed: ${describeApiError(caught).message}` });
    }
  }

  async function saveAuto(enabled: boolean) {
    if (threshold === null) {
      setThresholdTouched(true);
      return;
    }
    try {
      await setAuto({ variables: { enabled, threshold } });
      onMessage({
        tone: 'success',
        text: enabled ? `Auto-classify is on: lines the classifier is at least ${formatPercent(threshold)} sure of are filed automatically.` : 'Auto-classify is off: suggestions wait for a person.',
      });
    } catch (caught) {
      onMessage({ tone: 'error', text: `The setting was not saved: ${describeApiError(caught).message}` });
    }
  }

  const facts: { label: string; value: React.ReactNode; testId: string }[] = [
    { label: 'Version', value: status.version ?? 'Not trained yet', testId: 'classifier-version' },
    { label: 'Trained', value: status.trainedAt ? formatDateTime(status.trainedAt) : '—', testId: 'classifier-trained-at' },
    { label: 'Learned from', value: `${formatCount(status.trainingLines)} lines, ${formatCount(status.categories)} categories`, testId: 'classifier-training' },
    {
      label: 'Accuracy',
      value: status.crossValidatedAccuracy === null || status.crossValidatedAccuracy === undefined ? 'Too little to measure' : formatPercent(status.crossValidatedAccuracy),
      testId: 'classifier-accuracy',
    },
    { label: 'Lines scored', value: formatCount(status.scoredLines), testId: 'classifier-scored' },
  ];

  return (
    <div className={canManage ? `${styles.root} ${styles.withSettings}` : styles.root}>
      <div className={styles.model}>
        <dl className={styles.facts}>
          {facts.map((fact) => (
            <div key={fact.testId} className={styles.fact}>
              <dt>{fact.label}</dt>
              <dd data-testid={fact.testId}>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>
          {status.method && <>Method: {status.method}. </>}Accuracy is cross-validated on this organisation’s classified lines: the share the model files in the category a person, a rule or the file gave.
        </p>
        <div className={styles.state} aria-live="polite" data-testid="classifier-training-state">
          {status.training || retrainState.loading ? (
            <Tag tone="accent">
              <span className={styles.inline}>
                <Spinner size="small" /> Retraining…
              </span>
            </Tag>
          ) : status.lastError ? (
            <Tag tone="danger">Last training failed: {status.lastError}</Tag>
          ) : (
            <Tag tone="success">Up to date</Tag>
          )}
          {canManage && (
            // Not disabled while it trains (focus would fall to the page): it says so and ignores presses.
            <Button
              size="small"
              className={styles.soft}
              aria-disabled={retrainState.loading || status.training || undefined}
              onClick={() => {
                if (!retrainState.loading && !status.training) void runRetrain();
              }}
              data-testid="retrain-classifier"
            >
              Retrain now
            </Button>
          )}
        </div>
      </div>

      {canManage && (
        <fieldset className={styles.auto}>
          <legend className={styles.autoLegend}>Auto-classify</legend>
          <p className={styles.note} id={`${ids}-explain`}>
            When it is on, every unclassified line the classifier is at least as sure of as the threshold is filed in its suggested category at once, and so are new lines as they are imported; people and rules can still change them, and each run can be undone below.
          </p>
          <div className={styles.autoRow}>
            <label className="check-row check-row--inline">
              <input
                ref={switchRef}
                type="checkbox"
                role="switch"
                checked={status.autoClassify}
                aria-describedby={`${ids}-explain`}
                aria-disabled={autoState.loading || undefined}
                onChange={() => {
                  if (autoState.loading) return;
                  if (status.autoClassify) void saveAuto(false);
                  else if (threshold === null) setThresholdTouched(true);
                  else setConfirming(true);
                }}
                data-testid="auto-classify"
              />
              <span className="check-row__label">File confident suggestions automatically</span>
            </label>
            <div className={`field ${styles.threshold}`}>
              <label className="field__label" htmlFor={`${ids}-threshold`}>
                Threshold (%)
              </label>
              <input
                id={`${ids}-threshold`}
                className="input"
                type="number"
                inputMode="decimal"
                min={50}
                max={100}
                step={0.5}
                value={thresholdText}
                aria-invalid={thresholdInvalid || undefined}
                aria-describedby={`${ids}-threshold-hint`}
                onChange={(event) => setThresholdText(event.target.value)}
                onBlur={() => setThresholdTouched(true)}
                data-testid="auto-classify-threshold"
              />
            </div>
            {status.autoClassify && thresholdChanged && (
              <Button size="small" busy={autoState.loading} busyLabel="Saving…" onClick={() => void saveAuto(true)} data-testid="auto-classify-save">
                Save threshold
              </Button>
            )}
          </div>
          <Hint id={`${ids}-threshold-hint`} tone={thresholdInvalid ? 'error' : undefined}>
            {thresholdInvalid
              ? 'Enter a percentage from 50 to 100.'
              : `Recommended: ${formatPercent(status.defaultThreshold)}, the lowest threshold at which at least 97% of the lines filed were right in the benchmark.`}
          </Hint>
        </fieldset>
      )}

      <ConfirmDialog
        open={confirming}
        title={threshold !== null ? `Turn on auto-classify at ${formatPercent(threshold)}?` : 'Turn on auto-classify?'}
        confirmLabel="Turn on"
        onConfirm={() => {
          setConfirming(false);
          void saveAuto(true).then(() => switchRef.current?.focus());
        }}
        onCancel={() => {
          setConfirming(false);
          switchRef.current?.focus();
        }}
      >
        <p>
          {wouldFile
            ? `${formatCount(wouldFile.totalLines)} lines (${formatMoney(wouldFile.totalAmount, wouldFile.currency)}) are filed now, and new lines as they are imported.`
            : atThreshold.loading
              ? 'Counting the lines it would file now…'
              : 'The lines at or above the threshold are filed now, and new lines as they are imported.'}
        </p>
        <p className="confirm-dialog__muted">Each run is listed under recent decisions and can be undone there.</p>
      </ConfirmDialog>
    </div>
  );
}
