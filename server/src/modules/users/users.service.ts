import { randomBytes } from 'node:crypto';
import { AppError, badInput, notFound } from '../../errors.js';
import type { CreateUserInput, PageInfo, UpdateUserInput, UserStatus } from '../../generated/graphql.js';
import { audit } from '../../core/audit.js';
import type { Directory } from '../../core/directory.js';
import { parseId } from '../../core/ids.js';
import type { RequestData } from '../../core/request-data.js';
import { spendWhere, validateFilter } from '../../core/spend-filter.js';
import { sqlTimestamp } from '../../core/time.js';
import type { RoleName, UserRecord, Viewer } from '../../core/viewer.js';
import { money, ratio } from '../../lib/decimal.js';
import { validatePage } from '../../lib/page.js';
import type { Store } from '../../store/store.js';
import { hashPassword, hashToken, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, NO_PASSWORD, type AuthService } from '../auth/auth.service.js';
import * as q from './users.queries.js';

const ROLES: readonly RoleName[] = ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST', 'VIEWER'];
const MAX_SCOPE_IDS = 500;
const MAX_SEARCH = 200;
// Deliberately plain: something@domain.tld, no spaces. Mail delivery is not ours to check.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export interface UserPage {
  totalCount: number;
  nodes: UserRecord[];
  pageInfo: PageInfo;
}

export interface SetPasswordLink {
  path: string;
  expiresAt: string;
}

/** What the audit log keeps of a user: never the password hash, nor a link's token. */
interface UserSnapshot {
  email: string;
  name: string;
  role: RoleName;
  categories: string[];
  businessUnits: string[];
  disabled: boolean;
  password: 'set' | 'not set';
}

// One user-administration write at a time in the process (an embedded DuckDB has one server
// process): the last-admin guard counts admins and then writes, and two admins disabling each
// other at once must not both pass the count.
let writes: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = writes.then(work, work);
  writes = result.catch(() => undefined);
  return result;
}

function validPassword(password: string, field: string): string {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) throw badInput(field, `A password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (length > MAX_PASSWORD_LENGTH) throw badInput(field, `A password may be at most ${MAX_PASSWORD_LENGTH.toLocaleString('en-GB')} characters.`);
  return password;
}

function validEmail(email: string, field: string): string {
  const trimmed = email.trim().toLowerCase();
  if (trimmed.length > 320 || !EMAIL.test(trimmed)) throw badInput(field, `“${email.trim().slice(0, 80)}” is not a valid email address.`);
  return trimmed;
}

function validName(name: string, field: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length < 1 || trimmed.length > 200) throw badInput(field, 'A name must be 1 to 200 characters.');
  return trimmed;
}

function validRole(role: string, field: string): RoleName {
  if (!ROLES.includes(role as RoleName)) throw badInput(field, `Unknown role ${role}.`);
  return role as RoleName;
}

/**
 * User administration (docs/domain.md, users): ADMIN only, every change audited, optimistic
 * concurrency by `version`. Also the signed-out half of set-password links.
 */
export class UsersService {
  constructor(
    private readonly data: RequestData,
    private readonly auth: AuthService,
    /** The caller's own session token, kept when an admin resets their own password. */
    private readonly sessionToken: string | undefined,
  ) {}

  private admin(): Viewer {
    const viewer = this.data.viewer();
    viewer.require('admin');
    return viewer;
  }

  async list(args: { search?: string | null; role?: string | null; status?: UserStatus | null; page?: { offset?: number | null; limit?: number | null } | null }): Promise<UserPage> {
    this.admin();
    const search = args.search?.trim() || null;
    if (search && search.length > MAX_SEARCH) throw badInput('search', `A search may be at most ${MAX_SEARCH} characters.`);
    const role = args.role ? validRole(args.role, 'role') : null;
    const page = validatePage(args.page, this.data.pageLimits());
    const { totalCount, nodes } = await q.listUsers(this.data.store, { search, role, status: args.status ?? null }, page);
    return { totalCount, nodes, pageInfo: { offset: page.offset, limit: page.limit, hasNextPage: page.offset + nodes.length < totalCount } };
  }

  async byId(id: string): Promise<UserRecord> {
    this.admin();
    return this.find(this.data.store, parseId(id, 'id'), id);
  }

  /** Users by id, for admins (category owners on the taxonomy screen); unknown ids are left out. */
  async manyById(ids: number[]): Promise<Map<number, UserRecord>> {
    this.admin();
    return new Map((await q.findUsers(this.data.store, ids)).map((u) => [u.id, u]));
  }

  private async find(store: Store, id: number, shownId: string | number = id): Promise<UserRecord> {
    const user = await q.findUser(store, id);
    if (!user) throw notFound('User', shownId);
    return user;
  }

  /** What a role with these scope ids would see of the spend: one statement over the lines. */
  async coverage(role: string, categoryIds: readonly string[] | null | undefined, businessUnitIds: readonly string[] | null | undefined) {
    this.admin();
    const directory = await this.data.directory();
    const scope = this.scopeFor(validRole(role, 'role'), categoryIds, businessUnitIds, directory, { required: false, fieldPrefix: '' });
    const dataScope = {
      categoryIds: scope.role === 'CATEGORY_MANAGER' ? scope.categoryIds : null,
      businessUnitIds: scope.role === 'VIEWER' ? scope.businessUnitIds : null,
    };
    const row = await q.coverage(this.data.store, spendWhere(validateFilter(null), dataScope, directory));
    const spend = money(row.spend);
    const totalSpend = money(row.total);
    return { spend, lineCount: Number(row.lines), totalSpend, totalLineCount: Number(row.total_lines), share: ratio(spend, totalSpend) };
  }

  /**
   * The scope a role keeps: category ids for a category manager, business-unit ids for a viewer,
   * nothing for the others (they see everything). Unknown ids are NOT_FOUND, naming the field.
   */
  private scopeFor(
    role: RoleName, categoryIds: readonly string[] | null | undefined, businessUnitIds: readonly string[] | null | undefined, directory: Directory,
    options: { required: boolean; fieldPrefix: string },
  ) {
    const ids = (values: readonly string[] | null | undefined, field: string, known: ReadonlyMap<number, unknown>, entity: string) => {
      const list = values ?? [];
      if (list.length > MAX_SCOPE_IDS) throw badInput(field, `A scope may name at most ${MAX_SCOPE_IDS} entries.`);
      const parsed = [...new Set(list.map((v) => parseId(v, field)))].sort((a, b) => a - b);
      const unknown = parsed.find((id) => !known.has(id));
      if (unknown !== undefined) throw notFound(entity, unknown, field);
      return parsed;
    };
    const categoryField = `${options.fieldPrefix}categoryIds`;
    const unitField = `${options.fieldPrefix}businessUnitIds`;
    const categories = ids(categoryIds, categoryField, directory.categoriesById, 'Category');
    const units = ids(businessUnitIds, unitField, directory.businessUnitsById, 'Business unit');
    if (role !== 'CATEGORY_MANAGER' && categories.length) throw badInput(categoryField, 'Only category managers are limited to categories.');
    if (role !== 'VIEWER' && units.length) throw badInput(unitField, 'Only viewers are limited to business units.');
    // An empty scope would let the user see nothing at all: say so rather than create a useless account.
    if (options.required && role === 'CATEGORY_MANAGER' && !categories.length) throw badInput(categoryField, 'Choose at least one category for a category manager.');
    if (options.required && role === 'VIEWER' && !units.length) throw badInput(unitField, 'Choose at least one business unit for a viewer.');
    return { role, categoryIds: categories, businessUnitIds: units };
  }

  private async snapshot(user: UserRecord): Promise<UserSnapshot> {
    const directory = await this.data.directory();
    return {
      email: user.email, name: user.name, role: user.role,
      categories: user.scopeCategoryIds.map((id) => directory.categoriesById.get(id)?.code ?? `#${id}`),
      businessUnits: user.scopeBusinessUnitIds.map((id) => directory.businessUnitsById.get(id)?.code ?? `#${id}`),
      disabled: user.disabledAt !== null,
      password: user.passwordSet ? 'set' : 'not set',
    };
  }

  /** A new link for the user, revoking the ones still open. The token is returned once and never stored. */
  private async newLink(tx: Store, userId: number, createdBy: number, now: Date): Promise<SetPasswordLink> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.data.config.setPasswordLinkHours * 3_600_000);
    await q.revokePasswordTokens(tx, userId, sqlTimestamp(now));
    await q.insertPasswordToken(tx, { tokenHash: hashToken(token), userId, createdBy, now: sqlTimestamp(now), expiresAt: sqlTimestamp(expiresAt) });
    return { path: `/set-password?token=${token}`, expiresAt: expiresAt.toISOString() };
  }

  async create(input: CreateUserInput): Promise<{ user: UserRecord; setPasswordLink: SetPasswordLink | null }> {
    const viewer = this.admin();
    const email = validEmail(input.email, 'input.email');
    const name = validName(input.name, 'input.name');
    const role = validRole(input.role, 'input.role');
    const scope = this.scopeFor(role, input.categoryIds, input.businessUnitIds, await this.data.directory(), { required: true, fieldPrefix: 'input.' });
    const password = input.password === null || input.password === undefined ? null : validPassword(input.password, 'input.password');
    const passwordHash = password === null ? NO_PASSWORD : await hashPassword(password);
    const { id, link } = await oneAtATime(() =>
      this.data.store.transaction(async (tx) => {
        if (await q.emailTaken(tx, email, null)) throw new AppError('CONFLICT', `Another user already signs in with ${email}.`, { field: 'input.email' });
        const now = new Date();
        const newId = await q.nextUserId(tx);
        await q.insertUser(tx, { id: newId, email, name, role, passwordHash, now: sqlTimestamp(now) });
        await q.replaceScopes(tx, newId, scope.categoryIds, scope.businessUnitIds);
        const created = await this.find(tx, newId);
        const newLink = password === null ? await this.newLink(tx, newId, viewer.user.id, now) : null;
        await audit(tx, {
          userId: viewer.user.id, action: 'user.create', entity: 'User', entityId: newId,
          after: { ...(await this.snapshot(created)), ...(newLink ? { setPasswordLinkExpires: newLink.expiresAt } : {}) },
        });
        return { id: newId, link: newLink };
      }),
    );
    return { user: await this.find(this.data.store, id), setPasswordLink: link };
  }

  /**
   * The guards on taking an admin away (disable, demote, reset by link): never the last active
   * admin (INVALID_STATE: possible again once another admin exists), never yourself (FORBIDDEN).
   */
  private async guardAdminLoss(tx: Store, viewer: Viewer, target: UserRecord, what: 'disable' | 'demote' | 'reset') {
    const activeAdmins = await q.activeAdminIds(tx);
    if (activeAdmins.includes(target.id) && activeAdmins.length <= 1) {
      const verb = what === 'disable' ? 'disabled' : what === 'demote' ? 'given another role' : 'left without a password';
      throw new AppError('INVALID_STATE', `${target.name} is the last active admin and cannot be ${verb}. Make another user an admin first.`);
    }
    if (target.id === viewer.user.id) {
      const text = what === 'disable' ? 'disable your own account' : what === 'demote' ? 'change your own role' : 'reset your own password by link; set a new one instead';
      throw new AppError('FORBIDDEN', `You cannot ${text}. Another admin can do it.`);
    }
  }

  /** Loads the user in the transaction and refuses a stale version. */
  private async current(tx: Store, id: string, version: number): Promise<UserRecord> {
    const user = await this.find(tx, parseId(id, 'id'), id);
    if (user.version !== version) throw stale();
    return user;
  }

  async update(id: string, version: number, input: UpdateUserInput): Promise<UserRecord> {
    const viewer = this.admin();
    const directory = await this.data.directory();
    const userId = await oneAtATime(() =>
      this.data.store.transaction(async (tx) => {
        const before = await this.current(tx, id, version);
        const email = input.email === null || input.email === undefined ? before.email : validEmail(input.email, 'input.email');
        const name = input.name === null || input.name === undefined ? before.name : validName(input.name, 'input.name');
        const role = input.role === null || input.role === undefined ? before.role : validRole(input.role, 'input.role');
        // A scope left out is kept while the role still uses it, and dropped when it no longer does.
        const keep = (ids: number[], used: boolean) => (used ? ids.map(String) : []);
        const scope = this.scopeFor(
          role,
          input.categoryIds ?? keep(before.scopeCategoryIds, role === 'CATEGORY_MANAGER'),
          input.businessUnitIds ?? keep(before.scopeBusinessUnitIds, role === 'VIEWER'),
          directory, { required: true, fieldPrefix: 'input.' },
        );
        if (before.role === 'ADMIN' && role !== 'ADMIN') await this.guardAdminLoss(tx, viewer, before, 'demote');
        if (email !== before.email && (await q.emailTaken(tx, email, before.id))) {
          throw new AppError('CONFLICT', `Another user already signs in with ${email}.`, { field: 'input.email' });
        }
        const now = sqlTimestamp(new Date());
        await write(tx, before.id, version, { email: email !== before.email ? email : undefined, name, role, now });
        await q.replaceScopes(tx, before.id, scope.categoryIds, scope.businessUnitIds);
        const after = await this.find(tx, before.id);
        await audit(tx, { userId: viewer.user.id, action: 'user.update', entity: 'User', entityId: before.id, before: await this.snapshot(before), after: await this.snapshot(after) });
        return before.id;
      }),
    );
    // The new role and scope apply from the user's next request, not after the session cache's few seconds.
    this.auth.forgetCachedUser(userId);
    return this.find(this.data.store, userId);
  }

  async disable(id: string, version: number): Promise<UserRecord> {
    const viewer = this.admin();
    const userId = await oneAtATime(() =>
      this.data.store.transaction(async (tx) => {
        const before = await this.current(tx, id, version);
        if (before.disabledAt !== null) throw new AppError('INVALID_STATE', `${before.name} is already disabled.`);
        await this.guardAdminLoss(tx, viewer, before, 'disable');
        const now = sqlTimestamp(new Date());
        await write(tx, before.id, version, { disabledAt: now, now });
        // Their sessions end now, and a link they have not used yet no longer works.
        await this.auth.deleteSessionsOf(before.id, { tx });
        await q.revokePasswordTokens(tx, before.id, now);
        const after = await this.find(tx, before.id);
        await audit(tx, { userId: viewer.user.id, action: 'user.disable', entity: 'User', entityId: before.id, before: await this.snapshot(before), after: await this.snapshot(after) });
        return before.id;
      }),
    );
    this.auth.forgetCachedUser(userId);
    return this.find(this.data.store, userId);
  }

  async enable(id: string, version: number): Promise<UserRecord> {
    const viewer = this.admin();
    const userId = await oneAtATime(() =>
      this.data.store.transaction(async (tx) => {
        const before = await this.current(tx, id, version);
        if (before.disabledAt === null) throw new AppError('INVALID_STATE', `${before.name} is not disabled.`);
        const now = sqlTimestamp(new Date());
        await write(tx, before.id, version, { disabledAt: null, now });
        const after = await this.find(tx, before.id);
        await audit(tx, { userId: viewer.user.id, action: 'user.enable', entity: 'User', entityId: before.id, before: await this.snapshot(before), after: await this.snapshot(after) });
        return before.id;
      }),
    );
    this.auth.forgetCachedUser(userId);
    return this.find(this.data.store, userId);
  }

  /**
   * With a password: sets it. Without: clears the password and makes a new link. Either way the
   * user's open links and sessions end (the caller's own session stays when they reset themselves).
   */
  async resetPassword(id: string, version: number, password: string | null | undefined): Promise<{ user: UserRecord; setPasswordLink: SetPasswordLink | null }> {
    const viewer = this.admin();
    const given = password === null || password === undefined ? null : validPassword(password, 'password');
    const passwordHash = given === null ? NO_PASSWORD : await hashPassword(given);
    const { userId, link } = await oneAtATime(() =>
      this.data.store.transaction(async (tx) => {
        const before = await this.current(tx, id, version);
        if (given === null) await this.guardAdminLoss(tx, viewer, before, 'reset');
        const now = new Date();
        await write(tx, before.id, version, { passwordHash, now: sqlTimestamp(now) });
        await q.revokePasswordTokens(tx, before.id, sqlTimestamp(now));
        await this.auth.deleteSessionsOf(before.id, { tx, keepToken: before.id === viewer.user.id ? this.sessionToken : undefined });
        const newLink = given === null ? await this.newLink(tx, before.id, viewer.user.id, now) : null;
        await audit(tx, {
          userId: viewer.user.id, action: 'user.resetPassword', entity: 'User', entityId: before.id,
          before: { password: before.passwordSet ? 'set' : 'not set' },
          after: newLink ? { password: 'not set', setPasswordLinkExpires: newLink.expiresAt } : { password: 'set by an admin' },
        });
        return { userId: before.id, link: newLink };
      }),
    );
    this.auth.forgetCachedUser(userId);
    return { user: await this.find(this.data.store, userId), setPasswordLink: link };
  }

  /** For the set-password screen; needs no session. Every unusable link answers the same. */
  async linkStatus(token: string) {
    const open = token.length > 200 ? null : await q.openPasswordToken(this.data.store, hashToken(token), sqlTimestamp(new Date()));
    return open
      ? { valid: true, email: open.email, expiresAt: new Date(`${open.expires_at.replace(' ', 'T')}Z`).toISOString() }
      : { valid: false, email: null, expiresAt: null };
  }

  /** Sets the password of the link's user and uses the link up; ends the user's other sessions. */
  async setPassword(token: string, password: string): Promise<boolean> {
    const valid = validPassword(password, 'password');
    const tokenHash = hashToken(token.slice(0, 200));
    const unusable = () => badInput('token', 'This link has expired or has already been used. Ask an admin for a new one.');
    // The link is checked before the password is hashed: scrypt's time and memory are spent only
    // on a real link's request, not on anyone's guesses (docs/security.md). The write checks it again.
    if (token.length > 200 || !(await q.openPasswordToken(this.data.store, tokenHash, sqlTimestamp(new Date())))) throw unusable();
    const passwordHash = await hashPassword(valid);
    const userId = await oneAtATime(() =>
      this.data.store.transaction(async (tx) => {
        const now = sqlTimestamp(new Date());
        const open = token.length > 200 ? null : await q.openPasswordToken(tx, tokenHash, now);
        if (!open || !(await q.usePasswordToken(tx, tokenHash, now))) throw unusable();
        await write(tx, open.user_id, open.version, { passwordHash, now });
        await q.revokePasswordTokens(tx, open.user_id, now);
        await this.auth.deleteSessionsOf(open.user_id, { tx });
        await audit(tx, { userId: open.user_id, action: 'user.setPassword', entity: 'User', entityId: open.user_id, after: { password: 'set from a link' } });
        return open.user_id;
      }),
    );
    this.auth.forgetCachedUser(userId);
    return true;
  }
}

/** A version-checked write; the version was read in the same serialised transaction, so a miss is a stale caller. */
async function write(...args: Parameters<typeof q.updateUser>): Promise<void> {
  if (!(await q.updateUser(...args))) throw stale();
}

function stale() {
  return new AppError('CONFLICT', 'This user was changed by someone else. Reload and try again.', { field: 'version' });
}

