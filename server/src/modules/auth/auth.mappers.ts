/** The role names as stored and as exposed in the schema's `Role` enum. */
export type RoleName = 'ADMIN' | 'FINANCE' | 'CATEGORY_MANAGER' | 'ANALYST' | 'VIEWER';

/** A user row as the server holds it (never carries the password hash past the auth service). */
export interface UserRecord {
  id: number;
  email: string;
  name: string;
  role: RoleName;
  scopeCategoryIds: number[];
  scopeBusinessUnitIds: number[];
  createdAt: string;
  updatedAt: string;
}
