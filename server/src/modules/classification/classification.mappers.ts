export interface RuleRecord {
  id: number;
  priority: number;
  supplierId: number | null;
  glAccountId: number | null;
  costCenterId: number | null;
  descriptionContains: string | null;
  rawSupplierNameMatches: string | null;
  /** Case-insensitive substring of the category text the source file gave the line (docs/imports.md). */
  sourceCategoryContains: string | null;
  categoryId: number;
  enabled: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
