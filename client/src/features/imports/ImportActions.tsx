import { useState } from 'react';
import { formatCount, formatMoney } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSettings } from '../settings/useSettings';
import { Button } from '../../components/Button';
import styles from './ImportActions.module.css';

const ImportActionsBatchFragment = graphql(`
  fragment ImportActions_batch on ImportBatch {
    id
    fileName
    sourceName
    status
    rowCount
    acceptedCount
    contractCount
    duplicateCount
    totalAmount
    committedAt
    rolledBackAt
  }
`);

type Pending = 'commit' | 'discard' | 'rollback' | null;

interface ImportActionsProps {
  batch: FragmentType<typeof ImportActionsBatchFragment>;
  busy: boolean;
  /** The mapping was edited after validation: committing would not use what is on screen. */
  mappingChanged: boolean;
  onCommit: () => void;
  onDiscard: () => void;
  onRollback: () => void;
}

/** What can happen to the batch next, each step confirmed with its consequences spelled out. */
export function ImportActions(props: ImportActionsProps) {
  const batch = getFragmentData(ImportActionsBatchFragment, props.batch);
  const { reportingCurrency } = useSettings();
  const [pending, setPending] = useState<Pending>(null);
  const newLines = Math.max(0, batch.acceptedCount - batch.duplicateCount);
  // The server refuses such a commit too (an Open Contracting file with contracts and no payment has something to commit).
  const nothingToCommit = batch.acceptedCount === 0 && batch.contractCount === 0;
  const total = formatMoney(batch.totalAmount, reportingCurrency);

  if (batch.status !== 'VALIDATED' && batch.status !== 'COMMITTED') return null;

  function confirm() {
    const action = pending;
    setPending(null);
    if (action === 'commit') props.onCommit();
    if (action === 'discard') props.onDiscard();
    if (action === 'rollback') props.onRollback();
  }

  return (
    <section className="card import-actions" aria-label="Batch actions" data-testid="import-actions">
      {batch.status === 'VALIDATED' ? (
        <>
          <div className={styles.text} data-testid="import-actions-text">
            {nothingToCommit ? (
              <>
                <strong>Nothing to commit.</strong>{' '}
                {batch.rowCount === 0
                  ? 'The file has no rows below its header.'
                  : 'No row of the file was accepted: correct the problems listed below and upload it again, or discard it.'}
              </>
            ) : (
              <>
                <strong>Ready to commit.</strong>{' '}
                {newLines === 0
                  ? 'Every accepted row was already imported from this source: committing adds nothing.'
                  : batch.duplicateCount > 0
                    ? `${formatCount(newLines)} new spend ${newLines === 1 ? 'line' : 'lines'} will be added, all or none; the accepted rows total ${total} including the duplicates that are skipped.`
                    : `${formatCount(newLines)} new spend ${newLines === 1 ? 'line' : 'lines'} totalling ${total} will be added, all or none.`}
              </>
            )}
            {props.mappingChanged && <span className={styles.blocked}> Validate again first: the mapping changed.</span>}
          </div>
          <div className={styles.buttons}>
            <Button disabled={props.busy} onClick={() => setPending('discard')} data-testid="discard-button">
              Discard
            </Button>
            <Button
              variant="primary"
              disabled={props.busy || props.mappingChanged || nothingToCommit}
              onClick={() => setPending('commit')}
              data-testid="commit-button"
            >
              Commit {formatCount(newLines)} {newLines === 1 ? 'line' : 'lines'}
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className={styles.text}>
            <strong>Committed.</strong> The batch’s lines are part of spend. Rolling back removes these lines, and the suppliers and business units this import created that nothing else uses.
          </div>
          <div className={styles.buttons}>
            <Button variant="danger" disabled={props.busy} onClick={() => setPending('rollback')} data-testid="rollback-button">
              Roll back
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={pending === 'commit'}
        title={`Commit ${formatCount(newLines)} ${newLines === 1 ? 'line' : 'lines'}?`}
        confirmLabel={`Commit ${formatCount(newLines)} ${newLines === 1 ? 'line' : 'lines'}`}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {batch.duplicateCount > 0 ? (
          <>
            <p>
              The accepted rows of {batch.fileName} ({batch.sourceName}) total <strong data-testid="confirm-commit-total">{total}</strong>.
            </p>
            <p>
              {formatCount(batch.duplicateCount)} {batch.duplicateCount === 1 ? 'line was' : 'lines were'} already imported from this source and will
              be skipped, so less than that is added; the batch shows the exact amount once committed.
            </p>
          </>
        ) : (
          <p>
            <strong data-testid="confirm-commit-total">{total}</strong> of spend from {batch.fileName} ({batch.sourceName}) will be added to every
            report, all lines or none.
          </p>
        )}
        <p className="confirm-dialog__muted">You can roll the batch back later.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'discard'}
        title="Discard this batch?"
        confirmLabel="Discard"
        tone="danger"
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <p>Nothing from {batch.fileName} will be imported. To import it later, upload the file again.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'rollback'}
        title="Roll back this batch?"
        confirmLabel="Roll back"
        tone="danger"
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        <p>
          The spend lines added by {batch.fileName} (<strong>{total}</strong>) will be removed from every report. Other batches are not touched.
        </p>
        <p>Suppliers and business units this import created go too, unless other spend, a contract, a rule or a user&apos;s scope uses them by now.</p>
      </ConfirmDialog>
    </section>
  );
}
