import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { buttonClassName } from '../../components/buttonClass';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Hint } from '../../components/Hint';
import { Icon } from '../../components/Icon';
import { focusPageHeading } from '../../components/PageHeader';
import type { ContractStatus } from '../../gql/graphql';
import { useActivateContract, useDeleteContract, useTerminateContract } from './contractMutations';
import styles from './ContractDetail.module.css';

interface ContractActionsProps {
  contract: { id: string; number: string; status: ContractStatus; version: number; endDate: string };
  asOf: string;
  onChanged(): void;
}

type Pending = 'activate' | 'terminate' | 'delete' | null;

/** Edit, activate, terminate (with a reason) and delete, as the contract's state allows (docs/domain.md). */
export function ContractActions({ contract, asOf, onChanged }: ContractActionsProps) {
  const ids = useId();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [terminatedOn, setTerminatedOn] = useState(asOf < contract.endDate ? asOf : contract.endDate);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [activate, activation] = useActivateContract();
  const [terminate, termination] = useTerminateContract();
  const [remove, removal] = useDeleteContract();
  const busy = activation.loading || termination.loading || removal.loading;
  const live = contract.status === 'ACTIVE' || contract.status === 'EXPIRING';
  // Activating or terminating removes the button that opened the dialog, where focus would return:
  // once the dialog has closed, focus goes to the page's heading (contract and its new status) instead.
  // A refused action closes the dialog too: focus goes to the message saying why (the button may
  // be gone, e.g. when someone else terminated the contract meanwhile).
  const focusOnClose = useRef<'heading' | 'error' | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pending !== null || focusOnClose.current === null) return;
    const target = focusOnClose.current;
    focusOnClose.current = null;
    if (target === 'error') errorRef.current?.focus();
    else focusPageHeading();
  }, [pending]);

  async function run(action: () => Promise<unknown>, after?: () => void) {
    setError(null);
    try {
      await action();
      focusOnClose.current = after ? null : 'heading';
      setPending(null);
      if (after) after();
      else onChanged();
    } catch (caught) {
      const info = describeApiError(caught);
      if (info.field === 'reason' || info.field === 'terminatedOn') {
        setReasonError(info.message);
        return;
      }
      focusOnClose.current = 'error';
      setPending(null);
      setError(info.code === 'CONFLICT' ? `${info.message} The page now shows the contract as it is.` : info.message);
      onChanged();
    }
  }

  return (
    <div className={styles.actions}>
      {contract.status !== 'TERMINATED' && (
        <Link className={buttonClassName({ variant: 'primary' })} to={`/contracts/${contract.id}/edit`} data-testid="edit-contract">
          Edit
        </Link>
      )}
      {contract.status === 'DRAFT' && (
        <Button onClick={() => setPending('activate')} disabled={busy} data-testid="activate-contract">
          Activate
        </Button>
      )}
      {live && (
        <Button onClick={() => { setReason(''); setReasonError(null); setPending('terminate'); }} disabled={busy} data-testid="terminate-contract">
          Terminate…
        </Button>
      )}
      {contract.status === 'DRAFT' && (
        <Button variant="danger" onClick={() => setPending('delete')} disabled={busy} data-testid="delete-contract">
          Delete
        </Button>
      )}
      {error && (
        <div className="alert alert--error" role="alert" tabIndex={-1} ref={errorRef} data-testid="contract-action-error">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </div>
      )}
      <ConfirmDialog
        open={pending === 'activate'}
        title={`Activate ${contract.number}?`}
        confirmLabel="Activate"
        onCancel={() => setPending(null)}
        onConfirm={() => void run(() => activate({ variables: { id: contract.id, version: contract.version } }))}
      >
        <p>Spend of its supplier in its categories, business units and term is matched to it at once, and on-contract figures move.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'delete'}
        title={`Delete draft ${contract.number}?`}
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setPending(null)}
        onConfirm={() => void run(() => remove({ variables: { id: contract.id, version: contract.version } }), () => void navigate('/contracts'))}
      >
        <p>The draft is removed; the audit log keeps what it said.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'terminate'}
        title={`Terminate ${contract.number}?`}
        confirmLabel="Terminate"
        tone="danger"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!reason.trim()) {
            setReasonError('Give the reason for ending the contract early.');
            return;
          }
          void run(() => terminate({ variables: { id: contract.id, version: contract.version, reason: reason.trim(), terminatedOn } }));
        }}
      >
        <p>It will cover spend up to and including the last day below; later spend is matched again.</p>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-date`}>
            Last day covered
          </label>
          <input id={`${ids}-date`} className="input" type="date" value={terminatedOn} max={contract.endDate} onChange={(event) => setTerminatedOn(event.target.value)}
            data-testid="terminate-date" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-reason`}>
            Reason
          </label>
          <textarea id={`${ids}-reason`} className={`input ${styles.reason}`} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? `${ids}-reason-error` : undefined} data-testid="terminate-reason" />
          {reasonError && (
            <Hint tone="error" id={`${ids}-reason-error`} role="alert">
              {reasonError}
            </Hint>
          )}
        </div>
      </ConfirmDialog>
    </div>
  );
}
