import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ContractTimeline_ContractFragment } from '../../gql/graphql';
import { contractStatusLabels, describeDaysToExpiry } from './contractLabels';
import { timelineScale } from './timelineScale';
import styles from './ContractTimeline.module.css';

const ContractTimelineContractFragment = graphql(`
  fragment ContractTimeline_contract on Contract {
    id
    number
    title
    status
    startDate
    endDate
    effectiveEndDate
    daysToExpiry
    supplier {
      id
      name
    }
  }
`);

type Row = ContractTimeline_ContractFragment;

function at(fraction: number): CSSProperties {
  return { '--at': String(fraction) } as CSSProperties;
}

/**
 * Contracts as bars over time, with the as-of date and the expiry warning window marked. Plain
 * HTML: every bar is a link with its whole story in its name, so it reads and tabs like a list.
 */
export function ContractTimeline(props: { contracts: readonly FragmentType<typeof ContractTimelineContractFragment>[]; asOf: string; warningDays: number }) {
  const contracts = props.contracts.map((contract) => getFragmentData(ContractTimelineContractFragment, contract));
  const scale = timelineScale(contracts, props.asOf, props.warningDays);
  return (
    <section className={`card ${styles.root}`} aria-labelledby="contract-timeline-title" data-testid="contract-timeline">
      <header className="card__header">
        <h2 className="card__title" id="contract-timeline-title">
          Expiry timeline
        </h2>
        <p className="card__subtitle">
          The contracts of this page from start to end. The line marks the as-of date ({formatDate(props.asOf)}); the shaded band the {props.warningDays}-day
          warning window up to {formatDate(scale.warningEnd)}.
        </p>
      </header>
      <ul className={styles.legend} aria-label="Legend">
        {(['ACTIVE', 'EXPIRING', 'EXPIRED', 'TERMINATED', 'DRAFT'] as const).map((status) => (
          <li key={status}>
            <span className={`${styles.swatch} ${styles[status.toLowerCase()]}`} aria-hidden="true" />
            {contractStatusLabels[status].label}
          </li>
        ))}
        <li>
          <span className={styles.todaySwatch} aria-hidden="true" />
          As-of date
        </li>
        <li>
          <span className={styles.windowSwatch} aria-hidden="true" />
          Warning window
        </li>
      </ul>
      {contracts.length === 0 ? (
        <p className={styles.empty}>No contract matches these filters.</p>
      ) : (
        <div className={styles.chart}>
          <div className={styles.axis} aria-hidden="true">
            {scale.ticks.map((tick) => (
              <span key={tick.date} className={styles.tick} style={at(tick.at)}>
                {tick.label}
              </span>
            ))}
          </div>
          <div className={styles.body}>
            <div className={styles.window} style={{ ...at(scale.position(props.asOf)), '--width': String(scale.position(scale.warningEnd) - scale.position(props.asOf)) } as CSSProperties} aria-hidden="true" />
            <div className={styles.today} style={at(scale.position(props.asOf))} aria-hidden="true" data-testid="timeline-today" />
            <ol className={styles.rows} aria-label="Contracts by term">
              {contracts.map((k) => (
                <TimelineRow key={k.id} contract={k} scale={scale} />
              ))}
            </ol>
          </div>
        </div>
      )}
    </section>
  );
}

function TimelineRow({ contract: k, scale }: { contract: Row; scale: ReturnType<typeof timelineScale> }) {
  const left = scale.position(k.startDate);
  const covered = scale.position(k.effectiveEndDate);
  const end = scale.position(k.endDate);
  const ended = k.status === 'TERMINATED' ? `terminated, covered spend to ${formatDate(k.effectiveEndDate)}` : k.status === 'DRAFT' ? 'draft' : describeDaysToExpiry(k.daysToExpiry);
  const name = `${k.number}, ${k.supplier.name}: ${formatDate(k.startDate)} to ${formatDate(k.endDate)}, ${contractStatusLabels[k.status].label.toLowerCase()}, ${ended}`;
  return (
    <li className={styles.row}>
      <span className={styles.label}>
        <span className={styles.number}>{k.number}</span>
        <span className={styles.supplier}>{k.supplier.name}</span>
      </span>
      <span className={styles.track}>
        {k.status === 'TERMINATED' && end > covered && (
          <span className={styles.remainder} style={{ ...at(covered), '--width': String(end - covered) } as CSSProperties} aria-hidden="true" />
        )}
        <Link
          to={`/contracts/${k.id}`}
          className={`${styles.bar} ${styles[k.status.toLowerCase()]}`}
          style={{ ...at(left), '--width': String(Math.max(covered - left, 0.004)) } as CSSProperties}
          aria-label={name}
          title={name}
          data-testid="timeline-bar"
          data-contract={k.number}
        />
      </span>
    </li>
  );
}
