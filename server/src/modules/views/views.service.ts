import { AppError, badInput, notFound } from '../../errors.js';
import type { CreateSavedViewInput, SavedViewKind, UpdateSavedViewInput } from '../../generated/graphql.js';
import { sql, type Sql } from '../../store/sql.js';
import { sqlTimestamp } from '../../core/time.js';
import type { Viewer } from '../../core/viewer.js';
import { audit } from '../../core/audit.js';
import type { RequestData } from '../../core/request-data.js';
import { parseId } from '../../core/ids.js';
import type { SavedViewRecord } from './views.mappers.js';
import * as q from './views.queries.js';
import type { SpendService } from '../spend/spend.service.js';
import { relativeDates, relativeOf, savedDates, type ResolvedPeriod } from './views.period.js';

const MAX_DEFINITION = 100_000;

/** Which kinds a role may save and open: pivots need the explorer, queries the editor. */
function requireKind(viewer: Viewer, kind: SavedViewKind) {
  if (kind === 'PIVOT') viewer.require('explore');
  else if (kind === 'QUERY') viewer.require('query');
  else viewer.require('read');
}

function validName(name: string, field: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 200) throw badInput(field, 'A view name must be 1 to 200 characters.');
  return trimmed;
}

function parseDefinition(definition: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(definition);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function validDefinition(definition: string, kind: SavedViewKind, field: string): string {
  if (definition.length > MAX_DEFINITION) throw badInput(field, `A view definition may be at most ${MAX_DEFINITION.toLocaleString('en-GB')} characters.`);
  const parsed = parseDefinition(definition);
  if (!parsed) throw badInput(field, 'A view definition must be a JSON object.');
  // A pivot's period: its own dates, or a relative period from the known list (views.period.ts).
  if (kind === 'PIVOT') relativeOf(parsed, field);
  return definition;
}

export class ViewsService {
  constructor(
    private readonly data: RequestData,
    private readonly spend: SpendService,
  ) {}

  /** Own views and shared ones; private views of others do not exist for the caller. */
  private visible(viewer: Viewer): Sql {
    return sql`(v.owner_id = ${viewer.user.id} OR v.shared)`;
  }

  editable(view: SavedViewRecord): boolean {
    const viewer = this.data.viewer();
    return view.ownerId === viewer.user.id || viewer.user.role === 'ADMIN';
  }

  /**
   * The dates a PIVOT opens and exports with: a relative period resolved now against the latest
   * invoice date the caller can see (the filter bar's presets use the same date), else the query's
   * own dates. Opening (`SavedView.period`) and the export (`/api/exports/views/:id`) both call this.
   * An overview filter's period is its own dates, when it names any.
   */
  async period(view: SavedViewRecord): Promise<ResolvedPeriod | null> {
    if (view.kind === 'QUERY') return null;
    const definition = parseDefinition(view.definition);
    if (!definition) return null;
    if (view.kind === 'DASHBOARD_FILTER') {
      const date = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
      const [dateFrom, dateTo] = [date(definition.from), date(definition.to)];
      return dateFrom || dateTo ? { relative: null, dateFrom, dateTo } : null;
    }
    let relative = null;
    try {
      relative = relativeOf(definition, 'definition');
    } catch {
      // Stored before validation knew periods: it keeps its own dates.
    }
    if (relative) {
      const { maxDate } = await this.spend.dataRange();
      if (maxDate) return { relative, ...relativeDates(relative, maxDate) };
    }
    return { relative, ...savedDates(definition) };
  }

  async list(kind: SavedViewKind | null | undefined): Promise<SavedViewRecord[]> {
    const viewer = this.data.viewer();
    const views = await q.listViews(this.data.store, this.visible(viewer), kind ?? null);
    // Kinds the role cannot open are not listed (a viewer has no explorer to open a pivot in).
    return views.filter((v) => (v.kind === 'PIVOT' ? viewer.can('explore') : v.kind === 'QUERY' ? viewer.can('query') : true));
  }

  async byId(id: string): Promise<SavedViewRecord> {
    const viewer = this.data.viewer();
    const view = await q.findView(this.data.store, parseId(id, 'id'), this.visible(viewer));
    if (!view) throw notFound('Saved view', id);
    requireKind(viewer, view.kind);
    return view;
  }

  async create(input: CreateSavedViewInput): Promise<SavedViewRecord> {
    const viewer = this.data.viewer();
    requireKind(viewer, input.kind);
    const name = validName(input.name, 'input.name');
    const definition = validDefinition(input.definition, input.kind, 'input.definition');
    const id = await this.data.store.transaction(async (tx) => {
      if (await q.nameTaken(tx, viewer.user.id, name, null)) {
        throw new AppError('CONFLICT', `You already have a view called “${name}”.`, { field: 'input.name' });
      }
      const newId = await q.insertView(tx, { name, kind: input.kind, definition, shared: input.shared ?? false, ownerId: viewer.user.id, now: sqlTimestamp(new Date()) });
      await audit(tx, { userId: viewer.user.id, action: 'savedView.create', entity: 'SavedView', entityId: newId, after: { name, kind: input.kind, shared: input.shared ?? false } });
      return newId;
    });
    return this.byId(String(id));
  }

  async update(id: string, version: number, input: UpdateSavedViewInput): Promise<SavedViewRecord> {
    const viewer = this.data.viewer();
    const view = await this.byId(id);
    if (!this.editable(view)) throw new AppError('FORBIDDEN', 'Only the owner or an admin may change this view.');
    const next = {
      name: input.name === null || input.name === undefined ? view.name : validName(input.name, 'input.name'),
      definition: input.definition === null || input.definition === undefined ? view.definition : validDefinition(input.definition, view.kind, 'input.definition'),
      shared: input.shared ?? view.shared,
      now: sqlTimestamp(new Date()),
    };
    await this.data.store.transaction(async (tx) => {
      if (await q.nameTaken(tx, view.ownerId, next.name, view.id)) {
        throw new AppError('CONFLICT', `There is already a view called “${next.name}”.`, { field: 'input.name' });
      }
      if (!(await q.updateView(tx, view.id, version, next))) {
        throw new AppError('CONFLICT', 'This view was changed by someone else. Reload it and try again.', { field: 'version' });
      }
      await audit(tx, {
        userId: viewer.user.id, action: 'savedView.update', entity: 'SavedView', entityId: view.id,
        before: { name: view.name, shared: view.shared }, after: { name: next.name, shared: next.shared },
      });
    });
    return this.byId(id);
  }

  async remove(id: string): Promise<boolean> {
    const viewer = this.data.viewer();
    const view = await this.byId(id);
    if (!this.editable(view)) throw new AppError('FORBIDDEN', 'Only the owner or an admin may delete this view.');
    await this.data.store.transaction(async (tx) => {
      await q.deleteView(tx, view.id);
      await audit(tx, { userId: viewer.user.id, action: 'savedView.delete', entity: 'SavedView', entityId: view.id, before: { name: view.name, kind: view.kind } });
    });
    return true;
  }
}
