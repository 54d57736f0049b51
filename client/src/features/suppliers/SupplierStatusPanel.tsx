import { useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Notice } from '../../components/Notice';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { useSessionRole } from '../session/SessionContext';
import { SupplierStatusBadge } from './SupplierStatusBadge';
import styles from './SupplierStatusPanel.module.css';

const SupplierStatusPanelSupplierFragment = graphql(`
  fragment SupplierStatusPanel_supplier on Supplier {
    id
    name
    status
    version
    mergedInto {
      id
      name
    }
  }
`);

const BlockSupplierMutation = graphql(`
  mutation BlockSupplier($id: ID!, $version: Int!, $reason: String) {
    blockSupplier(id: $id, version: $version, reason: $reason) {
      id
      status
      version
      updatedAt
    }
  }
`);

const UnblockSupplierMutation = graphql(`
  mutation UnblockSupplier($id: ID!, $version: Int!, $reason: String) {
    unblockSupplier(id: $id, version: $version, reason: $reason) {
      id
      status
      version
      updatedAt
    }
  }
`);

/** The supplier's status; an admin blocks or unblocks it (it applies in every category and unit), with a reason kept in the audit log. */
export function SupplierStatusPanel(props: { supplier: FragmentType<typeof SupplierStatusPanelSupplierFragment> }) {
  const supplier = getFragmentData(SupplierStatusPanelSupplierFragment, props.supplier);
  const admin = useSessionRole() === 'ADMIN';
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [block, blocking] = useMutation(BlockSupplierMutation);
  const [unblock, unblocking] = useMutation(UnblockSupplierMutation);
  const reasonId = useId();
  const blocked = supplier.status === 'BLOCKED';
  const canChange = admin && supplier.status !== 'MERGED';

  async function confirm() {
    setAsking(false);
    setProblem(null);
    const variables = { id: supplier.id, version: supplier.version, reason: reason.trim() || null };
    try {
      await (blocked ? unblock({ variables }) : block({ variables }));
      setReason('');
    } catch (error) {
      setProblem(describeApiError(error).message);
    }
  }

  return (
    <section className={`card ${styles.root}`} data-testid="supplier-status" aria-labelledby="supplier-status-title">
      <div className={styles.line}>
        <h2 className="card__title" id="supplier-status-title">
          Status
        </h2>
        <SupplierStatusBadge status={supplier.status} testId="supplier-status-badge" />
        {supplier.mergedInto && <span className={styles.muted}>into {supplier.mergedInto.name}</span>}
        {canChange && (
          <Button
            size="small"
            variant={blocked ? 'secondary' : 'danger'}
            busy={blocking.loading || unblocking.loading}
            busyLabel="Saving…"
            onClick={() => setAsking(true)}
            data-testid={blocked ? 'unblock-supplier' : 'block-supplier'}
          >
            {blocked ? 'Unblock' : 'Block'}
          </Button>
        )}
      </div>
      <p className={styles.muted}>
        {blocked
          ? 'Blocked from new purchasing. Its spend history stays in every figure.'
          : supplier.status === 'MERGED'
            ? 'Merged: its lines and aliases belong to the supplier it was merged into.'
            : admin
              ? 'Blocking stops new purchasing from this supplier everywhere; it is recorded in the audit log.'
              : 'Only an administrator can block a supplier: the status applies in every category and business unit.'}
      </p>
      {problem && (
        <Notice testId="supplier-status-problem">
          {problem}
        </Notice>
      )}
      <ConfirmDialog
        open={asking}
        title={blocked ? `Unblock ${supplier.name}?` : `Block ${supplier.name}?`}
        confirmLabel={blocked ? 'Unblock' : 'Block'}
        tone={blocked ? 'primary' : 'danger'}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>{blocked ? 'It may be bought from again.' : 'New purchasing from it stops in every category and business unit. Its past spend stays.'}</p>
        <div className="field">
          <label className="field__label" htmlFor={reasonId}>
            Reason (kept in the audit log)
          </label>
          <textarea id={reasonId} className="input" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} data-testid="supplier-status-reason" />
        </div>
      </ConfirmDialog>
    </section>
  );
}
