import { useQuery } from '@apollo/client/react';
import { Pager } from '../../components/Pager';
import { pageFromParams, pageToParams } from '../../components/pager';
import { EmptyText, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { Table, cellTone } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { graphql } from '../../gql';
import type { ImportProblemsQuery as ImportProblemsResult } from '../../gql/graphql';
import { useSearchParams, withSearchParams } from '../../filters/useSearchParams';
import { useSettings } from '../settings/useSettings';
import { buttonClassName } from '../../components/buttonClass';
import { Tag } from '../../components/Tag';
import tableStyles from './ImportTables.module.css';

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
  { id: 'row', header: 'Row', value: (problem) => problem.rowNumber, meta: { numeric: true } },
  {
    id: 'severity',
    header: 'Severity',
    cell: (problem) => (
      <Tag tone={problem.severity === 'ERROR' ? 'danger' : 'warning'}>{problem.severity === 'ERROR' ? 'Error' : 'Warning'}</Tag>
    ),
  },
  { id: 'column', header: 'Column', value: (problem) => problem.column },
  { id: 'code', header: 'Code', value: (problem) => problem.code, meta: { className: cellTone.code } },
  { id: 'message', header: 'Message', value: (problem) => problem.message },
  {
    id: 'rawValue',
    header: 'Value in the file',
    meta: { className: tableStyles.raw },
    cell: (problem) => (problem.rawValue === null || problem.rawValue === undefined ? '—' : <code>{problem.rawValue}</code>),
  },
];

const severityOptions: { value: SeverityFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'ERROR', label: 'Errors' },
  { value: 'WARNING', label: 'Warnings' },
];

/**
 * Row problems, a page at a time from the server, with the whole list as CSV. Which problems and
 * which page are in the URL (`problems`, `poffset`, `plimit`), so a link to the batch shows the
 * same rows to whoever opens it.
 */
export function ImportProblemsTable({ batchId }: { batchId: string }) {
  const [params, setParams] = useSearchParams();
  const { pageMax } = useSettings();
  const severityParam = params.get('problems');
  const severity: SeverityFilter = severityParam === 'ERROR' || severityParam === 'WARNING' ? severityParam : 'ALL';
  const page = pageFromParams(params, DEFAULT_PAGE_SIZE, pageMax, 'p');
  const update = (changes: Record<string, string | null>) => setParams((current) => withSearchParams(current, changes), { replace: true });
  const setPage = (next: { offset: number; limit: number }) => {
    const { offset, limit } = pageToParams(next, DEFAULT_PAGE_SIZE);
    update({ poffset: offset, plimit: limit });
  };
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
                onClick={() => update({ problems: option.value === 'ALL' ? null : option.value, poffset: null })}
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
        <SkeletonRows count={4} />
      ) : totalCount === 0 ? (
        <EmptyText testId="problems-empty">{severity === 'ALL' ? 'No problems: every row is clean.' : `No ${severity === 'ERROR' ? 'errors' : 'warnings'}.`}</EmptyText>
      ) : (
        <div aria-busy={loading}>
          <Table
            rows={problems.nodes}
            columns={problemColumns}
            getRowId={(problem, index) => `${page.offset + index}-${problem.rowNumber}-${problem.code}`}
            density="dense"
            scroll={{ framed: true }}
            testId="problems-table"
          />
          <Pager offset={page.offset} limit={page.limit} totalCount={totalCount} maxLimit={pageMax} onChange={setPage} label="Problem pages" testId="problems-pager" />
        </div>
      )}
    </section>
  );
}
