import type { Role } from '../../gql/graphql';

export interface AdminTab {
  /** Path below `/admin`. */
  path: string;
  label: string;
  /** Roles that may use the tab (docs/domain.md); others do not see it. */
  roles: readonly Role[];
}

export const adminTabs: readonly AdminTab[] = [
  { path: 'suppliers/merge', label: 'Supplier merges', roles: ['ADMIN', 'CATEGORY_MANAGER'] },
  { path: 'classification', label: 'Classification rules', roles: ['ADMIN', 'CATEGORY_MANAGER'] },
  { path: 'classification/review', label: 'Classification review', roles: ['ADMIN', 'CATEGORY_MANAGER'] },
  { path: 'fx-rates', label: 'FX rates', roles: ['ADMIN', 'FINANCE'] },
  { path: 'taxonomy', label: 'Taxonomy', roles: ['ADMIN'] },
  { path: 'users', label: 'Users', roles: ['ADMIN'] },
  { path: 'audit', label: 'Audit log', roles: ['ADMIN'] },
];

export function adminTabsFor(role: Role | null): AdminTab[] {
  return role ? adminTabs.filter((tab) => tab.roles.includes(role)) : [];
}
