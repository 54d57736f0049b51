export interface RuleRecord {
  id: number;
  priority: number;
  supplierId: number | null;
  glAccountId: number | null;
  costCenterId: number | null;
  descriptionContains: string | null;
  rawSupplierNameMatches: string | null;
  categoryId: number;
  enabled: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
