import { AppError, badInput, notFound } from '../../errors.js';
import type { CreateCategoryInput, UpdateCategoryInput } from '../../generated/graphql.js';
import { audit } from '../../core/audit.js';
import type { CategoryRecord, DirectoryCache } from '../../core/directory.js';
import { parseId } from '../../core/ids.js';
import type { RequestData } from '../../core/request-data.js';
import { sqlTimestamp } from '../../core/time.js';
import type { UserRecord } from '../../core/viewer.js';
import { sql } from '../../store/sql.js';
import type { Store } from '../../store/store.js';
import { rematchSpendLines } from '../contracts/contracts.service.js';
import { requestRetrain } from '../classification/classifier.service.js';
import type { UsersService } from '../users/users.service.js';
import * as q from './taxonomy.queries.js';

/** The deepest level a category may sit at (docs/domain.md, taxonomy). */
export const MAX_LEVEL = 4;
const CODE = /^[A-Za-z0-9._-]{1,64}$/;
const NAICS = /^\d{6}$/;

// One taxonomy edit at a time in the process: a move checks the tree, then rewrites the subtree's paths.
let writes: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = writes.then(work, work);
  writes = result.catch(() => undefined);
  return result;
}

/** What the audit log keeps of a category: codes and emails, which read better than ids. */
interface CategorySnapshot {
  code: string;
  name: string;
  parent: string | null;
  level: number;
  owner: string | null;
  naicsCode: string | null;
}

/** The taxonomy as rows, with the tree operations a move needs. */
class Tree {
  readonly byId: Map<number, q.CategoryRow>;
  private readonly children = new Map<number | null, number[]>();

  constructor(readonly rows: q.CategoryRow[]) {
    this.byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) this.children.set(r.parent_id, [...(this.children.get(r.parent_id) ?? []), r.id]);
  }

  /** The category and everything under it, parents before children. */
  subtree(id: number): number[] {
    const out: number[] = [];
    const queue = [id];
    while (queue.length) {
      const next = queue.shift()!;
      if (out.includes(next)) continue; // a cycle in stored data must not loop forever
      out.push(next);
      queue.push(...(this.children.get(next) ?? []));
    }
    return out;
  }

  /** Ids from the top down to `id`, with `parentOf` overriding stored parents. */
  path(id: number, parentOf: ReadonlyMap<number, number | null>): number[] {
    const path: number[] = [];
    for (let cur: number | null = id; cur !== null; cur = parentOf.has(cur) ? parentOf.get(cur)! : (this.byId.get(cur)?.parent_id ?? null)) {
      if (path.includes(cur)) throw new Error(`category ${id}: its parents form a cycle`);
      path.unshift(cur);
    }
    return path;
  }
}

/**
 * Taxonomy editing in place (ADMIN only): create, rename, move with the whole subtree, owner and
 * NAICS code. Codes stay unique, parents never form a cycle, no category sits below level 4; a
 * move rewrites the denormalised path (level, l1…l4) of every category in the moved subtree, so
 * spend rolls up to the new parents at once, and re-matches the subtree's lines to contracts (a
 * contract covers the categories below its own); the directory cache is dropped after each write.
 */
export class TaxonomyService {
  private rowsOnce: Promise<Map<number, q.CategoryRow>> | null = null;
  private ownersOnce: Promise<Map<number, UserRecord>> | null = null;

  constructor(
    private readonly data: RequestData,
    private readonly directories: DirectoryCache,
    private readonly users: UsersService,
  ) {}

  private rows(): Promise<Map<number, q.CategoryRow>> {
    this.rowsOnce ??= q.categoryRows(this.data.store).then((rows) => new Map(rows.map((r) => [r.id, r])));
    return this.rowsOnce;
  }

  /** The stored version of a category (one statement per request for all of them). */
  async version(category: CategoryRecord): Promise<number> {
    return (await this.rows()).get(category.id)?.version ?? 1;
  }

  /** The owner, for admins only; null for everyone else. */
  async owner(category: CategoryRecord): Promise<UserRecord | null> {
    if (!this.data.viewer().can('admin')) return null;
    this.ownersOnce ??= this.rows().then((rows) => {
      const ids = [...new Set([...rows.values()].map((r) => r.owner_user_id).filter((id): id is number => id !== null))];
      return this.users.manyById(ids);
    });
    const ownerId = (await this.rows()).get(category.id)?.owner_user_id ?? null;
    return ownerId === null ? null : ((await this.ownersOnce).get(ownerId) ?? null);
  }

  private admin() {
    const viewer = this.data.viewer();
    viewer.require('admin');
    return viewer;
  }

  private async ownerId(store: Store, value: string | null | undefined, field: string): Promise<number | null> {
    if (value === null || value === undefined) return null;
    const id = parseId(value, field);
    const user = await q.userState(store, id);
    if (!user) throw notFound('User', value);
    if (user.disabled) throw badInput(field, `${user.name} is disabled and cannot own a category.`);
    return id;
  }

  private async snapshot(store: Store, tree: Tree, row: { code: string; name: string; parentId: number | null; level: number; ownerUserId: number | null; naicsCode: string | null }): Promise<CategorySnapshot> {
    const emails = await q.userEmails(store, row.ownerUserId === null ? [] : [row.ownerUserId]);
    return {
      code: row.code, name: row.name, parent: row.parentId === null ? null : (tree.byId.get(row.parentId)?.code ?? `#${row.parentId}`),
      level: row.level, owner: row.ownerUserId === null ? null : (emails.get(row.ownerUserId) ?? `#${row.ownerUserId}`), naicsCode: row.naicsCode,
    };
  }

  private async recordById(id: number, shownId: string | number = id): Promise<CategoryRecord> {
    const found = (await this.directories.get()).categoriesById.get(id);
    if (!found) throw notFound('Category', shownId);
    return found;
  }

  async create(input: CreateCategoryInput): Promise<CategoryRecord> {
    const viewer = this.admin();
    const code = input.code.trim();
    if (!CODE.test(code)) throw badInput('input.code', 'A code is 1 to 64 letters, digits, dots, underscores or hyphens.');
    const name = validName(input.name, 'input.name');
    const naicsCode = validNaics(input.naicsCode, 'input.naicsCode');
    const id = await oneAtATime(() =>
      this.data.store.transaction(async (tx) => {
        const tree = new Tree(await q.categoryRows(tx));
        if (await q.codeTaken(tx, code)) throw new AppError('CONFLICT', `The code ${code} is already taken.`, { field: 'input.code' });
        const parentId = input.parentId ? parseId(input.parentId, 'input.parentId') : null;
        if (parentId !== null && !tree.byId.has(parentId)) throw notFound('Category', input.parentId!);
        const parentLevel = parentId === null ? 0 : tree.path(parentId, new Map()).length;
        if (parentLevel >= MAX_LEVEL) throw badInput('input.parentId', `A category under ${tree.byId.get(parentId!)!.name} would sit at level ${parentLevel + 1}; at most ${MAX_LEVEL} levels.`);
        const ownerUserId = await this.ownerId(tx, input.ownerUserId, 'input.ownerUserId');
        const newId = await q.nextCategoryId(tx);
        const path = [...(parentId === null ? [] : tree.path(parentId, new Map())), newId];
        await q.insertCategory(tx, { id: newId, code, name, parentId, path, ownerUserId, naicsCode }, sqlTimestamp(new Date()));
        await audit(tx, {
          userId: viewer.user.id, action: 'category.create', entity: 'Category', entityId: newId,
          after: await this.snapshot(tx, tree, { code, name, parentId, level: path.length, ownerUserId, naicsCode }),
        });
        // The classifier predicts leaves: a new one, or a leaf that gains a child, changes what it may suggest.
        await requestRetrain(tx);
        return newId;
      }),
    );
    this.directories.invalidate();
    return this.recordById(id);
  }

  async update(idText: string, version: number, input: UpdateCategoryInput): Promise<CategoryRecord> {
    const viewer = this.admin();
    const id = parseId(idText, 'id');
    const name = input.name === undefined || input.name === null ? undefined : validName(input.name, 'input.name');
    const naicsCode = input.naicsCode === undefined ? undefined : validNaics(input.naicsCode, 'input.naicsCode');
    await oneAtATime(() =>
      this.data.store.transaction(async (tx) => {
        const tree = new Tree(await q.categoryRows(tx));
        const before = tree.byId.get(id);
        if (!before) throw notFound('Category', idText);
        if (before.version !== version) throw new AppError('CONFLICT', `${before.name} was changed by someone else. Reload and try again.`, { field: 'version' });
        const parentId = input.parentId === undefined ? before.parent_id : input.parentId === null ? null : parseId(input.parentId, 'input.parentId');
        const moved = tree.subtree(id);
        if (parentId !== null) {
          if (!tree.byId.has(parentId)) throw notFound('Category', input.parentId!);
          if (moved.includes(parentId)) {
            throw badInput('input.parentId', parentId === id ? 'A category cannot be its own parent.' : `${tree.byId.get(parentId)!.name} lies under ${before.name}; a category cannot move under its own subtree.`);
          }
        }
        const ownerUserId = input.ownerUserId === undefined ? before.owner_user_id : await this.ownerId(tx, input.ownerUserId, 'input.ownerUserId');
        // New paths for the whole moved subtree; the deepest one must stay within four levels.
        const parentOf = new Map([[id, parentId]]);
        const paths = new Map(moved.map((m) => [m, tree.path(m, parentOf)]));
        const deepest = Math.max(...[...paths.values()].map((p) => p.length));
        if (deepest > MAX_LEVEL) {
          throw badInput('input.parentId', `Moving ${before.name} there puts part of its subtree at level ${deepest}; at most ${MAX_LEVEL} levels.`);
        }
        const isMove = parentId !== before.parent_id;
        const writes: q.CategoryWrite[] = (isMove ? moved : [id]).map((m) => {
          const row = tree.byId.get(m)!;
          return m === id
            ? { id, name: name ?? row.name, parentId, path: paths.get(id)!, ownerUserId, naicsCode: naicsCode === undefined ? row.naics_code : naicsCode }
            : { id: m, name: row.name, parentId: row.parent_id, path: paths.get(m)!, ownerUserId: row.owner_user_id, naicsCode: row.naics_code };
        });
        await q.updateCategories(tx, writes, sqlTimestamp(new Date()));
        // A contract covers the categories below its own (docs/domain.md, matching spend to
        // contracts): the moved subtree's lines may gain, lose or change contract.
        const rematched = isMove ? await rematchSpendLines(tx, { lines: sql`s.category_id IN ${sql.list(moved)}` }) : 0;
        const beforeSnap = await this.snapshot(tx, tree, { code: before.code, name: before.name, parentId: before.parent_id, level: before.level, ownerUserId: before.owner_user_id, naicsCode: before.naics_code });
        const afterSnap = await this.snapshot(tx, tree, { code: before.code, name: writes[0].name, parentId, level: paths.get(id)!.length, ownerUserId, naicsCode: writes[0].naicsCode });
        await audit(tx, {
          userId: viewer.user.id, action: actionFor(beforeSnap, afterSnap), entity: 'Category', entityId: id,
          before: beforeSnap, after: isMove ? { ...afterSnap, subtreeMoved: moved.length - 1, linesRematched: rematched } : afterSnap,
        });
        if (isMove) await requestRetrain(tx);
      }),
    );
    // The cube reads paths from the table; scope and filters expand through the directory.
    this.directories.invalidate();
    return this.recordById(id, idText);
  }
}

/** `category.move`, `.rename`, `.setOwner`, `.setNaics` for one kind of change, `category.update` for several (or none). */
function actionFor(before: CategorySnapshot, after: CategorySnapshot): string {
  const changed = (['parent', 'name', 'owner', 'naicsCode'] as const).filter((k) => before[k] !== after[k]);
  if (changed.length !== 1) return 'category.update';
  return { parent: 'category.move', name: 'category.rename', owner: 'category.setOwner', naicsCode: 'category.setNaics' }[changed[0]];
}

function validName(name: string, field: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length < 1 || trimmed.length > 200) throw badInput(field, 'A category name must be 1 to 200 characters.');
  return trimmed;
}

function validNaics(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const trimmed = value.trim();
  if (!NAICS.test(trimmed)) throw badInput(field, `NAICS code “${trimmed.slice(0, 20)}” must be 6 digits.`);
  return trimmed;
}
