import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Router } from 'express';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../src/context.js';
import { loadTypeDefs } from '../src/graphql/schema.js';
import type { Logger } from '../src/logger.js';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Audit walker (docs/domain.md, audit log): every Mutation field of the live schema, and every
 * REST route that writes, is called once with valid input, and must append at least one audit
 * event written by the caller. A mutation or write route added without a probe here fails the
 * first test: give it a probe (and an audit event), or, if it changes no data, a reason below.
 */

/** Writes that change no data, and why. Keep this list tiny: anything that changes data is audited. */
const EXEMPT: Record<string, string> = {
  login: 'sign-in changes no data; attempts are kept in login_attempts for throttling (docs/security.md)',
  logout: 'sign-out only ends the caller’s own session',
  noop: 'writes nothing (it keeps the Mutation type from being empty)',
};

interface Call {
  /** Who calls: the actor the audit event must name. */
  as: GraphQLClient;
  actorId: number;
  op: string;
  vars?: Record<string, unknown>;
}
type Probe = () => Promise<Call>;

let server: TestServer;
let admin: GraphQLClient;
const ADMIN_ID = 1;
let suppliers: number[] = [];
let leaf = 0;
let uploads = 0;

/** Active suppliers with lines, handed out one by one so probes never share one. */
function nextSupplier(): string {
  const id = suppliers.shift();
  if (id === undefined) throw new Error('the walker ran out of suppliers');
  return String(id);
}

async function upload(): Promise<string> {
  const body = `Date,Supplier,Amount\n2025-03-0${(uploads % 9) + 1},Audit Walker ${uploads} Ltd,12.34\n`;
  const res = await fetch(`${server.url}/api/imports?fileName=walk-${uploads}.csv&sourceName=Audit walk ${uploads++}`, {
    method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}
const MAPPING = `{ columns: [{ field: INVOICE_DATE, column: 0 }, { field: SUPPLIER_NAME, column: 1 }, { field: AMOUNT, column: 2 }], defaultCurrency: "EUR" }`;
const validate = (id: string) => admin.ok(`mutation($id: ID!) { validateImport(id: $id, mapping: ${MAPPING}) { id } }`, { id });
const commit = (id: string) => admin.ok(`mutation($id: ID!) { commitImport(id: $id) { id } }`, { id });

async function rule(): Promise<string> {
  return (await admin.ok<{ createClassificationRule: { id: string } }>(
    `mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id } }`, { i: { priority: 5, descriptionContains: 'walker', categoryId: String(leaf) } },
  )).createClassificationRule.id;
}
async function view(): Promise<string> {
  return (await admin.ok<{ createSavedView: { id: string } }>(
    `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id } }`,
    { i: { name: `walk ${Math.random()}`, kind: 'PIVOT', definition: JSON.stringify({ query: { dimensions: ['SUPPLIER'], measures: ['SPEND'] } }) } },
  )).createSavedView.id;
}
/** A subscription of a fresh view of the admin's, to the admin, with its version. */
async function subscription(): Promise<{ id: string; version: number }> {
  return (await admin.ok<{ createReportSubscription: { id: string; version: number } }>(
    `mutation($i: ReportSubscriptionInput!) { createReportSubscription(input: $i) { id version } }`, { i: await subscriptionInput() },
  )).createReportSubscription;
}
async function subscriptionInput() {
  return { savedViewId: await view(), format: 'XLSX', recipientUserIds: [String(ADMIN_ID)], frequency: 'WEEKLY', dayOfWeek: 'FRIDAY', time: '17:30', timeZone: 'Europe/Paris' };
}
let users = 0;
async function user(password: string | null = 'walker password 1'): Promise<{ id: string; version: number; link: string | null }> {
  const made = (await admin.ok<{ createUser: { user: { id: string; version: number }; setPasswordLink: { path: string } | null } }>(
    `mutation($i: CreateUserInput!) { createUser(input: $i) { user { id version } setPasswordLink { path } } }`,
    { i: { email: `walker-${++users}@example.test`, name: `Walker ${users}`, role: 'ANALYST', ...(password ? { password } : {}) } },
  )).createUser;
  return { id: made.user.id, version: made.user.version, link: made.setPasswordLink?.path ?? null };
}
async function categoryVersion(id: number): Promise<number> {
  const [row] = await server.store.query<{ version: number }>(sql`SELECT version FROM categories WHERE id = ${id}`, { name: 't' });
  return row.version;
}

let contracts = 0;
/** A DRAFT contract of a fresh supplier, with its version. */
async function contract(): Promise<{ id: string; version: number }> {
  return (await admin.ok<{ createContract: { id: string; version: number } }>(
    `mutation($i: ContractInput!) { createContract(input: $i) { id version } }`, { i: contractInput() },
  )).createContract;
}
function contractInput() {
  return {
    number: `WALK-${++contracts}`, title: 'Walked contract', supplierId: nextSupplier(), categoryIds: [String(leaf)], businessUnitIds: [],
    startDate: '2025-01-01', endDate: '2027-12-31', ceiling: '1000.00', currency: 'EUR',
  };
}
async function supplierVersion(id: string): Promise<number> {
  const [row] = await server.store.query<{ version: number }>(sql`SELECT version FROM suppliers WHERE id = ${Number(id)}`, { name: 't' });
  return row.version;
}

const asAdmin = (op: string, vars?: Record<string, unknown>): Call => ({ as: admin, actorId: ADMIN_ID, op, vars });

/** A live classifier on the walker's server (trained once, on demand), and an unclassified line it suggests for. */
let trained: Promise<unknown> | null = null;
async function suggestion(): Promise<{ lineId: string; supplierId: string; categoryId: string }> {
  trained ??= server.classifier.tick(true);
  await trained;
  const [row] = await server.store.query<{ line_id: string; supplier_id: number; category_id: number }>(
    sql`SELECT CAST(g.line_id AS VARCHAR) AS line_id, s.supplier_id, g.category_id FROM line_suggestions g JOIN spend_lines s ON s.id = g.line_id
        WHERE s.classification_source = 'NONE' AND g.model_version = (SELECT MAX(version) FROM classifier_models WHERE live)
          AND NOT EXISTS (SELECT 1 FROM classification_action_lines a WHERE a.line_id = g.line_id)
        ORDER BY g.line_id LIMIT 1`,
    { name: 'test.suggestion' },
  );
  return { lineId: row.line_id, supplierId: String(row.supplier_id), categoryId: String(row.category_id) };
}
const ACCEPT = `mutation($l: [ID!]) { acceptClassificationSuggestions(input: { lineIds: $l }) { id } }`;

const PROBES: Record<string, Probe> = {
  acceptClassificationSuggestions: async () => asAdmin(ACCEPT, { l: [(await suggestion()).lineId] }),
  acceptClassificationSuggestionsAsRules: async () => {
    const s = await suggestion();
    return asAdmin(`mutation($s: ID!, $c: ID!) { acceptClassificationSuggestionsAsRules(input: { groups: [{ supplierId: $s, categoryId: $c }] }) { id } }`, { s: s.supplierId, c: s.categoryId });
  },
  rejectClassificationSuggestions: async () => asAdmin(`mutation($l: [ID!]) { rejectClassificationSuggestions(input: { lineIds: $l }) { id } }`, { l: [(await suggestion()).lineId] }),
  undoClassificationAction: async () => {
    const done = await admin.ok<{ acceptClassificationSuggestions: { id: string } }>(ACCEPT, { l: [(await suggestion()).lineId] });
    return asAdmin(`mutation($id: ID!) { undoClassificationAction(id: $id) { id } }`, { id: done.acceptClassificationSuggestions.id });
  },
  retrainClassifier: async () => asAdmin(`mutation { retrainClassifier { version } }`),
  setAutoClassify: async () => asAdmin(`mutation { setAutoClassify(enabled: false) { autoClassify } }`),
  createClassificationRule: async () => asAdmin(`mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id } }`, { i: { priority: 1, descriptionContains: 'walker', categoryId: String(leaf) } }),
  updateClassificationRule: async () => asAdmin(`mutation($id: ID!, $i: ClassificationRuleInput!) { updateClassificationRule(id: $id, version: 1, input: $i) { id } }`, { id: await rule(), i: { priority: 2, descriptionContains: 'walked', categoryId: String(leaf) } }),
  deleteClassificationRule: async () => asAdmin(`mutation($id: ID!) { deleteClassificationRule(id: $id) }`, { id: await rule() }),
  runClassificationRules: async () => asAdmin(`mutation { runClassificationRules { changed } }`),
  classifyLines: async () => {
    const [line] = await server.store.query<{ id: string }>(sql`SELECT CAST(id AS VARCHAR) AS id FROM spend_lines ORDER BY id LIMIT 1`, { name: 't' });
    return asAdmin(`mutation($l: [ID!], $c: ID) { classifyLines(lineIds: $l, categoryId: $c) }`, { l: [line.id], c: String(leaf) });
  },
  validateImport: async () => asAdmin(`mutation($id: ID!) { validateImport(id: $id, mapping: ${MAPPING}) { id } }`, { id: await upload() }),
  commitImport: async () => {
    const id = await upload();
    await validate(id);
    return asAdmin(`mutation($id: ID!) { commitImport(id: $id) { id } }`, { id });
  },
  rollbackImport: async () => {
    const id = await upload();
    await validate(id);
    await commit(id);
    return asAdmin(`mutation($id: ID!) { rollbackImport(id: $id) { id } }`, { id });
  },
  discardImport: async () => {
    const id = await upload();
    await validate(id);
    return asAdmin(`mutation($id: ID!) { discardImport(id: $id) { id } }`, { id });
  },
  mergeSuppliers: async () => asAdmin(`mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: nextSupplier(), t: nextSupplier() }),
  undoSupplierMerge: async () => {
    const merged = await admin.ok<{ mergeSuppliers: { id: string } }>(`mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: nextSupplier(), t: nextSupplier() });
    return asAdmin(`mutation($id: ID!) { undoSupplierMerge(id: $id) { id } }`, { id: merged.mergeSuppliers.id });
  },
  dismissMergeSuggestion: async () => asAdmin(`mutation($a: ID!, $b: ID!) { dismissMergeSuggestion(supplierA: $a, supplierB: $b) }`, { a: nextSupplier(), b: nextSupplier() }),
  setSupplierParent: async () => asAdmin(`mutation($id: ID!, $p: ID) { setSupplierParent(id: $id, parentId: $p) { id } }`, { id: nextSupplier(), p: nextSupplier() }),
  createSavedView: async () => asAdmin(`mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id } }`, { i: { name: 'walked view', kind: 'PIVOT', definition: '{"query":{}}' } }),
  updateSavedView: async () => asAdmin(`mutation($id: ID!) { updateSavedView(id: $id, version: 1, input: { name: "walked again", shared: true }) { id } }`, { id: await view() }),
  deleteSavedView: async () => asAdmin(`mutation($id: ID!) { deleteSavedView(id: $id) }`, { id: await view() }),
  createReportSubscription: async () => asAdmin(`mutation($i: ReportSubscriptionInput!) { createReportSubscription(input: $i) { id } }`, { i: await subscriptionInput() }),
  updateReportSubscription: async () => {
    const made = await subscription();
    return asAdmin(`mutation($id: ID!, $v: Int!, $i: ReportSubscriptionInput!) { updateReportSubscription(id: $id, version: $v, input: $i) { id } }`,
      { id: made.id, v: made.version, i: { ...(await subscriptionInput()), frequency: 'MONTHLY', dayOfWeek: null, workingDay: 2 } });
  },
  pauseReportSubscription: async () => asAdmin(`mutation($id: ID!) { pauseReportSubscription(id: $id) { id } }`, { id: (await subscription()).id }),
  resumeReportSubscription: async () => {
    const made = await subscription();
    await admin.ok(`mutation($id: ID!) { pauseReportSubscription(id: $id) { id } }`, { id: made.id });
    return asAdmin(`mutation($id: ID!) { resumeReportSubscription(id: $id) { id } }`, { id: made.id });
  },
  deleteReportSubscription: async () => asAdmin(`mutation($id: ID!) { deleteReportSubscription(id: $id) }`, { id: (await subscription()).id }),
  sendReportSubscriptionNow: async () => asAdmin(`mutation($id: ID!) { sendReportSubscriptionNow(id: $id) { id } }`, { id: (await subscription()).id }),
  createUser: async () => asAdmin(`mutation($i: CreateUserInput!) { createUser(input: $i) { user { id } } }`, { i: { email: 'walked@example.test', name: 'Walked', role: 'FINANCE' } }),
  updateUser: async () => {
    const u = await user();
    return asAdmin(`mutation($id: ID!, $v: Int!) { updateUser(id: $id, version: $v, input: { role: FINANCE }) { id } }`, { id: u.id, v: u.version });
  },
  disableUser: async () => {
    const u = await user();
    return asAdmin(`mutation($id: ID!, $v: Int!) { disableUser(id: $id, version: $v) { id } }`, { id: u.id, v: u.version });
  },
  enableUser: async () => {
    const u = await user();
    await admin.ok(`mutation($id: ID!, $v: Int!) { disableUser(id: $id, version: $v) { id } }`, { id: u.id, v: u.version });
    return asAdmin(`mutation($id: ID!, $v: Int!) { enableUser(id: $id, version: $v) { id } }`, { id: u.id, v: u.version + 1 });
  },
  resetUserPassword: async () => {
    const u = await user();
    return asAdmin(`mutation($id: ID!, $v: Int!) { resetUserPassword(id: $id, version: $v) { user { id } } }`, { id: u.id, v: u.version });
  },
  setPassword: async () => {
    const u = await user(null);
    const token = new URL(u.link!, 'http://x').searchParams.get('token');
    // Signed out: the event names the user who set their password.
    return { as: new GraphQLClient(server.url), actorId: Number(u.id), op: `mutation($t: String!) { setPassword(token: $t, password: "walker password 2") }`, vars: { t: token } };
  },
  createContract: async () => asAdmin(`mutation($i: ContractInput!) { createContract(input: $i) { id } }`, { i: contractInput() }),
  updateContract: async () => {
    const c = await contract();
    return asAdmin(`mutation($id: ID!, $v: Int!, $i: ContractInput!) { updateContract(id: $id, version: $v, input: $i) { id } }`, { id: c.id, v: c.version, i: { ...contractInput(), title: 'Walked again' } });
  },
  activateContract: async () => {
    const c = await contract();
    return asAdmin(`mutation($id: ID!, $v: Int!) { activateContract(id: $id, version: $v) { id } }`, { id: c.id, v: c.version });
  },
  terminateContract: async () => {
    const c = await contract();
    const active = (await admin.ok<{ activateContract: { version: number } }>(`mutation($id: ID!, $v: Int!) { activateContract(id: $id, version: $v) { version } }`, { id: c.id, v: c.version })).activateContract;
    return asAdmin(`mutation($id: ID!, $v: Int!) { terminateContract(id: $id, version: $v, reason: "Walked") { id } }`, { id: c.id, v: active.version });
  },
  deleteContract: async () => {
    const c = await contract();
    return asAdmin(`mutation($id: ID!, $v: Int!) { deleteContract(id: $id, version: $v) }`, { id: c.id, v: c.version });
  },
  blockSupplier: async () => {
    const id = nextSupplier();
    return asAdmin(`mutation($id: ID!, $v: Int!) { blockSupplier(id: $id, version: $v, reason: "Walked") { id } }`, { id, v: await supplierVersion(id) });
  },
  unblockSupplier: async () => {
    const id = nextSupplier();
    await admin.ok(`mutation($id: ID!, $v: Int!) { blockSupplier(id: $id, version: $v) { id } }`, { id, v: await supplierVersion(id) });
    return asAdmin(`mutation($id: ID!, $v: Int!) { unblockSupplier(id: $id, version: $v) { id } }`, { id, v: await supplierVersion(id) });
  },
  updateSupplier: async () => {
    const id = nextSupplier();
    return asAdmin(`mutation($id: ID!, $v: Int!) { updateSupplier(id: $id, version: $v, input: { countryCode: "NL" }) { id } }`, { id, v: await supplierVersion(id) });
  },
  setFxRate: async () => asAdmin(`mutation { setFxRate(input: { currency: "GBP", month: "2031-02-01", rate: "1.16" }) { linesConverted } }`),
  createCategory: async () => asAdmin(`mutation($i: CreateCategoryInput!) { createCategory(input: $i) { id } }`, { i: { code: 'WALK', name: 'Walked category' } }),
  updateCategory: async () => asAdmin(`mutation($id: ID!, $v: Int!) { updateCategory(id: $id, version: $v, input: { name: "Walked leaf" }) { id } }`, { id: String(leaf), v: await categoryVersion(leaf) }),
};

/** REST routes that write (`METHOD /path`): a probe sending a valid body. */
const REST_PROBES: Record<string, () => Promise<Response>> = {
  'POST /api/imports': () => fetch(`${server.url}/api/imports?fileName=rest.csv&sourceName=Audit walk REST`, {
    method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: 'Date,Supplier,Amount\n2025-04-01,Rest Walker Ltd,1.00\n',
  }),
  'POST /api/fx-rates': () => fetch(`${server.url}/api/fx-rates`, {
    method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: 'currency,month,rate\nGBP,2031-01,1.17\n',
  }),
  'POST /api/taxonomy': () => fetch(`${server.url}/api/taxonomy`, {
    method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: 'code,name,parent_code\nWALKREST,Walked by REST,\n',
  }),
};
/** Where app.ts mounts each router factory (as in scope-walk.test.ts). */
const MOUNTS: Record<string, string> = { exportsRouter: '/api/exports', importsRouter: '/api/imports', referenceRouter: '/api', auditRouter: '/api/audit' };

async function auditCount(): Promise<number> {
  const [row] = await server.store.query<{ n: string }>(sql`SELECT COUNT(*) AS n FROM audit_events`, { name: 't' });
  return Number(row.n);
}
async function eventsAfter(count: number) {
  return server.store.query<{ user_id: number | null; action: string; before: string | null; after: string | null }>(
    sql`SELECT user_id, action, before, after FROM audit_events ORDER BY id OFFSET ${count}`, { name: 't' },
  );
}

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
  suppliers = (await server.store.query<{ id: number }>(
    sql`SELECT id FROM suppliers WHERE status = 'ACTIVE' AND parent_id IS NULL AND id IN (SELECT supplier_id FROM spend_lines) ORDER BY id LIMIT 60`, { name: 't' },
  )).map((r) => r.id);
  [{ id: leaf }] = await server.store.query<{ id: number }>(sql`SELECT id FROM categories WHERE level = 3 ORDER BY id LIMIT 1`, { name: 't' });
});
afterAll(() => server?.close());

describe('the audit walker covers every write', () => {
  it('every Mutation field has a probe, or is one of the few that change no data', () => {
    const schema = buildSchema(loadTypeDefs().join('\n'));
    const fields = Object.keys((schema.getType('Mutation') as GraphQLObjectType).getFields());
    const covered = [...Object.keys(PROBES), ...Object.keys(EXEMPT)];
    expect(fields.filter((f) => !covered.includes(f)), 'mutations without an audit probe').toEqual([]);
    expect(covered.filter((f) => !fields.includes(f)), 'probes for mutations that no longer exist').toEqual([]);
    expect(Object.keys(PROBES).filter((f) => EXEMPT[f])).toEqual([]);
  });

  it('every REST route that writes has a probe', async () => {
    const dir = resolve(import.meta.dirname, '../src/modules');
    const writes: string[] = [];
    const logger: Logger = { info: () => {}, error: () => {} };
    for (const module of readdirSync(dir)) {
      for (const file of readdirSync(join(dir, module)).filter((f) => f.endsWith('.routes.ts'))) {
        const exported = (await import(join(dir, module, file))) as Record<string, unknown>;
        for (const [name, factory] of Object.entries(exported).filter(([n]) => n.endsWith('Router'))) {
          expect(MOUNTS[name], `${name} (${file}) is not in MOUNTS`).toBeDefined();
          const router = (factory as (s: AppServices, l: Logger) => Router)({} as AppServices, logger);
          for (const layer of router.stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>) {
            if (!layer.route) continue;
            const path = `${MOUNTS[name]}${layer.route.path === '/' ? '' : layer.route.path}`;
            for (const method of Object.keys(layer.route.methods).filter((m) => !['get', 'head', 'options'].includes(m))) writes.push(`${method.toUpperCase()} ${path}`);
          }
        }
      }
    }
    expect(writes.sort()).toEqual(Object.keys(REST_PROBES).sort());
  });
});

describe('every mutation writes an audit event naming its caller', () => {
  it.each(Object.keys(PROBES))('%s', async (field) => {
    const call = await PROBES[field]();
    const before = await auditCount();
    const res = await call.as.request(call.op, call.vars);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const events = await eventsAfter(before);
    expect(events.length, `${field} wrote no audit event`).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.user_id, `${field}: ${e.action}`).toBe(call.actorId);
      expect(`${e.before} ${e.after}`).not.toContain('scrypt$');
    }
  });
});

describe('every REST write writes an audit event naming its caller', () => {
  it.each(Object.keys(REST_PROBES))('%s', async (route) => {
    const before = await auditCount();
    const res = await REST_PROBES[route]();
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const events = await eventsAfter(before);
    expect(events.length, `${route} wrote no audit event`).toBeGreaterThan(0);
    for (const e of events) expect(e.user_id).toBe(ADMIN_ID);
  });
});

describe('after the walk', () => {
  it('nothing broke on the server', () => {
    expect(server.loggedErrors).toEqual([]);
  });
});
