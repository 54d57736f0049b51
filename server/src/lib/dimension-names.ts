import type { SpendDimension } from '../generated/graphql.js';

/**
 * What the console and its export files call each cube dimension: one list, so a file's header
 * says what the screen said (the explorer's rows and columns, the workbench's table, the CSV and
 * XLSX of both). The client imports it as the explorer's `dimensionLabels`.
 */
export const DIMENSION_NAMES: Readonly<Record<SpendDimension, string>> = {
  CATEGORY_L1: 'Category (level 1)',
  CATEGORY_L2: 'Category (level 2)',
  CATEGORY_L3: 'Category (level 3)',
  CATEGORY_L4: 'Category (level 4)',
  SUPPLIER: 'Supplier',
  SUPPLIER_PARENT: 'Supplier family',
  BUSINESS_UNIT: 'Business unit',
  COST_CENTER: 'Cost centre',
  GL_ACCOUNT: 'GL account',
  COUNTRY: 'Country',
  CURRENCY: 'Currency',
  CONTRACT: 'Contract',
  ON_CONTRACT: 'On contract',
  PO_FLAG: 'Has PO',
  YEAR: 'Year',
  QUARTER: 'Quarter',
  MONTH: 'Month',
  FISCAL_YEAR: 'Fiscal year',
  FISCAL_QUARTER: 'Fiscal quarter',
};
