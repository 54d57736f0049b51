import { skipToken, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { describeApiError } from '../../apollo/errors';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Skeleton } from '../../components/StatusViews';
import { ImportActions } from '../../features/imports/ImportActions';
import { ImportCounts } from '../../features/imports/ImportCounts';
import { ImportFileFacts } from '../../features/imports/ImportFileFacts';
import { ImportPreviewTable } from '../../features/imports/ImportPreviewTable';
import { ImportProblemsTable } from '../../features/imports/ImportProblemsTable';
import { ImportProgressPanel } from '../../features/imports/ImportProgressPanel';
import { ImportStatusBadge } from '../../features/imports/ImportStatusBadge';
import { MappingEditor } from '../../features/imports/MappingEditor';
import { formatCount } from '../../format/numbers';
import { getFragmentData, graphql } from '../../gql';
import type { ImportMappingInput } from '../../gql/graphql';
import { useCommitImport, useDiscardImport, useRollbackImport, useValidateImport } from './importMutations';
import styles from './ImportBatchPage.module.css';

const ImportBatchPageBatchFragment = graphql(`
  fragment ImportBatchPage_batch on ImportBatch {
    id
    fileName
    sourceName
    status
    failure
    notes
    rowCount
    acceptedCount
    warningCount
    rejectedCount
    duplicateCount
    updatedAt
    progress {
      phase
      rowsProcessed
    }
    ...ImportFileFacts_batch
    ...MappingEditor_batch
    ...ImportCounts_batch
    ...ImportPreviewTable_batch
    ...ImportActions_batch
  }
`);

const ImportBatchPageQuery = graphql(`
  query ImportBatchPage($id: ID!) {
    importBatch(id: $id) {
      id
      ...ImportBatchPage_batch
    }
  }
`);

// Polled while a validation or commit runs; the mutation's own request stays open until it is done.
const ImportProgressQuery = graphql(`
  query ImportProgress($id: ID!) {
    importBatch(id: $id) {
      id
      progress {
        phase
        rowsProcessed
      }
    }
  }
`);

/** `/imports/:id`: one batch — mapping, validation, preview, problems, commit and roll back. */
export function ImportBatchPage() {
  const { id = '' } = useParams();
  const { data, error, refetch } = useQuery(ImportBatchPageQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const [validate, validation] = useValidateImport();
  const [commit, commitState] = useCommitImport();
  const [rollback, rollbackState] = useRollbackImport();
  const [discard, discardState] = useDiscardImport();
  const [mappingChanged, setMappingChanged] = useState(false);
  const [actionError, setActionError] = useState<{ title: string; message: string } | null>(null);

  const batch = data ? getFragmentData(ImportBatchPageBatchFragment, data.importBatch) : null;
  const mutating = validation.loading || commitState.loading || rollbackState.loading || discardState.loading;
  const running = mutating || (batch !== null && batch.progress.phase !== 'IDLE');
  useQuery(ImportProgressQuery, running ? { variables: { id }, pollInterval: 500, fetchPolicy: 'network-only' } : skipToken);

  async function run(title: string, action: () => Promise<unknown>) {
    setActionError(null);
    try {
      await action();
    } catch (caught) {
      const info = describeApiError(caught);
      setActionError({ title, message: info.requestId ? `${info.message} (request id ${info.requestId})` : info.message });
      void refetch();
    }
  }

  function onValidate(mapping: ImportMappingInput) {
    void run('Validation failed', async () => {
      await validate({ variables: { id, mapping } });
      setMappingChanged(false);
    });
  }

  if (error && !batch) {
    const notFound = describeApiError(error).code === 'NOT_FOUND';
    return (
      <main className="page">
        <BackLink />
        <ErrorState error={error} title={notFound ? 'This import does not exist' : 'The import could not be loaded'} onRetry={notFound ? undefined : () => void refetch()} />
      </main>
    );
  }

  if (!batch) {
    return (
      <main className="page" aria-busy="true">
        <BackLink />
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={320} />
      </main>
    );
  }

  const validated = ['VALIDATED', 'COMMITTED', 'ROLLED_BACK', 'DISCARDED'].includes(batch.status);
  const editable = batch.status === 'UPLOADED' || batch.status === 'VALIDATED';
  const phase = validation.loading ? 'VALIDATING' : commitState.loading ? 'COMMITTING' : batch.progress.phase;
  const showProgress = validation.loading || commitState.loading || batch.progress.phase !== 'IDLE';

  return (
    <main className="page import-batch" data-testid="import-batch-page" data-status={batch.status}>
      <BackLink />
      <PageHeader
        title={batch.fileName}
        badge={<ImportStatusBadge status={batch.status} testId="import-status" />}
        description={<ImportFileFacts batch={batch} />}
      />

      {batch.notes.length > 0 && (
        <div className="alert alert--info" role="note" data-testid="import-notes">
          <Icon name="alert" size={16} />
          <ul className="alert__list">
            {batch.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}

      {batch.status === 'FAILED' && (
        <div className="alert alert--error" role="alert" data-testid="import-failure">
          <Icon name="alert" size={16} />
          <span>
            <strong>The file could not be read.</strong> {batch.failure ?? 'No reason was recorded.'} Fix the file and upload it again.
          </span>
        </div>
      )}

      {batch.duplicateCount > 0 && batch.status === 'VALIDATED' && (
        <div className="alert alert--warning alert--prominent" role="status" data-testid="import-duplicates">
          <Icon name="alert" size={16} />
          <span>
            <strong>
              {formatCount(batch.duplicateCount)} {batch.duplicateCount === 1 ? 'line was' : 'lines were'} already imported from this source and will be skipped.
            </strong>{' '}
            Their source references match lines committed earlier from {batch.sourceName}.
          </span>
        </div>
      )}

      {actionError && (
        <div className="alert alert--error" role="alert" data-testid="import-action-error">
          <Icon name="alert" size={16} />
          <span>
            <strong>{actionError.title}.</strong> {actionError.message}
          </span>
        </div>
      )}

      {showProgress && (
        <ImportProgressPanel phase={phase} rowsProcessed={batch.progress.rowsProcessed} totalRows={batch.rowCount > 0 ? batch.rowCount : null} />
      )}

      {validated && <ImportCounts batch={batch} />}

      <ImportActions
        batch={batch}
        busy={running}
        mappingChanged={mappingChanged}
        onCommit={() => void run('Commit failed', () => commit({ variables: { id } }))}
        onDiscard={() => void run('Discard failed', () => discard({ variables: { id } }))}
        onRollback={() => void run('Roll back failed', () => rollback({ variables: { id } }))}
      />

      {batch.status !== 'FAILED' && (
        <MappingEditor key={batch.id} batch={batch} editable={editable} validating={validation.loading} onValidate={onValidate} onDirtyChange={setMappingChanged} />
      )}

      {batch.status === 'VALIDATED' && <ImportPreviewTable batch={batch} />}

      {validated && <ImportProblemsTable batchId={batch.id} />}
    </main>
  );
}

function BackLink() {
  return (
    <Link className={styles.root} to="/imports">
      ← All imports
    </Link>
  );
}
