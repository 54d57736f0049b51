import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { todayUtc } from './core/time.js';
import { isIsoCurrency } from './lib/currency.js';

/** Everything configurable, read from the environment in one place (defaults in the README's configuration table). */
export interface Config {
  port: number;
  host: string;
  dbPath: string;
  /**
   * DuckDB's buffer pool, in MB (SPENDSCOPE_DUCKDB_MEMORY_MB, default 128): pages of the file and
   * of an import's uncommitted rows beyond it are evicted or spilled to disk rather than kept in
   * the process (docs/architecture.md, "Memory").
   */
  duckdbMemoryMb: number;
  /**
   * PostgreSQL instead of the DuckDB file when set (`postgres://…`; docs/postgres.md says what is
   * still DuckDB-only).
   */
  databaseUrl: string | null;
  /** Lines the demo generator seeds into a new database on first start. */
  demoLines: number;
  reportingCurrency: string;
  fiscalYearStartMonth: number;
  expiryWarningDays: number;
  /** Date contract statuses and expiry windows are computed against; today when unset. */
  asOfDate: string | null;
  cubeDefaultRows: number;
  cubeMaxRows: number;
  /** Largest import file accepted (200 MB by default). */
  importMaxBytes: number;
  /** Rows one import may hold (docs/request-limits.md, "Inputs with bounds"). */
  importMaxRows: number;
  pageDefault: number;
  pageMax: number;
  maxDepth: number;
  maxCost: number;
  /** Fields that aggregate spend allowed in one GraphQL operation (docs/request-limits.md). */
  maxAggregates: number;
  /** Time budget of one request; its statements are interrupted when it runs out. */
  requestTimeoutMs: number;
  /** Statements one user (or one signed-out address) may run at once; the rest wait their turn. */
  userStatements: number;
  /** Uploads one user may stream at once (per process); a further one is refused with RATE_LIMITED. */
  userUploads: number;
  /** How often a running import job writes its heartbeat, and after how long without one another process takes it over (docs/imports.md). */
  importJobBeatMs: number;
  importJobStaleMs: number;
  /**
   * The classifier (docs/domain.md, "Classification"): whether this process trains it in the
   * background, the quiet time a retrain waits for after the last change asking for one, and how
   * often the process looks at the shared queue.
   */
  classifier: boolean;
  classifierDebounceMs: number;
  classifierPollMs: number;
  sessionIdleHours: number;
  /** Failed sign-ins one (account, address) pair may make before delays start (5 by default; docs/security.md). */
  loginFreeFailures: number;
  /** First delay after the free failures; each further failure doubles it, up to the maximum. */
  loginDelayBaseSeconds: number;
  loginDelayMaxSeconds: number;
  /** How long a failure counts towards a pair's delay, unless a successful sign-in clears it first. */
  loginMemoryHours: number;
  /**
   * Failed sign-ins one address may make across all accounts per 15 minutes (credential stuffing);
   * past it, only accounts already signed in from that address may try (docs/security.md).
   */
  loginAddressCeiling: number;
  /** How long a set-password link works (docs/security.md). */
  setPasswordLinkHours: number;
  secureCookies: boolean;
  /**
   * Which peers' X-Forwarded-For / -Proto / -Host the server believes (Express's `trust proxy`):
   * `loopback` by default; a proxy on another address is named here (docs/scale-out.md, "Client addresses").
   */
  trustProxy: string;
  /** Sent as `X-Spendscope-Instance` on every answer when set, so a reply names the process behind a proxy (docs/scale-out.md). */
  instanceName: string | null;
  /**
   * Only persisted operations (the console's own, by id) for callers whose role may not use the
   * GraphQL editor; free text from them is refused (docs/security.md). False by default.
   */
  persistedQueriesOnly: boolean;
  /** How often the write-ahead log is folded into the database file while running. */
  checkpointIntervalMs: number;
  /** Answer spend figures from the rollups when they can (docs/rollups.md); `false` reads the lines always. */
  rollups: boolean;
  /** Share cube, summary, tree and opportunity results between requests until the data changes (docs/rollups.md). */
  resultCache: boolean;
  /** How long a stop waits for requests in flight before interrupting them. */
  shutdownGraceMs: number;
  /** Built console to serve; null serves the API only. */
  clientDist: string | null;
  /** Tail spend: suppliers that together make the bottom this-many percent of spend (20; docs/domain.md). */
  tailSpendPercent: number;
  /** A category is fragmented when more than this many suppliers make `fragmentationPercent` of its spend (10). */
  fragmentationSuppliers: number;
  fragmentationPercent: number;
  /** Unit-price variance: the benchmark price of an item is this percentile of its prices (25; 0 = the lowest). */
  priceBenchmarkPercentile: number;
  /** Items bought on fewer lines than this are not compared (3). */
  priceVarianceMinLines: number;
  /**
   * Report subscriptions (docs/domain.md, "Report subscriptions"): the SMTP server reports are sent
   * through (SPENDSCOPE_SMTP_URL, smtp:// or smtps://; null: delivery is off and deliveries wait),
   * the From address, and the console's address the emails link to (SPENDSCOPE_PUBLIC_URL).
   */
  smtpUrl: string | null;
  smtpFrom: string;
  publicUrl: string | null;
  /** How often each process looks for due subscriptions and waiting deliveries. */
  deliveryPollMs: number;
  /** A delivery whose process has not beaten for this long is claimed again by another (docs/durability.md). */
  deliveryStaleMs: number;
  /** The first retry after an SMTP failure; each further one waits twice as long, up to `deliveryMaxAttempts` attempts. */
  deliveryRetryMs: number;
  deliveryMaxAttempts: number;
  /** Tests only (SPENDSCOPE_TEST_DELIVERY_PAUSE_MS): a pause between a delivery's claim and its sending, to kill the process there. */
  deliveryClaimPauseMs: number;
}

export class ConfigError extends Error {}

/**
 * A limit with a default under it: `<prefix>_DEFAULT` and `<prefix>_MAX` (cube rows, page size;
 * SPEC's constants, configurable). A default above the maximum stops the start.
 */
function defaultAndMax(env: NodeJS.ProcessEnv, prefix: string, [defaultFallback, maxFallback]: [number, number], [defaultMin, maxMin]: [number, number], max: number) {
  const maxRows = int(env, `${prefix}_MAX`, maxFallback, maxMin, max);
  const defaultRows = int(env, `${prefix}_DEFAULT`, Math.min(defaultFallback, maxRows), defaultMin, max);
  if (defaultRows > maxRows) throw new ConfigError(`${prefix}_DEFAULT (${defaultRows}) must not be more than ${prefix}_MAX (${maxRows})`);
  return { defaultRows, maxRows };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  // A security switch must not read a typo ("yes", "TRUE ") as off.
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** Names Express's `trust proxy` takes: its address groups, or addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * SPENDSCOPE_TRUST_PROXY: a comma-separated list of the above. `true` or a hop count is refused:
 * either would let any client write its own address into X-Forwarded-For and so choose the address
 * the sign-in limits count against (docs/security.md).
 */
function trustProxy(env: NodeJS.ProcessEnv): string {
  const raw = env.SPENDSCOPE_TRUST_PROXY;
  if (raw === undefined || raw.trim() === '') return 'loopback';
  const items = raw.split(',').map((item) => item.trim());
  for (const item of items) {
    const [address, bits, extra] = item.split('/');
    const family = isIP(address);
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(item) && !(family && prefixOk && extra === undefined)) {
      throw new ConfigError(`SPENDSCOPE_TRUST_PROXY must list loopback, linklocal, uniquelocal or addresses/CIDR ranges, got "${item}"`);
    }
  }
  return items.join(', ');
}

/** An optional URL setting with the protocols it may have; null when unset or empty. */
function url(env: NodeJS.ProcessEnv, name: string, protocols: string[], example: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${example}`);
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got ${parsed.protocol}//…`);
  return raw.trim();
}

/** SPENDSCOPE_DATABASE_URL: unset or empty keeps DuckDB; otherwise a postgres:// or postgresql:// URL. */
function databaseUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.SPENDSCOPE_DATABASE_URL;
  if (raw === undefined || raw === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError('SPENDSCOPE_DATABASE_URL must be a URL such as postgres://user@host:5432/spendscope');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new ConfigError(`SPENDSCOPE_DATABASE_URL must start with postgres:// or postgresql://, got ${parsed.protocol}//…`);
  }
  if (parsed.pathname.length <= 1) throw new ConfigError('SPENDSCOPE_DATABASE_URL must name a database (postgres://host/spendscope)');
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const asOf = env.SPENDSCOPE_AS_OF ?? null;
  if (asOf !== null && !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new ConfigError('SPENDSCOPE_AS_OF must be YYYY-MM-DD');
  const currency = (env.SPENDSCOPE_REPORTING_CURRENCY ?? 'EUR').toUpperCase();
  if (!isIsoCurrency(currency)) throw new ConfigError(`SPENDSCOPE_REPORTING_CURRENCY must be an ISO 4217 code, got "${currency.slice(0, 20)}"`);
  // A maximum may not go below what the console itself asks for (a cube of 1,000 rows for a
  // trend or a member list, pages of 500 for the audit log, imports and the taxonomy).
  const cubeRows = defaultAndMax(env, 'SPENDSCOPE_CUBE_ROWS', [10_000, 50_000], [100, 1_000], 1_000_000);
  const pages = defaultAndMax(env, 'SPENDSCOPE_PAGE_SIZE', [50, 500], [1, 500], 10_000);
  return {
    port: int(env, 'PORT', 4000, 0, 65535),
    host: env.HOST ?? '0.0.0.0',
    dbPath: resolve(env.SPENDSCOPE_DB ?? 'data/spendscope.duckdb'),
    duckdbMemoryMb: int(env, 'SPENDSCOPE_DUCKDB_MEMORY_MB', 128, 128, 1_048_576),
    databaseUrl: databaseUrl(env),
    demoLines: int(env, 'SPENDSCOPE_DEMO_LINES', 1_000_000, 10_000, 50_000_000),
    reportingCurrency: currency,
    fiscalYearStartMonth: int(env, 'SPENDSCOPE_FISCAL_YEAR_START_MONTH', 1, 1, 12),
    expiryWarningDays: int(env, 'SPENDSCOPE_EXPIRY_WARNING_DAYS', 90, 1, 3650),
    asOfDate: asOf,
    cubeDefaultRows: cubeRows.defaultRows,
    cubeMaxRows: cubeRows.maxRows,
    importMaxBytes: int(env, 'SPENDSCOPE_IMPORT_MAX_MB', 200, 1, 10_000) * 1024 * 1024,
    importMaxRows: int(env, 'SPENDSCOPE_IMPORT_MAX_ROWS', 5_000_000, 1, 100_000_000),
    pageDefault: pages.defaultRows,
    pageMax: pages.maxRows,
    maxDepth: int(env, 'SPENDSCOPE_MAX_DEPTH', 12, 2, 100),
    maxCost: int(env, 'SPENDSCOPE_MAX_COST', 50_000, 100, 10_000_000),
    maxAggregates: int(env, 'SPENDSCOPE_MAX_AGGREGATES', 20, 1, 1000),
    requestTimeoutMs: int(env, 'SPENDSCOPE_REQUEST_TIMEOUT_MS', 30_000, 10, 3_600_000),
    userStatements: int(env, 'SPENDSCOPE_USER_STATEMENTS', 2, 1, 64),
    userUploads: int(env, 'SPENDSCOPE_USER_UPLOADS', 2, 1, 64),
    importJobBeatMs: int(env, 'SPENDSCOPE_IMPORT_JOB_BEAT_MS', 1_000, 100, 60_000),
    importJobStaleMs: int(env, 'SPENDSCOPE_IMPORT_JOB_STALE_MS', 15_000, 1_000, 3_600_000),
    classifier: bool(env, 'SPENDSCOPE_CLASSIFIER', true),
    classifierDebounceMs: int(env, 'SPENDSCOPE_CLASSIFIER_DEBOUNCE_MS', 3_000, 0, 3_600_000),
    classifierPollMs: int(env, 'SPENDSCOPE_CLASSIFIER_POLL_MS', 1_000, 50, 600_000),
    sessionIdleHours: int(env, 'SPENDSCOPE_SESSION_IDLE_HOURS', 8, 1, 24 * 30),
    loginFreeFailures: int(env, 'SPENDSCOPE_LOGIN_FREE_FAILURES', 5, 1, 100),
    loginDelayBaseSeconds: 30,
    loginDelayMaxSeconds: 15 * 60,
    loginMemoryHours: 24,
    loginAddressCeiling: int(env, 'SPENDSCOPE_LOGIN_ADDRESS_CEILING', 100, 10, 100_000),
    setPasswordLinkHours: int(env, 'SPENDSCOPE_SET_PASSWORD_LINK_HOURS', 72, 1, 24 * 30),
    secureCookies: env.SPENDSCOPE_SECURE_COOKIES === 'true',
    trustProxy: trustProxy(env),
    instanceName: /^[\w.-]{1,64}$/.test(env.SPENDSCOPE_INSTANCE ?? '') ? env.SPENDSCOPE_INSTANCE! : null,
    persistedQueriesOnly: bool(env, 'SPENDSCOPE_PERSISTED_QUERIES_ONLY', false),
    checkpointIntervalMs: int(env, 'SPENDSCOPE_CHECKPOINT_SECONDS', 60, 1, 86_400) * 1000,
    rollups: env.SPENDSCOPE_ROLLUPS !== 'false',
    resultCache: env.SPENDSCOPE_RESULT_CACHE !== 'false',
    shutdownGraceMs: int(env, 'SPENDSCOPE_SHUTDOWN_GRACE_SECONDS', 5, 0, 60) * 1000,
    clientDist: env.SPENDSCOPE_CLIENT_DIST === '' ? null : resolve(env.SPENDSCOPE_CLIENT_DIST ?? 'client/dist'),
    tailSpendPercent: int(env, 'SPENDSCOPE_TAIL_SPEND_PERCENT', 20, 1, 99),
    fragmentationSuppliers: int(env, 'SPENDSCOPE_FRAGMENTATION_SUPPLIERS', 10, 1, 10_000),
    fragmentationPercent: int(env, 'SPENDSCOPE_FRAGMENTATION_PERCENT', 80, 1, 100),
    priceBenchmarkPercentile: int(env, 'SPENDSCOPE_PRICE_BENCHMARK_PERCENTILE', 25, 0, 100),
    priceVarianceMinLines: int(env, 'SPENDSCOPE_PRICE_VARIANCE_MIN_LINES', 3, 2, 1_000_000),
    smtpUrl: url(env, 'SPENDSCOPE_SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587'),
    smtpFrom: env.SPENDSCOPE_SMTP_FROM?.trim() || 'Spendscope <spendscope@localhost>',
    publicUrl: url(env, 'SPENDSCOPE_PUBLIC_URL', ['http:', 'https:'], 'https://spendscope.example.com')?.replace(/\/+$/, '') ?? null,
    deliveryPollMs: int(env, 'SPENDSCOPE_DELIVERY_POLL_MS', 5_000, 50, 600_000),
    deliveryStaleMs: int(env, 'SPENDSCOPE_DELIVERY_STALE_MS', 60_000, 500, 3_600_000),
    deliveryRetryMs: int(env, 'SPENDSCOPE_DELIVERY_RETRY_MS', 60_000, 10, 86_400_000),
    deliveryMaxAttempts: int(env, 'SPENDSCOPE_DELIVERY_MAX_ATTEMPTS', 5, 1, 50),
    deliveryClaimPauseMs: int(env, 'SPENDSCOPE_TEST_DELIVERY_PAUSE_MS', 0, 0, 600_000),
  };
}

/** Today's date (UTC) unless SPENDSCOPE_AS_OF pins it. */
export function asOfDate(config: Config): string {
  return config.asOfDate ?? todayUtc();
}
