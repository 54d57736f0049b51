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

describe('SPENDSCOPE_TRUST_PROXY and SPENDSCOPE_INSTANCE', () => {
  it('trusts loopback by default and takes address groups and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ SPENDSCOPE_TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toBe('loopback, uniquelocal');
    expect(loadConfig({ SPENDSCOPE_TRUST_PROXY: '10.0.0.0/8, fd00::1' }).trustProxy).toBe('10.0.0.0/8, fd00::1');
  });

  it('refuses a setting that would believe any client', () => {
    expect(() => loadConfig({ SPENDSCOPE_TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ SPENDSCOPE_TRUST_PROXY: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SPENDSCOPE_TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ SPENDSCOPE_TRUST_PROXY: 'loopback, *' })).toThrow(/SPENDSCOPE_TRUST_PROXY/);
  });

  it('names the instance only when given a plain name', () => {
    expect(loadConfig({}).instanceName).toBeNull();
    expect(loadConfig({ SPENDSCOPE_INSTANCE: 'api-2' }).instanceName).toBe('api-2');
    expect(loadConfig({ SPENDSCOPE_INSTANCE: 'a b\r\n' }).instanceName).toBeNull();
  });
});

describe('SPENDSCOPE_DUCKDB_MEMORY_MB', () => {
  it('bounds the buffer pool at 128 MiB unless told otherwise, and refuses a pool an import cannot work in', () => {
    expect(loadConfig({}).duckdbMemoryMb).toBe(128);
    expect(loadConfig({ SPENDSCOPE_DUCKDB_MEMORY_MB: '4096' }).duckdbMemoryMb).toBe(4096);
    expect(() => loadConfig({ SPENDSCOPE_DUCKDB_MEMORY_MB: '64' })).toThrow(ConfigError);
    expect(() => loadConfig({ SPENDSCOPE_DUCKDB_MEMORY_MB: '1GB' })).toThrow(/SPENDSCOPE_DUCKDB_MEMORY_MB must be an integer/);
  });
});

describe('cube rows and page sizes', () => {
  it('default to SPEC\'s 10,000 / 50,000 rows and 50 / 500 a page, and take other values', () => {
    expect(loadConfig({})).toMatchObject({ cubeDefaultRows: 10_000, cubeMaxRows: 50_000, pageDefault: 50, pageMax: 500 });
    expect(loadConfig({ SPENDSCOPE_CUBE_ROWS_MAX: '200000', SPENDSCOPE_PAGE_SIZE_DEFAULT: '100' })).toMatchObject({ cubeDefaultRows: 10_000, cubeMaxRows: 200_000, pageDefault: 100, pageMax: 500 });
    expect(loadConfig({ SPENDSCOPE_PAGE_SIZE_DEFAULT: '10', SPENDSCOPE_CUBE_ROWS_DEFAULT: '100', SPENDSCOPE_CUBE_ROWS_MAX: '1000' })).toMatchObject({ pageDefault: 10, cubeDefaultRows: 100, cubeMaxRows: 1000 });
  });

  it('refuse a default above the maximum, or a value out of range, naming the setting', () => {
    expect(() => loadConfig({ SPENDSCOPE_PAGE_SIZE_DEFAULT: '600' })).toThrow(/SPENDSCOPE_PAGE_SIZE_DEFAULT \(600\) must not be more than SPENDSCOPE_PAGE_SIZE_MAX \(500\)/);
    // Not below what the console itself asks for: cubes of 1,000 rows, pages of 500.
    expect(() => loadConfig({ SPENDSCOPE_CUBE_ROWS_MAX: '999' })).toThrow(/SPENDSCOPE_CUBE_ROWS_MAX must be an integer from 1000 to 1000000/);
    expect(() => loadConfig({ SPENDSCOPE_PAGE_SIZE_MAX: '100' })).toThrow(/SPENDSCOPE_PAGE_SIZE_MAX must be an integer from 500 to 10000/);
    expect(() => loadConfig({ SPENDSCOPE_CUBE_ROWS_DEFAULT: 'lots' })).toThrow(ConfigError);
  });
});

describe('SPENDSCOPE_REPORTING_CURRENCY', () => {
  it('is an ISO 4217 code, in any case', () => {
    expect(loadConfig({ SPENDSCOPE_REPORTING_CURRENCY: 'gbp' }).reportingCurrency).toBe('GBP');
    expect(() => loadConfig({ SPENDSCOPE_REPORTING_CURRENCY: 'QQQ' })).toThrow(/SPENDSCOPE_REPORTING_CURRENCY must be an ISO 4217 code, got "QQQ"/);
  });
});
