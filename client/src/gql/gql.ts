/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query FilterBarOptions {\n    businessUnits {\n      id\n      code\n      name\n    }\n    categories(level: 1) {\n      id\n      code\n      name\n    }\n  }\n": typeof types.FilterBarOptionsDocument,
    "\n  fragment AppShell_user on User {\n    name\n    email\n    role\n  }\n": typeof types.AppShell_UserFragmentDoc,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query Session {\n    me {\n      id\n      role\n      ...AppShell_user\n    }\n  }\n": typeof types.SessionDocument,
    "\n  fragment KpiTiles_summary on SpendSummary {\n    dateFrom\n    dateTo\n    totalSpend\n    previousPeriodSpend\n    change\n    activeSuppliers\n    onContractShare\n    poCoverage\n    classifiedShare\n    contractsExpiring\n    expiryWarningDays\n    lineCount\n    currency\n  }\n": typeof types.KpiTiles_SummaryFragmentDoc,
    "\n  fragment SpendTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n": typeof types.SpendTrendChart_CubeFragmentDoc,
    "\n  fragment SupplierParetoChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n    totals {\n      values\n    }\n  }\n": typeof types.SupplierParetoChart_CubeFragmentDoc,
    "\n  fragment TopCategories_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n": typeof types.TopCategories_CubeFragmentDoc,
    "\n  query SpendFilterDataRange {\n    dataRange {\n      minDate\n      maxDate\n      asOfDate\n    }\n  }\n": typeof types.SpendFilterDataRangeDocument,
    "\n  query LoginSession {\n    me {\n      id\n    }\n  }\n": typeof types.LoginSessionDocument,
    "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      user {\n        id\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    spendSummary(filter: $filter) {\n      lineCount\n      ...KpiTiles_summary\n    }\n    trend: spendCube(query: $trend) {\n      ...SpendTrendChart_cube\n    }\n    topCategories: spendCube(query: $categories) {\n      ...TopCategories_cube\n    }\n    topSuppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n": typeof types.OverviewDocument,
};
const documents: Documents = {
    "\n  query FilterBarOptions {\n    businessUnits {\n      id\n      code\n      name\n    }\n    categories(level: 1) {\n      id\n      code\n      name\n    }\n  }\n": types.FilterBarOptionsDocument,
    "\n  fragment AppShell_user on User {\n    name\n    email\n    role\n  }\n": types.AppShell_UserFragmentDoc,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query Session {\n    me {\n      id\n      role\n      ...AppShell_user\n    }\n  }\n": types.SessionDocument,
    "\n  fragment KpiTiles_summary on SpendSummary {\n    dateFrom\n    dateTo\n    totalSpend\n    previousPeriodSpend\n    change\n    activeSuppliers\n    onContractShare\n    poCoverage\n    classifiedShare\n    contractsExpiring\n    expiryWarningDays\n    lineCount\n    currency\n  }\n": types.KpiTiles_SummaryFragmentDoc,
    "\n  fragment SpendTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n": types.SpendTrendChart_CubeFragmentDoc,
    "\n  fragment SupplierParetoChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n    totals {\n      values\n    }\n  }\n": types.SupplierParetoChart_CubeFragmentDoc,
    "\n  fragment TopCategories_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n": types.TopCategories_CubeFragmentDoc,
    "\n  query SpendFilterDataRange {\n    dataRange {\n      minDate\n      maxDate\n      asOfDate\n    }\n  }\n": types.SpendFilterDataRangeDocument,
    "\n  query LoginSession {\n    me {\n      id\n    }\n  }\n": types.LoginSessionDocument,
    "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      user {\n        id\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    spendSummary(filter: $filter) {\n      lineCount\n      ...KpiTiles_summary\n    }\n    trend: spendCube(query: $trend) {\n      ...SpendTrendChart_cube\n    }\n    topCategories: spendCube(query: $categories) {\n      ...TopCategories_cube\n    }\n    topSuppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n": types.OverviewDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FilterBarOptions {\n    businessUnits {\n      id\n      code\n      name\n    }\n    categories(level: 1) {\n      id\n      code\n      name\n    }\n  }\n"): (typeof documents)["\n  query FilterBarOptions {\n    businessUnits {\n      id\n      code\n      name\n    }\n    categories(level: 1) {\n      id\n      code\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AppShell_user on User {\n    name\n    email\n    role\n  }\n"): (typeof documents)["\n  fragment AppShell_user on User {\n    name\n    email\n    role\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Session {\n    me {\n      id\n      role\n      ...AppShell_user\n    }\n  }\n"): (typeof documents)["\n  query Session {\n    me {\n      id\n      role\n      ...AppShell_user\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment KpiTiles_summary on SpendSummary {\n    dateFrom\n    dateTo\n    totalSpend\n    previousPeriodSpend\n    change\n    activeSuppliers\n    onContractShare\n    poCoverage\n    classifiedShare\n    contractsExpiring\n    expiryWarningDays\n    lineCount\n    currency\n  }\n"): (typeof documents)["\n  fragment KpiTiles_summary on SpendSummary {\n    dateFrom\n    dateTo\n    totalSpend\n    previousPeriodSpend\n    change\n    activeSuppliers\n    onContractShare\n    poCoverage\n    classifiedShare\n    contractsExpiring\n    expiryWarningDays\n    lineCount\n    currency\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SpendTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n"): (typeof documents)["\n  fragment SpendTrendChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SupplierParetoChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n    totals {\n      values\n    }\n  }\n"): (typeof documents)["\n  fragment SupplierParetoChart_cube on SpendCube {\n    currency\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n    totals {\n      values\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TopCategories_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n"): (typeof documents)["\n  fragment TopCategories_cube on SpendCube {\n    currency\n    truncated\n    rows {\n      keys {\n        id\n        label\n      }\n      values\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SpendFilterDataRange {\n    dataRange {\n      minDate\n      maxDate\n      asOfDate\n    }\n  }\n"): (typeof documents)["\n  query SpendFilterDataRange {\n    dataRange {\n      minDate\n      maxDate\n      asOfDate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LoginSession {\n    me {\n      id\n    }\n  }\n"): (typeof documents)["\n  query LoginSession {\n    me {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      user {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($email: String!, $password: String!) {\n    login(email: $email, password: $password) {\n      user {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    spendSummary(filter: $filter) {\n      lineCount\n      ...KpiTiles_summary\n    }\n    trend: spendCube(query: $trend) {\n      ...SpendTrendChart_cube\n    }\n    topCategories: spendCube(query: $categories) {\n      ...TopCategories_cube\n    }\n    topSuppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n"): (typeof documents)["\n  query Overview($filter: SpendFilter, $trend: SpendCubeQuery!, $categories: SpendCubeQuery!, $suppliers: SpendCubeQuery!) {\n    spendSummary(filter: $filter) {\n      lineCount\n      ...KpiTiles_summary\n    }\n    trend: spendCube(query: $trend) {\n      ...SpendTrendChart_cube\n    }\n    topCategories: spendCube(query: $categories) {\n      ...TopCategories_cube\n    }\n    topSuppliers: spendCube(query: $suppliers) {\n      ...SupplierParetoChart_cube\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;