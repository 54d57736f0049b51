export interface BusinessUnitRecord {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  createdAt: string;
  updatedAt: string;
}
