// The chart palette for recharts, which takes colours as props rather than CSS. It mirrors the
// `--chart-*` tokens of ./tokens.css; palette.test.ts fails when the two drift apart.

/** Token name (without `--`) → colour, for every token charts use. */
export const chartTokens = {
  'chart-1': '#4f46e5',
  'chart-2': '#0ea5a4',
  'chart-3': '#f59e0b',
  'chart-4': '#e11d48',
  'chart-5': '#0284c7',
  'chart-6': '#8b5cf6',
  'chart-7': '#65a30d',
  'chart-other': '#cbd5e1',
  'chart-line': '#f97316',
  'chart-axis': '#64748b',
  'chart-grid': '#e8ecf2',
  'chart-reference': '#94a3b8',
  accent: '#4f46e5',
  text: '#0f172a',
  'neutral-border': '#e2e8f0',
} as const;

/** Series colours in order, calm and distinguishable. */
export const seriesPalette = [
  chartTokens['chart-1'],
  chartTokens['chart-2'],
  chartTokens['chart-3'],
  chartTokens['chart-4'],
  chartTokens['chart-5'],
  chartTokens['chart-6'],
  chartTokens['chart-7'],
] as const;
