import { describe, expect, it } from 'vitest';
import { sql, Sql } from './sql.js';

describe('sql tag', () => {
  it('binds every interpolated value as a positional parameter', () => {
    const q = sql`SELECT * FROM suppliers WHERE name = ${"x'; DROP TABLE users; --"} AND id > ${5}`.toQuery();
    expect(q.text).toBe('SELECT * FROM suppliers WHERE name = $1 AND id > $2');
    expect(q.values).toEqual(["x'; DROP TABLE users; --", 5]);
  });

  it('splices nested fragments and renumbers their parameters', () => {
    const where = sql`a = ${1} AND b = ${'two'}`;
    const q = sql`SELECT ${sql`c`} FROM t WHERE ${where} LIMIT ${10}`.toQuery();
    expect(q.text).toBe('SELECT c FROM t WHERE a = $1 AND b = $2 LIMIT $3');
    expect(q.values).toEqual([1, 'two', 10]);
  });

  it('builds IN lists with one parameter per value and refuses empty lists', () => {
    const q = sql`x IN ${sql.list([3, 4, 5])}`.toQuery();
    expect(q.text).toBe('x IN ($1, $2, $3)');
    expect(q.values).toEqual([3, 4, 5]);
    expect(() => sql.list([])).toThrow(/empty list/);
  });

  it('joins conditions with AND and yields TRUE for none', () => {
    expect(sql.and([]).toQuery().text).toBe('TRUE');
    const q = sql.and([sql`a = ${1}`, sql``, sql`b = ${2}`]).toQuery();
    expect(q.text).toBe('(a = $1) AND (b = $2)');
  });

  it('joins fragments with values in parts and separator alike, in order', () => {
    const q = sql.join([sql`a = ${1}`, sql`b`, sql`c IN ${sql.list([2, 3])}`, sql`${4}`], sql` OR x = ${'sep'} OR `).toQuery();
    expect(q.text).toBe('a = $1 OR x = $2 OR b OR x = $3 OR c IN ($4, $5) OR x = $6 OR $7');
    expect(q.values).toEqual([1, 'sep', 'sep', 2, 3, 'sep', 4]);
    expect(sql.join([sql`only`]).toQuery()).toEqual({ text: 'only', values: [] });
    expect(sql.join([]).isEmpty).toBe(true);
  });

  it('builds a list of 200,000 bound values (a request may carry that many)', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => i);
    const q = sql`x IN ${sql.list(values)}`.toQuery();
    expect(q.values).toEqual(values);
    expect(q.text.startsWith('x IN ($1, $2, ')).toBe(true);
    expect(q.text.endsWith(', $200000)')).toBe(true);
  });

  it('refuses values that are not scalars and non-finite numbers', () => {
    expect(() => sql`x = ${{} as unknown as string}`).toThrow(/cannot bind/);
    expect(() => sql`x = ${Number.NaN}`).toThrow(/non-finite/);
  });

  it('writes literal integers only when they are safe integers', () => {
    expect(sql`LIMIT ${sql.int(50)}`.toQuery()).toEqual({ text: 'LIMIT 50', values: [] });
    expect(() => sql.int(1.5)).toThrow();
    expect(() => sql.int(Number('1; DROP TABLE x'))).toThrow();
    expect(() => sql.int('5; DROP' as unknown as number)).toThrow();
  });

  it('keeps strings and values consistent', () => {
    expect(() => new Sql(['a', 'b'], [])).toThrow();
  });
});
