import { AppError, badInput, notFound } from '../../errors.js';
import { fromScaled, money, toScaled } from '../../lib/decimal.js';
import { forEachCandidatePair, nameProfile, profileSimilarity } from '../../lib/similarity.js';
import { sqlTimestamp } from '../../core/time.js';
import { audit } from '../../core/audit.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter } from '../../core/spend-filter.js';
import { parseId } from '../../core/ids.js';
import { staleVersion } from '../../core/versions.js';
import type { SupplierRecord } from './suppliers.mappers.js';
import { refreshSuggestions } from '../classification/classifier.service.js';
import { rematchSpendLines } from '../contracts/contracts.service.js';
import { refreshSupplierSearchKeys, type SuppliersService } from './suppliers.service.js';
import * as q from './merges.queries.js';
import { findSuppliers } from './suppliers.queries.js';
import { sql } from '../../store/sql.js';

/** Names are compared only within blocks sharing a first word or a first three letters (the pairs worth a look). */
function blocksOf(name: string): string[] {
  const first = name.split(' ')[0] ?? '';
  return [`w:${first}`, `p:${name.slice(0, 3)}`];
}

export class MergesService {
  constructor(private readonly data: RequestData, private readonly suppliers: SuppliersService) {}

  private manager() {
    const viewer = this.data.viewer();
    viewer.require('manageClassification');
    return viewer;
  }

  async suggestions(limit: number, minSimilarity: number) {
    const viewer = this.manager();
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badInput('limit', 'limit must be from 1 to 200.');
    if (!(minSimilarity >= 0.5 && minSimilarity <= 1)) throw badInput('minSimilarity', 'minSimilarity must be from 0.5 to 1.');
    const scoped = viewer.scope.categoryIds !== null || viewer.scope.businessUnitIds !== null;
    const where = spendWhere(validateFilter(null), viewer.scope, await this.data.directory());
    const rows = await q.candidates(this.data.store, where, scoped);
    const skip = await q.dismissed(this.data.store);
    // Each name's bigrams once: a name meets many others in its blocks (forEachCandidatePair).
    const profiles = new Map(rows.map((r) => [r.id, nameProfile(r.normalized_name)]));
    const pairs: Array<{ keepId: number; mergeId: number; similarity: number; spendAtStake: bigint }> = [];
    forEachCandidatePair(rows, (r) => r.normalized_name, blocksOf, (a, b, key) => {
      if (skip.has(key)) return;
      const similarity = profileSimilarity(profiles.get(a.id)!, profiles.get(b.id)!);
      if (similarity < minSimilarity) return;
      const [sa, sb] = [toScaled(money(a.spend), 2), toScaled(money(b.spend), 2)];
      const [keep, merge] = sa >= sb ? [a, b] : [b, a];
      pairs.push({ keepId: keep.id, mergeId: merge.id, similarity: Math.round(similarity * 1000) / 1000, spendAtStake: sa + sb });
    });
    pairs.sort((x, y) => (y.spendAtStake > x.spendAtStake ? 1 : y.spendAtStake < x.spendAtStake ? -1 : y.similarity - x.similarity));
    const top = pairs.slice(0, limit);
    return Promise.all(top.map(async (p) => ({
      keep: await this.suppliers.byId(String(p.keepId)),
      merge: await this.suppliers.byId(String(p.mergeId)),
      similarity: p.similarity,
      spendAtStake: fromScaled(p.spendAtStake, 2),
    })));
  }

  async list() {
    this.manager();
    return q.listMerges(this.data.store, await this.data.scopeWhere());
  }

  /**
   * A merge by a scoped user moves only the source's lines they can see, and leaves the source
   * supplier (status, aliases, other lines) as it is: nothing outside their scope changes, and
   * the answer does not depend on lines they cannot see (docs/scope.md).
   */
  async merge(sourceId: string, targetId: string, seen: { sourceVersion?: number | null; targetVersion?: number | null } = {}): Promise<q.MergeRecord> {
    const viewer = this.manager();
    const [source, target]: SupplierRecord[] = [await this.suppliers.byId(sourceId), await this.suppliers.byId(targetId)];
    // Versions the caller saw, when sent: a supplier renamed, blocked or re-parented since is not
    // merged on the strength of an old screen (docs/domain.md, "Versions").
    const sourceVersion = seen.sourceVersion ?? null;
    const targetVersion = seen.targetVersion ?? null;
    if (source.id === target.id) throw badInput('targetId', 'A supplier cannot be merged into itself.');
    if (source.status === 'MERGED' || target.status === 'MERGED') {
      throw new AppError('INVALID_STATE', 'One of these suppliers is already merged; undo that merge first.');
    }
    // Only an active supplier is merged away (docs/domain.md, states): a blocked one would come
    // back active on undo, its block silently lifted. A blocked target keeps its block.
    if (source.status === 'BLOCKED') {
      throw new AppError('INVALID_STATE', `${source.name} is blocked; an admin unblocks it before it can be merged into another supplier.`);
    }
    const stale = (s: SupplierRecord, field: string) => staleVersion(s.name, 'nothing was merged', field, s.version);
    if (sourceVersion !== null && source.version !== sourceVersion) throw stale(source, 'sourceVersion');
    if (targetVersion !== null && target.version !== targetVersion) throw stale(target, 'targetVersion');
    const scope = await this.data.scopeWhere();
    const now = sqlTimestamp(new Date());
    const id = await this.data.store.transaction(async (tx) => {
      // Both rows are held until the merge commits; one that changed a moment ago finds no row here.
      if ((await tx.query(q.mergeSteps.claimActiveSource(source.id, sourceVersion), { name: 'merges.claimSource' })).length === 0) {
        throw await this.changedMeanwhile(source, sourceVersion, 'sourceVersion');
      }
      if ((await tx.query(q.mergeSteps.claimTarget(target.id, targetVersion), { name: 'merges.claimTarget' })).length === 0) {
        throw await this.changedMeanwhile(target, targetVersion, 'targetVersion');
      }
      const [{ id: mergeId }] = await tx.query<{ id: number }>(q.mergeSteps.record(source.id, target.id, viewer.user.id, now), { name: 'merges.record' });
      const lines = [['lines', q.mergeSteps.rememberLines(mergeId, source.id, scope ?? sql`TRUE`)], ['move', q.mergeSteps.moveLines(mergeId, target.id)]] as const;
      const whole = [
        ['aliases', q.mergeSteps.rememberAliases(mergeId, source.id, target.id)], ['moveAliases', q.mergeSteps.moveAliases(mergeId, target.id)],
        ['dropAliases', q.mergeSteps.dropSourceAliases(source.id)],
        ['children', q.mergeSteps.rememberChildren(mergeId, source.id)], ['moveChildren', q.mergeSteps.moveChildren(mergeId, target.id, now)],
        ['mark', q.mergeSteps.markMerged(source.id, target.id, now)],
      ] as const;
      for (const [name, step] of scope === null ? [...lines, ...whole] : lines) await tx.execute(step, { name: `merges.${name}`, timeoutMs: 300_000 });
      // The moved lines now belong to the target, whose contracts decide (docs/domain.md).
      await rematchSpendLines(tx, { lines: sql`s.supplier_id IN (${source.id}, ${target.id})` });
      // The review queue groups suggestions by their copy of the line's supplier.
      await refreshSuggestions(tx, sql`g.supplier_id IN (${source.id}, ${target.id})`);
      // Aliases moved: the target is found by the source's names now, the source no longer.
      if (scope === null) await refreshSupplierSearchKeys(tx, { ids: [source.id, target.id] });
      await audit(tx, { userId: viewer.user.id, action: 'supplier.merge', entity: 'Supplier', entityId: source.id, after: { mergedInto: target.id, merge: mergeId, scoped: scope !== null } });
      return mergeId;
    });
    return (await q.findMerge(this.data.store, id, scope))!;
  }

  /**
   * Why a merge's claim on one of its suppliers found no row: its status changed a moment ago
   * (`INVALID_STATE`), else its version did (`CONFLICT`).
   */
  private async changedMeanwhile(before: SupplierRecord, seenVersion: number | null, field: string): Promise<AppError> {
    const now = (await findSuppliers(this.data.store, [before.id], null)).get(before.id);
    const mayMerge = now && (field === 'sourceVersion' ? now.status === 'ACTIVE' : now.status !== 'MERGED');
    if (!mayMerge || seenVersion === null) {
      return new AppError('INVALID_STATE', `${before.name} was blocked or merged by someone else a moment ago; nothing was changed.`);
    }
    return staleVersion(before.name, 'nothing was merged', field, now.version);
  }

  /** Undo of a merge the viewer can see (docs/scope.md); others are not found. */
  async undo(id: string): Promise<q.MergeRecord> {
    const viewer = this.manager();
    const scope = await this.data.scopeWhere();
    const merge = await q.findMerge(this.data.store, parseId(id, 'id'), scope);
    if (!merge) throw notFound('Supplier merge', id);
    if (merge.undoneAt) throw new AppError('INVALID_STATE', 'This merge was already undone.');
    if (await q.laterActiveMerge(this.data.store, merge)) {
      throw new AppError('INVALID_STATE', 'The source supplier was merged again since; undo that merge first.');
    }
    // Only a whole-supplier merge (by an unscoped user) marked the source merged and moved its aliases.
    const source = (await findSuppliers(this.data.store, [merge.sourceId], null)).get(merge.sourceId);
    const whole = source?.status === 'MERGED';
    // Undoing a whole merge brings the source back for everyone (its aliases decide how every later
    // import is matched; its family links return), so it is an admin's, like families (docs/scope.md).
    if (whole && scope !== null) {
      throw new AppError('FORBIDDEN', `${source.name} was merged as a whole supplier by an admin; only an admin can undo that merge.`);
    }
    const now = sqlTimestamp(new Date());
    await this.data.store.transaction(async (tx) => {
      const steps = [
        ['lines', q.undoSteps.moveLinesBack(merge.id, merge.sourceId)], ['restoreAliases', q.undoSteps.restoreAliases(merge.id, merge.sourceId)],
        ['removeAliases', q.undoSteps.removeAddedAliases(merge.id, merge.targetId)],
        ...(whole ? [['reactivate', q.undoSteps.reactivate(merge.sourceId, now)] as const, ['children', q.undoSteps.restoreChildren(merge.id, merge.targetId, now)] as const] : []),
        ['mark', q.undoSteps.markUndone(merge.id, now)],
      ] as const;
      for (const [name, step] of steps) await tx.execute(step, { name: `merges.undo.${name}`, timeoutMs: 300_000 });
      await rematchSpendLines(tx, { lines: sql`s.supplier_id IN (${merge.sourceId}, ${merge.targetId})` });
      await refreshSuggestions(tx, sql`g.supplier_id IN (${merge.sourceId}, ${merge.targetId})`);
      await refreshSupplierSearchKeys(tx, { ids: [merge.sourceId, merge.targetId] });
      await audit(tx, { userId: viewer.user.id, action: 'supplier.unmerge', entity: 'Supplier', entityId: merge.sourceId, before: { mergedInto: merge.targetId, merge: merge.id } });
    });
    return (await q.findMerge(this.data.store, merge.id, scope))!;
  }

  async dismiss(a: string, b: string): Promise<boolean> {
    const viewer = this.manager();
    const [x, y] = [await this.suppliers.byId(a), await this.suppliers.byId(b)];
    await this.data.store.transaction(async (tx) => {
      await q.dismiss(tx, x.id, y.id, viewer.user.id, sqlTimestamp(new Date()));
      await audit(tx, { userId: viewer.user.id, action: 'supplier.dismissSuggestion', entity: 'Supplier', entityId: `${x.id},${y.id}`, after: { notDuplicates: [x.id, y.id] } });
    });
    return true;
  }

  /** A family is the same in every category, so only an admin changes it (docs/scope.md). */
  async setParent(id: string, parentId: string | null | undefined, version?: number | null): Promise<SupplierRecord> {
    const viewer = this.data.viewer();
    viewer.require('manageSuppliers');
    const child = await this.suppliers.byId(id);
    const parent = parentId ? await this.suppliers.byId(parentId) : null;
    if (parent && (parent.id === child.id || (await q.parentChain(this.data.store, parent.id)).includes(child.id))) {
      throw badInput('parentId', 'That would make the supplier its own ancestor.');
    }
    if (parent?.status === 'MERGED') throw new AppError('INVALID_STATE', 'A merged supplier cannot be a parent.');
    const stale = (current?: number) => staleVersion(child.name, 'its family was not changed', 'version', current);
    if (version != null && child.version !== version) throw stale(child.version);
    await this.data.store.transaction(async (tx) => {
      if (!(await q.setParent(tx, child.id, parent?.id ?? null, version ?? null, sqlTimestamp(new Date())))) {
        // Changed between the read and the write: the error carries the version now, so the form can offer it.
        throw stale((await findSuppliers(tx, [child.id], null)).get(child.id)?.version);
      }
      // A group's contract covers its members: the child's lines may gain or lose one.
      await rematchSpendLines(tx, { lines: sql`s.supplier_id = ${child.id}` });
      await audit(tx, { userId: viewer.user.id, action: 'supplier.setParent', entity: 'Supplier', entityId: child.id, before: { parentId: child.parentId }, after: { parentId: parent?.id ?? null } });
    });
    return (await findSuppliers(this.data.store, [child.id], null)).get(child.id)!;
  }
}
