import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { isMissingRecord } from '../../apollo/errors';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Skeleton } from '../../components/StatusViews';
import { ContractActions } from '../../features/contracts/ContractActions';
import { ContractLeakage } from '../../features/contracts/ContractLeakage';
import { describeDaysToExpiry, renewalLabels } from '../../features/contracts/contractLabels';
import { linesLink } from '../../features/contracts/contractParams';
import { ContractStatusBadge } from '../../features/contracts/ContractStatusBadge';
import { ContractUtilisation } from '../../features/contracts/ContractUtilisation';
import { screensFor } from '../../features/session/navigation';
import { useSessionRole } from '../../features/session/SessionContext';
import { useSettings } from '../../features/settings/useSettings';
import { formatCount, formatDate, formatMoney } from '../../format/numbers';
import { graphql } from '../../gql';
import styles from '../../features/contracts/ContractDetail.module.css';

const ContractPageQuery = graphql(`
  query ContractPage($id: ID!) {
    contract(id: $id) {
      id
      number
      title
      status
      version
      canEdit
      startDate
      endDate
      effectiveEndDate
      daysToExpiry
      ceiling
      currency
      renewal
      noticeDays
      paymentTermsDays
      terminatedAt
      terminationReason
      supplier {
        id
        name
      }
      owner {
        id
        name
      }
      categories {
        id
        code
        name
      }
      businessUnits {
        id
        name
      }
      utilisation {
        lineCount
      }
      ...ContractUtilisation_contract
      ...ContractLeakage_contract
    }
  }
`);

function BackLink() {
  return (
    <Link to="/contracts" className={styles.back}>
      ← Contracts
    </Link>
  );
}

/** `/contracts/:id`: a contract's terms, utilisation against the ceiling, leakage and lines. */
export function ContractPage() {
  const { id = '' } = useParams();
  const { asOfDate } = useSettings();
  const role = useSessionRole();
  const canOpenLines = role !== null && screensFor(role).some((screen) => screen.path === '/lines');
  const { data, error, refetch } = useQuery(ContractPageQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const k = data?.contract;

  if (error && !k) {
    const notFound = isMissingRecord(error);
    return (
      <main className="page">
        <BackLink />
        <ErrorState
          error={error}
          title={notFound ? 'This contract does not exist' : 'The contract could not be loaded'}
          text={notFound ? 'Check the link, or find the contract in the list of contracts.' : undefined}
          onRetry={notFound ? undefined : () => void refetch()}
        />
      </main>
    );
  }
  if (!k) {
    return (
      <main className="page" aria-busy="true">
        <BackLink />
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={320} />
      </main>
    );
  }

  const term =
    k.status === 'TERMINATED'
      ? `terminated; covered spend to ${formatDate(k.effectiveEndDate)}`
      : k.status === 'DRAFT'
        ? 'not yet in force'
        : describeDaysToExpiry(k.daysToExpiry);
  return (
    <main className="page" data-testid="contract-page">
      <BackLink />
      <div className={styles.head}>
        <PageHeader title={`${k.number} · ${k.title}`} badge={<ContractStatusBadge status={k.status} testId="contract-status" />} />
        {k.canEdit && <ContractActions contract={k} asOf={asOfDate} onChanged={() => void refetch()} />}
      </div>
      <section className={`card ${styles.card}`} aria-label="Terms">
        <dl className={styles.facts}>
          <div>
            <dt>Supplier</dt>
            <dd>
              <Link to={`/suppliers/${k.supplier.id}`} data-testid="contract-supplier">
                {k.supplier.name}
              </Link>
            </dd>
          </div>
          <div>
            <dt>Term</dt>
            <dd>
              {formatDate(k.startDate)} – {formatDate(k.endDate)}
              <span className={styles.sub}>{term}</span>
            </dd>
          </div>
          <div>
            <dt>Ceiling</dt>
            <dd>{formatMoney(k.ceiling, k.currency)}</dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd>{k.owner?.name ?? 'Nobody named'}</dd>
          </div>
          <div>
            <dt>Categories</dt>
            <dd>
              {k.categories.length === 0
                ? 'Every category'
                : k.categories.map((c, index) => (
                    // The comma goes with the name before it, so a wrapped list never starts a line with one.
                    <span key={c.id}>
                      <Link to={`/categories/${c.id}`}>{c.name}</Link>
                      {index < k.categories.length - 1 && ', '}
                    </span>
                  ))}
            </dd>
          </div>
          <div>
            <dt>Business units</dt>
            <dd>{k.businessUnits.length ? k.businessUnits.map((b) => b.name).join(', ') : 'Every business unit'}</dd>
          </div>
          <div>
            <dt>Renewal</dt>
            <dd>
              {renewalLabels[k.renewal]}
              <span className={styles.sub}>
                {k.noticeDays} days' notice · payment in {k.paymentTermsDays} days
              </span>
            </dd>
          </div>
          {k.status === 'TERMINATED' && (
            <div>
              <dt>Termination</dt>
              <dd>
                {k.terminatedAt ? formatDate(k.terminatedAt.slice(0, 10)) : '—'}
                <span className={styles.sub}>{k.terminationReason}</span>
              </dd>
            </div>
          )}
        </dl>
        <p className={styles.linesLink}>
          {k.utilisation.lineCount === 0 ? (
            'No spend line is matched to this contract.'
          ) : canOpenLines ? (
            <Link to={linesLink({ contractIds: [k.id] }, `Contract ${k.number}`)} data-testid="contract-lines">
              The {formatCount(k.utilisation.lineCount)} lines on this contract →
            </Link>
          ) : (
            `${formatCount(k.utilisation.lineCount)} lines on this contract`
          )}
        </p>
      </section>
      <ContractUtilisation contract={k} />
      <ContractLeakage contract={k} canDrill={canOpenLines} />
    </main>
  );
}
