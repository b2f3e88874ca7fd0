import type { Address } from '../cart/cart';

/** A shop's customer (docs/catalog.md "Customers"). */
export interface CustomerRecord {
  customerId: string;
  customerNumber: string;
  creationDate: string;
  billingAddress: Address;
  internalNote: string | null;
  /** Raised by every save; a save from a stale read is refused (optimistic concurrency). */
  version?: number;
}
