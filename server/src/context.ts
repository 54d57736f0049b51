import type { Config } from './config.js';
import { firstLine } from './lib/first-line.js';
import { AuthService, SessionCache } from './modules/auth/auth.service.js';
import { Viewer, type UserRecord } from './core/viewer.js';
import { CategoriesService } from './modules/categories/categories.service.js';
import { OpportunitiesService } from './modules/opportunities/opportunities.service.js';
import { ContractsService } from './modules/contracts/contracts.service.js';
import { OrganisationService } from './modules/organisation/organisation.service.js';
import { RequestData } from './core/request-data.js';
import { SpendService } from './modules/spend/spend.service.js';
import { LinesService } from './modules/spend/lines.service.js';
import { ViewsService } from './modules/views/views.service.js';
import { ImportRuntime, ImportsService } from './modules/imports/imports.service.js';
import { ClassificationService } from './modules/classification/classification.service.js';
import { ClassifierService } from './modules/classification/classifier.service.js';
import { ClassifierRuntime } from './modules/classification/classifier.runtime.js';
import { MergesService } from './modules/suppliers/merges.service.js';
import { ReferenceService } from './modules/reference/reference.service.js';
import { dirname, join } from 'node:path';
import { SuppliersService } from './modules/suppliers/suppliers.service.js';
import { UsersService } from './modules/users/users.service.js';
import { AuditService } from './modules/audit/audit.service.js';
import { TaxonomyService } from './modules/taxonomy/taxonomy.service.js';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service.js';
import type { Store } from './store/store.js';
import { RequestStore, StatementGate } from './store/request-store.js';
import type { RequestBudget } from './http/request-budget.js';
import { listCategories } from './modules/categories/categories.queries.js';
import { listBusinessUnits } from './modules/organisation/organisation.queries.js';
import { Directory, DirectoryCache } from './core/directory.js';

/** The session cookie as one request sees it, and how to set or clear it on the response. */
export interface SessionCookie {
  token: string | undefined;
  address: string;
  set(token: string): void;
  clear(): void;
  /**
   * Sends the cookie again with a full idle period: the server slides a session's idle timeout on
   * use, and the browser's copy must slide with it (docs/security.md, "Ending sessions").
   */
  renew(): void;
}

/** Built per request: who is asking, and services bound to their scope (STYLE: data sources per request). */
export interface RequestContext {
  requestId: string;
  /** The request's time budget and cancellation (docs/request-limits.md). */
  budget: RequestBudget;
  data: RequestData;
  auth: AuthService;
  session: SessionCookie;
  spend: SpendService;
  lines: LinesService;
  views: ViewsService;
  imports: ImportsService;
  classification: ClassificationService;
  classifier: ClassifierService;
  merges: MergesService;
  reference: ReferenceService;
  suppliers: SuppliersService;
  categories: CategoriesService;
  opportunities: OpportunitiesService;
  contracts: ContractsService;
  organisation: OrganisationService;
  users: UsersService;
  audit: AuditService;
  taxonomy: TaxonomyService;
  subscriptions: SubscriptionsService;
}

/** What lives as long as the server: the store, config and caches shared by all requests. */
export interface AppServices {
  store: Store;
  config: Config;
  directories: DirectoryCache;
  sessions: SessionCache;
  imports: ImportRuntime;
  /** The classifier's training and its models, one per process (docs/domain.md, "Classification"). */
  classifier: ClassifierRuntime;
  /** Statements per user at once, so one user cannot hold the whole connection pool. */
  gate: StatementGate;
  /** Requests in flight, by their budgets: what a shutdown cancels after its grace period. */
  requests: Set<RequestBudget>;
}

export function createAppServices(store: Store, config: Config): AppServices {
  const directories = new DirectoryCache(async () => {
    const [categories, businessUnits] = await Promise.all([listCategories(store), listBusinessUnits(store)]);
    return new Directory(categories, businessUnits, config.fiscalYearStartMonth);
  });
  // Uploads sit next to the database file, so one volume holds both.
  const uploads = join(dirname(config.dbPath), 'uploads');
  const sessions = new SessionCache();
  // What another process on the same database changed (docs/scale-out.md): read at each request's start.
  store.shared?.onChange('auth', () => sessions.clear());
  store.shared?.onChange('directory', () => directories.invalidate());
  const classifier = new ClassifierRuntime(store, { debounceMs: config.classifierDebounceMs, pollMs: config.classifierPollMs, staleMs: config.importJobStaleMs });
  return { store, config, directories, sessions, classifier, imports: new ImportRuntime(uploads, { bytes: config.importMaxBytes, rows: config.importMaxRows, uploadsPerUser: config.userUploads }, directories, store, { beatMs: config.importJobBeatMs, staleMs: config.importJobStaleMs }), gate: new StatementGate(config.userStatements), requests: new Set() };
}

export async function createContext(app: AppServices, requestId: string, session: SessionCookie, budget: RequestBudget): Promise<RequestContext> {
  const { store } = app;
  // First what other processes changed since this one last looked (docs/scale-out.md).
  await store.shared?.refresh(budget.signal);
  const auth = new AuthService(store, app.config, app.sessions);
  const user = await auth.userForToken(session.token);
  if (user) session.renew();
  return buildContext(app, requestId, session, budget, auth, user);
}

/** No cookie: work done for a user without a request of theirs (a report delivered to them). */
const NO_SESSION: SessionCookie = { token: undefined, address: 'server', set: () => {}, clear: () => {}, renew: () => {} };

/**
 * A context for `user` without a request: the same services, scope and limits as their own
 * requests get. A report subscription renders each recipient's attachment in one
 * (docs/domain.md, "Report subscriptions"), so the figures are the recipient's, never the sender's.
 */
export function createUserContext(app: AppServices, user: UserRecord, requestId: string, budget: RequestBudget): RequestContext {
  return buildContext(app, requestId, NO_SESSION, budget, new AuthService(app.store, app.config, app.sessions), user);
}

function buildContext(app: AppServices, requestId: string, session: SessionCookie, budget: RequestBudget, auth: AuthService, user: UserRecord | null): RequestContext {
  const { store, config } = app;
  // Every statement of the request's services carries its signal and waits for its user's turn.
  const requestStore = new RequestStore(store, budget.signal, app.gate, user ? `user:${user.id}` : `address:${session.address}`);
  const data = new RequestData(requestStore, config, user ? new Viewer(user) : null, app.directories);
  const suppliers = new SuppliersService(data);
  const contracts = new ContractsService(data, suppliers);
  const spend = new SpendService(data, contracts);
  const users = new UsersService(data, auth, session.token);
  const views = new ViewsService(data, spend);
  return {
    requestId,
    budget,
    data,
    auth,
    session,
    spend,
    lines: new LinesService(data),
    views,
    imports: new ImportsService(data, app.imports),
    classification: new ClassificationService(data),
    classifier: new ClassifierService(data, app.classifier, new LinesService(data)),
    merges: new MergesService(data, suppliers),
    reference: new ReferenceService(data, app.directories),
    suppliers,
    categories: new CategoriesService(data, spend, contracts),
    opportunities: new OpportunitiesService(data),
    contracts,
    organisation: new OrganisationService(data),
    users,
    audit: new AuditService(data),
    taxonomy: new TaxonomyService(data, app.directories, users),
    subscriptions: new SubscriptionsService(data, views),
  };
}

/**
 * Takes over import jobs whose process stopped beating and runs them again as the users who
 * started them (docs/imports.md, "Jobs that survive their process"): jobs of a process that died,
 * found by itself after a restart or by another process on the same database. Returns the stop.
 */
export function startImportRecovery(app: AppServices, log: (message: string) => void): () => void {
  const { jobs } = app.imports;
  jobs.startBeating((error) => log(`Import job heartbeat failed: ${firstLine(error)}`));
  let sweeping = false;
  const sweep = async () => {
    for (const job of await jobs.claimStale()) {
      const user = await new AuthService(app.store, app.config, app.sessions).enabledUser(job.userId);
      const imports = new ImportsService(new RequestData(app.store, app.config, user ? new Viewer(user) : null, app.directories), app.imports);
      log(`Import ${job.batchId}: ${job.phase.toLowerCase()} taken over from a process that stopped (attempt ${job.attempts})`);
      // Each runs on its own; the next sweep does not wait for it.
      void (user ? imports.resume(job) : jobs.end(job.batchId)).catch((error: unknown) => {
        log(`Import ${job.batchId}: ${job.phase.toLowerCase()} taken over failed: ${firstLine(error)}`);
        return jobs.end(job.batchId);
      });
    }
  };
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep().catch((error: unknown) => log(`Import job sweep failed: ${firstLine(error)}`)).finally(() => {
      sweeping = false;
    });
  }, Math.max(500, Math.round(app.config.importJobStaleMs / 3)));
  timer.unref();
  return () => {
    clearInterval(timer);
    jobs.stop();
  };
}
