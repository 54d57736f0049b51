import { Link } from 'react-router';
import { KpiTile } from '../../components/KpiTile';
import { formatChange, formatCount, formatMoney, formatMoneyBrief, formatMoneyCompact, formatPercent, toNumber } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SpendFilter } from '../../gql/graphql';
import { linesHref } from './categoryLinks';
import styles from './CategoryKpis.module.css';

const CategoryKpisFiguresFragment = graphql(`
  fragment CategoryKpis_figures on CategoryFigures {
    spend
    previousPeriodSpend
    change
    shareOfParent
    supplierCount
    onContractSpend
    onContractShare
    lineCount
  }
`);

interface CategoryKpisProps {
  figures: FragmentType<typeof CategoryKpisFiguresFragment>;
  name: string;
  /** What the share of parent is against: the parent's name, or "all spend". */
  parentName: string;
  currency: string;
  /** The screen's filter narrowed to the category; null when figures do not drill. */
  drillFilter: SpendFilter | null;
  /** The explorer opened on the category by supplier; null when not available. */
  suppliersHref: string | null;
  /** The explorer opened on the category by month. */
  monthsHref: string | null;
  back: string;
}

const LABELS = ['Spend', 'Change vs previous period', 'Suppliers', 'On contract', 'Lines'];

export function CategoryKpisSkeleton() {
  return (
    <div className={styles.grid}>
      {LABELS.map((label) => (
        <KpiTile key={label} label={label} value="" loading />
      ))}
    </div>
  );
}

/** A figure as a link to where it comes from, or as text. */
function Drill({ to, children, testId }: { to: string | null; children: string; testId: string }) {
  return to ? (
    <Link to={to} data-testid={testId} className={styles.drill}>
      {children}
    </Link>
  ) : (
    <span data-testid={testId}>{children}</span>
  );
}

/** A category's headline figures; each opens the lines or the explorer view behind it. */
export function CategoryKpis(props: CategoryKpisProps) {
  const f = getFragmentData(CategoryKpisFiguresFragment, props.figures);
  const { currency, drillFilter, back, name } = props;
  const change = formatChange(f.change);
  const lines = drillFilter ? linesHref(drillFilter, name, back) : null;
  return (
    <div className={styles.grid}>
      <KpiTile
        testId="category-kpi-spend"
        label="Spend"
        value={<Drill to={lines} testId="category-kpi-spend-link">{formatMoneyCompact(f.spend, currency)}</Drill>}
        title={formatMoney(f.spend, currency)}
        footnote={`${formatMoney(f.spend, currency)} · ${formatPercent(f.shareOfParent)} of ${props.parentName}`}
      />
      <KpiTile
        testId="category-kpi-change"
        label="Change vs previous period"
        value={<Drill to={props.monthsHref} testId="category-kpi-change-link">{change?.text ?? 'n/a'}</Drill>}
        tone={change?.direction === 'up' ? 'negative' : change?.direction === 'down' ? 'positive' : 'neutral'}
        footnote={change ? `from ${formatMoneyBrief(f.previousPeriodSpend, currency)} in the previous period` : 'No spend in the previous period'}
      />
      <KpiTile
        testId="category-kpi-suppliers"
        label="Suppliers"
        value={<Drill to={props.suppliersHref} testId="category-kpi-suppliers-link">{formatCount(f.supplierCount)}</Drill>}
        footnote="with spend in the period"
      />
      <KpiTile
        testId="category-kpi-on-contract"
        label="On contract"
        value={<Drill to={drillFilter ? linesHref({ ...drillFilter, onContract: true }, `${name} · on contract`, back) : null} testId="category-kpi-on-contract-link">{formatPercent(f.onContractShare)}</Drill>}
        meter={toNumber(f.onContractShare)}
        footnote={`${formatMoneyCompact(f.onContractSpend, currency)} matched to a contract`}
      />
      <KpiTile
        testId="category-kpi-lines"
        label="Lines"
        value={<Drill to={lines} testId="category-kpi-lines-link">{formatCount(f.lineCount)}</Drill>}
        footnote="invoice lines in the period"
      />
    </div>
  );
}
