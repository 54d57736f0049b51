/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What a user may do (SPEC §6). Scope narrows what CATEGORY_MANAGER and VIEWER see. */
export type Role =
  /** Everything, including users, taxonomy and the audit log. */
  | 'ADMIN'
  /** All spend for ad-hoc analysis; no writes. */
  | 'ANALYST'
  /** Spend, suppliers and contracts in their own categories only. */
  | 'CATEGORY_MANAGER'
  /** All spend; imports, FX rates and exports. */
  | 'FINANCE'
  /** Dashboards for their own business units only. */
  | 'VIEWER';

/** Sort direction. */
export type SortDirection =
  /** Smallest first. */
  | 'ASC'
  /** Largest first. */
  | 'DESC';

/** A spend cube request. */
export type SpendCubeQuery = {
  /** Dimensions to group by, outermost first; 0 to 4 of them, no repeats. */
  dimensions: Array<SpendDimension>;
  /** Which lines are included. */
  filter?: SpendFilter | null | undefined;
  /** Maximum rows returned (subtotals included): 10,000 by default, 50,000 at most. */
  limit?: number | null | undefined;
  /** Measures to compute, 1 to 12 of them, no repeats. */
  measures: Array<SpendMeasure>;
  /** Order of the rows; defaults to the first measure descending. Subtotal rows sort with their peers. */
  sort?: Array<SpendCubeSort> | null | undefined;
  /** Also return a subtotal row for every prefix of the dimensions (computed by the engine with GROUPING SETS). */
  subtotals?: boolean | null | undefined;
};

/** Sort the cube rows by a measure or by a dimension's key. */
export type SpendCubeSort = {
  /** Sort by this dimension's label (it must be requested). */
  dimension?: SpendDimension | null | undefined;
  /** Direction. */
  direction?: SortDirection;
  /** Sort by this measure (it must be requested). */
  measure?: SpendMeasure | null | undefined;
};

/** A way to slice spend. Time dimensions use the invoice date. */
export type SpendDimension =
  /** Business unit. */
  | 'BUSINESS_UNIT'
  /** Top-level category. Unclassified lines have a null key labelled `Unclassified`. */
  | 'CATEGORY_L1'
  /** Second-level category. */
  | 'CATEGORY_L2'
  /** Third-level category. */
  | 'CATEGORY_L3'
  /** The matched contract. Off-contract lines have a null key. */
  | 'CONTRACT'
  /** Cost centre. */
  | 'COST_CENTER'
  /** Country of the line (ISO 3166-1 alpha-2). */
  | 'COUNTRY'
  /** Source currency of the line (ISO 4217). */
  | 'CURRENCY'
  /** General-ledger account. */
  | 'GL_ACCOUNT'
  /** Calendar month, key `2025-01`. */
  | 'MONTH'
  /** Whether the line is matched to a contract: key `true` or `false`. */
  | 'ON_CONTRACT'
  /** Whether the line carries a purchase order number: key `true` or `false`. */
  | 'PO_FLAG'
  /** Calendar quarter, key `2025-Q1`. */
  | 'QUARTER'
  /** The supplier of the line. */
  | 'SUPPLIER'
  /** The supplier's family parent (the supplier itself when it has no parent). */
  | 'SUPPLIER_PARENT'
  /** Calendar year, key `2025`. */
  | 'YEAR';

/**
 * Filters shared by every spend figure. All lists combine with OR inside a field and AND across
 * fields. Dates are invoice dates, inclusive. The caller's scope is always applied on top.
 */
export type SpendFilter = {
  /** Business units; a unit includes its children. */
  businessUnitIds?: Array<string | number> | null | undefined;
  /** Categories (any level); a category includes its descendants. */
  categoryIds?: Array<string | number> | null | undefined;
  /** Contracts the lines are matched to. */
  contractIds?: Array<string | number> | null | undefined;
  /** ISO 3166-1 alpha-2 country codes of the lines. */
  countryCodes?: Array<string> | null | undefined;
  /** ISO 4217 source currencies of the lines. */
  currencies?: Array<string> | null | undefined;
  /** First invoice date included. */
  dateFrom?: string | null | undefined;
  /** Last invoice date included. */
  dateTo?: string | null | undefined;
  /** true: only lines with a purchase order; false: only non-PO spend. */
  hasPo?: boolean | null | undefined;
  /**
   * Only lines whose key in each listed dimension is one of the given ids, as the cube returns
   * them (e.g. `{ dimension: MONTH, ids: ["2025-03"] }`). Drill-down from a cube cell passes the
   * cell's keys here, so the lines are exactly the ones behind the number.
   */
  members?: Array<SpendMemberFilter> | null | undefined;
  /** true: only lines matched to a contract; false: only off-contract lines. */
  onContract?: boolean | null | undefined;
  /** Suppliers. */
  supplierIds?: Array<string | number> | null | undefined;
};

/**
 * A figure computed per cube cell. Base measures are aggregated by the engine; ratios and averages
 * are derived exactly from them (no floating point on the server).
 */
export type SpendMeasure =
  /** SPEND / LINE_COUNT, rounded half-even to the cent (MONEY). */
  | 'AVG_LINE'
  /** ON_CONTRACT_SPEND / SPEND, a fraction between 0 and 1 with 6 decimals (RATIO). */
  | 'CONTRACT_COVERAGE'
  /** Number of spend lines (COUNT). */
  | 'LINE_COUNT'
  /** Spend on lines with no contract (MONEY). */
  | 'OFF_CONTRACT_SPEND'
  /** Spend on lines matched to a contract (MONEY). */
  | 'ON_CONTRACT_SPEND'
  /** Spend with a purchase order / SPEND, a fraction with 6 decimals (RATIO). */
  | 'PO_COVERAGE'
  /** SPEND / the grand total SPEND under the same filter, a fraction with 6 decimals (RATIO). */
  | 'SHARE_OF_TOTAL'
  /** Sum of spend in the reporting currency (MONEY). */
  | 'SPEND'
  /** Number of distinct suppliers, exact at every subtotal level (COUNT). */
  | 'SUPPLIER_COUNT';

/** Members of one dimension to keep. */
export type SpendMemberFilter = {
  /** The dimension. */
  dimension: SpendDimension;
  /** Public keys to keep; a null entry keeps lines without a value (Unclassified, Off contract). */
  ids: Array<string | null | undefined>;
};

export type FilterBarOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type FilterBarOptionsQuery = { businessUnits: Array<{ id: string, code: string, name: string }>, categories: Array<{ id: string, code: string, name: string }> };

export type AppShell_UserFragment = { name: string, email: string, role: Role } & { ' $fragmentName'?: 'AppShell_UserFragment' };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type SessionQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionQuery = { me: (
    { id: string, role: Role }
    & { ' $fragmentRefs'?: { 'AppShell_UserFragment': AppShell_UserFragment } }
  ) | null };

export type KpiTiles_SummaryFragment = { dateFrom: string, dateTo: string, totalSpend: string, previousPeriodSpend: string, change: string | null, activeSuppliers: number, onContractShare: string | null, poCoverage: string | null, classifiedShare: string | null, contractsExpiring: number, expiryWarningDays: number, lineCount: number, currency: string } & { ' $fragmentName'?: 'KpiTiles_SummaryFragment' };

export type SpendTrendChart_CubeFragment = { currency: string, rows: Array<{ values: Array<string | null>, keys: Array<{ id: string | null, label: string }> }> } & { ' $fragmentName'?: 'SpendTrendChart_CubeFragment' };

export type SupplierParetoChart_CubeFragment = { currency: string, rows: Array<{ values: Array<string | null>, keys: Array<{ id: string | null, label: string }> }>, totals: { values: Array<string | null> } } & { ' $fragmentName'?: 'SupplierParetoChart_CubeFragment' };

export type TopCategories_CubeFragment = { currency: string, truncated: boolean, rows: Array<{ values: Array<string | null>, keys: Array<{ id: string | null, label: string }> }> } & { ' $fragmentName'?: 'TopCategories_CubeFragment' };

export type SpendFilterDataRangeQueryVariables = Exact<{ [key: string]: never; }>;


export type SpendFilterDataRangeQuery = { dataRange: { minDate: string | null, maxDate: string | null, asOfDate: string } };

export type LoginSessionQueryVariables = Exact<{ [key: string]: never; }>;


export type LoginSessionQuery = { me: { id: string } | null };

export type LoginMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type LoginMutation = { login: { user: { id: string } } };

export type OverviewQueryVariables = Exact<{
  filter?: SpendFilter | null | undefined;
  trend: SpendCubeQuery;
  categories: SpendCubeQuery;
  suppliers: SpendCubeQuery;
}>;


export type OverviewQuery = { spendSummary: (
    { lineCount: number }
    & { ' $fragmentRefs'?: { 'KpiTiles_SummaryFragment': KpiTiles_SummaryFragment } }
  ), trend: { ' $fragmentRefs'?: { 'SpendTrendChart_CubeFragment': SpendTrendChart_CubeFragment } }, topCategories: { ' $fragmentRefs'?: { 'TopCategories_CubeFragment': TopCategories_CubeFragment } }, topSuppliers: { ' $fragmentRefs'?: { 'SupplierParetoChart_CubeFragment': SupplierParetoChart_CubeFragment } } };

export const AppShell_UserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AppShell_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]} as unknown as DocumentNode<AppShell_UserFragment, unknown>;
export const KpiTiles_SummaryFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"KpiTiles_summary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendSummary"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dateFrom"}},{"kind":"Field","name":{"kind":"Name","value":"dateTo"}},{"kind":"Field","name":{"kind":"Name","value":"totalSpend"}},{"kind":"Field","name":{"kind":"Name","value":"previousPeriodSpend"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"activeSuppliers"}},{"kind":"Field","name":{"kind":"Name","value":"onContractShare"}},{"kind":"Field","name":{"kind":"Name","value":"poCoverage"}},{"kind":"Field","name":{"kind":"Name","value":"classifiedShare"}},{"kind":"Field","name":{"kind":"Name","value":"contractsExpiring"}},{"kind":"Field","name":{"kind":"Name","value":"expiryWarningDays"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]} as unknown as DocumentNode<KpiTiles_SummaryFragment, unknown>;
export const SpendTrendChart_CubeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SpendTrendChart_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}}]} as unknown as DocumentNode<SpendTrendChart_CubeFragment, unknown>;
export const SupplierParetoChart_CubeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierParetoChart_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}}]} as unknown as DocumentNode<SupplierParetoChart_CubeFragment, unknown>;
export const TopCategories_CubeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TopCategories_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}}]} as unknown as DocumentNode<TopCategories_CubeFragment, unknown>;
export const FilterBarOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FilterBarOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"categories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"level"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<FilterBarOptionsQuery, FilterBarOptionsQueryVariables>;
export const LogoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const SessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AppShell_user"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AppShell_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]} as unknown as DocumentNode<SessionQuery, SessionQueryVariables>;
export const SpendFilterDataRangeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SpendFilterDataRange"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dataRange"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minDate"}},{"kind":"Field","name":{"kind":"Name","value":"maxDate"}},{"kind":"Field","name":{"kind":"Name","value":"asOfDate"}}]}}]}}]} as unknown as DocumentNode<SpendFilterDataRangeQuery, SpendFilterDataRangeQueryVariables>;
export const LoginSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LoginSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<LoginSessionQuery, LoginSessionQueryVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const OverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Overview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"trend"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categories"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"suppliers"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spendSummary"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"KpiTiles_summary"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"trend"},"name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"trend"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SpendTrendChart_cube"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"topCategories"},"name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categories"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TopCategories_cube"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"topSuppliers"},"name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"suppliers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierParetoChart_cube"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"KpiTiles_summary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendSummary"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dateFrom"}},{"kind":"Field","name":{"kind":"Name","value":"dateTo"}},{"kind":"Field","name":{"kind":"Name","value":"totalSpend"}},{"kind":"Field","name":{"kind":"Name","value":"previousPeriodSpend"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"activeSuppliers"}},{"kind":"Field","name":{"kind":"Name","value":"onContractShare"}},{"kind":"Field","name":{"kind":"Name","value":"poCoverage"}},{"kind":"Field","name":{"kind":"Name","value":"classifiedShare"}},{"kind":"Field","name":{"kind":"Name","value":"contractsExpiring"}},{"kind":"Field","name":{"kind":"Name","value":"expiryWarningDays"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SpendTrendChart_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TopCategories_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierParetoChart_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}}]} as unknown as DocumentNode<OverviewQuery, OverviewQueryVariables>;