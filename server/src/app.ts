import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import compression from 'compression';
import zlib from 'node:zlib';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { GraphQLError, Kind, validate, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import type { Config } from './config.js';
import { createAppServices, createContext, type RequestContext } from './context.js';
import { ERROR_CODES } from './errors.js';
import { introspectionPlugin } from './graphql/introspection.js';
import { limitsRule } from './graphql/limits.js';
import { admitOperations, PersistedDocuments, persistedDocumentsPlugin, sentOperations } from './graphql/persisted.js';
import { responseCachePlugin } from './graphql/response-cache.js';
import { removeStagingLeftovers } from './modules/imports/staging.js';
import { failCutOffUploads } from './modules/imports/imports.service.js';
import { exportFilesDir, removeExportLeftovers } from './modules/spend/lines.service.js';
import { RequestBudget } from './http/request-budget.js';
import { buildResolvers } from './graphql/resolvers.js';
import { loadTypeDefs } from './graphql/schema.js';
import type { Store } from './store/store.js';
import { exportsRouter, type ExecuteOperation } from './modules/exports/exports.routes.js';
import { sessionCookie } from './http/session.js';
import { internalMessage, sendError } from './http/errors.js';
import { consoleLogger, type Logger } from './logger.js';
import { sameOriginWrites } from './http/same-origin.js';
import { importsRouter } from './modules/imports/imports.routes.js';
import { referenceRouter } from './modules/reference/reference.routes.js';
import { auditRouter } from './modules/audit/audit.routes.js';
import { sql } from './store/sql.js';
import { Lifecycle } from './http/lifecycle.js';
import { browsersToWorkbench, securityHeaders } from './http/security-headers.js';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';


// Apollo's own codes for documents that fail to parse or validate map to the catalogue's BAD_USER_INPUT.
const INPUT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_SUPPORTED', 'OPERATION_RESOLUTION_FAILURE']);

/**
 * The input path of a variable that failed coercion, from graphql-js's message
 * (`Variable "$f" got invalid value "x" at "f.dateFrom"; …`), so BAD_USER_INPUT names the field.
 */
function variableField(message: string): string | undefined {
  const m = /^Variable "\$(\w+)" got invalid value .*? at "([^"]+)";/.exec(message) ?? /^Variable "\$(\w+)"/.exec(message);
  return m?.[2] ?? m?.[1];
}

/** The largest GraphQL request body read (docs/request-limits.md). */
const GRAPHQL_BODY_MB = 1;

/** Keeps catalogue errors as they are; anything else becomes INTERNAL_SERVER_ERROR. Never a stack trace or SQL. */
export function formatError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = String(formatted.extensions?.code ?? '');
  const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
  if (ERROR_CODES.has(code) && code !== 'INTERNAL_SERVER_ERROR') {
    const field = code === 'BAD_USER_INPUT' && extensions.field === undefined ? variableField(formatted.message) : undefined;
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: field ? { ...extensions, field } : extensions };
  }
  if (INPUT_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, extensions: { code: 'BAD_USER_INPUT' } };
  }
  // The request id is filled in by the errors plugin, which knows the request.
  return { message: INTERNAL_MESSAGE, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** Import validation and commit run for minutes on large files by design; their statements carry their own limits. */
const LONG_RUNNING_MUTATIONS = new Set(['validateImport', 'commitImport', 'rollbackImport']);

const INTERNAL_MESSAGE = 'Something went wrong on our side. Quote the request id if you contact support.';

function isInternal(error: GraphQLError): boolean {
  const code = String(error.extensions?.code ?? '');
  return !(ERROR_CODES.has(code) && code !== 'INTERNAL_SERVER_ERROR') && !INPUT_CODES.has(code);
}

/** Logs internal errors with the request id and puts that id into the response, so support can find the log line. */
function errorsPlugin(logger: Logger): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          // A client that went away is not a fault of ours; its cancelled statements are expected.
          if (contextValue?.budget?.clientClosed) {
            logger.info('graphql.cancelled', { requestId: contextValue.requestId, reason: 'client closed the request' });
            return;
          }
          for (const error of errors.filter(isInternal)) {
            const original = error.originalError ?? error;
            logger.error('graphql.internal', { requestId: contextValue?.requestId, path: error.path, error: String(original.stack ?? original) });
          }
        },
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single') return;
          for (const error of response.body.singleResult.errors ?? []) {
            if (error.extensions?.code === 'INTERNAL_SERVER_ERROR') {
              (error.extensions as Record<string, unknown>).requestId = contextValue?.requestId ?? null;
            }
          }
        },
      };
    },
  };
}

export async function createApp(store: Store, config: Config, logger: Logger = consoleLogger, lifecycle = new Lifecycle()) {
  const typeDefs = loadTypeDefs();
  const services = createAppServices(store, config);
  // A validation killed mid-way leaves its chunk files behind (never its rows): nothing runs yet, so
  // sweep them; where other processes share the folder, only those no live work could still own.
  const leftoversAge = store.shared ? 3_600_000 : 0;
  await removeStagingLeftovers(services.imports.uploadDir, leftoversAge);
  // Uploads a stopped process cut off: FAILED, with the reason (a day's margin where processes share the database).
  await failCutOffUploads(store, services.imports.uploadDir, store.shared ? 86_400_000 : 0);
  await removeExportLeftovers(exportFilesDir(config), leftoversAge);
  // The console's operations by persisted id, read once (docs/security.md, persisted operations).
  const persisted = PersistedDocuments.load();

  // Limits of one operation (docs/request-limits.md): refused before anything runs with a client
  // error (HTTP 400); an operation that runs gets the request's time budget, and a query is
  // cancelled when its client disconnects.
  const limits = { maxDepth: config.maxDepth, maxCost: config.maxCost, maxAggregates: config.maxAggregates };
  const limitsPlugin: ApolloServerPlugin<RequestContext> = {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, operation, contextValue }) {
          if (operation?.operation === 'subscription') {
            throw new GraphQLError('Subscriptions are not supported; send a query or a mutation.', {
              extensions: { code: 'BAD_USER_INPUT', field: 'query', http: { status: 400 } },
            });
          }
          const errors = validate(schema, document, [limitsRule(limits, () => request.variables ?? {})]);
          if (errors.length) throw errors[0];
          if (operation?.operation === 'mutation') {
            contextValue.budget.keepOnDisconnect();
            const fields = operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
            if (fields.some((f) => LONG_RUNNING_MUTATIONS.has(f))) contextValue.budget.unbounded();
          }
        },
      };
    },
  };

  const apollo = new ApolloServer<RequestContext>({
    typeDefs,
    resolvers: buildResolvers() as never,
    includeStacktraceInErrorResponses: false,
    // main.ts owns SIGTERM/SIGINT and stops everything in order (docs/durability.md); Apollo's own
    // handlers would stop it first and re-raise the signal in the middle of that.
    stopOnTerminationSignals: false,
    introspection: true, // signed-in users only: introspectionPlugin
    csrfPrevention: true,
    // Apollo's automatic persisted queries are off: a client cannot register documents. Ids are
    // the manifest's only, admitted in the context below and resolved by persistedDocumentsPlugin.
    persistedQueries: false,
    // No landing page: it loads Apollo Sandbox from a CDN. Browsers are sent to /query instead.
    // Cache-control hints are not used (HTTP caching of answers is ours: responseCachePlugin), and
    // Apollo's plugin for them would run a hook on every field of every answer.
    plugins: [
      ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), persistedDocumentsPlugin(persisted), introspectionPlugin,
      limitsPlugin, responseCachePlugin(config), errorsPlugin(logger),
    ],
    formatError,
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  // Behind a reverse proxy the client's address (sign-in limits) and scheme and host (same-origin
  // checks) come from its X-Forwarded-* headers, believed only from SPENDSCOPE_TRUST_PROXY's peers.
  app.set('trust proxy', config.trustProxy);
  const instance = config.instanceName;
  if (instance) {
    app.use((_req, res, next) => {
      res.setHeader('x-spendscope-instance', instance);
      next();
    });
  }
  app.use(lifecycle.middleware);
  app.use(securityHeaders);
  // Large JSON answers and the console's assets travel compressed; exports and uploads are left
  // alone (an XLSX is already a zip, and a streamed CSV must not wait in a compressor's buffer).
  // `originalUrl`: the filter runs when the answer starts, inside the mounted router, where `path` is relative.
  // Answers are compressed at the fastest settings (brotli 1, gzip 1): about 5% larger than the
  // defaults and 2–5× less CPU, which under load is what the server spends most on after writing
  // JSON (docs/architecture.md, "Compression"). The console's hashed assets, fetched once per
  // browser, keep the default ratios.
  const filter = (req: Request, res: Response) => !/^\/api\/(exports|imports)\b/.test(req.originalUrl) && compression.filter(req, res);
  const fast = compression({ threshold: 1024, filter, level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } });
  const assets = compression({ threshold: 1024, filter });
  app.use((req, res, next) => (/^\/(graphql|api)\b/.test(req.path) ? fast : assets)(req, res, next));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await store.query(sql`SELECT 1 AS ok`, { name: 'readyz', timeoutMs: 2000 });
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.get('/graphql', browsersToWorkbench);
  app.use(
    '/graphql',
    express.json({ limit: `${GRAPHQL_BODY_MB}mb` }),
    expressMiddleware(apollo, {
      context: async ({ req, res }: { req: Request; res: Response }) => {
        const requestId = randomUUID();
        res.setHeader('x-request-id', requestId);
        const context = await createContext(
          services,
          requestId,
          sessionCookie(req, config, res),
          new RequestBudget(config.requestTimeoutMs, undefined, services.requests).watch(res),
        );
        // Before Apollo parses anything: an unknown persisted id, or free text the lock keeps from
        // this caller, is refused here (an AppError thrown by the context is answered as it is).
        admitOperations(sentOperations(req.method, req.body, new URL(req.originalUrl, 'http://graphql.invalid').search), persisted, context.data.signedIn, config);
        return context;
      },
    }),
  );

  app.use('/api', sameOriginWrites());
  // Query exports run the document through Apollo with the caller's context: same scope and limits.
  const executeOperation: ExecuteOperation = async (ctx, request) => {
    const response = await apollo.executeOperation<Record<string, unknown>>(request, { contextValue: ctx });
    if (response.body.kind !== 'single') throw new GraphQLError('Incremental delivery is not supported in exports.', { extensions: { code: 'BAD_USER_INPUT' } });
    return response.body.singleResult as ExecutionResult;
  };
  app.use('/api/exports', exportsRouter(services, logger, executeOperation));
  app.use('/api/imports', importsRouter(services, logger));
  app.use('/api/audit', auditRouter(services, logger));
  app.use('/api', referenceRouter(services, logger));

  const dist = config.clientDist;
  if (dist && existsSync(join(dist, 'index.html'))) {
    // Vite names every built asset by its content hash: a name never changes content, so it is
    // cached for a year without asking again. Anything else (index.html included) is checked.
    app.use('/assets', express.static(join(dist, 'assets'), { index: false, immutable: true, maxAge: '365d' }));
    app.use('/assets', (_req, res) => sendError(res, 404, 'NOT_FOUND', 'No such file.'));
    app.use(express.static(dist, { index: false, maxAge: 0 }));
    app.get('/{*splat}', (req, res, next) => {
      if (req.path.startsWith('/api/')) return next();
      res.sendFile(join(dist, 'index.html'), { headers: { 'cache-control': 'no-cache' } });
    });
  } else {
    app.get('/', (_req, res) => {
      res.type('text').send('Spendscope API. The console is not built: run `npm run build`. GraphQL at /graphql.');
    });
  }

  app.use((_req, res) => {
    sendError(res, 404, 'NOT_FOUND', 'No such endpoint.');
  });

  // Malformed bodies and anything thrown outside GraphQL: a clear message, never a stack trace.
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    const requestId = randomUUID();
    if (status === 500) logger.error('http.internal', { requestId, error: String(err?.stack ?? err) });
    if (status === 500) sendError(res, 500, 'INTERNAL_SERVER_ERROR', internalMessage(requestId), {}, requestId);
    else if (err?.type === 'entity.too.large') sendError(res, status, 'BAD_USER_INPUT', `The request body is larger than ${GRAPHQL_BODY_MB} MB, the limit for a GraphQL request. Ask for less at once.`, { field: 'body' }, requestId);
    else sendError(res, status, 'BAD_USER_INPUT', 'The request body is not valid JSON.', { field: 'body' }, requestId);
  };
  app.use(onError);

  return { app, services, lifecycle, execute: executeOperation, stop: () => apollo.stop() };
}
