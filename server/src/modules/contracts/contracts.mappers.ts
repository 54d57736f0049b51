export interface ContractRecord {
  id: number;
  number: string;
  title: string;
  supplierId: number;
  startDate: string;
  endDate: string;
  /** The last day spend can match: the end date, or the termination date when that is earlier. */
  effectiveEndDate: string;
  ceiling: string;
  currency: string;
  /** Stored status: DRAFT | ACTIVE | TERMINATED; EXPIRING/EXPIRED are derived in the service. */
  storedStatus: 'DRAFT' | 'ACTIVE' | 'TERMINATED';
  renewal: 'AUTO' | 'MANUAL' | 'NONE';
  noticeDays: number;
  paymentTermsDays: number;
  ownerUserId: number | null;
  terminatedAt: string | null;
  terminationReason: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What a write stores for a contract (create and update take the same values). */
export interface ContractValues {
  number: string;
  title: string;
  supplierId: number;
  categoryIds: number[];
  businessUnitIds: number[];
  startDate: string;
  endDate: string;
  ceiling: string;
  currency: string;
  ownerUserId: number | null;
  paymentTermsDays: number;
  renewal: 'AUTO' | 'MANUAL' | 'NONE';
  noticeDays: number;
}

/** One supplier's off-contract spend within a contract's reach. */
export interface ContractLeakageSupplierRecord {
  supplierId: number;
  spend: string;
  lineCount: number;
  contractParty: boolean;
}

export interface ContractLeakageRecord {
  dateFrom: string;
  dateTo: string;
  addressableSpend: string;
  spend: string;
  share: string | null;
  lineCount: number;
  supplierCount: number;
  /** Every leaking supplier, largest first; the field's `limit` cuts it. */
  rows: ContractLeakageSupplierRecord[];
}
