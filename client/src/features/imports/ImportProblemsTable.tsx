import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ErrorState, Skeleton } from '../../components/StatusViews';
import { formatCount } from '../../format/numbers';
import { graphql } from '../../gql';
import { Button } from '../../components/Button';
import { buttonClassName } from '../../components/buttonClass';

const PAGE_SIZE = 25;

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

const severityOptions: { value: SeverityFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'ERROR', label: 'Errors' },
  { value: 'WARNING', label: 'Warnings' },
];

/** Row problems, a page at a time from the server, with the whole list as CSV. */
export function ImportProblemsTable({ batchId }: { batchId: string }) {
  const [severity, setSeverity] = useState<SeverityFilter>('ALL');
  const [pageIndex, setPageIndex] = useState(0);
  const { data, previousData, loading, error, refetch } = useQuery(ImportProblemsQuery, {
    variables: { id: batchId, severity: severity === 'ALL' ? null : severity, page: { offset: pageIndex * PAGE_SIZE, limit: PAGE_SIZE } },
    fetchPolicy: 'cache-and-network',
  });
  const view = data ?? previousData;
  const problems = view?.importBatch.problems;
  const totalCount = problems?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  const first = pageIndex * PAGE_SIZE + 1;
  const last = Math.min(totalCount, (pageIndex + 1) * PAGE_SIZE);

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
                  setPageIndex(0);
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
          <div className="import-table-wrap">
            <table className="import-table" data-testid="problems-table">
              <thead>
                <tr>
                  <th scope="col" className="import-table__num">
                    Row
                  </th>
                  <th scope="col">Severity</th>
                  <th scope="col">Column</th>
                  <th scope="col">Code</th>
                  <th scope="col">Message</th>
                  <th scope="col">Value in the file</th>
                </tr>
              </thead>
              <tbody>
                {problems.nodes.map((problem, index) => (
                  <tr key={`${problem.rowNumber}-${problem.code}-${problem.column ?? ''}-${index}`}>
                    <td className="import-table__num">{problem.rowNumber}</td>
                    <td>
                      <span className={`import-tag ${problem.severity === 'ERROR' ? 'import-tag--error' : 'import-tag--warning'}`}>
                        {problem.severity === 'ERROR' ? 'Error' : 'Warning'}
                      </span>
                    </td>
                    <td>{problem.column ?? '—'}</td>
                    <td className="import-table__code">{problem.code}</td>
                    <td>{problem.message}</td>
                    <td className="import-table__raw">{problem.rawValue === null || problem.rawValue === undefined ? '—' : <code>{problem.rawValue}</code>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="import-pager" aria-label="Problem pages">
            <span className="import-pager__text">
              {formatCount(first)}–{formatCount(last)} of {formatCount(totalCount)}
            </span>
            <Button size="small" disabled={pageIndex === 0} onClick={() => setPageIndex(pageIndex - 1)}>
              Previous
            </Button>
            <Button
              size="small"
              disabled={pageIndex + 1 >= pageCount}
              onClick={() => setPageIndex(pageIndex + 1)}
              data-testid="problems-next"
            >
              Next
            </Button>
          </nav>
        </div>
      )}
    </section>
  );
}
