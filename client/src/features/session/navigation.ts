import type { Role } from '../../gql/graphql';

export interface Screen {
  path: string;
  label: string;
  /** One sentence on what the screen does, shown on screens not built yet. */
  summary: string;
  /** Roles that may open the screen (docs/domain.md, who sees what). */
  roles: readonly Role[];
  /** Whether the screen is built; others render the "Coming soon" page. */
  ready: boolean;
  icon: IconName;
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
    summary: 'Headline spend figures, the monthly trend, top categories and supplier concentration.',
    roles: everyone,
    ready: true,
    icon: 'overview',
  },
  {
    path: '/categories',
    label: 'Categories',
    summary:
      'Browse the category tree with spend, and open a category to see its suppliers, trend, contracts and savings opportunities such as fragmentation, tail and off-contract spend.',
    roles: everyone,
    ready: true,
    icon: 'categories',
  },
  {
    path: '/suppliers',
    label: 'Suppliers',
    summary:
      'Search and sort every supplier with spend, and open one to see its trend, categories, business units, contracts, aliases and family.',
    roles: everyone,
    ready: true,
    icon: 'suppliers',
  },
  {
    path: '/contracts',
    label: 'Contracts',
    summary:
      'Contracts by status and expiry on a timeline, with utilisation against the ceiling and off-contract leakage in their categories.',
    roles: everyone,
    ready: true,
    icon: 'contracts',
  },
  {
    path: '/explore',
    label: 'Explore',
    summary:
      'A pivot explorer over every dimension and measure, with subtotals, chart view, drill-down to lines, export and saved views.',
    roles: analysts,
    ready: true,
    icon: 'explore',
  },
  {
    path: '/lines',
    label: 'Lines',
    summary: 'The individual spend lines behind any filter, in a fast paginated table you can export.',
    roles: analysts,
    ready: true,
    icon: 'lines',
  },
  {
    path: '/query',
    label: 'Query',
    summary:
      'A GraphQL editor on the live schema with docs and autocomplete, saved queries, and results as a table or chart.',
    roles: analysts,
    ready: false,
    icon: 'query',
  },
  {
    path: '/reports',
    label: 'Reports',
    summary: 'Your saved and shared views and queries: open, share and export them in the shape shown.',
    roles: everyone,
    ready: true,
    icon: 'reports',
  },
  {
    path: '/imports',
    label: 'Imports',
    summary:
      'Upload spend files, map their columns, preview validation errors row by row, commit, and roll back a batch.',
    roles: ['ADMIN', 'FINANCE'],
    ready: true,
    icon: 'imports',
  },
  {
    path: '/admin',
    label: 'Admin',
    summary:
      'Users, roles and data scopes, the category taxonomy, classification rules, supplier merges, FX rates and the audit log.',
    // Each admin tab narrows this further: finance keeps FX rates, category managers merges and rules.
    roles: ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER'],
    ready: true,
    icon: 'admin',
  },
];

/** Whether a role may open the screen at `path` (e.g. whether figures may link to `/lines`). */
export function mayOpen(role: Role | null, path: string): boolean {
  const screen = screens.find((s) => s.path === path);
  return Boolean(role && screen?.roles.includes(role));
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
