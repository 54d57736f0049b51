// The contract form's values, checks and the comparison shown after a stale save (CONFLICT).
import type { ContractInput, ContractRenewal } from '../../gql/graphql';

export interface ContractFormValues {
  number: string;
  title: string;
  supplierId: string | null;
  supplierName: string | null;
  categoryIds: string[];
  businessUnitIds: string[];
  startDate: string;
  endDate: string;
  ceiling: string;
  currency: string;
  ownerId: string;
  paymentTermsDays: string;
  renewal: ContractRenewal;
  noticeDays: string;
}

export type ContractField = Exclude<keyof ContractFormValues, 'supplierName'>;

export const fieldLabels: Record<ContractField, string> = {
  number: 'Contract number',
  title: 'Title',
  supplierId: 'Supplier',
  categoryIds: 'Categories covered',
  businessUnitIds: 'Business units covered',
  startDate: 'Start date',
  endDate: 'End date',
  ceiling: 'Ceiling',
  currency: 'Currency',
  ownerId: 'Owner',
  paymentTermsDays: 'Payment terms (days)',
  renewal: 'Renewal',
  noticeDays: 'Notice (days)',
};

/** Form order: the first field with a problem gets the focus. */
export const fieldOrder: ContractField[] = [
  'number', 'title', 'supplierId', 'categoryIds', 'businessUnitIds', 'startDate', 'endDate', 'ceiling', 'currency', 'ownerId', 'paymentTermsDays', 'renewal', 'noticeDays',
];

export function emptyContractForm(ownerId: string, currency: string): ContractFormValues {
  return {
    number: '', title: '', supplierId: null, supplierName: null, categoryIds: [], businessUnitIds: [], startDate: '', endDate: '', ceiling: '', currency,
    ownerId, paymentTermsDays: '30', renewal: 'NONE', noticeDays: '0',
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with the values before anything is sent; the server checks the same and more. */
export function checkContractForm(v: ContractFormValues): Partial<Record<ContractField, string>> {
  const errors: Partial<Record<ContractField, string>> = {};
  if (!v.number.trim()) errors.number = 'Give the contract number.';
  else if (v.number.trim().length > 64) errors.number = 'At most 64 characters.';
  if (!v.title.trim()) errors.title = 'Give a title.';
  if (!v.supplierId) errors.supplierId = 'Choose the supplier.';
  if (!v.categoryIds.length) errors.categoryIds = 'Choose at least one category the contract covers.';
  if (!DATE.test(v.startDate)) errors.startDate = 'Give the first day in force.';
  if (!DATE.test(v.endDate)) errors.endDate = 'Give the last day in force.';
  else if (DATE.test(v.startDate) && v.endDate < v.startDate) errors.endDate = 'The end date is before the start date.';
  const ceiling = v.ceiling.trim().replace(/,/g, '');
  if (/^-\d+(\.\d{1,2})?$/.test(ceiling)) errors.ceiling = 'The ceiling must be more than 0.';
  else if (!/^\d+(\.\d{1,2})?$/.test(ceiling)) errors.ceiling = 'An amount such as 250000 or 250000.50.';
  else if (Number(ceiling) <= 0) errors.ceiling = 'The ceiling must be more than 0.';
  if (!/^[A-Za-z]{3}$/.test(v.currency.trim())) errors.currency = 'A 3-letter code such as EUR.';
  if (!/^\d{1,3}$/.test(v.paymentTermsDays.trim()) || Number(v.paymentTermsDays) > 365) errors.paymentTermsDays = 'Whole days, 0 to 365.';
  if (!/^\d{1,4}$/.test(v.noticeDays.trim()) || Number(v.noticeDays) > 3650) errors.noticeDays = 'Whole days, 0 to 3650.';
  return errors;
}

export function contractInputOf(v: ContractFormValues): ContractInput {
  return {
    number: v.number.trim(), title: v.title.trim(), supplierId: v.supplierId ?? '', categoryIds: v.categoryIds, businessUnitIds: v.businessUnitIds,
    startDate: v.startDate, endDate: v.endDate, ceiling: v.ceiling.trim().replace(/,/g, ''), currency: v.currency.trim().toUpperCase(),
    ownerId: v.ownerId || null, paymentTermsDays: Number(v.paymentTermsDays), renewal: v.renewal, noticeDays: Number(v.noticeDays),
  };
}

/** The form field a server error names (`input.endDate` → `endDate`), when it is one of ours. */
export function fieldOfError(field: string | null | undefined): ContractField | null {
  const name = field?.replace(/^input\./, '').split('.')[0];
  return fieldOrder.find((f) => f === name) ?? null;
}

function same(a: ContractFormValues, b: ContractFormValues, field: ContractField): boolean {
  const x = a[field];
  const y = b[field];
  if (Array.isArray(x) && Array.isArray(y)) return [...x].sort().join(',') === [...y].sort().join(',');
  if (field === 'ceiling') return Number(String(x).replace(/,/g, '')) === Number(String(y).replace(/,/g, ''));
  return String(x ?? '').trim() === String(y ?? '').trim();
}

export interface ConflictRow {
  field: ContractField;
  /** Someone else changed it since the form was opened. */
  changedByOthers: boolean;
  /** The user changed it in the form. */
  changedByYou: boolean;
}

/** The fields where the stored contract, the form's starting point or the user's values differ. */
export function conflictRows(base: ContractFormValues, current: ContractFormValues, mine: ContractFormValues): ConflictRow[] {
  return fieldOrder
    .map((field) => ({ field, changedByOthers: !same(base, current, field), changedByYou: !same(base, mine, field) }))
    .filter((row) => row.changedByOthers || (row.changedByYou && !same(current, mine, row.field)));
}
