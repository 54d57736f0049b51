import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { ErrorState, SkeletonRows } from '../../components/StatusViews';
import { formatCount, formatCountOf, formatMoney, formatMoneyCompact, formatPercent } from '../../format/numbers';
import { graphql } from '../../gql';
import type { SavingsOpportunityKind, SpendFilter } from '../../gql/graphql';
import { linesHref } from '../categories/categoryLinks';
import { opportunityLabels } from '../lines/lineFilter';
import { useSettings } from '../settings/useSettings';
import styles from './OpportunitiesPanel.module.css';

// The panel asks for its figures itself: price variance scans every priced line, and the screens
// it sits on should not wait for it before showing their own figures.
const SavingsOpportunitiesQuery = graphql(`
  query SavingsOpportunities($filter: SpendFilter) {
    savingsOpportunities(filter: $filter) {
      totalSpend
      currency
      tailSpend {
        kind
        amount
        linesTotal
        lineCount
        supplierCount
        allSuppliers
        shareOfSpend
      }
      supplierFragmentation {
        kind
        amount
        linesTotal
        lineCount
        categoryCount
        shareOfSpend
        categories(limit: 3) {
          category {
            id
            name
          }
          supplierCount
          suppliersForShare
        }
      }
      offContract {
        kind
        amount
        linesTotal
        lineCount
        supplierCount
        shareOfSpend
      }
      priceVariance {
        kind
        amount
        linesTotal
        lineCount
        itemCount
        shareOfSpend
        items(limit: 3) {
          category {
            id
            name
          }
          description
          excess
        }
      }
    }
  }
`);

interface OpportunitiesPanelProps {
  /** The screen's filter (already narrowed to a category on a category page); null while it is not known yet. */
  filter: SpendFilter | null;
  /** Whether figures link to their lines (roles that may drill to lines). */
  canDrill: boolean;
  /** The screen the lines page offers to return to. */
  back: string;
  /** Where the figures are about, e.g. "in IT & Telecoms". */
  context?: string;
}

/** A figure that opens exactly the lines behind it, or plain text for roles that do not drill. */
function DrillFigure(props: { filter: SpendFilter; kind: SavingsOpportunityKind; amount: string; currency: string; canDrill: boolean; back: string; testId: string; className?: string }) {
  const text = formatMoney(props.amount, props.currency);
  // Nothing behind a zero: no link to an empty list.
  if (!props.canDrill || Number(props.amount) === 0) return <span className={props.className} data-testid={props.testId}>{text}</span>;
  return (
    <Link
      className={props.className}
      to={linesHref({ ...props.filter, opportunity: props.kind }, opportunityLabels[props.kind], props.back)}
      data-testid={props.testId}
      title={`Open the lines behind ${text}`}
    >
      {text}
    </Link>
  );
}

/** The savings opportunities under a filter: tail spend, fragmentation, off-contract spend and unit-price variance. */
export function OpportunitiesPanel({ filter, canDrill, back, context }: OpportunitiesPanelProps) {
  const settings = useSettings();
  const { data, previousData, error, refetch } = useQuery(SavingsOpportunitiesQuery, filter ? { variables: { filter } } : { skip: true, variables: { filter: {} } });
  const view = (data ?? previousData)?.savingsOpportunities;
  const busy = !data;

  return (
    <section className={`card ${styles.root}`} data-testid="opportunities-panel" aria-busy={busy || undefined} aria-labelledby="opportunities-title">
      <header className="card__header">
        <h2 className="card__title" id="opportunities-title">
          Savings opportunities{context ? ` ${context}` : ''}
        </h2>
        <p className="card__subtitle">{canDrill ? 'Where to look first; each figure opens the lines behind it.' : 'Where to look first.'}</p>
      </header>
      {error ? (
        <ErrorState error={error} title="The opportunities could not be worked out" onRetry={() => void refetch()} />
      ) : !view || !filter ? (
        <SkeletonRows count={4} height={44} />
      ) : (
        <ul className={`${styles.list} ${busy ? styles.refreshing : ''}`}>
          <li className={styles.item} data-testid="opportunity-TAIL_SPEND">
            <h3 className={styles.name}>Tail spend</h3>
            <DrillFigure filter={filter} kind="TAIL_SPEND" amount={view.tailSpend.amount} currency={view.currency} canDrill={canDrill} back={back} testId="opportunity-TAIL_SPEND-amount" className={styles.amount} />
            <p className={styles.detail}>
              {formatCount(view.tailSpend.supplierCount)} of {formatCountOf(view.tailSpend.allSuppliers, 'supplier', 'suppliers')} together make the bottom {settings.tailSpendPercent}% of spend
              ({formatPercent(view.tailSpend.shareOfSpend)}): candidates for consolidation or a catalogue.
            </p>
          </li>
          <li className={styles.item} data-testid="opportunity-SUPPLIER_FRAGMENTATION">
            <h3 className={styles.name}>Supplier fragmentation</h3>
            <DrillFigure filter={filter} kind="SUPPLIER_FRAGMENTATION" amount={view.supplierFragmentation.amount} currency={view.currency} canDrill={canDrill} back={back} testId="opportunity-SUPPLIER_FRAGMENTATION-amount" className={styles.amount} />
            <p className={styles.detail}>
              {view.supplierFragmentation.categoryCount === 0
                ? `No category needs more than ${settings.fragmentationSuppliers} suppliers for ${settings.fragmentationPercent}% of its spend.`
                : `${formatCount(view.supplierFragmentation.categoryCount)} ${view.supplierFragmentation.categoryCount === 1 ? 'category needs' : 'categories need'} more than ${settings.fragmentationSuppliers} suppliers for ${settings.fragmentationPercent}% of their spend`}
            </p>
            {view.supplierFragmentation.categories.length > 0 && (
              <ul className={styles.examples}>
                {view.supplierFragmentation.categories.map((c) => (
                  <li key={c.category.id}>
                    <Link to={`/categories/${c.category.id}`}>{c.category.name}</Link>: {c.suppliersForShare} of {formatCountOf(c.supplierCount, 'supplier', 'suppliers')}
                  </li>
                ))}
              </ul>
            )}
          </li>
          <li className={styles.item} data-testid="opportunity-OFF_CONTRACT">
            <h3 className={styles.name}>Off-contract spend</h3>
            <DrillFigure filter={filter} kind="OFF_CONTRACT" amount={view.offContract.amount} currency={view.currency} canDrill={canDrill} back={back} testId="opportunity-OFF_CONTRACT-amount" className={styles.amount} />
            <p className={styles.detail}>
              {formatPercent(view.offContract.shareOfSpend)} of spend is on no contract, with {formatCountOf(view.offContract.supplierCount, 'supplier', 'suppliers')}.
            </p>
          </li>
          <li className={styles.item} data-testid="opportunity-PRICE_VARIANCE">
            <h3 className={styles.name}>Unit-price variance</h3>
            <span className={styles.amount} data-testid="opportunity-PRICE_VARIANCE-saving" title={formatMoney(view.priceVariance.amount, view.currency)}>
              {formatMoney(view.priceVariance.amount, view.currency)}
            </span>
            <p className={styles.detail}>
              if each of {formatCount(view.priceVariance.itemCount)} items had been bought at its {settings.priceBenchmarkPercentile === 0 ? 'lowest' : `${ordinal(settings.priceBenchmarkPercentile)}-percentile`} price, on{' '}
              <DrillFigure filter={filter} kind="PRICE_VARIANCE" amount={view.priceVariance.linesTotal} currency={view.currency} canDrill={canDrill} back={back} testId="opportunity-PRICE_VARIANCE-amount" />{' '}
              of lines bought above it.
            </p>
            {view.priceVariance.items.length > 0 && (
              <ul className={styles.examples}>
                {view.priceVariance.items.map((item) => (
                  <li key={`${item.category?.id ?? 'none'}|${item.description}`}>
                    “{item.description}” {item.category ? `(${item.category.name})` : ''}: {formatMoneyCompact(item.excess, view.currency)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        </ul>
      )}
    </section>
  );
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
