import type { SupplierStatus } from '../../gql/graphql';
import styles from './SupplierStatusBadge.module.css';

const labels: Record<SupplierStatus, { label: string; description: string }> = {
  ACTIVE: { label: 'Active', description: 'May be traded with' },
  BLOCKED: { label: 'Blocked', description: 'Blocked from new purchasing; its spend history still counts' },
  MERGED: { label: 'Merged', description: 'Merged into another supplier; its lines and aliases moved there' },
};

/** A supplier's status as a pill; the colour repeats the word, never replaces it. */
export function SupplierStatusBadge({ status, testId }: { status: SupplierStatus; testId?: string }) {
  const { label, description } = labels[status];
  return (
    <span className={`badge ${styles.badge} ${styles[status.toLowerCase()]}`} title={description} data-testid={testId}>
      {label}
    </span>
  );
}
