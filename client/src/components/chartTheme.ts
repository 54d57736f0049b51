import { formatMoney, toNumber } from '../format/numbers';

/** Series colours, calm and distinguishable; the last one is reserved for "Other". */
export const seriesColors = ['#4f46e5', '#0ea5a4', '#f59e0b', '#e11d48', '#0284c7', '#8b5cf6', '#65a30d'];
export const otherColor = '#cbd5e1';
export const accentColor = '#4f46e5';
export const lineColor = '#f97316';

export const axisTick = { fill: '#64748b', fontSize: 12 };
export const gridStroke = '#e8ecf2';

export const tooltipStyles = {
  contentStyle: {
    borderRadius: 8,
    border: '1px solid #e2e8f0',
    boxShadow: '0 8px 24px rgba(15, 23, 42, 0.12)',
    fontSize: 13,
    padding: '8px 12px',
  },
  labelStyle: { color: '#0f172a', fontWeight: 600, marginBottom: 4 },
  itemStyle: { padding: '1px 0' },
  cursor: { fill: 'rgba(79, 70, 229, 0.06)' },
} as const;

/** Tooltip formatter showing full money amounts. */
export function moneyTooltipFormatter(currency: string) {
  return (value: unknown): string => {
    const amount = typeof value === 'number' || typeof value === 'string' ? toNumber(value) : null;
    return formatMoney(amount, currency);
  };
}
