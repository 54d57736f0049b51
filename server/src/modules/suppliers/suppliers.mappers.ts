import type { BusinessUnitRecord, CategoryRecord } from '../../core/directory.js';

export type SupplierStatusName = 'ACTIVE' | 'BLOCKED' | 'MERGED';

export interface SupplierRecord {
  id: number;
  name: string;
  normalizedName: string;
  parentId: number | null;
  countryCode: string | null;
  taxId: string | null;
  status: SupplierStatusName;
  mergedIntoId: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface SupplierRowRecord {
  supplier: SupplierRecord;
  spend: string;
  previousPeriodSpend: string;
  change: string | null;
  lineCount: number;
  categoryCount: number;
}

/** The period figures are computed over, and the one of the same length just before it. */
export interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

export interface SupplierCategorySpendRecord {
  category: CategoryRecord | null;
  spend: string;
  lineCount: number;
  share: string | null;
}

export interface SupplierBusinessUnitSpendRecord {
  businessUnit: BusinessUnitRecord;
  spend: string;
  lineCount: number;
  share: string | null;
}
