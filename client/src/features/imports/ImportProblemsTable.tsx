import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Pager } from '../../components/Pager';
import { ErrorState, Skeleton } from '../../components/StatusViews';
import { Table } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { graphql } from '../../gql';
import type { ImportProblemsQuery as ImportProblemsResult } from '../../gql/graphql';
import { useSettings } from '../settings/useSettings';
import { buttonClassName } from '../../components/buttonClass';

const DEFAULT_PAGE_SIZE = 25;

const ImportProblemsQuery = graphql(`
  query ImportProblems($id: ID!, $severity: String, $page: PageInput) {
    importBatch(id: $id) {
      id
      problems(severity: $severity, page: $page) {
        totalCount
        nodes {
          rowNumber
          severity
          column
          code
          message
          rawValue
        }
      }
    }
  }
`);

type SeverityFilter = 'ALL' | 'ERROR' | 'WARNING';

type Problem = ImportProblemsResult['importBatch']['problems']['nodes'][number];

const problemColumns: TableColumn<Problem>[] = [
  { id: 'row', header: 'Row', value: (problem) => problem.rowNumber, meta: { numeric: true, className: 'import-table__num' } },
  {
    id: 'severity',
    header: 'Severity',
    cell: (problem) => (
      <span className={`import-tag ${problem.severity === 'ERROR' ? 'import-tag--error' : 'import-tag--warning'}`}>{problem.severity === 'ERROR' ? 'Error' : 'Warning'}</span>
    ),
  },
  { id: 'column', header: 'Column', value: (problem) => problem.column },
  { id: 'code', header: 'Code', value: (problem) => problem.code, meta: { className: 'import-table__code' } },
  { id: 'message', header: 'Message', value: (problem) => problem.message },
  {
    id: 'rawValue',
    header: 'Value in the file',
    meta: { className: 'import-table__raw' },
    cell: (problem) => (problem.rawValue === null || problem.rawValue === undefined ? '—' : <code>{problem.rawValue}</code>),
  },
];

const severityOptions: { value: SeverityFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'ERROR', label: 'Errors' },
  { value: 'WARNING', label: 'Warnings' },
];

/** Row problems, a page at a time from the server, with the whole list as CSV. */
export function ImportProblemsTable({ batchId }: { batchId: string }) {
  const [severity, setSeverity] = useState<SeverityFilter>('ALL');
  const [page, setPage] = useState({ offset: 0, limit: DEFAULT_PAGE_SIZE });
  const { pageMax } = useSettings();
  const { data, previousData, loading, error, refetch } = useQuery(ImportProblemsQuery, {
    variables: { id: batchId, severity: severity === 'ALL' ? null : severity, page },
    fetchPolicy: 'cache-and-network',
  });
  const view = data ?? previousData;
  const problems = view?.importBatch.problems;
  const totalCount = problems?.totalCount ?? 0;

  return (
    <section className="card import-section" aria-labelledby="import-problems-title" data-testid="import-problems">
      <div className="import-section__header">
        <div className="card__header">
          <h2 className="card__title" id="import-problems-title">
            Row problems
          </h2>
          <p className="card__subtitle">Errors reject their row; warnings keep it. Row numbers are the file’s own.</p>
        </div>
        <div className="import-section__tools">
          <div className="segmented" role="group" aria-label="Show problems">
            {severityOptions.map((option) => (
              <button
                key={option.value}
                type="button"
                className="segmented__item"
                aria-pressed={severity === option.value}
                onClick={() => {
                  setSeverity(option.value);
                  setPage({ ...page, offset: 0 });
                }}
              >
                {option.label}
              </button>
            ))}
          </div>
          <a className={buttonClassName({ size: 'small' })} href={`/api/imports/${encodeURIComponent(batchId)}/problems.csv`} download data-testid="problems-download">
            Download all problems (CSV)
          </a>
        </div>
      </div>
      {error && !view ? (
        <ErrorState error={error} title="The problems could not be loaded" onRetry={() => void refetch()} />
      ) : !problems ? (
        <div className="import-history__loading" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={18} />
          ))}
        </div>
      ) : totalCount === 0 ? (
        <p className="import-section__empty" data-testid="problems-empty">
          {severity === 'ALL' ? 'No problems: every row is clean.' : `No ${severity === 'ERROR' ? 'errors' : 'warnings'}.`}
        </p>
      ) : (
        <div aria-busy={loading}>
          <Table
            rows={problems.nodes}
            columns={problemColumns}
            getRowId={(problem, index) => `${page.offset + index}-${problem.rowNumber}-${problem.code}`}
            className="import-table"
            scroll={{ className: 'import-table-wrap' }}
            testId="problems-table"
          />
          <Pager offset={page.offset} limit={page.limit} totalCount={totalCount} maxLimit={pageMax} onChange={setPage} label="Problem pages" testId="problems-pager" />
        </div>
      )}
    </section>
  );
}
