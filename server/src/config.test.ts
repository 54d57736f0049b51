import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('SPENDSCOPE_DATABASE_URL', () => {
  it('keeps the DuckDB file when unset or empty', () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ SPENDSCOPE_DATABASE_URL: '' }).databaseUrl).toBeNull();
  });

  it('takes a postgres:// or postgresql:// URL that names a database', () => {
    expect(loadConfig({ SPENDSCOPE_DATABASE_URL: 'postgres://app:secret@db:5432/spendscope' }).databaseUrl).toBe('postgres://app:secret@db:5432/spendscope');
    expect(loadConfig({ SPENDSCOPE_DATABASE_URL: 'postgresql://db/spendscope?sslmode=require' }).databaseUrl).toBe('postgresql://db/spendscope?sslmode=require');
  });

  it('refuses anything else with a message for the operator', () => {
    expect(() => loadConfig({ SPENDSCOPE_DATABASE_URL: 'mysql://db/spendscope' })).toThrow(ConfigError);
    expect(() => loadConfig({ SPENDSCOPE_DATABASE_URL: 'data/spendscope.duckdb' })).toThrow(/must be a URL/);
    expect(() => loadConfig({ SPENDSCOPE_DATABASE_URL: 'postgres://db:5432' })).toThrow(/name a database/);
  });
});
