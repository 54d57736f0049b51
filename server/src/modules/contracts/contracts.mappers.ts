export interface ContractRecord {
  id: number;
  number: string;
  title: string;
  supplierId: number;
  startDate: string;
  endDate: string;
  ceiling: string;
  currency: string;
  /** Stored status: DRAFT | ACTIVE | TERMINATED; EXPIRING/EXPIRED are derived in the service. */
  storedStatus: 'DRAFT' | 'ACTIVE' | 'TERMINATED';
  renewal: 'AUTO' | 'MANUAL' | 'NONE';
  noticeDays: number;
  paymentTermsDays: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}
