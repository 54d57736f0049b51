import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/store/sql.js';
import { DEMO, GraphQLClient } from './graphql-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { centsToString } from './expected.js';

// The classifier end to end (docs/domain.md, "Classification"): trained on the demo's classified
// lines, its suggestions, scope, precedence, decisions and their undo, checked against raw rows.

let server: TestServer;
let admin: GraphQLClient;
let catman: GraphQLClient;

const STATUS = `{ classifierStatus { version trainingLines categories crossValidatedAccuracy scoredLines training autoClassify autoClassifyThreshold defaultThreshold } }`;
const GROUPS = `query($f: SpendFilter, $min: Float, $p: PageInput) { classificationSuggestionGroups(filter: $f, minConfidence: $min, page: $p) {
  nodes { supplierId supplierName category { id name } lines spend meanConfidence minConfidence reasons } totalCount totalLines totalAmount } }`;
const SUGGESTIONS = `query($f: SpendFilter, $min: Float, $p: PageInput) { classificationSuggestions(filter: $f, minConfidence: $min, page: $p) {
  nodes { line { id supplierId classificationSource amountReporting } category { id } confidence alternatives { category { id } confidence } reasons }
  totalCount totalAmount } }`;
const ACTION = `id kind lines spend undoneAt restoredLines ruleIds`;

interface Group { supplierId: string; category: { id: string; name: string }; lines: number; spend: string; meanConfidence: number; reasons: string[] }

type LineRow = { id: string; category_id: number | null; classification_source: string; classification_confidence: string | null; classification_model_version: number | null };

async function lineStates(): Promise<Map<string, LineRow>> {
  const rows = await server.store.query<LineRow>(
    sql`SELECT CAST(id AS VARCHAR) AS id, category_id, classification_source, CAST(classification_confidence AS VARCHAR) AS classification_confidence,
          classification_model_version FROM spend_lines`,
    { name: 'test.lineStates' },
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Suggestions of the live version whose stored feature set (what their reasons explain) is missing,
 * or (`exact`) differs from their line's columns now: none, but after a merge, which moves lines to
 * another supplier than they were scored with (until the retrain it asks for).
 */
async function featureMismatches(exact = true): Promise<number> {
  const [row] = await server.store.query<{ n: string }>(
    sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM line_suggestions g JOIN spend_lines s ON s.id = g.line_id LEFT JOIN suppliers sup ON sup.id = s.supplier_id
        LEFT JOIN suggestion_features f ON f.model_version = g.model_version AND f.feature_id = g.feature_id
        WHERE g.model_version = (SELECT MAX(version) FROM classifier_models WHERE live)
          AND (f.feature_id IS NULL OR ${exact} AND (f.supplier_id IS DISTINCT FROM s.supplier_id OR f.description IS DISTINCT FROM s.description
            OR f.raw_supplier_name IS DISTINCT FROM s.raw_supplier_name OR f.gl_account_id IS DISTINCT FROM s.gl_account_id
            OR f.cost_center_id IS DISTINCT FROM s.cost_center_id OR f.business_unit_id IS DISTINCT FROM s.business_unit_id
            OR f.family_id IS DISTINCT FROM sup.parent_id))`,
    { name: 'test.featureMismatches' },
  );
  return Number(row.n);
}

/** Unclassified lines and their spend in cents, straight from the table. */
async function unclassified(where = sql`TRUE`): Promise<{ n: number; cents: bigint }> {
  const [row] = await server.store.query<{ n: string; cents: string | null }>(
    sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n, CAST(SUM(ROUND(amount_reporting * 100)) AS VARCHAR) AS cents FROM spend_lines s
        WHERE classification_source = 'NONE' AND ${where}`,
    { name: 'test.unclassified' },
  );
  return { n: Number(row.n), cents: BigInt(row.cents ?? '0') };
}

beforeAll(async () => {
  // Trained at start; later only when a test asks (a long debounce keeps background retrains out of the checks).
  server = await startTestServer({ lines: 20_000, env: { SPENDSCOPE_CLASSIFIER: 'true', SPENDSCOPE_CLASSIFIER_DEBOUNCE_MS: '600000' } });
  [admin, catman] = await Promise.all([GraphQLClient.signedIn(server.url, DEMO.admin), GraphQLClient.signedIn(server.url, DEMO.catman)]);
  await admin.ok(`mutation { retrainClassifier { version } }`);
}, 120_000);
afterAll(() => server?.close());

describe('the classifier', () => {
  it('trains on the lines a person, rule or file classified into a leaf, and reports it', async () => {
    const { classifierStatus: s } = await admin.ok<{ retrainClassifier: unknown; classifierStatus: Record<string, unknown> }>(
      `mutation { retrainClassifier { version } } `).then(() => admin.ok<{ classifierStatus: Record<string, unknown> }>(STATUS)) as { classifierStatus: Record<string, number | boolean | null> };
    const [expected] = await server.store.query<{ n: string; categories: string }>(
      sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n, CAST(COUNT(DISTINCT category_id) AS VARCHAR) AS categories FROM spend_lines s
          WHERE classification_source IN ('MANUAL', 'RULE', 'SOURCE') AND category_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.parent_id = s.category_id)`,
      { name: 'test.trainingLines' },
    );
    expect(s.version).toBeGreaterThanOrEqual(1);
    expect(s.trainingLines).toBe(Number(expected.n));
    expect(s.categories).toBe(Number(expected.categories));
    expect(s.crossValidatedAccuracy).toBeGreaterThan(0.5);
    expect(s.crossValidatedAccuracy).toBeLessThanOrEqual(1);
    expect(s.scoredLines).toBe((await unclassified()).n);
    expect(s.autoClassify).toBe(false);
  });

  it('suggests a category for every unclassified line; the lines, groups and totals tie to the table', async () => {
    const all = await unclassified();
    const page = await admin.ok<{ classificationSuggestions: { nodes: Array<{ line: { classificationSource: string }; confidence: number; reasons: string[]; alternatives: unknown[] }>; totalCount: number; totalAmount: string } }>(SUGGESTIONS, { p: { limit: 20 } });
    expect(page.classificationSuggestions.totalCount).toBe(all.n);
    expect(page.classificationSuggestions.totalAmount).toBe(centsToString(all.cents));
    for (const node of page.classificationSuggestions.nodes) {
      expect(node.line.classificationSource).toBe('NONE');
      expect(node.confidence).toBeGreaterThan(0);
      expect(node.confidence).toBeLessThanOrEqual(1);
      expect(node.reasons.length).toBeGreaterThan(0);
      expect(node.alternatives.length).toBeLessThanOrEqual(3);
    }
    const groups = await admin.ok<{ classificationSuggestionGroups: { nodes: Group[]; totalCount: number; totalLines: number; totalAmount: string } }>(GROUPS, { p: { limit: 500 } });
    const g = groups.classificationSuggestionGroups;
    expect(g.totalLines).toBe(all.n);
    expect(g.totalAmount).toBe(centsToString(all.cents));
    // Largest spend first, and each group's figures are its supplier's unclassified lines suggested into its category.
    const spends = g.nodes.map((n) => Number(n.spend));
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    const first = g.nodes[0];
    const [row] = await server.store.query<{ n: string; cents: string }>(
      sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n, CAST(SUM(ROUND(s.amount_reporting * 100)) AS VARCHAR) AS cents FROM line_suggestions g JOIN spend_lines s ON s.id = g.line_id
          WHERE s.classification_source = 'NONE' AND s.supplier_id = ${Number(first.supplierId)} AND g.category_id = ${Number(first.category.id)}
            AND g.model_version = (SELECT MAX(version) FROM classifier_models WHERE live)`,
      { name: 'test.group' },
    );
    expect(first.lines).toBe(Number(row.n));
    expect(first.spend).toBe(centsToString(BigInt(row.cents)));
    expect(first.reasons.join(' ')).toMatch(/lines|words/i);
  });

  it('shows a category manager only suggestions into their categories; other roles are refused', async () => {
    const [scope] = await server.store.query<{ ids: string }>(
      sql`SELECT STRING_AGG(CAST(c.id AS VARCHAR), ',') AS ids FROM categories c JOIN user_scopes us ON us.ref_id IN (c.l1_id, c.l2_id, c.l3_id, c.l4_id)
          JOIN users u ON u.id = us.user_id WHERE u.email = ${DEMO.catman} AND us.kind = 'CATEGORY'`,
      { name: 'test.catmanScope' },
    );
    const mine = new Set(scope.ids.split(','));
    const page = await catman.ok<{ classificationSuggestions: { nodes: Array<{ category: { id: string }; alternatives: Array<{ category: { id: string } }> }>; totalCount: number } }>(SUGGESTIONS, { p: { limit: 200 } });
    const nodes = page.classificationSuggestions.nodes;
    expect(nodes.length).toBeGreaterThan(0);
    for (const n of nodes) {
      expect(mine.has(n.category.id)).toBe(true);
      for (const a of n.alternatives) expect(mine.has(a.category.id)).toBe(true);
    }
    const [count] = await server.store.query<{ n: string }>(
      sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM line_suggestions g JOIN spend_lines s ON s.id = g.line_id
          WHERE s.classification_source = 'NONE' AND g.category_id IN ${sql.list([...mine].map(Number))}
            AND g.model_version = (SELECT MAX(version) FROM classifier_models WHERE live)`,
      { name: 'test.catmanCount' },
    );
    expect(page.classificationSuggestions.totalCount).toBe(Number(count.n));
    expect(page.classificationSuggestions.totalCount).toBeLessThan((await unclassified()).n);
    for (const email of [DEMO.finance, DEMO.analyst, DEMO.viewer]) {
      const client = await GraphQLClient.signedIn(server.url, email);
      expect((await client.errorCode(SUGGESTIONS)).code).toBe('FORBIDDEN');
      expect((await client.errorCode(`mutation { retrainClassifier { version } }`)).code).toBe('FORBIDDEN');
    }
    expect((await catman.errorCode(`mutation { retrainClassifier { version } }`)).code).toBe('FORBIDDEN');
    expect((await catman.errorCode(`mutation { setAutoClassify(enabled: true) { autoClassify } }`)).code).toBe('FORBIDDEN');
  });

  it('lists the import batches of each steward\'s queue, their lines and spend counted from the table', async () => {
    const BATCHES = `{ classificationSuggestionBatches { id fileName lines spend } }`;
    type Batches = { classificationSuggestionBatches: Array<{ id: string; fileName: string; lines: number; spend: string }> };
    const rows = await server.store.query<{ batch: string; n: string; cents: string }>(
      sql`SELECT CAST(import_batch_id AS VARCHAR) AS batch, CAST(COUNT(*) AS VARCHAR) AS n, CAST(SUM(ROUND(amount_reporting * 100)) AS VARCHAR) AS cents
          FROM spend_lines WHERE classification_source = 'NONE' GROUP BY import_batch_id`,
      { name: 'test.queueBatches' },
    );
    const { classificationSuggestionBatches: all } = await admin.ok<Batches>(BATCHES);
    expect(new Map(all.map((b) => [b.id, { n: b.lines, spend: b.spend }]))).toEqual(
      new Map(rows.map((r) => [r.batch, { n: Number(r.n), spend: centsToString(BigInt(r.cents)) }])));
    expect(all.every((b) => b.fileName.length > 0)).toBe(true);
    // A category manager's batches hold the lines of their own queue.
    const { classificationSuggestionBatches: theirs } = await catman.ok<Batches>(BATCHES);
    const { classificationSuggestions: queue } = await catman.ok<{ classificationSuggestions: { totalCount: number } }>(SUGGESTIONS, { p: { limit: 1 } });
    expect(theirs.reduce((n, b) => n + b.lines, 0)).toBe(queue.totalCount);
    expect(queue.totalCount).toBeLessThan(all.reduce((n, b) => n + b.lines, 0));
    expect((await (await GraphQLClient.signedIn(server.url, DEMO.analyst)).errorCode(BATCHES)).code).toBe('FORBIDDEN');
  });

  it('accepting a group makes its lines the person\'s choice; undo puts them back', async () => {
    const { classificationSuggestionGroups: g } = await admin.ok<{ classificationSuggestionGroups: { nodes: Group[] } }>(GROUPS, { p: { limit: 5 } });
    const group = g.nodes[0];
    const before = await lineStates();
    const { acceptClassificationSuggestions: action } = await admin.ok<{ acceptClassificationSuggestions: { id: string; lines: number; spend: string } }>(
      `mutation($i: ClassificationDecisionInput!) { acceptClassificationSuggestions(input: $i) { ${ACTION} } }`,
      { i: { groups: [{ supplierId: group.supplierId, categoryId: group.category.id }] } },
    );
    expect(action.lines).toBe(group.lines);
    expect(action.spend).toBe(group.spend);
    const after = await lineStates();
    const changed = [...after.values()].filter((l) => before.get(l.id)!.classification_source !== l.classification_source);
    expect(changed.length).toBe(group.lines);
    for (const l of changed) expect(l).toMatchObject({ classification_source: 'MANUAL', category_id: Number(group.category.id), classification_confidence: null });
    const { undoClassificationAction: undone } = await admin.ok<{ undoClassificationAction: { restoredLines: number; undoneAt: string } }>(
      `mutation($id: ID!) { undoClassificationAction(id: $id) { ${ACTION} } }`, { id: action.id });
    expect(undone.restoredLines).toBe(group.lines);
    expect(await lineStates()).toEqual(before);
    expect((await admin.errorCode(`mutation($id: ID!) { undoClassificationAction(id: $id) { id } }`, { id: action.id })).code).toBe('INVALID_STATE');
    // A category manager sees and undoes their own decisions only: the admin's is as absent as a missing one.
    const missing = await catman.errorCode(`mutation($id: ID!) { undoClassificationAction(id: $id) { id } }`, { id: '99999999' });
    const others = await catman.errorCode(`mutation($id: ID!) { undoClassificationAction(id: $id) { id } }`, { id: action.id });
    expect(others.code).toBe('NOT_FOUND');
    expect(others.message.replace(action.id, 'X')).toBe(missing.message.replace('99999999', 'X'));
    const { classificationActions: theirs } = await catman.ok<{ classificationActions: { totalCount: number } }>(`{ classificationActions { totalCount } }`);
    expect(theirs.totalCount).toBe(0);
  });

  it('"accept and make a rule" makes a supplier rule and files the supplier\'s lines by it; undo deletes the rule and restores them', async () => {
    const { classificationSuggestionGroups: g } = await admin.ok<{ classificationSuggestionGroups: { nodes: Group[] } }>(GROUPS, { p: { limit: 5 } });
    const group = g.nodes[1];
    const before = await lineStates();
    const { acceptClassificationSuggestionsAsRules: action } = await admin.ok<{ acceptClassificationSuggestionsAsRules: { id: string; ruleIds: string[]; lines: number } }>(
      `mutation($i: ClassificationDecisionInput!) { acceptClassificationSuggestionsAsRules(input: $i) { ${ACTION} } }`,
      { i: { groups: [{ supplierId: group.supplierId, categoryId: group.category.id }] } },
    );
    expect(action.ruleIds).toHaveLength(1);
    const [rule] = await server.store.query<{ supplier_id: number; category_id: number }>(sql`SELECT supplier_id, category_id FROM classification_rules WHERE id = ${Number(action.ruleIds[0])}`, { name: 't' });
    expect(rule).toEqual({ supplier_id: Number(group.supplierId), category_id: Number(group.category.id) });
    // Every unclassified line of the supplier is now filed by the rule.
    expect((await unclassified(sql`s.supplier_id = ${Number(group.supplierId)}`)).n).toBe(0);
    const after = await lineStates();
    const ruled = [...after.values()].filter((l) => l.classification_source === 'RULE' && before.get(l.id)!.classification_source === 'NONE');
    expect(ruled.length).toBe(action.lines);
    expect(ruled.length).toBeGreaterThanOrEqual(group.lines);
    await admin.ok(`mutation($id: ID!) { undoClassificationAction(id: $id) { id } }`, { id: action.id });
    expect(await server.store.query(sql`SELECT id FROM classification_rules WHERE id = ${Number(action.ruleIds[0])}`, { name: 't' })).toEqual([]);
    expect(await lineStates()).toEqual(before);
  });

  it('keeps the queue in step with its lines: classified by a person or a rule, merged, given back by undo; any filter', async () => {
    type Page = { classificationSuggestions: { totalCount: number; totalAmount: string } };
    type GroupPage = { classificationSuggestionGroups: { nodes: Group[]; pageInfo: { hasNextPage: boolean } } };
    /** The queue's totals and its groups, summed by supplier, against the unclassified lines of the table. */
    const ties = async (step: string) => {
      const all = await unclassified();
      const { classificationSuggestions: p } = await admin.ok<Page>(SUGGESTIONS, { p: { limit: 1 } });
      expect({ step, n: p.totalCount, total: p.totalAmount }).toEqual({ step, n: all.n, total: centsToString(all.cents) });
      const bySupplier = new Map<string, { n: number; cents: bigint }>();
      for (let offset = 0; ; offset += 200) {
        const { classificationSuggestionGroups: g } = await admin.ok<GroupPage>(
          GROUPS.replace('totalCount', 'totalCount pageInfo { hasNextPage }'), { p: { offset, limit: 200 } });
        for (const node of g.nodes) {
          const e = bySupplier.get(node.supplierId) ?? { n: 0, cents: 0n };
          bySupplier.set(node.supplierId, { n: e.n + node.lines, cents: e.cents + BigInt(node.spend.replace('.', '')) });
        }
        if (!g.pageInfo.hasNextPage) break;
      }
      const rows = await server.store.query<{ supplier: string; n: string; cents: string }>(
        sql`SELECT CAST(supplier_id AS VARCHAR) AS supplier, CAST(COUNT(*) AS VARCHAR) AS n, CAST(SUM(ROUND(amount_reporting * 100)) AS VARCHAR) AS cents
            FROM spend_lines WHERE classification_source = 'NONE' GROUP BY supplier_id`,
        { name: 'test.bySupplier' },
      );
      const expected = new Map(rows.map((r) => [r.supplier, { n: Number(r.n), cents: BigInt(r.cents ?? '0') }]));
      expect({ step, groups: new Map([...bySupplier].sort()) }).toEqual({ step, groups: new Map([...expected].sort()) });
      expect({ step, featureMismatches: await featureMismatches(step !== 'merged') }).toEqual({ step, featureMismatches: 0 });
    };
    await ties('start');
    const groupsNow = async () => (await admin.ok<{ classificationSuggestionGroups: { nodes: Group[] } }>(GROUPS, { p: { limit: 10 } })).classificationSuggestionGroups.nodes;
    // A person classifies two suggested lines by hand.
    const { classificationSuggestions: page } = await admin.ok<{ classificationSuggestions: { nodes: Array<{ line: { id: string }; category: { id: string } }> } }>(SUGGESTIONS, { p: { limit: 2 } });
    await admin.ok(`mutation($ids: [ID!], $c: ID) { classifyLines(lineIds: $ids, categoryId: $c) }`, { ids: page.nodes.map((n) => n.line.id), c: page.nodes[0].category.id });
    await ties('classified by hand');
    // A rule files a supplier's lines; undo gives them back to the queue.
    const [g0, g1, g2] = await groupsNow();
    const { acceptClassificationSuggestionsAsRules: ruled } = await admin.ok<{ acceptClassificationSuggestionsAsRules: { id: string } }>(
      `mutation($i: ClassificationDecisionInput!) { acceptClassificationSuggestionsAsRules(input: $i) { id } }`, { i: { groups: [{ supplierId: g0.supplierId, categoryId: g0.category.id }] } });
    await ties('filed by a rule');
    await admin.ok(`mutation($id: ID!) { undoClassificationAction(id: $id) { id } }`, { id: ruled.id });
    await ties('rule undone');
    // Accepted, then undone.
    const { acceptClassificationSuggestions: accepted } = await admin.ok<{ acceptClassificationSuggestions: { id: string } }>(
      `mutation($i: ClassificationDecisionInput!) { acceptClassificationSuggestions(input: $i) { id } }`, { i: { groups: [{ supplierId: g1.supplierId, categoryId: g1.category.id }] } });
    await ties('accepted');
    await admin.ok(`mutation($id: ID!) { undoClassificationAction(id: $id) { id } }`, { id: accepted.id });
    await ties('accept undone');
    // Two suppliers with suggestions merged, and the merge undone: groups follow the lines' supplier.
    const source = g2.supplierId === g0.supplierId ? g1.supplierId : g2.supplierId;
    const { mergeSuppliers: merge } = await admin.ok<{ mergeSuppliers: { id: string } }>(
      `mutation($s: ID!, $t: ID!) { mergeSuppliers(sourceId: $s, targetId: $t) { id } }`, { s: source, t: g0.supplierId });
    await ties('merged');
    await admin.ok(`mutation($id: ID!) { undoSupplierMerge(id: $id) { id } }`, { id: merge.id });
    await ties('merge undone');
    // Filters on the columns a suggestion copies, and on others (read through the lines), count the same lines as the table.
    const [line] = await server.store.query<{ supplier_id: number; currency: string; invoice_date: string }>(
      sql`SELECT supplier_id, currency, CAST(invoice_date AS VARCHAR) AS invoice_date FROM spend_lines WHERE classification_source = 'NONE' ORDER BY id LIMIT 1`, { name: 't' });
    const filters: Array<[Record<string, unknown>, ReturnType<typeof sql>]> = [
      [{ supplierIds: [String(line.supplier_id)], dateFrom: line.invoice_date }, sql`s.supplier_id = ${line.supplier_id} AND s.invoice_date >= CAST(${line.invoice_date} AS DATE)`],
      [{ currencies: [line.currency] }, sql`s.currency = ${line.currency}`],
      [{ currencies: [line.currency], dateTo: line.invoice_date }, sql`s.currency = ${line.currency} AND s.invoice_date <= CAST(${line.invoice_date} AS DATE)`],
    ];
    for (const [f, where] of filters) {
      const expected = await unclassified(where);
      const { classificationSuggestions: p } = await admin.ok<Page>(SUGGESTIONS, { f, p: { limit: 1 } });
      expect({ f, n: p.totalCount, total: p.totalAmount }).toEqual({ f, n: expected.n, total: centsToString(expected.cents) });
      expect(expected.n).toBeGreaterThan(0);
    }
  });

  it('rejecting a suggestion never suggests that category for the line again, until undone', async () => {
    const { classificationSuggestions: page } = await admin.ok<{ classificationSuggestions: { nodes: Array<{ line: { id: string }; category: { id: string }; alternatives: Array<{ category: { id: string } }> }> } }>(SUGGESTIONS, { p: { limit: 1 } });
    const node = page.nodes[0];
    const { rejectClassificationSuggestions: action } = await admin.ok<{ rejectClassificationSuggestions: { id: string; lines: number } }>(
      `mutation($i: ClassificationDecisionInput!) { rejectClassificationSuggestions(input: $i) { ${ACTION} } }`, { i: { lineIds: [node.line.id] } });
    expect(action.lines).toBe(1);
    const [now] = await server.store.query<{ category_id: number }>(
      sql`SELECT category_id FROM line_suggestions WHERE line_id = ${Number(node.line.id)} AND model_version = (SELECT MAX(version) FROM classifier_models WHERE live)`, { name: 't' });
    expect(now.category_id).not.toBe(Number(node.category.id));
    // A retrain keeps the rejection.
    await admin.ok(`mutation { retrainClassifier { version } }`);
    const [retrained] = await server.store.query<{ category_id: number }>(
      sql`SELECT category_id FROM line_suggestions WHERE line_id = ${Number(node.line.id)} AND model_version = (SELECT MAX(version) FROM classifier_models WHERE live)`, { name: 't' });
    expect(retrained.category_id).not.toBe(Number(node.category.id));
    await admin.ok(`mutation($id: ID!) { undoClassificationAction(id: $id) { id } }`, { id: action.id });
    expect(await featureMismatches()).toBe(0);
    const [back] = await server.store.query<{ category_id: number }>(
      sql`SELECT category_id FROM line_suggestions WHERE line_id = ${Number(node.line.id)} AND model_version = (SELECT MAX(version) FROM classifier_models WHERE live)`, { name: 't' });
    expect(back.category_id).toBe(Number(node.category.id));
  });

  it('auto-classify files only unclassified lines at or above the threshold as MODEL, and its undo restores every line', async () => {
    const before = await lineStates();
    const threshold = 0.6;
    const expected = await server.store.query<{ line_id: string; category_id: number; confidence: string }>(
      sql`SELECT CAST(g.line_id AS VARCHAR) AS line_id, g.category_id, CAST(g.confidence AS VARCHAR) AS confidence FROM line_suggestions g JOIN spend_lines s ON s.id = g.line_id
          WHERE s.classification_source = 'NONE' AND g.confidence >= ${threshold} AND g.model_version = (SELECT MAX(version) FROM classifier_models WHERE live)`,
      { name: 'test.autoExpected' },
    );
    expect(expected.length).toBeGreaterThan(0);
    const { setAutoClassify: s } = await admin.ok<{ setAutoClassify: { autoClassify: boolean; autoClassifyThreshold: number; version: number } }>(
      `mutation { setAutoClassify(enabled: true, threshold: ${threshold}) { autoClassify autoClassifyThreshold version } }`);
    expect(s).toMatchObject({ autoClassify: true, autoClassifyThreshold: threshold });
    const after = await lineStates();
    const filed = new Map(expected.map((e) => [e.line_id, e]));
    for (const [id, line] of after) {
      const was = before.get(id)!;
      const e = filed.get(id);
      if (e) {
        expect(line).toMatchObject({ classification_source: 'MODEL', category_id: e.category_id, classification_model_version: s.version });
        expect(Number(line.classification_confidence)).toBe(Number(e.confidence));
      } else {
        // MANUAL, SOURCE and RULE lines, and unclassified ones below the threshold, are untouched.
        expect(line).toEqual(was);
      }
    }
    // Figures count MODEL lines as classified, and the coverage says how much is the model's.
    const { classificationCoverage: c } = await admin.ok<{ classificationCoverage: { model: string; modelLines: number; unclassifiedLines: number } }>(
      `{ classificationCoverage { model modelLines unclassifiedLines } }`);
    expect(c.modelLines).toBe(expected.length);
    expect(c.unclassifiedLines).toBe((await unclassified()).n);

    // A person or a rule replaces a MODEL line at once.
    const [first, second] = expected;
    await admin.ok(`mutation($ids: [ID!]) { classifyLines(lineIds: $ids, categoryId: null) }`, { ids: [first.line_id] });
    const [manual] = await server.store.query<LineRow>(sql`SELECT classification_source, classification_confidence FROM spend_lines WHERE id = ${Number(first.line_id)}`, { name: 't' });
    expect(manual).toMatchObject({ classification_source: 'MANUAL', classification_confidence: null });
    const [line2] = await server.store.query<{ supplier_id: number }>(sql`SELECT supplier_id FROM spend_lines WHERE id = ${Number(second.line_id)}`, { name: 't' });
    const otherLeaf = (await server.store.query<{ id: number }>(
      sql`SELECT c.id FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories ch WHERE ch.parent_id = c.id) AND c.id <> ${second.category_id} ORDER BY c.id LIMIT 1`, { name: 't' }))[0].id;
    const { createClassificationRule: rule } = await admin.ok<{ createClassificationRule: { id: string; version: number } }>(
      `mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id version } }`, { i: { priority: 0, supplierId: String(line2.supplier_id), categoryId: String(otherLeaf) } });
    await admin.ok(`mutation { runClassificationRules { changed } }`);
    const [ruled] = await server.store.query<LineRow>(sql`SELECT category_id, classification_source, classification_confidence FROM spend_lines WHERE id = ${Number(second.line_id)}`, { name: 't' });
    expect(ruled).toMatchObject({ classification_source: 'RULE', category_id: otherLeaf, classification_confidence: null });

    // Undo of the run: every line it filed that nobody changed since goes back to unclassified.
    await admin.ok(`mutation { setAutoClassify(enabled: false) { autoClassify } }`);
    const { classificationActions: actions } = await admin.ok<{ classificationActions: { nodes: Array<{ id: string; kind: string; lines: number }> } }>(`{ classificationActions(page: { limit: 5 }) { nodes { id kind lines } } }`);
    const auto = actions.nodes.find((a) => a.kind === 'AUTO')!;
    expect(auto.lines).toBe(expected.length);
    // The line a person classified and the supplier's lines the rule filed are theirs now: not restored.
    const beforeUndo = await lineStates();
    const stillModel = expected.filter((e) => beforeUndo.get(e.line_id)!.classification_source === 'MODEL');
    expect(stillModel.length).toBeLessThan(expected.length - 1);
    const { undoClassificationAction: undone } = await admin.ok<{ undoClassificationAction: { restoredLines: number } }>(
      `mutation($id: ID!) { undoClassificationAction(id: $id) { restoredLines } }`, { id: auto.id });
    expect(undone.restoredLines).toBe(stillModel.length);
    const restored = await lineStates();
    for (const [id, line] of restored) {
      expect(line).toEqual(stillModel.some((e) => e.line_id === id) ? before.get(id) : beforeUndo.get(id));
    }
    await admin.ok(`mutation($id: ID!, $v: Int) { deleteClassificationRule(id: $id, version: $v) }`, { id: rule.id, v: rule.version });
  });

  it('never learns from its own output: MODEL lines are not training lines', async () => {
    await admin.ok(`mutation { setAutoClassify(enabled: true, threshold: 0.6) { autoClassify } }`);
    const { retrainClassifier: s } = await admin.ok<{ retrainClassifier: { trainingLines: number } }>(`mutation { retrainClassifier { trainingLines } }`);
    const [row] = await server.store.query<{ n: string; model: string }>(
      sql`SELECT CAST(COUNT(CASE WHEN classification_source IN ('MANUAL', 'RULE', 'SOURCE') AND category_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.parent_id = s.category_id) THEN 1 END) AS VARCHAR) AS n,
            CAST(COUNT(CASE WHEN classification_source = 'MODEL' THEN 1 END) AS VARCHAR) AS model FROM spend_lines s`,
      { name: 'test.trainingAfterAuto' },
    );
    expect(Number(row.model)).toBeGreaterThan(0);
    expect(s.trainingLines).toBe(Number(row.n));
    await admin.ok(`mutation { setAutoClassify(enabled: false) { autoClassify } }`);
  });

  it('lists a rule that files a supplier against its history as disputed, with its lines counted from the table', async () => {
    // The supplier with the most lines a rule may file (unclassified, or the classifier's after the
    // auto-classify tests), and the category most of its file-classified lines are in.
    const [target] = await server.store.query<{ supplier_id: number }>(
      sql`SELECT supplier_id FROM spend_lines WHERE classification_source IN ('NONE', 'MODEL') GROUP BY supplier_id ORDER BY COUNT(*) DESC, supplier_id LIMIT 1`, { name: 't' });
    const [usual] = await server.store.query<{ category_id: number }>(
      sql`SELECT category_id FROM spend_lines WHERE supplier_id = ${target.supplier_id} AND classification_source = 'SOURCE'
          GROUP BY category_id ORDER BY COUNT(*) DESC, category_id LIMIT 1`, { name: 't' });
    const [wrong] = await server.store.query<{ id: number }>(
      sql`SELECT c.id FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories ch WHERE ch.parent_id = c.id) AND c.id <> ${usual.category_id}
            AND c.id NOT IN (SELECT DISTINCT category_id FROM spend_lines WHERE supplier_id = ${target.supplier_id} AND category_id IS NOT NULL)
          ORDER BY c.id LIMIT 1`, { name: 't' });
    const { createClassificationRule: rule } = await admin.ok<{ createClassificationRule: { id: string; version: number } }>(
      `mutation($i: ClassificationRuleInput!) { createClassificationRule(input: $i) { id version } }`,
      { i: { priority: 0, supplierId: String(target.supplier_id), categoryId: String(wrong.id) } });
    await admin.ok(`mutation { runClassificationRules { changed } }`);
    await admin.ok(`mutation { retrainClassifier { version } }`);
    const { disputedRules } = await admin.ok<{ disputedRules: Array<{ rule: { id: string }; suggestedCategory: { id: string }; lines: number; ruleLines: number }> }>(
      `{ disputedRules(minConfidence: 0.5) { rule { id } suggestedCategory { id } lines ruleLines } }`);
    const mine = disputedRules.filter((d) => d.rule.id === rule.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((d) => d.suggestedCategory.id)).toContain(String(usual.category_id));
    const [filed] = await server.store.query<{ n: string }>(
      sql`SELECT CAST(COUNT(*) AS VARCHAR) AS n FROM spend_lines WHERE classification_source = 'RULE' AND classification_rule_id = ${Number(rule.id)}`, { name: 't' });
    for (const d of mine) expect(d.ruleLines).toBe(Number(filed.n));
    expect(mine.reduce((sum, d) => sum + d.lines, 0)).toBeLessThanOrEqual(Number(filed.n));
    await admin.ok(`mutation($id: ID!, $v: Int) { deleteClassificationRule(id: $id, version: $v) }`, { id: rule.id, v: rule.version });
    await admin.ok(`mutation { runClassificationRules { changed } }`);
  });

  it('refuses bad input with a clear message', async () => {
    expect((await admin.errorCode(SUGGESTIONS, { min: 1.5 })).code).toBe('BAD_USER_INPUT');
    expect((await admin.errorCode(`mutation { setAutoClassify(enabled: true, threshold: 0.2) { autoClassify } }`)).code).toBe('BAD_USER_INPUT');
    expect((await admin.errorCode(`mutation { acceptClassificationSuggestions(input: {}) { id } }`)).code).toBe('BAD_USER_INPUT');
    expect((await admin.errorCode(`mutation { undoClassificationAction(id: "999999") { id } }`)).code).toBe('NOT_FOUND');
  });
});
