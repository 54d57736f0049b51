export interface SavedViewRecord {
  id: number;
  name: string;
  kind: 'PIVOT' | 'QUERY' | 'DASHBOARD_FILTER';
  definition: string;
  shared: boolean;
  ownerId: number;
  ownerName: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}
