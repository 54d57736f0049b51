import { describe, expect, it } from 'vitest';
import { migrationFiles, splitStatements } from './migrate.js';

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

describe('migrationFiles', () => {
  const names = ['002_b.sql', '001_a.sql', '003_c.postgres.sql', '003_c.duckdb.sql', 'README.md', '004_d.sql'];

  it('takes the shared files and the engine\'s own, in version order', () => {
    expect(migrationFiles(names, 'duckdb')).toEqual(['001_a.sql', '002_b.sql', '003_c.duckdb.sql', '004_d.sql']);
    expect(migrationFiles(names, 'postgres')).toEqual(['001_a.sql', '002_b.sql', '003_c.postgres.sql', '004_d.sql']);
  });

  it('refuses a version with a shared file and an engine\'s own', () => {
    expect(() => migrationFiles(['005_e.sql', '005_e.postgres.sql'], 'postgres')).toThrow(/two files/);
  });
});
