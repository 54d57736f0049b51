import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate.js';

describe('splitStatements', () => {
  it('drops comments (even ones holding semicolons) and keeps semicolons inside strings', () => {
    const text = `-- header; with a semicolon
CREATE TABLE a (x INTEGER, -- lower first; first wins
  y VARCHAR DEFAULT 'a;b');
INSERT INTO a VALUES (1, 'it''s; fine');`;
    expect(splitStatements(text)).toEqual([
      `CREATE TABLE a (x INTEGER, \n  y VARCHAR DEFAULT 'a;b')`,
      `INSERT INTO a VALUES (1, 'it''s; fine')`,
    ]);
  });
});
