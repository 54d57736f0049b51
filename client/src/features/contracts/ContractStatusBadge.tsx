import type { ContractStatus } from '../../gql/graphql';
import { contractStatusLabels } from './contractLabels';
import styles from './ContractStatusBadge.module.css';

/** A contract's status as a coloured pill; the colour repeats the word, never replaces it. */
export function ContractStatusBadge({ status, testId }: { status: ContractStatus; testId?: string }) {
  const { label, description } = contractStatusLabels[status];
  return (
    <span className={`badge ${styles.badge} ${styles[status.toLowerCase()]}`} title={description} data-testid={testId} data-status={status}>
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </span>
  );
}
