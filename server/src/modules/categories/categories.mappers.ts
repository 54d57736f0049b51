export interface CategoryRecord {
  id: number;
  code: string;
  name: string;
  level: number;
  parentId: number | null;
  naicsCode: string | null;
  createdAt: string;
  updatedAt: string;
}
