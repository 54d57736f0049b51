import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { axisFormatter, columnHeader, columnNames, columnTitle, measureKinds, valueFormatter } from './columnNames';
import { findTables, type ResultTable } from './resultRows';

function rowsOf(data: unknown): { tables: ResultTable[]; rows: ResultTable } {
  const tables = findTables(data);
  return { tables, rows: tables.find((t) => /(^|\.)rows$/.test(t.path))! };
}

const row = (label: string, values: Array<string | number | null>) => ({ keys: [{ dimension: 'SUPPLIER', label }], values });

describe('query result column names', () => {
  it("names a cube's values by its measures and its keys by their dimensions, and leaves other paths alone", () => {
    const { tables, rows } = rowsOf({
      spendCube: {
        columns: [{ label: 'Spend' }, { label: 'Lines' }],
        rows: [{ depth: 2, keys: [{ dimension: 'CATEGORY_L1', label: 'IT' }, { dimension: 'YEAR', label: '2025' }], values: ['10.00', 3] }],
      },
    });
    const infos = columnNames(tables, rows);
    const names = Object.fromEntries([...infos].filter(([, info]) => info.name).map(([column, info]) => [column, info.name]));
    expect(names).toEqual({ 'values.0': 'Spend', 'values.1': 'Lines', 'keys.0.label': 'Category (level 1)', 'keys.1.label': 'Year' });
    // The header is the name alone; pickers keep the path beside it.
    expect(columnHeader(infos, 'values.0')).toBe('Spend');
    expect(columnTitle(infos, 'values.0')).toBe('Spend · values.0');
    expect(columnHeader(infos, 'depth')).toBe('depth');
    expect(columnTitle(infos, 'depth')).toBe('depth');
  });

  it('keeps paths when the query did not ask for the measures or dimensions', () => {
    const { tables, rows } = rowsOf({ spendCube: { rows: [{ keys: [{ label: 'IT' }], values: ['10.00'] }] } });
    expect([...columnNames(tables, rows).values()].every((info) => info.name === null && info.kind === null && !info.hidden)).toBe(true);
  });

  it('takes kind and currency from the columns the query selected, else from the cube', () => {
    const selected = rowsOf({
      spendCube: {
        currency: 'GBP',
        columns: [{ measure: 'SPEND', label: 'Spend', kind: 'MONEY', currency: 'EUR' }, { measure: 'CONTRACT_COVERAGE', label: 'Contract coverage', kind: 'RATIO', currency: null }],
        rows: [row('Acme', ['84650729.94', '0.914028'])],
      },
    });
    const infos = columnNames(selected.tables, selected.rows);
    expect(infos.get('values.0')).toMatchObject({ name: 'Spend', kind: 'MONEY', currency: 'EUR' });
    expect(infos.get('values.1')).toMatchObject({ name: 'Contract coverage', kind: 'RATIO', currency: null });
    // Only the cube's own `currency` selected: it is the money's.
    const cube = rowsOf({ spendCube: { currency: 'GBP', columns: [{ kind: 'MONEY' }], rows: [row('Acme', ['1.00'])] } });
    expect(columnNames(cube.tables, cube.rows).get('values.0')).toMatchObject({ name: null, kind: 'MONEY', currency: 'GBP' });
  });

  it('derives name and kind from the measure, or from the label alone, when the query selected only that', () => {
    const byMeasure = rowsOf({ spendCube: { currency: 'EUR', columns: [{ measure: 'LINE_COUNT' }, { measure: 'OFF_CONTRACT_SPEND' }], rows: [row('Acme', [3, '5.00'])] } });
    const measureInfos = columnNames(byMeasure.tables, byMeasure.rows);
    expect(measureInfos.get('values.0')).toMatchObject({ name: 'Lines', kind: 'COUNT', currency: null });
    expect(measureInfos.get('values.1')).toMatchObject({ name: 'Off-contract spend', kind: 'MONEY', currency: 'EUR' });
    const byLabel = rowsOf({ spendCube: { columns: [{ label: 'Share of total' }, { label: 'Something else' }], rows: [row('Acme', ['0.5', '1'])] } });
    const labelInfos = columnNames(byLabel.tables, byLabel.rows);
    expect(labelInfos.get('values.0')).toMatchObject({ name: 'Share of total', kind: 'RATIO' });
    expect(labelInfos.get('values.1')).toMatchObject({ name: 'Something else', kind: null });
  });

  it("hides a dimension column that repeats one named dimension beside its label, and no other", () => {
    const named = rowsOf({ spendCube: { rows: [row('Acme', ['1.00']), row('Globex', ['2.00'])] } });
    expect(columnNames(named.tables, named.rows).get('keys.0.dimension')?.hidden).toBe(true);
    // Without the label column the dimension is the only thing saying what the row is.
    const alone = rowsOf({ spendCube: { rows: [{ keys: [{ dimension: 'SUPPLIER' }], values: ['1.00'] }, { keys: [{ dimension: 'SUPPLIER' }], values: ['2.00'] }] } });
    expect(columnNames(alone.tables, alone.rows).get('keys.0.dimension')?.hidden).toBe(false);
    // A list whose rows name different dimensions (not a cube) keeps both, and names no label.
    const mixed = rowsOf({ rows: [{ keys: [{ dimension: 'SUPPLIER', label: 'Acme' }] }, { keys: [{ dimension: 'YEAR', label: '2025' }] }] });
    const mixedInfos = columnNames(mixed.tables, mixed.rows);
    expect(mixedInfos.get('keys.0.dimension')?.hidden).toBe(false);
    expect(mixedInfos.get('keys.0.label')?.name).toBeNull();
    // An unknown dimension name is left as it is.
    const unknown = rowsOf({ spendCube: { rows: [{ keys: [{ dimension: 'PLANET', label: 'Mars' }] }] } });
    expect(columnNames(unknown.tables, unknown.rows).get('keys.0.dimension')?.hidden).toBe(false);
  });

  it('keeps the paths of two columns a document labelled alike, so they do not read as one', () => {
    const { tables, rows } = rowsOf({ spendCube: { columns: [{ label: 'Spend' }, { label: 'Spend' }], rows: [row('Acme', ['1.00', '2.00'])] } });
    const infos = columnNames(tables, rows);
    expect([columnHeader(infos, 'values.0'), columnHeader(infos, 'values.1')]).toEqual(['Spend (values.0)', 'Spend (values.1)']);
  });
});

describe('measure kinds', () => {
  it('are what the schema says of each measure', () => {
    const schemaDir = join(import.meta.dirname, '../../../../schema');
    const schema = buildSchema(readdirSync(schemaDir).filter((f) => f.endsWith('.graphql')).sort().map((f) => readFileSync(join(schemaDir, f), 'utf8')).join('\n'));
    const measures = schema.getType('SpendMeasure') as GraphQLEnumType;
    const fromSchema = Object.fromEntries(measures.getValues().map((v) => [v.name, /\((MONEY|COUNT|RATIO|NUMBER)\)/.exec(v.description ?? '')?.[1]]));
    expect(measureKinds).toEqual(fromSchema);
  });
});

describe('value formats by measure kind', () => {
  const money = { name: 'Spend', kind: 'MONEY', currency: 'EUR', hidden: false } as const;
  const ratio = { name: 'Coverage', kind: 'RATIO', currency: null, hidden: false } as const;
  const count = { name: 'Lines', kind: 'COUNT', currency: null, hidden: false } as const;

  it('writes money with its currency and exact cents, ratios as percentages, counts grouped', () => {
    expect(valueFormatter(money)('84650729.94')).toBe('€84,650,729.94');
    expect(valueFormatter(money)('-12.50')).toBe('-€12.50');
    // More digits than a float holds: the cents are still the API's.
    expect(valueFormatter(money)('12345678901234567.89')).toBe('€12,345,678,901,234,567.89');
    expect(valueFormatter(ratio)('0.914028')).toBe('91.4%');
    expect(valueFormatter(count)(1234567)).toBe('1,234,567');
    expect(valueFormatter(count)('42')).toBe('42');
  });

  it('keeps a decimal as it is, grouped, when its kind or its currency is unknown', () => {
    expect(valueFormatter(undefined)('1234.5')).toBe('1,234.5');
    expect(valueFormatter({ ...money, currency: null })('84650729.94')).toBe('84,650,729.94');
    expect(valueFormatter(undefined)('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
  });

  it('shortens axes by kind', () => {
    expect(axisFormatter(money)(50_000_000)).toBe('€50m');
    expect(axisFormatter(ratio)(0.4)).toBe('40%');
    expect(axisFormatter(count)(2500)).toBe('2.5k');
  });
});
