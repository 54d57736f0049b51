import { formatMoney, toNumber } from '../format/numbers';
import { chartTokens, seriesPalette } from '../styles/palette';

/** Series colours, calm and distinguishable; "Other" has its own neutral colour. */
export const seriesColors: readonly string[] = seriesPalette;
export const otherColor = chartTokens['chart-other'];
export const accentColor = chartTokens.accent;
export const lineColor = chartTokens['chart-line'];

export const axisTick = { fill: chartTokens['chart-axis'], fontSize: 12 };

/**
 * A value axis: ticks at round steps (1, 2, 2.5 or 5 times a power of ten: €500k, €1m, €1.5m),
 * not recharts' default, which gave steps such as €550k and €4.75m.
 */
export const valueAxisProps = { tick: axisTick, tickLine: false, axisLine: false, niceTicks: 'snap125' } as const;
export const gridStroke = chartTokens['chart-grid'];
export const referenceStroke = chartTokens['chart-reference'];

export const tooltipStyles = {
  contentStyle: {
    borderRadius: 8,
    border: `1px solid ${chartTokens['neutral-border']}`,
    boxShadow: 'var(--shadow-popover)',
    fontSize: 13,
    padding: '8px 12px',
  },
  labelStyle: { color: chartTokens.text, fontWeight: 600, marginBottom: 4 },
  itemStyle: { padding: '1px 0' },
  cursor: { fill: 'rgb(79 70 229 / 0.06)' },
} as const;

/** Tooltip formatter showing full money amounts. */
export function moneyTooltipFormatter(currency: string) {
  return (value: unknown): string => {
    const amount = typeof value === 'number' || typeof value === 'string' ? toNumber(value) : null;
    return formatMoney(amount, currency);
  };
}
