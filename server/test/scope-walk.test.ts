import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Router } from 'express';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../src/logger.js';
import type { AppServices } from '../src/context.js';
import { loadTypeDefs } from '../src/graphql/schema.js';
import { sql } from '../src/store/sql.js';
import { businessUnitTree, categoryTree, rawLines, userScope, type RawLine } from './expected.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Scope walker (docs/scope.md): every Query and Mutation field of the live schema and every REST
 * route, as every role, called with ids outside the caller's scope and with an id that does not
 * exist. The two answers must be the same (the id aside). A field or route that is added without a
 * probe here, or an explicit reason it cannot be probed, fails the test.
 */

const MISSING = '99999999';

/** Ids outside one role's scope, computed from raw rows; null when nothing of that kind is hidden from the role. */
interface Hidden {
  category: number | null;
  businessUnit: number | null;
  supplier: number | null;
  contract: number | null;
  line: number | null;
  merge: number | null;
  rule: number | null;
  view: number | null;
  importBatch: number | null;
  /** A report subscription of a view private to someone else (docs/scope.md, "Report subscriptions"). */
  subscription: number | null;
}
type Kind = keyof Hidden;

/** One call with an id in it: compared between the hidden id and MISSING. */
interface Probe { kind: Kind; op: string; vars: (id: string, inScope: InScope) => Record<string, unknown> }
/** A list without id arguments: must not contain any hidden id of these kinds. */
interface ListProbe { list: Kind[]; op: string }
/** Ids the role may use, to fill the other arguments of a probe. */
interface InScope { supplier: string; category: string; /** The caller's own user id (a recipient they may name). */ user: string }

const GQL: Record<string, Array<Probe | ListProbe>> = {
  category: [{ kind: 'category', op: `query($id: ID!) { category(id: $id) { id name } }`, vars: (id) => ({ id }) }],
  categories: [{ list: ['category'], op: `{ categories { id } }` }],
  categoryTree: [
    { list: ['category'], op: `{ categoryTree { nodes { category { id parentId ancestors { id } } } } }` },
    // Codes, not ids: the walker writes the probed id as X wherever it appears, and a hidden unit's id may be a category's.
    ...(['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
      kind, op: `query($f: SpendFilter) { categoryTree(filter: $f) { total { spend lineCount supplierCount } unclassified { spend } nodes { category { code } figures { spend shareOfParent supplierCount lineCount onContractShare } } } }`,
      vars: (id: string) => ({ f: filterFor(kind, id) }),
    })),
  ],
  savingsOpportunities: (['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { savingsOpportunities(filter: $f) { totalSpend tailSpend { amount lineCount supplierCount allSuppliers }
      supplierFragmentation { amount lineCount categories(limit: 100) { category { id } spend } } offContract { amount lineCount }
      priceVariance { amount linesTotal lineCount items(limit: 100) { category { id } description excess } } } }`,
    vars: (id: string) => ({ f: filterFor(kind, id) }),
  })),
  classificationRules: [{ list: ['rule', 'category'], op: `{ classificationRules { id category { id } } }` }],
  contracts: [{ kind: 'supplier', op: `query($id: ID!) { contracts(filter: { supplierId: $id }) { totalCount nodes { id } } }`, vars: (id) => ({ id }) },
    { kind: 'supplier', op: `query($id: ID!) { contracts(filter: { supplierIds: [$id], statuses: [EXPIRING] }) { totalCount statusCounts { status count } nodes { id } } }`, vars: (id) => ({ id }) },
    { kind: 'category', op: `query($id: ID!) { contracts(filter: { categoryIds: [$id] }) { totalCount statusCounts { status count } nodes { id } } }`, vars: (id) => ({ id }) },
    { kind: 'businessUnit', op: `query($id: ID!) { contracts(filter: { businessUnitIds: [$id] }) { totalCount statusCounts { status count } nodes { id } } }`, vars: (id) => ({ id }) },
    { list: ['contract'], op: `{ contracts(page: { limit: 500 }) { nodes { id } } }` }],
  contract: [{ kind: 'contract', op: `query($id: ID!) { contract(id: $id) { id number utilisation { spend } leakage { spend } } }`, vars: (id) => ({ id }) }],
  createContract: (['category', 'supplier', 'businessUnit'] as const).map((kind) => ({
    kind, op: `mutation($i: ContractInput!) { createContract(input: $i) { id } }`,
    vars: (id: string, mine: InScope) => ({ i: contractInput({
      supplierId: kind === 'supplier' ? id : mine.supplier, categoryIds: [kind === 'category' ? id : mine.category], businessUnitIds: kind === 'businessUnit' ? [id] : [],
    }) }),
  })),
  updateContract: [{
    kind: 'contract', op: `mutation($id: ID!, $i: ContractInput!) { updateContract(id: $id, version: 1, input: $i) { id } }`,
    vars: (id, mine) => ({ id, i: contractInput({ supplierId: mine.supplier, categoryIds: [mine.category], businessUnitIds: [] }) }),
  }],
  activateContract: [{ kind: 'contract', op: `mutation($id: ID!) { activateContract(id: $id, version: 1) { id } }`, vars: (id) => ({ id }) }],
  terminateContract: [{ kind: 'contract', op: `mutation($id: ID!) { terminateContract(id: $id, version: 1, reason: "walker") { id } }`, vars: (id) => ({ id }) }],
  deleteContract: [{ kind: 'contract', op: `mutation($id: ID!) { deleteContract(id: $id, version: 1) }`, vars: (id) => ({ id }) }],
  importBatches: [{ list: ['importBatch'], op: `{ importBatches { nodes { id } } }` }],
  importBatch: [{ kind: 'importBatch', op: `query($id: ID!) { importBatch(id: $id) { id } }`, vars: (id) => ({ id }) }],
  spendLines: (['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { spendLines(filter: $f, page: { limit: 5 }) { totalCount totalAmount nodes { id } } }`,
    vars: (id: string) => ({ f: filterFor(kind, id) }),
  })),
  supplierMergeSuggestions: [{ list: ['supplier'], op: `{ supplierMergeSuggestions(limit: 200) { keep { id } merge { id } } }` }],
  supplierMerges: [{ list: ['merge', 'supplier'], op: `{ supplierMerges { id source { id } target { id } } }` }],
  businessUnits: [{ list: ['businessUnit'], op: `{ businessUnits { id } }` }],
  // Aliased as `id`: the walker looks for a hidden unit's id as `"id":"…"`.
  costCenters: [{ list: ['businessUnit'], op: `{ costCenters { id: businessUnitId } }` }],
  glAccounts: [{ list: ['businessUnit'], op: `{ glAccounts { id: businessUnitId } }` }],
  spendCube: (['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { spendCube(query: { dimensions: [SUPPLIER_PARENT, CATEGORY_L1], measures: [SPEND, LINE_COUNT], filter: $f }) { totals { values } rows { keys { id label } values } } }`,
    vars: (id: string) => ({ f: filterFor(kind, id) }),
  })),
  // A display currency reads the converted lines (docs/domain.md, "Display currency"): the same scope condition over them.
  linesWithoutFxRate: (['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { linesWithoutFxRate(filter: $f) spendLines(filter: $f, page: { limit: 5 }) { totalCount totalAmount currency nodes { id amountReporting } }
      spendCube(query: { dimensions: [CATEGORY_L1], measures: [SPEND, LINE_COUNT], filter: $f }) { totals { values } rows { keys { id } values } } }`,
    vars: (id: string) => ({ f: { ...filterFor(kind, id), displayCurrency: 'USD' } }),
  })),
  spendSummary: (['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { spendSummary(filter: $f) { dateFrom dateTo totalSpend previousPeriodSpend activeSuppliers contractsExpiring lineCount } }`,
    vars: (id: string) => ({ f: filterFor(kind, id) }),
  })),
  suppliers: [
    ...(['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
      kind, op: `query($f: SpendFilter) { suppliers(filter: $f) { totalCount nodes { spend previousPeriodSpend change lineCount categoryCount supplier { id } } } }`,
      vars: (id: string) => ({ f: filterFor(kind, id) }),
    })),
    { kind: 'supplier', op: `query($id: ID!) { suppliers(supplierFilter: { familyId: $id, includeWithoutSpend: true }) { totalCount nodes { supplier { id } } } }`, vars: (id) => ({ id }) },
    // Suppliers without spend first: one the caller may not see would lead the list.
    { list: ['supplier'], op: `{ suppliers(supplierFilter: { includeWithoutSpend: true }, sort: { field: LINE_COUNT, direction: ASC }, page: { limit: 500 }) { nodes { supplier { id parent { id } children { id } } } } }` },
  ],
  supplierCountries: (['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { supplierCountries(filter: $f) { code supplierCount } }`, vars: (id: string) => ({ f: filterFor(kind, id) }),
  })),
  supplier: [{
    kind: 'supplier',
    op: `query($id: ID!) { supplier(id: $id) { id name summary { spend } monthlySpend { spend } categorySpend { spend } businessUnitSpend { spend }
      aliasUsage { name } family { totalSpend members { supplier { id } } } children { id } } }`,
    vars: (id) => ({ id }),
  }],
  suppliersByIds: [{ kind: 'supplier', op: `query($id: ID!) { suppliersByIds(ids: [$id]) { id name } }`, vars: (id) => ({ id }) }],
  blockSupplier: [{ kind: 'supplier', op: `mutation($id: ID!) { blockSupplier(id: $id, version: 1) { id } }`, vars: (id) => ({ id }) }],
  unblockSupplier: [{ kind: 'supplier', op: `mutation($id: ID!) { unblockSupplier(id: $id, version: 1) { id } }`, vars: (id) => ({ id }) }],
  updateSupplier: [{ kind: 'supplier', op: `mutation($id: ID!) { updateSupplier(id: $id, version: 1, input: { countryCode: "NL" }) { id } }`, vars: (id) => ({ id }) }],
  savedViews: [{ list: ['view'], op: `{ savedViews { id } }` }],
  savedView: [{ kind: 'view', op: `query($id: ID!) { savedView(id: $id) { id name } }`, vars: (id) => ({ id }) }],
  createClassificationRule: [{ kind: 'category', op: `mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id } }`, vars: (id) => ({ i: { priority: 1, descriptionContains: 'walker', categoryId: id } }) }],
  updateClassificationRule: [{
    kind: 'rule', op: `mutation($id: ID!, $i: ClassificationRuleInput!) { updateClassificationRule(id: $id, version: 1, input: $i) { id } }`,
    vars: (id, mine) => ({ id, i: { priority: 1, descriptionContains: 'walker', categoryId: mine.category } }),
  }],
  deleteClassificationRule: [{ kind: 'rule', op: `mutation($id: ID!) { deleteClassificationRule(id: $id) }`, vars: (id) => ({ id }) }],
  classifyLines: [
    { kind: 'supplier', op: `mutation($s: ID, $c: ID) { classifyLines(supplierId: $s, categoryId: $c) }`, vars: (id, mine) => ({ s: id, c: mine.category }) },
    { kind: 'line', op: `mutation($l: [ID!], $c: ID) { classifyLines(lineIds: $l, categoryId: $c) }`, vars: (id, mine) => ({ l: [id], c: mine.category }) },
    { kind: 'category', op: `mutation($s: ID, $c: ID) { classifyLines(supplierId: $s, categoryId: $c) }`, vars: (id, mine) => ({ s: mine.supplier, c: id }) },
  ],
  // The review queue: a category manager's is the suggestions into their categories (docs/scope.md,
  // "Classification"), whichever supplier; a filter by a category or unit they cannot see answers as one that does not exist.
  classificationSuggestions: (['category', 'businessUnit'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { classificationSuggestions(filter: $f, page: { limit: 500 }) { totalCount totalAmount nodes { line { id } category { id } alternatives { category { id } } } } }`,
    vars: (id: string) => ({ f: filterFor(kind, id) }),
  })),
  classificationSuggestionGroups: (['category', 'businessUnit'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { classificationSuggestionGroups(filter: $f, page: { limit: 500 }) { totalCount totalLines totalAmount nodes { supplierId category { id } lines spend } } }`,
    vars: (id: string) => ({ f: filterFor(kind, id) }),
  })),
  // Batches of the caller's queue lines: none of them is the walker's upload, which has no lines.
  classificationSuggestionBatches: [{ list: ['importBatch'], op: `{ classificationSuggestionBatches { id lines spend } }` }],
  classificationCoverage: (['category', 'businessUnit', 'supplier'] as const).map((kind) => ({
    kind, op: `query($f: SpendFilter) { classificationCoverage(filter: $f) { total file rule person model unclassified modelLines unclassifiedLines } }`,
    vars: (id: string) => ({ f: filterFor(kind, id) }),
  })),
  disputedRules: [{ list: ['rule', 'category'], op: `{ disputedRules(minConfidence: 0.5) { rule { id category { id } } suggestedCategory { id } } }` }],
  acceptClassificationSuggestions: [
    { kind: 'line', op: `mutation($l: [ID!]) { acceptClassificationSuggestions(input: { lineIds: $l }) { id } }`, vars: (id) => ({ l: [id] }) },
    { kind: 'category', op: `mutation($s: ID!, $c: ID!) { acceptClassificationSuggestions(input: { groups: [{ supplierId: $s, categoryId: $c }] }) { id } }`, vars: (id, mine) => ({ s: mine.supplier, c: id }) },
  ],
  acceptClassificationSuggestionsAsRules: [
    { kind: 'category', op: `mutation($s: ID!, $c: ID!) { acceptClassificationSuggestionsAsRules(input: { groups: [{ supplierId: $s, categoryId: $c }] }) { id } }`, vars: (id, mine) => ({ s: mine.supplier, c: id }) },
  ],
  rejectClassificationSuggestions: [
    { kind: 'line', op: `mutation($l: [ID!]) { rejectClassificationSuggestions(input: { lineIds: $l }) { id } }`, vars: (id) => ({ l: [id] }) },
  ],
  validateImport: [{ kind: 'importBatch', op: `mutation($id: ID!) { validateImport(id: $id, mapping: { columns: [{ field: AMOUNT, column: 0 }] }) { id } }`, vars: (id) => ({ id }) }],
  commitImport: [{ kind: 'importBatch', op: `mutation($id: ID!) { commitImport(id: $id) { id } }`, vars: (id) => ({ id }) }],
  rollbackImport: [{ kind: 'importBatch', op: `mutation($id: ID!) { rollbackImport(id: $id) { id } }`, vars: (id) => ({ id }) }],
  discardImport: [{ kind: 'importBatch', op: `mutation($id: ID!) { discardImport(id: $id) { id } }`, vars: (id) => ({ id }) }],
  mergeSuppliers: [
    { kind: 'supplier', op: `mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, vars: (id, mine) => ({ s: id, t: mine.supplier }) },
    { kind: 'supplier', op: `mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, vars: (id, mine) => ({ s: mine.supplier, t: id }) },
  ],
  undoSupplierMerge: [{ kind: 'merge', op: `mutation($id: ID!) { undoSupplierMerge(id: $id) { id } }`, vars: (id) => ({ id }) }],
  dismissMergeSuggestion: [{ kind: 'supplier', op: `mutation($a: ID!, $b: ID!) { dismissMergeSuggestion(supplierA: $a, supplierB: $b) }`, vars: (id, mine) => ({ a: id, b: mine.supplier }) }],
  setSupplierParent: [
    { kind: 'supplier', op: `mutation($id: ID!, $p: ID) { setSupplierParent(id: $id, parentId: $p) { id } }`, vars: (id) => ({ id, p: null }) },
    { kind: 'supplier', op: `mutation($id: ID!, $p: ID) { setSupplierParent(id: $id, parentId: $p) { id } }`, vars: (id, mine) => ({ id: mine.supplier, p: id }) },
  ],
  reportSubscriptions: [
    { kind: 'view', op: `query($id: ID) { reportSubscriptions(savedViewId: $id) { id } }`, vars: (id) => ({ id }) },
    { list: ['subscription'], op: `{ reportSubscriptions { id } }` },
  ],
  reportSubscription: [{ kind: 'subscription', op: `query($id: ID!) { reportSubscription(id: $id) { id savedViewName recipients { id } } }`, vars: (id) => ({ id }) }],
  reportDeliveries: [
    { kind: 'subscription', op: `query($id: ID) { reportDeliveries(subscriptionId: $id) { id status } }`, vars: (id) => ({ id }) },
    { kind: 'view', op: `query($id: ID) { reportDeliveries(savedViewId: $id) { id status } }`, vars: (id) => ({ id }) },
    // Aliased as `id`: the walker looks for a hidden subscription's id as `"id":"…"`.
    { list: ['subscription'], op: `{ reportDeliveries(limit: 200) { id: subscriptionId } }` },
  ],
  reportRecipientCandidates: [{ kind: 'view', op: `query($id: ID!) { reportRecipientCandidates(savedViewId: $id) { id } }`, vars: (id) => ({ id }) }],
  createReportSubscription: [{
    kind: 'view', op: `mutation($i: ReportSubscriptionInput!) { createReportSubscription(input: $i) { id } }`,
    vars: (id, mine) => ({ i: subscriptionInput(id, mine.user) }),
  }],
  updateReportSubscription: [{
    kind: 'subscription', op: `mutation($id: ID!, $i: ReportSubscriptionInput!) { updateReportSubscription(id: $id, version: 1, input: $i) { id } }`,
    vars: (id, mine) => ({ id, i: subscriptionInput(MISSING, mine.user) }),
  }],
  pauseReportSubscription: [{ kind: 'subscription', op: `mutation($id: ID!) { pauseReportSubscription(id: $id) { id } }`, vars: (id) => ({ id }) }],
  resumeReportSubscription: [{ kind: 'subscription', op: `mutation($id: ID!) { resumeReportSubscription(id: $id) { id } }`, vars: (id) => ({ id }) }],
  deleteReportSubscription: [{ kind: 'subscription', op: `mutation($id: ID!) { deleteReportSubscription(id: $id) }`, vars: (id) => ({ id }) }],
  sendReportSubscriptionNow: [{ kind: 'subscription', op: `mutation($id: ID!) { sendReportSubscriptionNow(id: $id) { id } }`, vars: (id) => ({ id }) }],
  updateSavedView: [{ kind: 'view', op: `mutation($id: ID!) { updateSavedView(id: $id, version: 1, input: { name: "walker" }) { id } }`, vars: (id) => ({ id }) }],
  deleteSavedView: [{ kind: 'view', op: `mutation($id: ID!) { deleteSavedView(id: $id) }`, vars: (id) => ({ id }) }],
};

/** Fields the walker cannot exercise with an out-of-scope id, and why. */
const NOT_WALKED: Record<string, string> = {
  ping: 'no data',
  me: 'the caller only',
  noop: 'no data',
  login: 'sign-in: no scoped ids',
  logout: 'sign-out: no scoped ids',
  fxRates: 'reference rates are not scoped data (admin and finance only)',
  setFxRate: 'reference rates are not scoped data (admin and finance only); FORBIDDEN for other roles in reference.test.ts',
  dataRange: 'no id argument; dates of the lines in scope through the same scope condition as every figure',
  runClassificationRules: 'no id argument; scoped run and counts are checked against raw rows in scope-writes.test.ts',
  createSavedView: 'creates a view owned by the caller; resolves no id on write (a view is scoped when it runs)',
  contractOwners: 'no id argument; names the owners of contracts in scope (and, for editors, who may own one), checked against raw rows in contracts.test.ts',
  settings: 'no id argument and no scoped data: the server configuration every signed-in user reads (settings.test.ts)',
  users: 'ADMIN only (FORBIDDEN for every other role), and nothing is hidden from an admin (admin-users.test.ts)',
  user: 'ADMIN only, like users',
  scopeCoverage: 'ADMIN only, like users; its figures are checked against raw rows in admin-users.test.ts',
  passwordLinkStatus: 'signed out, by a secret token; no scoped ids',
  auditEvents: 'ADMIN only: the audit log is not scoped data (admin-users.test.ts)',
  auditLogOptions: 'ADMIN only, like auditEvents',
  createUser: 'ADMIN only, like users',
  updateUser: 'ADMIN only, like users',
  disableUser: 'ADMIN only, like users',
  enableUser: 'ADMIN only, like users',
  resetUserPassword: 'ADMIN only, like users',
  setPassword: 'signed out, by a secret token; no scoped ids',
  createCategory: 'ADMIN only: the taxonomy is admin-only reference data (taxonomy-edit.test.ts)',
  updateCategory: 'ADMIN only, like createCategory',
  classifierStatus: 'no id argument and no scoped figure: the model\'s version, size and settings (ADMIN and CATEGORY_MANAGER; classifier.test.ts)',
  classificationActions: 'no id argument: the caller\'s own decisions, an admin\'s every one (classifier.test.ts)',
  undoClassificationAction: 'an action id: another user\'s action is NOT_FOUND to a category manager, as a missing one (classifier.test.ts)',
  retrainClassifier: 'ADMIN only (FORBIDDEN for every other role: classifier.test.ts); no id argument',
  setAutoClassify: 'ADMIN only, like retrainClassifier',
  reportDeliverySettings: 'no id argument and no scoped data: whether an SMTP server is configured',
};

/** REST routes: `METHOD /path` → a probe (a path with the id) or the reason it is not walked. */
const REST: Record<string, { kind: Kind; path: (id: string) => string } | string> = {
  'GET /api/exports/cube': { kind: 'category', path: (id) => `/api/exports/cube?query=${encodeURIComponent(JSON.stringify({ dimensions: ['SUPPLIER_PARENT'], measures: ['SPEND'], filter: { categoryIds: [id] } }))}` },
  'GET /api/exports/lines': { kind: 'supplier', path: (id) => `/api/exports/lines?filter=${encodeURIComponent(JSON.stringify({ supplierIds: [id] }))}` },
  'GET /api/exports/views/:id': { kind: 'view', path: (id) => `/api/exports/views/${id}` },
  'GET /api/exports/query': {
    kind: 'supplier',
    path: (id) => `/api/exports/query?document=${encodeURIComponent(`{ supplier(id: ${JSON.stringify(id)}) { name } spendLines(filter: { supplierIds: [${JSON.stringify(id)}] }) { nodes { id } } }`)}`,
  },
  'GET /api/imports/:id/problems.csv': { kind: 'importBatch', path: (id) => `/api/imports/${id}/problems.csv` },
  'POST /api/imports': 'uploads a new file; takes no id (importers only)',
  'POST /api/fx-rates': 'reference rates, not scoped data (admin and finance only)',
  'POST /api/taxonomy': 'the taxonomy is admin-only reference data',
  'GET /api/audit/export': 'ADMIN only: the audit log is not scoped data (admin-users.test.ts)',
};
/** Where app.ts mounts each router factory (one per `*.routes.ts` module). */
const MOUNTS: Record<string, string> = { exportsRouter: '/api/exports', importsRouter: '/api/imports', referenceRouter: '/api', auditRouter: '/api/audit' };

/** A contract input that is valid apart from the ids a probe puts in it. */
function contractInput(ids: { supplierId: string; categoryIds: string[]; businessUnitIds: string[] }) {
  return { number: 'WALKER-1', title: 'walker', startDate: '2025-01-01', endDate: '2025-12-31', ceiling: '1000.00', currency: 'EUR', ...ids };
}

/** A subscription input that is valid apart from the view a probe puts in it. */
function subscriptionInput(savedViewId: string, user: string) {
  return { savedViewId, format: 'CSV', recipientUserIds: [user], frequency: 'DAILY', time: '08:00', timeZone: 'Europe/London' };
}

function filterFor(kind: 'category' | 'businessUnit' | 'supplier', id: string) {
  return kind === 'category' ? { categoryIds: [id] } : kind === 'businessUnit' ? { businessUnitIds: [id] } : { supplierIds: [id] };
}

/** A response with the probed id written as X, for comparing answers about different ids. */
function normalise(value: unknown, id: string): string {
  return JSON.stringify(value).replace(new RegExp(`\\b${id}\\b`, 'g'), 'X');
}

let server: TestServer;
const hidden = new Map<string, Hidden>();
const mine = new Map<string, InScope>();
const clients = new Map<string, GraphQLClient>();

beforeAll(async () => {
  server = await startTestServer({ lines: 10_000 });
  // A live classifier, so the review queue's probes answer with suggestions.
  await server.classifier.tick(true);
  const admin = await GraphQLClient.signedIn(server.url, DEMO.admin);
  const lines = await rawLines(server.store);
  const cats = await categoryTree(server.store);
  const bus = await businessUnitTree(server.store);
  const catman = await userScope(server.store, DEMO.catman);
  const viewer = await userScope(server.store, DEMO.viewer);
  const catmanSees = (l: RawLine) => l.categoryId !== null && cats.isWithin(l.categoryId, catman.categories);
  const viewerSees = (l: RawLine) => bus.isWithin(l.businessUnitId, viewer.businessUnits);
  const onlyOutside = (sees: (l: RawLine) => boolean) => {
    const seen = new Set(lines.filter(sees).map((l) => l.supplierId));
    return lines.filter((l) => !seen.has(l.supplierId)).map((l) => l.supplierId);
  };
  const catmanOutside = [...new Set(onlyOutside(catmanSees))];
  const outCategory = cats.rows.find((c) => c.level === 1 && !catman.categories.has(c.id))!.id;
  const outLeaf = cats.rows.find((c) => c.level === 3 && !cats.isWithin(c.id, catman.categories))!.id;
  const outUnit = bus.rows.find((b) => !bus.isWithin(b.id, viewer.businessUnits))!.id;
  const contracts = await server.store.query<{ id: number; kind: string; ref_id: number }>(
    sql`SELECT contract_id AS id, 'C' AS kind, category_id AS ref_id FROM contract_categories UNION ALL SELECT contract_id, 'B', business_unit_id FROM contract_business_units`, { name: 't' },
  );
  /** A contract that cannot cover a line in scope (naming `kind` refs none of which `reaches` passes). */
  const invisibleContract = (kind: string, reaches: (refs: number[]) => boolean) =>
    [...new Set(contracts.map((c) => c.id))].find((id) => !reaches(contracts.filter((c) => c.id === id && c.kind === kind).map((c) => c.ref_id)))!;

  // Things owned by others: an admin rule and merge outside the catman's categories, private views, an import batch.
  const rule = Number((await admin.ok<{ createClassificationRule: { id: string } }>(
    `mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id } }`, { i: { priority: 1, descriptionContains: 'walker', categoryId: String(outLeaf) } },
  )).createClassificationRule.id);
  const merge = Number((await admin.ok<{ mergeSuppliers: { id: string } }>(
    `mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: String(catmanOutside[0]), t: String(catmanOutside[1]) },
  )).mergeSuppliers.id);
  const VIEW = `mutation($i: CreateSavedViewInput!) { createSavedView(input: $i) { id } }`;
  const pivot = { name: 'private', kind: 'PIVOT', definition: JSON.stringify({ query: { dimensions: ['SUPPLIER'], measures: ['SPEND'] } }), shared: false };
  const adminView = Number((await admin.ok<{ createSavedView: { id: string } }>(VIEW, { i: pivot })).createSavedView.id);
  const analyst = await GraphQLClient.signedIn(server.url, DEMO.analyst);
  const analystView = Number((await analyst.ok<{ createSavedView: { id: string } }>(VIEW, { i: pivot })).createSavedView.id);
  const up = await fetch(`${server.url}/api/imports?fileName=walk.csv&sourceName=Walk`, { method: 'POST', headers: { cookie: admin.sessionCookie, 'content-type': 'text/csv' }, body: 'Date,Supplier,Amount\n2025-01-05,Walker Ltd,1.00\n' });
  const batch = Number(((await up.json()) as { data: { id: string } }).data.id);
  // Subscriptions of those private views, each to its owner: hidden from everyone else.
  const SUBSCRIBE = `mutation($i: ReportSubscriptionInput!) { createReportSubscription(input: $i) { id } }`;
  const userIdOf = async (email: string) => String((await server.store.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`, { name: 't' }))[0].id);
  const adminSubscription = Number((await admin.ok<{ createReportSubscription: { id: string } }>(SUBSCRIBE, { i: subscriptionInput(String(adminView), await userIdOf(DEMO.admin)) })).createReportSubscription.id);
  const analystSubscription = Number((await analyst.ok<{ createReportSubscription: { id: string } }>(SUBSCRIBE, { i: subscriptionInput(String(analystView), await userIdOf(DEMO.analyst)) })).createReportSubscription.id);

  // After the merge: the merged supplier has no lines, so take suppliers outside from the rows as they are now.
  const now = await rawLines(server.store);
  const outsideNow = (sees: (l: RawLine) => boolean) => {
    const seen = new Set(now.filter(sees).map((l) => l.supplierId));
    return now.find((l) => !seen.has(l.supplierId))!.supplierId;
  };
  const nobody = { category: null, businessUnit: null, supplier: null, contract: null, line: null };
  hidden.set('admin', { ...nobody, merge: null, rule: null, view: analystView, importBatch: null, subscription: analystSubscription });
  hidden.set('finance', { ...nobody, merge, rule, view: adminView, importBatch: null, subscription: adminSubscription });
  hidden.set('analyst', { ...nobody, merge, rule, view: adminView, importBatch: batch, subscription: adminSubscription });
  hidden.set('catman', {
    // A classified line: an unclassified one suggested into the catman's categories is theirs to review (docs/scope.md).
    category: outCategory, businessUnit: null, supplier: outsideNow(catmanSees), line: now.find((l) => l.categoryId !== null && !catmanSees(l))!.id,
    contract: invisibleContract('C', (refs) => cats.reaches(refs, catman.categories)), merge, rule, view: adminView, importBatch: batch, subscription: adminSubscription,
  });
  hidden.set('viewer', {
    category: null, businessUnit: outUnit, supplier: outsideNow(viewerSees), line: now.find((l) => !viewerSees(l))!.id,
    contract: invisibleContract('B', (refs) => bus.reaches(refs, viewer.businessUnits)), merge, rule, view: adminView, importBatch: batch, subscription: adminSubscription,
  });
  for (const [role, email] of Object.entries(DEMO)) {
    const sees = role === 'catman' ? catmanSees : role === 'viewer' ? viewerSees : () => true;
    const line = now.find(sees)!;
    const leaf = role === 'catman' ? cats.rows.find((c) => c.level === 3 && cats.isWithin(c.id, catman.categories))!.id : outLeaf;
    mine.set(role, { supplier: String(line.supplierId), category: String(leaf), user: await userIdOf(email) });
    clients.set(role, await GraphQLClient.signedIn(server.url, email));
  }
});
afterAll(() => server?.close());

describe('the walker covers everything', () => {
  it('every Query and Mutation field has a probe or a stated reason', () => {
    const schema = buildSchema(loadTypeDefs().join('\n'));
    const fields = ['Query', 'Mutation'].flatMap((t) => Object.keys((schema.getType(t) as GraphQLObjectType).getFields()));
    const covered = [...Object.keys(GQL), ...Object.keys(NOT_WALKED)];
    expect(fields.filter((f) => !covered.includes(f)), 'schema fields without a probe').toEqual([]);
    expect(covered.filter((f) => !fields.includes(f)), 'probes for fields that no longer exist').toEqual([]);
    expect(Object.keys(GQL).filter((f) => NOT_WALKED[f])).toEqual([]);
  });

  it('every REST route has a probe or a stated reason', async () => {
    const dir = resolve(import.meta.dirname, '../src/modules');
    const routes: string[] = [];
    const stub = {} as AppServices;
    const logger: Logger = { info: () => {}, error: () => {} };
    for (const module of readdirSync(dir)) {
      for (const file of readdirSync(join(dir, module)).filter((f) => f.endsWith('.routes.ts'))) {
        const exported = (await import(join(dir, module, file))) as Record<string, unknown>;
        for (const [name, factory] of Object.entries(exported).filter(([n]) => n.endsWith('Router'))) {
          expect(MOUNTS[name], `${name} (${file}) is not in MOUNTS`).toBeDefined();
          const router = (factory as (s: AppServices, l: Logger) => Router)(stub, logger);
          for (const layer of router.stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>) {
            if (!layer.route) continue;
            const path = `${MOUNTS[name]}${layer.route.path === '/' ? '' : layer.route.path}`;
            for (const method of Object.keys(layer.route.methods)) routes.push(`${method.toUpperCase()} ${path}`);
          }
        }
      }
    }
    expect(routes.sort()).toEqual(Object.keys(REST).sort());
  });
});

describe.each(Object.keys(DEMO))('as %s, an id outside the scope gets the answer for an id that does not exist', (role) => {
  it.each(Object.keys(GQL))('%s', async (field) => {
    const client = clients.get(role)!;
    const h = hidden.get(role)!;
    for (const probe of GQL[field]) {
      if ('list' in probe) {
        const res = await client.request(probe.op);
        const text = JSON.stringify(res.data ?? null);
        for (const kind of probe.list) {
          const id = h[kind];
          if (id !== null) expect(text, `${field} lists ${kind} ${id}`).not.toMatch(new RegExp(`"id":"${id}"`));
        }
        continue;
      }
      const id = h[probe.kind];
      if (id === null) continue; // nothing of this kind is outside this role's scope
      const vars = (x: string) => probe.vars(x, mine.get(role)!);
      // The hidden id first: if it wrongly succeeded, the difference shows below.
      const a = await client.request(probe.op, vars(String(id)));
      const b = await client.request(probe.op, vars(MISSING));
      const shape = (r: typeof a) => ({ data: r.data, errors: r.errors?.map((e) => ({ code: e.extensions?.code, message: e.message })) });
      expect(normalise(shape(a), String(id)), `${field} with ${probe.kind} ${id}`).toBe(normalise(shape(b), MISSING));
    }
  });

  it.each(Object.keys(REST))('%s', async (route) => {
    const probe = REST[route];
    if (typeof probe === 'string') return;
    const id = hidden.get(role)![probe.kind];
    if (id === null) return;
    const get = async (x: string) => {
      const res = await fetch(`${server.url}${probe.path(x)}`, { headers: { cookie: clients.get(role)!.sessionCookie } });
      const body = await res.text();
      // Error bodies carry a request id; everything else must match.
      return { status: res.status, body: body.replace(/"requestId":"[^"]+"/g, '').replace(/request id [\w-]+/g, '') };
    };
    const a = await get(String(id));
    expect(normalise(a, String(id)), `${route} with ${probe.kind} ${id}`).toBe(normalise(await get(MISSING), MISSING));
  });
});

describe('after the walk', () => {
  it('nothing broke on the server', () => {
    expect(server.loggedErrors).toEqual([]);
  });
});
