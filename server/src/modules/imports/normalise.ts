/** Supplier name → matching key, so "The Acme Co. Ltd" and "ACME  COMPANY LIMITED" meet. */

export { normaliseSupplierName } from '../suppliers/normalise.js';
