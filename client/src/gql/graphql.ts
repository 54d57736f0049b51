/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** How one field changed. */
export type AuditChangeKind =
  /** The field was not recorded before. */
  | 'ADDED'
  /** The field has another value. */
  | 'CHANGED'
  /** The field is not recorded after. */
  | 'REMOVED';

/** Which audit events to list; every condition given must hold. */
export type AuditEventFilter = {
  /** Only this action, e.g. `user.update`. */
  action?: string | null | undefined;
  /** From this day (UTC), inclusive. */
  dateFrom?: string | null | undefined;
  /** Up to this day (UTC), inclusive. */
  dateTo?: string | null | undefined;
  /** Only changes to this kind of entity, e.g. `User`. */
  entity?: string | null | undefined;
  /** Only changes to the entity with this id (with `entity`). */
  entityId?: string | null | undefined;
  /** Only changes made by this user. */
  userId?: string | number | null | undefined;
};

/** A new or changed rule: at least one condition, and the category. */
export type ClassificationRuleInput = {
  /** The category (a category manager may only target their own). */
  categoryId: string | number;
  /** Match lines on this cost centre. */
  costCenterId?: string | number | null | undefined;
  /** Match lines whose description contains this text (2 to 200 characters). */
  descriptionContains?: string | null | undefined;
  /** Run it (default true). */
  enabled?: boolean | null | undefined;
  /** Match lines on this GL account. */
  glAccountId?: string | number | null | undefined;
  /** Order of evaluation; lower runs first. */
  priority: number;
  /** Match lines whose raw supplier name contains this text (2 to 200 characters). */
  rawSupplierNameMatches?: string | null | undefined;
  /** Match lines whose source category text contains this text (2 to 200 characters). */
  sourceCategoryContains?: string | null | undefined;
  /** Match lines of this supplier. */
  supplierId?: string | number | null | undefined;
};

/** How a line got its category. */
export type ClassificationSource =
  /** A person chose it; rules never overwrite it. */
  | 'MANUAL'
  /** Not classified. */
  | 'NONE'
  /** A classification rule matched. */
  | 'RULE'
  /** The source file carried a known category code. */
  | 'SOURCE';

/** A new category (docs/domain.md, taxonomy). */
export type CreateCategoryInput = {
  /** Code, unique across the taxonomy (case-insensitive), 1 to 64 letters, digits, `.`, `_` or `-`. It cannot be changed later. */
  code: string;
  /** NAICS 2017 code, 6 digits (selects the emission factor). */
  naicsCode?: string | null | undefined;
  /** Display name, 1 to 200 characters. */
  name: string;
  /** The owner, an enabled user. */
  ownerUserId?: string | number | null | undefined;
  /** The parent; null or left out for a top-level category. At most four levels. */
  parentId?: string | number | null | undefined;
};

/** A new saved view. */
export type CreateSavedViewInput = {
  /** JSON text, at most 100,000 characters. */
  definition: string;
  /** What the definition holds. */
  kind: SavedViewKind;
  /** Name, 1 to 200 characters, unique among the caller's views. */
  name: string;
  /** Share with every user. */
  shared?: boolean | null | undefined;
};

/** A new user. */
export type CreateUserInput = {
  /** Business units a VIEWER sees (with their children); required for that role, empty for the others. */
  businessUnitIds?: Array<string | number> | null | undefined;
  /** Categories a CATEGORY_MANAGER sees (with their descendants); required for that role, empty for the others. */
  categoryIds?: Array<string | number> | null | undefined;
  /** Sign-in address: valid and unique (case-insensitive), at most 320 characters. */
  email: string;
  /** Display name, 1 to 200 characters. */
  name: string;
  /** Initial password, 12 to 1,024 characters. Omit it to get a one-time set-password link instead. */
  password?: string | null | undefined;
  /** What the user may do. */
  role: Role;
};

/** A column's field. */
export type ImportColumnMapping = {
  /** Column index, from 0. */
  column: number;
  /** The field. */
  field: ImportField;
};

/** How a batch's default currency was decided (shown in the mapping step; never a silent guess). */
export type ImportCurrencyBasis =
  /** Currency symbols or ISO codes written in the amounts. */
  | 'AMOUNT_SYMBOLS'
  /** A person chose it in the mapping step. */
  | 'CHOSEN'
  /** The file's columns belong to a known national vocabulary (UK spend transparency, US federal). */
  | 'HEADER_VOCABULARY'
  /** The currency chosen for the same source before. */
  | 'SAVED_FOR_SOURCE'
  /** The suppliers' legal forms (Ltd, PLC, LLP → GBP; Inc, LLC, Corp → USD). */
  | 'SUPPLIER_LEGAL_FORMS';

/** How the date column is written. */
export type ImportDateFormat =
  /** 31/01/2025 */
  | 'DMY'
  /** 31-Jan-25 */
  | 'D_MON_Y'
  /** Excel serial day number */
  | 'EXCEL_SERIAL'
  /** 2025-01-31 */
  | 'ISO'
  /** 01/31/2025 */
  | 'MDY'
  /** 202501 (the first of the month) */
  | 'YYYYMM';

/** Spend-line fields a column can feed. */
export type ImportField =
  /** Amount (required). */
  | 'AMOUNT'
  /** Business unit, service area or directorate. */
  | 'BUSINESS_UNIT'
  /** Source category or expense type, looked up in the taxonomy by code or name. */
  | 'CATEGORY'
  /** Cost centre. */
  | 'COST_CENTER'
  /** ISO 4217 currency of the amount; missing means the batch's default currency. */
  | 'CURRENCY'
  /** Free-text description. */
  | 'DESCRIPTION'
  /** GL account or expense code. */
  | 'GL_ACCOUNT'
  /** Invoice or payment date (required). */
  | 'INVOICE_DATE'
  /** Purchase order number. */
  | 'PO_NUMBER'
  /** Line id in the source system; re-importing the same reference adds nothing. */
  | 'SOURCE_REF'
  /** Supplier name (required). */
  | 'SUPPLIER_NAME';

/** File formats an import reads. */
export type ImportFormat =
  /** Comma, semicolon or tab separated text (UTF-8 or Windows-1252). */
  | 'CSV'
  /** Open Contracting (OCDS) release or record package. */
  | 'OCDS_JSON'
  /** Excel workbook; the first sheet is read. */
  | 'XLSX';

/** How to read the rows of an uploaded file. */
export type ImportMappingInput = {
  /** Columns for the fields; at most one column per field. */
  columns: Array<ImportColumnMapping>;
  /** How the date column is written; detected when omitted. */
  dateFormat?: ImportDateFormat | null | undefined;
  /** Currency of amounts without one (ISO 4217); required when the batch's currencyRequired is true and no currency column is mapped. */
  defaultCurrency?: string | null | undefined;
};

/** Lifecycle of an import (docs/domain.md, states): UPLOADED → VALIDATED → COMMITTED → ROLLED_BACK; VALIDATED → DISCARDED; UPLOADED → FAILED. */
export type ImportStatus =
  /** The accepted rows are spend lines. */
  | 'COMMITTED'
  /** Validated but not committed, and given up. */
  | 'DISCARDED'
  /** The file could not be read at all; `failure` says why. */
  | 'FAILED'
  /** The batch's lines were removed again. */
  | 'ROLLED_BACK'
  /** The file is stored and its columns detected; nothing validated yet. */
  | 'UPLOADED'
  /** Every row was checked; accepted rows wait for commit. */
  | 'VALIDATED';

/** How a measure's values should be read and formatted. */
export type MeasureKind =
  /** A whole number. */
  | 'COUNT'
  /** An amount in the reporting currency, 2 decimals. */
  | 'MONEY'
  /** A decimal quantity that is not money (quantities, kilograms); the column's `unit` names it when there is one. */
  | 'NUMBER'
  /** A fraction between 0 and 1 (format as a percentage). */
  | 'RATIO';

/** Offset pagination input. `limit` defaults to 50 and may be at most 500. */
export type PageInput = {
  /** Rows to return, 1 to 500. */
  limit?: number | null | undefined;
  /** Rows to skip, 0 or more. */
  offset?: number | null | undefined;
};

/** What a user may do (docs/domain.md, who sees what). Scope narrows what CATEGORY_MANAGER and VIEWER see. */
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

/** What a saved view holds. */
export type SavedViewKind =
  /** The overview's filter bar state. */
  | 'DASHBOARD_FILTER'
  /** An explorer pivot: the definition is a SpendCubeQuery plus display options. */
  | 'PIVOT'
  /** A GraphQL query with variables. */
  | 'QUERY';

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
  /** Fourth-level category. Lines classified above level 4 have a null key, like unclassified ones. */
  | 'CATEGORY_L4'
  /** The matched contract. Off-contract lines have a null key. */
  | 'CONTRACT'
  /** Cost centre. */
  | 'COST_CENTER'
  /** Country of the line (ISO 3166-1 alpha-2). */
  | 'COUNTRY'
  /** Source currency of the line (ISO 4217). */
  | 'CURRENCY'
  /** Fiscal quarter, key `2026-Q1`, label `FY2026 Q1`; Q1 begins in the fiscal year's first month. */
  | 'FISCAL_QUARTER'
  /**
   * Fiscal year, key `2026`, label `FY2026`. The fiscal year starts in `Settings.fiscalYearStartMonth`
   * and is named after the calendar year it ends in (October 2025 – September 2026 is FY2026 with
   * an October start); with a January start it is the calendar year.
   */
  | 'FISCAL_YEAR'
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
   * them (e.g. `{ dimension: MONTH, ids: ["2025-03"] }`), or with `exclude` none of them. Entries
   * combine with AND, also two on the same dimension. Drill-down from a cube cell passes the
   * cell's keys here, so the lines are exactly the ones behind the number.
   */
  members?: Array<SpendMemberFilter> | null | undefined;
  /** true: only lines matched to a contract; false: only off-contract lines. */
  onContract?: boolean | null | undefined;
  /**
   * Only lines whose supplier name (as shown, or as written in the source) or description contains
   * this text, ignoring case; at most 200 characters. Blank means no search.
   */
  search?: string | null | undefined;
  /** Suppliers. */
  supplierIds?: Array<string | number> | null | undefined;
};

/** Sort order for lines. */
export type SpendLineSort = {
  /** Direction. */
  direction?: SortDirection;
  /** Column. */
  field: SpendLineSortField;
};

/** Columns the line list can be sorted by. */
export type SpendLineSortField =
  /** Amount in the reporting currency. */
  | 'AMOUNT'
  /** Business unit name. */
  | 'BUSINESS_UNIT'
  /** Category name. */
  | 'CATEGORY'
  /** Invoice date. */
  | 'INVOICE_DATE'
  /** Supplier name. */
  | 'SUPPLIER';

/**
 * A figure computed per cube cell. Base measures are aggregated by the engine; ratios and averages
 * are derived exactly from them (no floating point on the server).
 */
export type SpendMeasure =
  /** SPEND / LINE_COUNT, rounded half-even to the cent (MONEY). */
  | 'AVG_LINE'
  /** (SPEND − SPEND_PREVIOUS_PERIOD) / SPEND_PREVIOUS_PERIOD, 6 decimals (RATIO); null when the previous period had no spend. */
  | 'CHANGE'
  /** ON_CONTRACT_SPEND / SPEND, a fraction between 0 and 1 with 6 decimals (RATIO). */
  | 'CONTRACT_COVERAGE'
  /**
   * Spend-based Scope 3 emissions in kg CO2e, 1 decimal (NUMBER): spend converted to US dollars at
   * the month's USD rate, brought to 2021 prices with the US consumer price index, times the US EPA
   * supply-chain factor (v1.2, with margins) of the category's NAICS code (its own or its nearest
   * ancestor's). Spend that cannot be converted is never counted as zero: it is in
   * EMISSIONS_UNMAPPED_SPEND, and the value is null where no spend could be converted.
   * See docs/domain.md, "Emissions".
   */
  | 'EMISSIONS_KG'
  /**
   * Spend left out of EMISSIONS_KG (MONEY): unclassified lines, categories without a NAICS code or
   * whose code has no EPA factor, and months without a USD rate.
   */
  | 'EMISSIONS_UNMAPPED_SPEND'
  /** Number of spend lines (COUNT). */
  | 'LINE_COUNT'
  /** Spend on lines with no contract (MONEY). */
  | 'OFF_CONTRACT_SPEND'
  /** Spend on lines matched to a contract (MONEY). */
  | 'ON_CONTRACT_SPEND'
  /** Spend with a purchase order / SPEND, a fraction with 6 decimals (RATIO). */
  | 'PO_COVERAGE'
  /**
   * Sum of line quantities with their 6 stored decimals, across whatever units the lines use
   * (NUMBER); null where no line records a quantity.
   */
  | 'QUANTITY'
  /** SPEND / the grand total SPEND under the same filter, a fraction with 6 decimals (RATIO). */
  | 'SHARE_OF_TOTAL'
  /** Sum of spend in the reporting currency (MONEY). */
  | 'SPEND'
  /**
   * Spend of the same members in the period of the same length just before the filter's dates
   * (MONEY). Whole calendar months compare with as many whole months before; any other range with
   * as many days before. A time member compares with the member one period earlier (March 2026
   * with March 2025 for a 12-month range). Without dates the period is the span of the lines the
   * rest of the filter selects. Member filters on time dimensions apply to both periods as they are.
   * Rows with spend only in the previous period are returned with zero current figures.
   * `SpendCube.previousPeriod` says which dates were read.
   */
  | 'SPEND_PREVIOUS_PERIOD'
  /** Number of distinct suppliers, exact at every subtotal level (COUNT). */
  | 'SUPPLIER_COUNT';

/** Members of one dimension to keep, or with `exclude` to leave out. */
export type SpendMemberFilter = {
  /** The dimension. */
  dimension: SpendDimension;
  /**
   * false (default): keep only lines whose key is one of `ids`. true ("not in"): keep every line
   * whose key is none of them, e.g. everything but the top 10 suppliers; with a null entry, lines
   * without a value are left out too.
   */
  exclude?: boolean | null | undefined;
  /** Public keys; a null entry stands for lines without a value (Unclassified, Off contract). */
  ids: Array<string | null | undefined>;
};

/** Lifecycle of a supplier record. */
export type SupplierStatus =
  /** May be traded with. */
  | 'ACTIVE'
  /** Blocked from new purchasing. */
  | 'BLOCKED'
  /** Merged into another supplier; its lines and aliases moved there. */
  | 'MERGED';

/** Changes to a category; fields left out stay as they are, fields given as null are cleared. */
export type UpdateCategoryInput = {
  /** NAICS 2017 code, 6 digits; null for none (the nearest ancestor's code then applies). */
  naicsCode?: string | null | undefined;
  /** New display name, 1 to 200 characters. */
  name?: string | null | undefined;
  /** The owner, an enabled user; null for none. */
  ownerUserId?: string | number | null | undefined;
  /** Move under this parent; null moves it to the top level. Its whole subtree moves with it (levels recomputed, at most four). */
  parentId?: string | number | null | undefined;
};

/** Changes to a saved view; omitted fields stay as they are. */
export type UpdateSavedViewInput = {
  /** New definition (JSON text). */
  definition?: string | null | undefined;
  /** New name. */
  name?: string | null | undefined;
  /** Share or unshare. */
  shared?: boolean | null | undefined;
};

/** Changes to a user; fields left out stay as they are. */
export type UpdateUserInput = {
  /** The business-unit scope (VIEWER only). Left out: kept when the role keeps using it. */
  businessUnitIds?: Array<string | number> | null | undefined;
  /** The category scope (CATEGORY_MANAGER only). Left out: kept when the role keeps using it. */
  categoryIds?: Array<string | number> | null | undefined;
  /** New sign-in address: valid and unique (case-insensitive). */
  email?: string | null | undefined;
  /** New display name, 1 to 200 characters. */
  name?: string | null | undefined;
  /** New role. An admin cannot change their own role, nor demote the last active admin. */
  role?: Role | null | undefined;
};

/** Whether a user may sign in (docs/domain.md, users). */
export type UserStatus =
  /** May sign in (a new user once they have set their password). */
  | 'ACTIVE'
  /** Disabled by an admin: cannot sign in, and their sessions ended when they were disabled. */
  | 'DISABLED';

export type FxRatesTable_RateFragment = { currency: string, month: string, rateToReporting: string, updatedAt: string } & { ' $fragmentName'?: 'FxRatesTable_RateFragment' };

export type MergeHistoryTable_MergeFragment = { id: string, linesMoved: number, mergedAt: string, undoneAt: string | null, source: { id: string, name: string }, target: { id: string, name: string } } & { ' $fragmentName'?: 'MergeHistoryTable_MergeFragment' };

export type MergeSuggestionsTable_SuggestionFragment = { similarity: number, spendAtStake: string, keep: { id: string, name: string, spend: { lineCount: number } }, merge: { id: string, name: string, aliases: Array<string>, spend: { lineCount: number } } } & { ' $fragmentName'?: 'MergeSuggestionsTable_SuggestionFragment' };

export type RulesTable_RuleFragment = { id: string, priority: number, supplierId: string | null, glAccountId: string | null, costCenterId: string | null, descriptionContains: string | null, rawSupplierNameMatches: string | null, sourceCategoryContains: string | null, enabled: boolean, version: number, updatedAt: string, category: { id: string, code: string, name: string } } & { ' $fragmentName'?: 'RulesTable_RuleFragment' };

export type SupplierPickerQueryVariables = Exact<{
  search: string;
}>;


export type SupplierPickerQuery = { suppliers: { nodes: Array<{ lineCount: number, supplier: { id: string, name: string, status: SupplierStatus } }> } };

export type SupplierNameQueryVariables = Exact<{
  id: string | number;
}>;


export type SupplierNameQuery = { supplier: { id: string, name: string } };

export type MergeSuppliersMutationVariables = Exact<{
  sourceId: string | number;
  targetId: string | number;
}>;


export type MergeSuppliersMutation = { mergeSuppliers: (
    { id: string, linesMoved: number }
    & { ' $fragmentRefs'?: { 'MergeHistoryTable_MergeFragment': MergeHistoryTable_MergeFragment } }
  ) };

export type UndoSupplierMergeMutationVariables = Exact<{
  id: string | number;
}>;


export type UndoSupplierMergeMutation = { undoSupplierMerge: (
    { id: string }
    & { ' $fragmentRefs'?: { 'MergeHistoryTable_MergeFragment': MergeHistoryTable_MergeFragment } }
  ) };

export type DismissMergeSuggestionMutationVariables = Exact<{
  supplierA: string | number;
  supplierB: string | number;
}>;


export type DismissMergeSuggestionMutation = { dismissMergeSuggestion: boolean };

export type SetSupplierParentMutationVariables = Exact<{
  id: string | number;
  parentId?: string | number | null | undefined;
}>;


export type SetSupplierParentMutation = { setSupplierParent: { id: string, name: string, parent: { id: string, name: string } | null } };

export type CreateClassificationRuleMutationVariables = Exact<{
  input: ClassificationRuleInput;
}>;


export type CreateClassificationRuleMutation = { createClassificationRule: (
    { id: string }
    & { ' $fragmentRefs'?: { 'RulesTable_RuleFragment': RulesTable_RuleFragment } }
  ) };

export type UpdateClassificationRuleMutationVariables = Exact<{
  id: string | number;
  version: number;
  input: ClassificationRuleInput;
}>;


export type UpdateClassificationRuleMutation = { updateClassificationRule: (
    { id: string }
    & { ' $fragmentRefs'?: { 'RulesTable_RuleFragment': RulesTable_RuleFragment } }
  ) };

export type DeleteClassificationRuleMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteClassificationRuleMutation = { deleteClassificationRule: boolean };

export type RunClassificationRulesMutationVariables = Exact<{ [key: string]: never; }>;


export type RunClassificationRulesMutation = { runClassificationRules: { ruleClassified: number, unclassified: number, changed: number, durationMs: number } };

export type ClassifySupplierLinesMutationVariables = Exact<{
  supplierId: string | number;
  categoryId?: string | number | null | undefined;
}>;


export type ClassifySupplierLinesMutation = { classifyLines: number };

export type CreateCategoryMutationVariables = Exact<{
  input: CreateCategoryInput;
}>;


export type CreateCategoryMutation = { createCategory: { id: string, code: string, name: string } };

export type UpdateCategoryMutationVariables = Exact<{
  id: string | number;
  version: number;
  input: UpdateCategoryInput;
}>;


export type UpdateCategoryMutation = { updateCategory: { id: string, name: string, level: number, parentId: string | null, version: number } };

export type CategoryOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type CategoryOptionsQuery = { categories: Array<{ id: string, code: string, name: string, level: number, parentId: string | null, naicsCode: string | null }> };

export type AuditTable_EventFragment = { id: string, at: string, userId: string | null, userName: string | null, userEmail: string | null, action: string, entity: string, entityId: string, label: string | null, changes: Array<{ field: string, kind: AuditChangeKind, before: string | null, after: string | null }> } & { ' $fragmentName'?: 'AuditTable_EventFragment' };

export type ExplorerMemberOptionsQueryVariables = Exact<{
  query: SpendCubeQuery;
}>;


export type ExplorerMemberOptionsQuery = { spendCube: { truncated: boolean, rows: Array<{ values: Array<string | null>, keys: Array<{ id: string | null, label: string }> }> } };

export type ExplorerMemberLabelsQueryVariables = Exact<{
  query: SpendCubeQuery;
}>;


export type ExplorerMemberLabelsQuery = { spendCube: { rows: Array<{ keys: Array<{ id: string | null, label: string }> }> } };

export type PivotGrid_CubeFragment = { currency: string, truncated: boolean, columns: Array<{ measure: SpendMeasure, label: string, kind: MeasureKind, unit: string | null }>, rows: Array<{ values: Array<string | null>, depth: number, keys: Array<{ dimension: SpendDimension, id: string | null, label: string, rolledUp: boolean }> }>, totals: { values: Array<string | null> }, previousPeriod: { dateFrom: string, dateTo: string, months: number | null, days: number | null } | null } & { ' $fragmentName'?: 'PivotGrid_CubeFragment' };

export type CreateSavedViewMutationVariables = Exact<{
  input: CreateSavedViewInput;
}>;


export type CreateSavedViewMutation = { createSavedView: { id: string, name: string, shared: boolean, version: number } };

export type ImportActions_BatchFragment = { id: string, fileName: string, sourceName: string, status: ImportStatus, acceptedCount: number, duplicateCount: number, totalAmount: string, committedAt: string | null, rolledBackAt: string | null } & { ' $fragmentName'?: 'ImportActions_BatchFragment' };

export type ImportCounts_BatchFragment = { status: ImportStatus, rowCount: number, acceptedCount: number, rejectedCount: number, warningCount: number, duplicateCount: number, totalAmount: string, totalsByCurrency: Array<{ currency: string, amount: string }> } & { ' $fragmentName'?: 'ImportCounts_BatchFragment' };

export type ImportFileFacts_BatchFragment = { sourceName: string, format: ImportFormat, encoding: string | null, delimiter: string | null, headerRow: number | null, uploadedBy: string | null, createdAt: string, committedAt: string | null, rolledBackAt: string | null } & { ' $fragmentName'?: 'ImportFileFacts_BatchFragment' };

export type ImportHistoryTable_BatchFragment = { id: string, fileName: string, sourceName: string, format: ImportFormat, status: ImportStatus, rowCount: number, acceptedCount: number, rejectedCount: number, totalAmount: string, uploadedBy: string | null, createdAt: string } & { ' $fragmentName'?: 'ImportHistoryTable_BatchFragment' };

export type ImportPreviewTable_BatchFragment = { preview: Array<{ rowNumber: number, invoiceDate: string, amount: string, currency: string, amountReporting: string | null, supplierName: string, description: string | null, category: string | null, businessUnit: string | null, sourceRef: string }> } & { ' $fragmentName'?: 'ImportPreviewTable_BatchFragment' };

export type ImportProblemsQueryVariables = Exact<{
  id: string | number;
  severity?: string | null | undefined;
  page?: PageInput | null | undefined;
}>;


export type ImportProblemsQuery = { importBatch: { id: string, problems: { totalCount: number, nodes: Array<{ rowNumber: number, severity: string, column: string | null, code: string, message: string, rawValue: string | null }> } } };

export type MappingEditor_BatchFragment = { id: string, status: ImportStatus, dateFormat: ImportDateFormat | null, defaultCurrency: string | null, currencyBasis: ImportCurrencyBasis | null, columns: Array<{ index: number, header: string, field: ImportField | null, confidence: number | null }> } & { ' $fragmentName'?: 'MappingEditor_BatchFragment' };

export type LinesTable_LineFragment = { id: string, invoiceDate: string, supplierName: string, categoryId: string | null, categoryName: string | null, classificationSource: ClassificationSource, businessUnitName: string, description: string | null, amount: string, currency: string, amountReporting: string | null, contractNumber: string | null, poNumber: string | null } & { ' $fragmentName'?: 'LinesTable_LineFragment' };

export type ClassifySelectedLinesMutationVariables = Exact<{
  lineIds?: Array<string | number> | string | number | null | undefined;
  categoryId?: string | number | null | undefined;
}>;


export type ClassifySelectedLinesMutation = { classifyLines: number };

export type LineCategoryOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type LineCategoryOptionsQuery = { categories: Array<{ id: string, code: string, name: string, level: number, parentId: string | null }> };

export type SpendLinesQueryVariables = Exact<{
  filter?: SpendFilter | null | undefined;
  sort?: SpendLineSort | null | undefined;
  page?: PageInput | null | undefined;
}>;


export type SpendLinesQuery = { spendLines: { totalCount: number, totalAmount: string, currency: string, pageInfo: { offset: number, hasNextPage: boolean }, nodes: Array<(
      { id: string }
      & { ' $fragmentRefs'?: { 'LinesTable_LineFragment': LinesTable_LineFragment } }
    )> } };

export type SavedViewsTable_ViewFragment = { id: string, name: string, kind: SavedViewKind, definition: string, shared: boolean, ownerName: string, editable: boolean, version: number, updatedAt: string } & { ' $fragmentName'?: 'SavedViewsTable_ViewFragment' };

export type UpdateSavedViewMutationVariables = Exact<{
  id: string | number;
  version: number;
  input: UpdateSavedViewInput;
}>;


export type UpdateSavedViewMutation = { updateSavedView: { ' $fragmentRefs'?: { 'SavedViewsTable_ViewFragment': SavedViewsTable_ViewFragment } } };

export type DeleteSavedViewMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteSavedViewMutation = { deleteSavedView: boolean };

export type AppShell_UserFragment = { name: string, email: string, role: Role } & { ' $fragmentName'?: 'AppShell_UserFragment' };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type SessionQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionQuery = { me: (
    { id: string, role: Role }
    & { ' $fragmentRefs'?: { 'AppShell_UserFragment': AppShell_UserFragment } }
  ) | null };

export type SettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type SettingsQuery = { settings: { reportingCurrency: string, fiscalYearStartMonth: number, asOfDate: string, expiryWarningDays: number, pageDefault: number, pageMax: number, cubeDefaultRows: number, cubeMaxRows: number, importMaxBytes: number } };

export type KpiTiles_SummaryFragment = { dateFrom: string, dateTo: string, totalSpend: string, previousPeriodSpend: string, change: string | null, activeSuppliers: number, onContractShare: string | null, poCoverage: string | null, classifiedShare: string | null, contractsExpiring: number, expiryWarningDays: number, lineCount: number, currency: string } & { ' $fragmentName'?: 'KpiTiles_SummaryFragment' };

export type SpendTrendChart_CubeFragment = { rows: Array<{ values: Array<string | null>, keys: Array<{ id: string | null, label: string }> }> } & { ' $fragmentName'?: 'SpendTrendChart_CubeFragment' };

export type SupplierParetoChart_CubeFragment = { rows: Array<{ values: Array<string | null>, keys: Array<{ id: string | null, label: string }> }>, totals: { values: Array<string | null> } } & { ' $fragmentName'?: 'SupplierParetoChart_CubeFragment' };

export type TopCategories_CubeFragment = { truncated: boolean, rows: Array<{ values: Array<string | null>, keys: Array<{ id: string | null, label: string }> }> } & { ' $fragmentName'?: 'TopCategories_CubeFragment' };

export type PasswordLinkPanel_LinkFragment = { path: string, expiresAt: string } & { ' $fragmentName'?: 'PasswordLinkPanel_LinkFragment' };

export type ScopeCoverageQueryVariables = Exact<{
  role: Role;
  categoryIds?: Array<string | number> | string | number | null | undefined;
  businessUnitIds?: Array<string | number> | string | number | null | undefined;
}>;


export type ScopeCoverageQuery = { scopeCoverage: { spend: string, lineCount: number, totalSpend: string, totalLineCount: number, share: string | null } };

export type UserForm_UserFragment = { id: string, email: string, name: string, role: Role, version: number, scope: { categories: Array<{ id: string }>, businessUnits: Array<{ id: string }> } } & { ' $fragmentName'?: 'UserForm_UserFragment' };

export type UsersTable_UserFragment = { id: string, email: string, name: string, role: Role, version: number, disabledAt: string | null, passwordSet: boolean, updatedAt: string, scope: { categories: Array<{ id: string, name: string }>, businessUnits: Array<{ id: string, name: string }> } } & { ' $fragmentName'?: 'UsersTable_UserFragment' };

export type CreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type CreateUserMutation = { createUser: { user: { id: string, name: string, email: string }, setPasswordLink: { ' $fragmentRefs'?: { 'PasswordLinkPanel_LinkFragment': PasswordLinkPanel_LinkFragment } } | null } };

export type UpdateUserMutationVariables = Exact<{
  id: string | number;
  version: number;
  input: UpdateUserInput;
}>;


export type UpdateUserMutation = { updateUser: (
    { id: string }
    & { ' $fragmentRefs'?: { 'UsersTable_UserFragment': UsersTable_UserFragment;'UserForm_UserFragment': UserForm_UserFragment } }
  ) };

export type DisableUserMutationVariables = Exact<{
  id: string | number;
  version: number;
}>;


export type DisableUserMutation = { disableUser: (
    { id: string }
    & { ' $fragmentRefs'?: { 'UsersTable_UserFragment': UsersTable_UserFragment;'UserForm_UserFragment': UserForm_UserFragment } }
  ) };

export type EnableUserMutationVariables = Exact<{
  id: string | number;
  version: number;
}>;


export type EnableUserMutation = { enableUser: (
    { id: string }
    & { ' $fragmentRefs'?: { 'UsersTable_UserFragment': UsersTable_UserFragment;'UserForm_UserFragment': UserForm_UserFragment } }
  ) };

export type ResetUserPasswordMutationVariables = Exact<{
  id: string | number;
  version: number;
  password?: string | null | undefined;
}>;


export type ResetUserPasswordMutation = { resetUserPassword: { user: (
      { id: string }
      & { ' $fragmentRefs'?: { 'UsersTable_UserFragment': UsersTable_UserFragment;'UserForm_UserFragment': UserForm_UserFragment } }
    ), setPasswordLink: { ' $fragmentRefs'?: { 'PasswordLinkPanel_LinkFragment': PasswordLinkPanel_LinkFragment } } | null } };

export type BusinessUnitOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type BusinessUnitOptionsQuery = { businessUnits: Array<{ id: string, code: string, name: string, parentId: string | null }> };

export type SpendFilterDataRangeQueryVariables = Exact<{ [key: string]: never; }>;


export type SpendFilterDataRangeQuery = { dataRange: { minDate: string | null, maxDate: string | null, asOfDate: string } };

export type FilterBarOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type FilterBarOptionsQuery = { businessUnits: Array<{ id: string, code: string, name: string }>, categories: Array<{ id: string, code: string, name: string }>, me: { id: string, scope: { businessUnits: Array<{ id: string, name: string }>, categories: Array<{ id: string, name: string }> } } | null };

export type AuditPageQueryVariables = Exact<{
  filter?: AuditEventFilter | null | undefined;
  page?: PageInput | null | undefined;
}>;


export type AuditPageQuery = { auditEvents: { totalCount: number, nodes: Array<(
      { id: string }
      & { ' $fragmentRefs'?: { 'AuditTable_EventFragment': AuditTable_EventFragment } }
    )> } };

export type AuditFilterOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type AuditFilterOptionsQuery = { auditLogOptions: { actions: Array<string>, entities: Array<string> }, users: { nodes: Array<{ id: string, name: string, email: string }> } };

export type ClassificationPageQueryVariables = Exact<{ [key: string]: never; }>;


export type ClassificationPageQuery = { classificationRules: Array<(
    { id: string }
    & { ' $fragmentRefs'?: { 'RulesTable_RuleFragment': RulesTable_RuleFragment } }
  )> };

export type FxRatesPageQueryVariables = Exact<{ [key: string]: never; }>;


export type FxRatesPageQuery = { linesWithoutFxRate: number, fxRates: Array<{ ' $fragmentRefs'?: { 'FxRatesTable_RateFragment': FxRatesTable_RateFragment } }> };

export type SupplierMergesPageQueryVariables = Exact<{
  minSimilarity: number;
}>;


export type SupplierMergesPageQuery = { supplierMergeSuggestions: Array<{ ' $fragmentRefs'?: { 'MergeSuggestionsTable_SuggestionFragment': MergeSuggestionsTable_SuggestionFragment } }>, supplierMerges: Array<(
    { id: string }
    & { ' $fragmentRefs'?: { 'MergeHistoryTable_MergeFragment': MergeHistoryTable_MergeFragment } }
  )> };

export type TaxonomyPageQueryVariables = Exact<{ [key: string]: never; }>;


export type TaxonomyPageQuery = { categories: Array<{ id: string, code: string, name: string, level: number, parentId: string | null, naicsCode: string | null, version: number, spend: string, owner: { id: string, name: string } | null }>, users: { nodes: Array<{ id: string, name: string, email: string }> } };

export type UsersPageQueryVariables = Exact<{
  search?: string | null | undefined;
  role?: Role | null | undefined;
  status?: UserStatus | null | undefined;
  page?: PageInput | null | undefined;
}>;


export type UsersPageQuery = { me: { id: string } | null, users: { totalCount: number, nodes: Array<(
      { id: string }
      & { ' $fragmentRefs'?: { 'UsersTable_UserFragment': UsersTable_UserFragment } }
    )> } };

export type UserEditorQueryVariables = Exact<{
  id: string | number;
}>;


export type UserEditorQuery = { user: (
    { id: string, version: number }
    & { ' $fragmentRefs'?: { 'UserForm_UserFragment': UserForm_UserFragment } }
  ) };

export type ExplorerQueryVariables = Exact<{
  rowTotals: SpendCubeQuery;
  cells: SpendCubeQuery;
  withColumns: boolean;
}>;


export type ExplorerQuery = { rowTotals: { ' $fragmentRefs'?: { 'PivotGrid_CubeFragment': PivotGrid_CubeFragment } }, cells?: { ' $fragmentRefs'?: { 'PivotGrid_CubeFragment': PivotGrid_CubeFragment } } };

export type ImportBatchPage_BatchFragment = (
  { id: string, fileName: string, sourceName: string, status: ImportStatus, failure: string | null, notes: Array<string>, rowCount: number, acceptedCount: number, warningCount: number, rejectedCount: number, duplicateCount: number, updatedAt: string, progress: { phase: string, rowsProcessed: number } }
  & { ' $fragmentRefs'?: { 'ImportFileFacts_BatchFragment': ImportFileFacts_BatchFragment;'MappingEditor_BatchFragment': MappingEditor_BatchFragment;'ImportCounts_BatchFragment': ImportCounts_BatchFragment;'ImportPreviewTable_BatchFragment': ImportPreviewTable_BatchFragment;'ImportActions_BatchFragment': ImportActions_BatchFragment } }
) & { ' $fragmentName'?: 'ImportBatchPage_BatchFragment' };

export type ImportBatchPageQueryVariables = Exact<{
  id: string | number;
}>;


export type ImportBatchPageQuery = { importBatch: (
    { id: string }
    & { ' $fragmentRefs'?: { 'ImportBatchPage_BatchFragment': ImportBatchPage_BatchFragment } }
  ) };

export type ImportProgressQueryVariables = Exact<{
  id: string | number;
}>;


export type ImportProgressQuery = { importBatch: { id: string, progress: { phase: string, rowsProcessed: number } } };

export type ImportsPageQueryVariables = Exact<{
  page?: PageInput | null | undefined;
}>;


export type ImportsPageQuery = { importBatches: { totalCount: number, nodes: Array<(
      { id: string }
      & { ' $fragmentRefs'?: { 'ImportHistoryTable_BatchFragment': ImportHistoryTable_BatchFragment } }
    )> }, sources: { nodes: Array<{ id: string, sourceName: string }> } };

export type ValidateImportMutationVariables = Exact<{
  id: string | number;
  mapping: ImportMappingInput;
}>;


export type ValidateImportMutation = { validateImport: (
    { id: string }
    & { ' $fragmentRefs'?: { 'ImportBatchPage_BatchFragment': ImportBatchPage_BatchFragment } }
  ) };

export type CommitImportMutationVariables = Exact<{
  id: string | number;
}>;


export type CommitImportMutation = { commitImport: (
    { id: string }
    & { ' $fragmentRefs'?: { 'ImportBatchPage_BatchFragment': ImportBatchPage_BatchFragment } }
  ) };

export type RollbackImportMutationVariables = Exact<{
  id: string | number;
}>;


export type RollbackImportMutation = { rollbackImport: (
    { id: string }
    & { ' $fragmentRefs'?: { 'ImportBatchPage_BatchFragment': ImportBatchPage_BatchFragment } }
  ) };

export type DiscardImportMutationVariables = Exact<{
  id: string | number;
}>;


export type DiscardImportMutation = { discardImport: (
    { id: string }
    & { ' $fragmentRefs'?: { 'ImportBatchPage_BatchFragment': ImportBatchPage_BatchFragment } }
  ) };

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

export type SavedViewsQueryVariables = Exact<{ [key: string]: never; }>;


export type SavedViewsQuery = { savedViews: Array<(
    { id: string }
    & { ' $fragmentRefs'?: { 'SavedViewsTable_ViewFragment': SavedViewsTable_ViewFragment } }
  )> };

export type PasswordLinkQueryVariables = Exact<{
  token: string;
}>;


export type PasswordLinkQuery = { passwordLinkStatus: { valid: boolean, email: string | null, expiresAt: string | null } };

export type SetPasswordMutationVariables = Exact<{
  token: string;
  password: string;
}>;


export type SetPasswordMutation = { setPassword: boolean };

export const FxRatesTable_RateFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FxRatesTable_rate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FxRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"rateToReporting"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<FxRatesTable_RateFragment, unknown>;
export const MergeHistoryTable_MergeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MergeHistoryTable_merge"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierMerge"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"target"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"linesMoved"}},{"kind":"Field","name":{"kind":"Name","value":"mergedAt"}},{"kind":"Field","name":{"kind":"Name","value":"undoneAt"}}]}}]} as unknown as DocumentNode<MergeHistoryTable_MergeFragment, unknown>;
export const MergeSuggestionsTable_SuggestionFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MergeSuggestionsTable_suggestion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierMergeSuggestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"spend"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lineCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"merge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"spend"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lineCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"similarity"}},{"kind":"Field","name":{"kind":"Name","value":"spendAtStake"}}]}}]} as unknown as DocumentNode<MergeSuggestionsTable_SuggestionFragment, unknown>;
export const RulesTable_RuleFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RulesTable_rule"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ClassificationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"glAccountId"}},{"kind":"Field","name":{"kind":"Name","value":"costCenterId"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionContains"}},{"kind":"Field","name":{"kind":"Name","value":"rawSupplierNameMatches"}},{"kind":"Field","name":{"kind":"Name","value":"sourceCategoryContains"}},{"kind":"Field","name":{"kind":"Name","value":"category"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RulesTable_RuleFragment, unknown>;
export const AuditTable_EventFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuditTable_event"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AuditEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"userName"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"entityId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"changes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"before"}},{"kind":"Field","name":{"kind":"Name","value":"after"}}]}}]}}]} as unknown as DocumentNode<AuditTable_EventFragment, unknown>;
export const PivotGrid_CubeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PivotGrid_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"measure"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dimension"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"rolledUp"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}},{"kind":"Field","name":{"kind":"Name","value":"depth"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"values"}}]}},{"kind":"Field","name":{"kind":"Name","value":"previousPeriod"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dateFrom"}},{"kind":"Field","name":{"kind":"Name","value":"dateTo"}},{"kind":"Field","name":{"kind":"Name","value":"months"}},{"kind":"Field","name":{"kind":"Name","value":"days"}}]}}]}}]} as unknown as DocumentNode<PivotGrid_CubeFragment, unknown>;
export const ImportHistoryTable_BatchFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportHistoryTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ImportHistoryTable_BatchFragment, unknown>;
export const LinesTable_LineFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LinesTable_line"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"categoryId"}},{"kind":"Field","name":{"kind":"Name","value":"categoryName"}},{"kind":"Field","name":{"kind":"Name","value":"classificationSource"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnitName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"contractNumber"}},{"kind":"Field","name":{"kind":"Name","value":"poNumber"}}]}}]} as unknown as DocumentNode<LinesTable_LineFragment, unknown>;
export const SavedViewsTable_ViewFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SavedViewsTable_view"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SavedView"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"definition"}},{"kind":"Field","name":{"kind":"Name","value":"shared"}},{"kind":"Field","name":{"kind":"Name","value":"ownerName"}},{"kind":"Field","name":{"kind":"Name","value":"editable"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<SavedViewsTable_ViewFragment, unknown>;
export const AppShell_UserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AppShell_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]} as unknown as DocumentNode<AppShell_UserFragment, unknown>;
export const KpiTiles_SummaryFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"KpiTiles_summary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendSummary"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dateFrom"}},{"kind":"Field","name":{"kind":"Name","value":"dateTo"}},{"kind":"Field","name":{"kind":"Name","value":"totalSpend"}},{"kind":"Field","name":{"kind":"Name","value":"previousPeriodSpend"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"activeSuppliers"}},{"kind":"Field","name":{"kind":"Name","value":"onContractShare"}},{"kind":"Field","name":{"kind":"Name","value":"poCoverage"}},{"kind":"Field","name":{"kind":"Name","value":"classifiedShare"}},{"kind":"Field","name":{"kind":"Name","value":"contractsExpiring"}},{"kind":"Field","name":{"kind":"Name","value":"expiryWarningDays"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]} as unknown as DocumentNode<KpiTiles_SummaryFragment, unknown>;
export const SpendTrendChart_CubeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SpendTrendChart_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}}]} as unknown as DocumentNode<SpendTrendChart_CubeFragment, unknown>;
export const SupplierParetoChart_CubeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierParetoChart_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}}]} as unknown as DocumentNode<SupplierParetoChart_CubeFragment, unknown>;
export const TopCategories_CubeFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TopCategories_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"truncated"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}}]} as unknown as DocumentNode<TopCategories_CubeFragment, unknown>;
export const PasswordLinkPanel_LinkFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PasswordLinkPanel_link"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetPasswordLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<PasswordLinkPanel_LinkFragment, unknown>;
export const UserForm_UserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserForm_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<UserForm_UserFragment, unknown>;
export const UsersTable_UserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsersTable_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordSet"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<UsersTable_UserFragment, unknown>;
export const ImportFileFacts_BatchFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFileFacts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"encoding"}},{"kind":"Field","name":{"kind":"Name","value":"delimiter"}},{"kind":"Field","name":{"kind":"Name","value":"headerRow"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}}]} as unknown as DocumentNode<ImportFileFacts_BatchFragment, unknown>;
export const MappingEditor_BatchFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MappingEditor_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dateFormat"}},{"kind":"Field","name":{"kind":"Name","value":"defaultCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"currencyBasis"}}]}}]} as unknown as DocumentNode<MappingEditor_BatchFragment, unknown>;
export const ImportCounts_BatchFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportCounts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalsByCurrency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]} as unknown as DocumentNode<ImportCounts_BatchFragment, unknown>;
export const ImportPreviewTable_BatchFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportPreviewTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rowNumber"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnit"}},{"kind":"Field","name":{"kind":"Name","value":"sourceRef"}}]}}]}}]} as unknown as DocumentNode<ImportPreviewTable_BatchFragment, unknown>;
export const ImportActions_BatchFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportActions_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}}]} as unknown as DocumentNode<ImportActions_BatchFragment, unknown>;
export const ImportBatchPage_BatchFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportBatchPage_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"failure"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"rowsProcessed"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFileFacts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MappingEditor_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportCounts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportPreviewTable_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportActions_batch"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFileFacts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"encoding"}},{"kind":"Field","name":{"kind":"Name","value":"delimiter"}},{"kind":"Field","name":{"kind":"Name","value":"headerRow"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MappingEditor_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dateFormat"}},{"kind":"Field","name":{"kind":"Name","value":"defaultCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"currencyBasis"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportCounts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalsByCurrency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportPreviewTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rowNumber"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnit"}},{"kind":"Field","name":{"kind":"Name","value":"sourceRef"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportActions_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}}]} as unknown as DocumentNode<ImportBatchPage_BatchFragment, unknown>;
export const SupplierPickerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SupplierPicker"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"suppliers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"field"},"value":{"kind":"EnumValue","value":"SPEND"}},{"kind":"ObjectField","name":{"kind":"Name","value":"direction"},"value":{"kind":"EnumValue","value":"DESC"}}]}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"8"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplier"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}}]}}]}}]}}]} as unknown as DocumentNode<SupplierPickerQuery, SupplierPickerQueryVariables>;
export const SupplierNameDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SupplierName"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplier"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<SupplierNameQuery, SupplierNameQueryVariables>;
export const MergeSuppliersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MergeSuppliers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sourceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"targetId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mergeSuppliers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sourceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sourceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"targetId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"targetId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"linesMoved"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MergeHistoryTable_merge"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MergeHistoryTable_merge"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierMerge"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"target"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"linesMoved"}},{"kind":"Field","name":{"kind":"Name","value":"mergedAt"}},{"kind":"Field","name":{"kind":"Name","value":"undoneAt"}}]}}]} as unknown as DocumentNode<MergeSuppliersMutation, MergeSuppliersMutationVariables>;
export const UndoSupplierMergeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UndoSupplierMerge"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"undoSupplierMerge"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MergeHistoryTable_merge"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MergeHistoryTable_merge"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierMerge"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"target"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"linesMoved"}},{"kind":"Field","name":{"kind":"Name","value":"mergedAt"}},{"kind":"Field","name":{"kind":"Name","value":"undoneAt"}}]}}]} as unknown as DocumentNode<UndoSupplierMergeMutation, UndoSupplierMergeMutationVariables>;
export const DismissMergeSuggestionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DismissMergeSuggestion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"supplierA"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"supplierB"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dismissMergeSuggestion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"supplierA"},"value":{"kind":"Variable","name":{"kind":"Name","value":"supplierA"}}},{"kind":"Argument","name":{"kind":"Name","value":"supplierB"},"value":{"kind":"Variable","name":{"kind":"Name","value":"supplierB"}}}]}]}}]} as unknown as DocumentNode<DismissMergeSuggestionMutation, DismissMergeSuggestionMutationVariables>;
export const SetSupplierParentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetSupplierParent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"parentId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setSupplierParent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"parentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"parentId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<SetSupplierParentMutation, SetSupplierParentMutationVariables>;
export const CreateClassificationRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateClassificationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ClassificationRuleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createClassificationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RulesTable_rule"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RulesTable_rule"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ClassificationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"glAccountId"}},{"kind":"Field","name":{"kind":"Name","value":"costCenterId"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionContains"}},{"kind":"Field","name":{"kind":"Name","value":"rawSupplierNameMatches"}},{"kind":"Field","name":{"kind":"Name","value":"sourceCategoryContains"}},{"kind":"Field","name":{"kind":"Name","value":"category"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateClassificationRuleMutation, CreateClassificationRuleMutationVariables>;
export const UpdateClassificationRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateClassificationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"version"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ClassificationRuleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateClassificationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"version"},"value":{"kind":"Variable","name":{"kind":"Name","value":"version"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RulesTable_rule"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RulesTable_rule"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ClassificationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"glAccountId"}},{"kind":"Field","name":{"kind":"Name","value":"costCenterId"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionContains"}},{"kind":"Field","name":{"kind":"Name","value":"rawSupplierNameMatches"}},{"kind":"Field","name":{"kind":"Name","value":"sourceCategoryContains"}},{"kind":"Field","name":{"kind":"Name","value":"category"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateClassificationRuleMutation, UpdateClassificationRuleMutationVariables>;
export const DeleteClassificationRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteClassificationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteClassificationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteClassificationRuleMutation, DeleteClassificationRuleMutationVariables>;
export const RunClassificationRulesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RunClassificationRules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runClassificationRules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ruleClassified"}},{"kind":"Field","name":{"kind":"Name","value":"unclassified"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}}]}}]}}]} as unknown as DocumentNode<RunClassificationRulesMutation, RunClassificationRulesMutationVariables>;
export const ClassifySupplierLinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ClassifySupplierLines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"supplierId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"classifyLines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"supplierId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"supplierId"}}},{"kind":"Argument","name":{"kind":"Name","value":"categoryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}}}]}]}}]} as unknown as DocumentNode<ClassifySupplierLinesMutation, ClassifySupplierLinesMutationVariables>;
export const CreateCategoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCategory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCategoryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCategory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateCategoryMutation, CreateCategoryMutationVariables>;
export const UpdateCategoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCategory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"version"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCategoryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCategory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"version"},"value":{"kind":"Variable","name":{"kind":"Name","value":"version"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"level"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<UpdateCategoryMutation, UpdateCategoryMutationVariables>;
export const CategoryOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CategoryOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"level"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"naicsCode"}}]}}]}}]} as unknown as DocumentNode<CategoryOptionsQuery, CategoryOptionsQueryVariables>;
export const ExplorerMemberOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExplorerMemberOptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}}]}}]}}]} as unknown as DocumentNode<ExplorerMemberOptionsQuery, ExplorerMemberOptionsQueryVariables>;
export const ExplorerMemberLabelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExplorerMemberLabels"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ExplorerMemberLabelsQuery, ExplorerMemberLabelsQueryVariables>;
export const CreateSavedViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSavedView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSavedViewInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSavedView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shared"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<CreateSavedViewMutation, CreateSavedViewMutationVariables>;
export const ImportProblemsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ImportProblems"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"severity"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PageInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"problems"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"severity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"severity"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rowNumber"}},{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"column"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"rawValue"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ImportProblemsQuery, ImportProblemsQueryVariables>;
export const ClassifySelectedLinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ClassifySelectedLines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lineIds"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"classifyLines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"lineIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lineIds"}}},{"kind":"Argument","name":{"kind":"Name","value":"categoryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categoryId"}}}]}]}}]} as unknown as DocumentNode<ClassifySelectedLinesMutation, ClassifySelectedLinesMutationVariables>;
export const LineCategoryOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LineCategoryOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"level"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}}]}}]}}]} as unknown as DocumentNode<LineCategoryOptionsQuery, LineCategoryOptionsQueryVariables>;
export const SpendLinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SpendLines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendLineSort"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PageInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spendLines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offset"}},{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"LinesTable_line"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LinesTable_line"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"categoryId"}},{"kind":"Field","name":{"kind":"Name","value":"categoryName"}},{"kind":"Field","name":{"kind":"Name","value":"classificationSource"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnitName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"contractNumber"}},{"kind":"Field","name":{"kind":"Name","value":"poNumber"}}]}}]} as unknown as DocumentNode<SpendLinesQuery, SpendLinesQueryVariables>;
export const UpdateSavedViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSavedView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"version"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSavedViewInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSavedView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"version"},"value":{"kind":"Variable","name":{"kind":"Name","value":"version"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SavedViewsTable_view"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SavedViewsTable_view"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SavedView"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"definition"}},{"kind":"Field","name":{"kind":"Name","value":"shared"}},{"kind":"Field","name":{"kind":"Name","value":"ownerName"}},{"kind":"Field","name":{"kind":"Name","value":"editable"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateSavedViewMutation, UpdateSavedViewMutationVariables>;
export const DeleteSavedViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSavedView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSavedView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteSavedViewMutation, DeleteSavedViewMutationVariables>;
export const LogoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const SessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AppShell_user"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AppShell_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]} as unknown as DocumentNode<SessionQuery, SessionQueryVariables>;
export const SettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportingCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"fiscalYearStartMonth"}},{"kind":"Field","name":{"kind":"Name","value":"asOfDate"}},{"kind":"Field","name":{"kind":"Name","value":"expiryWarningDays"}},{"kind":"Field","name":{"kind":"Name","value":"pageDefault"}},{"kind":"Field","name":{"kind":"Name","value":"pageMax"}},{"kind":"Field","name":{"kind":"Name","value":"cubeDefaultRows"}},{"kind":"Field","name":{"kind":"Name","value":"cubeMaxRows"}},{"kind":"Field","name":{"kind":"Name","value":"importMaxBytes"}}]}}]}}]} as unknown as DocumentNode<SettingsQuery, SettingsQueryVariables>;
export const ScopeCoverageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ScopeCoverage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Role"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categoryIds"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"businessUnitIds"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"scopeCoverage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}},{"kind":"Argument","name":{"kind":"Name","value":"categoryIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categoryIds"}}},{"kind":"Argument","name":{"kind":"Name","value":"businessUnitIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"businessUnitIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spend"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalSpend"}},{"kind":"Field","name":{"kind":"Name","value":"totalLineCount"}},{"kind":"Field","name":{"kind":"Name","value":"share"}}]}}]}}]} as unknown as DocumentNode<ScopeCoverageQuery, ScopeCoverageQueryVariables>;
export const CreateUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"setPasswordLink"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PasswordLinkPanel_link"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PasswordLinkPanel_link"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetPasswordLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<CreateUserMutation, CreateUserMutationVariables>;
export const UpdateUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"version"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"version"},"value":{"kind":"Variable","name":{"kind":"Name","value":"version"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UsersTable_user"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserForm_user"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsersTable_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordSet"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserForm_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateUserMutation, UpdateUserMutationVariables>;
export const DisableUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DisableUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"version"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"version"},"value":{"kind":"Variable","name":{"kind":"Name","value":"version"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UsersTable_user"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserForm_user"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsersTable_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordSet"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserForm_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<DisableUserMutation, DisableUserMutationVariables>;
export const EnableUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EnableUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"version"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"enableUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"version"},"value":{"kind":"Variable","name":{"kind":"Name","value":"version"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UsersTable_user"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserForm_user"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsersTable_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordSet"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserForm_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<EnableUserMutation, EnableUserMutationVariables>;
export const ResetUserPasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResetUserPassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"version"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resetUserPassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"version"},"value":{"kind":"Variable","name":{"kind":"Name","value":"version"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UsersTable_user"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserForm_user"}}]}},{"kind":"Field","name":{"kind":"Name","value":"setPasswordLink"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PasswordLinkPanel_link"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsersTable_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordSet"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserForm_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PasswordLinkPanel_link"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SetPasswordLink"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]} as unknown as DocumentNode<ResetUserPasswordMutation, ResetUserPasswordMutationVariables>;
export const BusinessUnitOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BusinessUnitOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}}]}}]}}]} as unknown as DocumentNode<BusinessUnitOptionsQuery, BusinessUnitOptionsQueryVariables>;
export const SpendFilterDataRangeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SpendFilterDataRange"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dataRange"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minDate"}},{"kind":"Field","name":{"kind":"Name","value":"maxDate"}},{"kind":"Field","name":{"kind":"Name","value":"asOfDate"}}]}}]}}]} as unknown as DocumentNode<SpendFilterDataRangeQuery, SpendFilterDataRangeQueryVariables>;
export const FilterBarOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FilterBarOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"categories"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"level"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FilterBarOptionsQuery, FilterBarOptionsQueryVariables>;
export const AuditPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AuditEventFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PageInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"AuditTable_event"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuditTable_event"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AuditEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"userName"}},{"kind":"Field","name":{"kind":"Name","value":"userEmail"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"entityId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"changes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"before"}},{"kind":"Field","name":{"kind":"Name","value":"after"}}]}}]}}]} as unknown as DocumentNode<AuditPageQuery, AuditPageQueryVariables>;
export const AuditFilterOptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditFilterOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditLogOptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"actions"}},{"kind":"Field","name":{"kind":"Name","value":"entities"}}]}},{"kind":"Field","name":{"kind":"Name","value":"users"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<AuditFilterOptionsQuery, AuditFilterOptionsQueryVariables>;
export const ClassificationPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ClassificationPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"classificationRules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"RulesTable_rule"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RulesTable_rule"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ClassificationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"glAccountId"}},{"kind":"Field","name":{"kind":"Name","value":"costCenterId"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionContains"}},{"kind":"Field","name":{"kind":"Name","value":"rawSupplierNameMatches"}},{"kind":"Field","name":{"kind":"Name","value":"sourceCategoryContains"}},{"kind":"Field","name":{"kind":"Name","value":"category"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ClassificationPageQuery, ClassificationPageQueryVariables>;
export const FxRatesPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FxRatesPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fxRates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FxRatesTable_rate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"linesWithoutFxRate"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FxRatesTable_rate"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"FxRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"rateToReporting"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<FxRatesPageQuery, FxRatesPageQueryVariables>;
export const SupplierMergesPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SupplierMergesPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"minSimilarity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Float"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplierMergeSuggestions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"minSimilarity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"minSimilarity"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MergeSuggestionsTable_suggestion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"supplierMerges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MergeHistoryTable_merge"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MergeSuggestionsTable_suggestion"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierMergeSuggestion"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keep"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"spend"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lineCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"merge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"aliases"}},{"kind":"Field","name":{"kind":"Name","value":"spend"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lineCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"similarity"}},{"kind":"Field","name":{"kind":"Name","value":"spendAtStake"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MergeHistoryTable_merge"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierMerge"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"target"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"linesMoved"}},{"kind":"Field","name":{"kind":"Name","value":"mergedAt"}},{"kind":"Field","name":{"kind":"Name","value":"undoneAt"}}]}}]} as unknown as DocumentNode<SupplierMergesPageQuery, SupplierMergesPageQueryVariables>;
export const TaxonomyPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TaxonomyPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"level"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"naicsCode"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"spend"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"users"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"ACTIVE"}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<TaxonomyPageQuery, TaxonomyPageQueryVariables>;
export const UsersPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UsersPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Role"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UserStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PageInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"users"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UsersTable_user"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UsersTable_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordSet"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<UsersPageQuery, UsersPageQueryVariables>;
export const UserEditorDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UserEditor"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserForm_user"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserForm_user"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"scope"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"categories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"businessUnits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<UserEditorQuery, UserEditorQueryVariables>;
export const ExplorerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Explorer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rowTotals"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cells"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"withColumns"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"rowTotals"},"name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rowTotals"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PivotGrid_cube"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"cells"},"name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cells"}}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"withColumns"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PivotGrid_cube"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PivotGrid_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"measure"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dimension"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"rolledUp"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}},{"kind":"Field","name":{"kind":"Name","value":"depth"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"values"}}]}},{"kind":"Field","name":{"kind":"Name","value":"previousPeriod"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dateFrom"}},{"kind":"Field","name":{"kind":"Name","value":"dateTo"}},{"kind":"Field","name":{"kind":"Name","value":"months"}},{"kind":"Field","name":{"kind":"Name","value":"days"}}]}}]}}]} as unknown as DocumentNode<ExplorerQuery, ExplorerQueryVariables>;
export const ImportBatchPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ImportBatchPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportBatchPage_batch"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFileFacts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"encoding"}},{"kind":"Field","name":{"kind":"Name","value":"delimiter"}},{"kind":"Field","name":{"kind":"Name","value":"headerRow"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MappingEditor_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dateFormat"}},{"kind":"Field","name":{"kind":"Name","value":"defaultCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"currencyBasis"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportCounts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalsByCurrency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportPreviewTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rowNumber"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnit"}},{"kind":"Field","name":{"kind":"Name","value":"sourceRef"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportActions_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportBatchPage_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"failure"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"rowsProcessed"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFileFacts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MappingEditor_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportCounts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportPreviewTable_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportActions_batch"}}]}}]} as unknown as DocumentNode<ImportBatchPageQuery, ImportBatchPageQueryVariables>;
export const ImportProgressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ImportProgress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importBatch"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"rowsProcessed"}}]}}]}}]}}]} as unknown as DocumentNode<ImportProgressQuery, ImportProgressQueryVariables>;
export const ImportsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ImportsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PageInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importBatches"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportHistoryTable_batch"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"sources"},"name":{"kind":"Name","value":"importBatches"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportHistoryTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ImportsPageQuery, ImportsPageQueryVariables>;
export const ValidateImportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateImport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"mapping"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ImportMappingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"validateImport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"mapping"},"value":{"kind":"Variable","name":{"kind":"Name","value":"mapping"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportBatchPage_batch"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFileFacts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"encoding"}},{"kind":"Field","name":{"kind":"Name","value":"delimiter"}},{"kind":"Field","name":{"kind":"Name","value":"headerRow"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MappingEditor_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dateFormat"}},{"kind":"Field","name":{"kind":"Name","value":"defaultCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"currencyBasis"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportCounts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalsByCurrency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportPreviewTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rowNumber"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnit"}},{"kind":"Field","name":{"kind":"Name","value":"sourceRef"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportActions_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportBatchPage_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"failure"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"rowsProcessed"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFileFacts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MappingEditor_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportCounts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportPreviewTable_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportActions_batch"}}]}}]} as unknown as DocumentNode<ValidateImportMutation, ValidateImportMutationVariables>;
export const CommitImportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CommitImport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"commitImport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportBatchPage_batch"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFileFacts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"encoding"}},{"kind":"Field","name":{"kind":"Name","value":"delimiter"}},{"kind":"Field","name":{"kind":"Name","value":"headerRow"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MappingEditor_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dateFormat"}},{"kind":"Field","name":{"kind":"Name","value":"defaultCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"currencyBasis"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportCounts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalsByCurrency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportPreviewTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rowNumber"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnit"}},{"kind":"Field","name":{"kind":"Name","value":"sourceRef"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportActions_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportBatchPage_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"failure"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"rowsProcessed"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFileFacts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MappingEditor_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportCounts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportPreviewTable_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportActions_batch"}}]}}]} as unknown as DocumentNode<CommitImportMutation, CommitImportMutationVariables>;
export const RollbackImportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RollbackImport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rollbackImport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportBatchPage_batch"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFileFacts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"encoding"}},{"kind":"Field","name":{"kind":"Name","value":"delimiter"}},{"kind":"Field","name":{"kind":"Name","value":"headerRow"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MappingEditor_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dateFormat"}},{"kind":"Field","name":{"kind":"Name","value":"defaultCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"currencyBasis"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportCounts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalsByCurrency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportPreviewTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rowNumber"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnit"}},{"kind":"Field","name":{"kind":"Name","value":"sourceRef"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportActions_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportBatchPage_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"failure"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"rowsProcessed"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFileFacts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MappingEditor_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportCounts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportPreviewTable_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportActions_batch"}}]}}]} as unknown as DocumentNode<RollbackImportMutation, RollbackImportMutationVariables>;
export const DiscardImportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DiscardImport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"discardImport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportBatchPage_batch"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportFileFacts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"encoding"}},{"kind":"Field","name":{"kind":"Name","value":"delimiter"}},{"kind":"Field","name":{"kind":"Name","value":"headerRow"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MappingEditor_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"columns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"confidence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dateFormat"}},{"kind":"Field","name":{"kind":"Name","value":"defaultCurrency"}},{"kind":"Field","name":{"kind":"Name","value":"currencyBasis"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportCounts_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalsByCurrency"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportPreviewTable_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rowNumber"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceDate"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amountReporting"}},{"kind":"Field","name":{"kind":"Name","value":"supplierName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"businessUnit"}},{"kind":"Field","name":{"kind":"Name","value":"sourceRef"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportActions_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"totalAmount"}},{"kind":"Field","name":{"kind":"Name","value":"committedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ImportBatchPage_batch"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportBatch"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sourceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"failure"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"rowCount"}},{"kind":"Field","name":{"kind":"Name","value":"acceptedCount"}},{"kind":"Field","name":{"kind":"Name","value":"warningCount"}},{"kind":"Field","name":{"kind":"Name","value":"rejectedCount"}},{"kind":"Field","name":{"kind":"Name","value":"duplicateCount"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"progress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"rowsProcessed"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportFileFacts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"MappingEditor_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportCounts_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportPreviewTable_batch"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ImportActions_batch"}}]}}]} as unknown as DocumentNode<DiscardImportMutation, DiscardImportMutationVariables>;
export const LoginSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LoginSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<LoginSessionQuery, LoginSessionQueryVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const OverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Overview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"trend"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"categories"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"suppliers"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCubeQuery"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"spendSummary"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"KpiTiles_summary"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"trend"},"name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"trend"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SpendTrendChart_cube"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"topCategories"},"name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"categories"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TopCategories_cube"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"topSuppliers"},"name":{"kind":"Name","value":"spendCube"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"suppliers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierParetoChart_cube"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"KpiTiles_summary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendSummary"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dateFrom"}},{"kind":"Field","name":{"kind":"Name","value":"dateTo"}},{"kind":"Field","name":{"kind":"Name","value":"totalSpend"}},{"kind":"Field","name":{"kind":"Name","value":"previousPeriodSpend"}},{"kind":"Field","name":{"kind":"Name","value":"change"}},{"kind":"Field","name":{"kind":"Name","value":"activeSuppliers"}},{"kind":"Field","name":{"kind":"Name","value":"onContractShare"}},{"kind":"Field","name":{"kind":"Name","value":"poCoverage"}},{"kind":"Field","name":{"kind":"Name","value":"classifiedShare"}},{"kind":"Field","name":{"kind":"Name","value":"contractsExpiring"}},{"kind":"Field","name":{"kind":"Name","value":"expiryWarningDays"}},{"kind":"Field","name":{"kind":"Name","value":"lineCount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SpendTrendChart_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TopCategories_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"truncated"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierParetoChart_cube"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SpendCube"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"values"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"values"}}]}}]}}]} as unknown as DocumentNode<OverviewQuery, OverviewQueryVariables>;
export const SavedViewsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SavedViews"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"savedViews"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"SavedViewsTable_view"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SavedViewsTable_view"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SavedView"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"definition"}},{"kind":"Field","name":{"kind":"Name","value":"shared"}},{"kind":"Field","name":{"kind":"Name","value":"ownerName"}},{"kind":"Field","name":{"kind":"Name","value":"editable"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<SavedViewsQuery, SavedViewsQueryVariables>;
export const PasswordLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PasswordLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"passwordLinkStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<PasswordLinkQuery, PasswordLinkQueryVariables>;
export const SetPasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetPassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"password"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setPassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}},{"kind":"Argument","name":{"kind":"Name","value":"password"},"value":{"kind":"Variable","name":{"kind":"Name","value":"password"}}}]}]}}]} as unknown as DocumentNode<SetPasswordMutation, SetPasswordMutationVariables>;