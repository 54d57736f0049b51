import type { ImportStatus } from '../../gql/graphql';
import { importStatusLabels } from './importLabels';
import styles from './ImportStatusBadge.module.css';

/** A batch's status as a coloured pill; the colour repeats the word, never replaces it. */
export function ImportStatusBadge({ status, testId }: { status: ImportStatus; testId?: string }) {
  const { label, description } = importStatusLabels[status];
  return (
    <span className={`badge import-status import-status--${status.toLowerCase().replace('_', '-')}`} title={description} data-testid={testId}>
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </span>
  );
}
