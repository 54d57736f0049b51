import type { Role } from '../../gql/graphql';

export interface Screen {
  path: string;
  label: string;
  /** Roles that may open the screen (docs/domain.md, who sees what). */
  roles: readonly Role[];
  icon: IconName;
  /** The screen has the global filter bar: the sidebar's link to it carries the filter along. */
  filterBar?: true;
}

export type IconName =
  | 'overview'
  | 'categories'
  | 'suppliers'
  | 'contracts'
  | 'explore'
  | 'lines'
  | 'query'
  | 'reports'
  | 'imports'
  | 'admin';

const everyone: readonly Role[] = ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST', 'VIEWER'];
const analysts: readonly Role[] = ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST'];

export const screens: readonly Screen[] = [
  {
    path: '/',
    label: 'Overview',
    roles: everyone,
    icon: 'overview',
    filterBar: true,
  },
  {
    path: '/categories',
    label: 'Categories',
    roles: everyone,
    icon: 'categories',
    filterBar: true,
  },
  {
    path: '/suppliers',
    label: 'Suppliers',
    roles: everyone,
    icon: 'suppliers',
    filterBar: true,
  },
  {
    path: '/contracts',
    label: 'Contracts',
    roles: everyone,
    icon: 'contracts',
  },
  {
    path: '/explore',
    label: 'Explore',
    roles: analysts,
    icon: 'explore',
    filterBar: true,
  },
  {
    path: '/lines',
    label: 'Lines',
    roles: analysts,
    icon: 'lines',
    filterBar: true,
  },
  {
    path: '/query',
    label: 'Query',
    roles: analysts,
    icon: 'query',
  },
  {
    path: '/reports',
    label: 'Reports',
    roles: everyone,
    icon: 'reports',
  },
  {
    path: '/imports',
    label: 'Imports',
    roles: ['ADMIN', 'FINANCE'],
    icon: 'imports',
  },
  {
    path: '/admin',
    label: 'Admin',
    // Each admin tab narrows this further: finance keeps FX rates, category managers merges and rules.
    roles: ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER'],
    icon: 'admin',
  },
];

/** Whether a role may open the screen at `path` (e.g. whether figures may link to `/lines`). */
export function mayOpen(role: Role | null, path: string): boolean {
  const screen = screens.find((s) => s.path === path);
  return Boolean(role && screen?.roles.includes(role));
}

/** Whether `pathname` is a screen with the global filter bar, or one of its pages (`/suppliers/42`). */
export function hasFilterBar(pathname: string): boolean {
  return screens.some((s) => s.filterBar && (s.path === '/' ? pathname === '/' : pathname === s.path || pathname.startsWith(`${s.path}/`)));
}

export function screensFor(role: Role): Screen[] {
  return screens.filter((screen) => screen.roles.includes(role));
}

export const roleLabels: Record<Role, string> = {
  ADMIN: 'Admin',
  FINANCE: 'Finance',
  CATEGORY_MANAGER: 'Category manager',
  ANALYST: 'Analyst',
  VIEWER: 'Viewer',
};
