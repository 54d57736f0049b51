import { forbidden } from '../errors.js';

export type RoleName = 'ADMIN' | 'FINANCE' | 'CATEGORY_MANAGER' | 'ANALYST' | 'VIEWER';

/** A user row as the server holds it (never carries the password hash past the auth service). */
export interface UserRecord {
  id: number;
  email: string;
  name: string;
  role: RoleName;
  scopeCategoryIds: number[];
  scopeBusinessUnitIds: number[];
  /** When an admin disabled the user; null while they may sign in. */
  disabledAt: string | null;
  /** False until the user has a password (a new user who has not used their set-password link yet). */
  passwordSet: boolean;
  /** Optimistic concurrency of user administration. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What the signed-in user may see. `null` means unrestricted; an empty list means nothing. */
export interface DataScope {
  categoryIds: number[] | null;
  businessUnitIds: number[] | null;
}

export type Action =
  | 'read'
  | 'explore'
  | 'query'
  | 'export'
  | 'import'
  | 'editContracts'
  | 'manageClassification'
  | 'manageSuppliers'
  | 'manageFx'
  | 'admin';

// The permission table (docs/domain.md), one row per action. Category managers' writes are further limited to their categories.
const PERMISSIONS: Record<Action, readonly RoleName[]> = {
  read: ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST', 'VIEWER'],
  explore: ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST'],
  query: ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST'],
  export: ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST'],
  import: ['ADMIN', 'FINANCE'],
  editContracts: ['ADMIN', 'CATEGORY_MANAGER'],
  manageClassification: ['ADMIN', 'CATEGORY_MANAGER'],
  // Blocking and families are the same for every category and unit, so they are not a category manager's (docs/scope.md).
  manageSuppliers: ['ADMIN'],
  manageFx: ['ADMIN', 'FINANCE'],
  admin: ['ADMIN'],
};

const ACTION_WORDS: Record<Action, string> = {
  read: 'read spend',
  explore: 'use the pivot explorer or drill to lines',
  query: 'use the GraphQL editor',
  export: 'export data',
  import: 'import files',
  editContracts: 'edit contracts',
  manageClassification: 'manage classification',
  manageSuppliers: 'block suppliers or change supplier families',
  manageFx: 'manage FX rates',
  admin: 'administer users and settings',
};

export class Viewer {
  readonly scope: DataScope;

  constructor(readonly user: UserRecord) {
    this.scope = {
      categoryIds: user.role === 'CATEGORY_MANAGER' ? user.scopeCategoryIds : null,
      businessUnitIds: user.role === 'VIEWER' ? user.scopeBusinessUnitIds : null,
    };
  }

  can(action: Action): boolean {
    return PERMISSIONS[action].includes(this.user.role);
  }

  require(action: Action): void {
    if (!this.can(action)) throw forbidden(ACTION_WORDS[action]);
  }
}
