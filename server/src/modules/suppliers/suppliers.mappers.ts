export interface SupplierRecord {
  id: number;
  name: string;
  normalizedName: string;
  parentId: number | null;
  countryCode: string | null;
  status: 'ACTIVE' | 'BLOCKED' | 'MERGED';
  createdAt: string;
  updatedAt: string;
}

export interface SupplierRowRecord {
  supplier: SupplierRecord;
  spend: string;
  lineCount: number;
}
