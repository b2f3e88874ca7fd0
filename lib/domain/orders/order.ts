import type { Address } from '../cart/cart';
import type { Minor } from '../money/money';

/**
 * The order aggregate: a frozen snapshot of the priced cart at checkout. Nothing in it is priced
 * again later: catalog changes never alter an order or its documents.
 */

/** The spec's order timestamps, null until reached. */
export const ORDER_TIMESTAMPS = [
  'viewedOn',
  'rejectedOn',
  'inProcessOn',
  'pendingOn',
  'readyForDispatchOn',
  'partiallyDispatchedOn',
  'dispatchedOn',
  'deliveredOn',
  'partiallyInvoicedOn',
  'invoicedOn',
  'partiallyPaidOn',
  'paidOn',
  'returnedOn',
  'closedOn',
  'archivedOn',
] as const;
export type OrderTimestamp = (typeof ORDER_TIMESTAMPS)[number];

/** One ordered line with its figures in minor units of the order's currency. */
export interface OrderLine {
  lineItemId: string;
  productId: string;
  sku: string;
  /** In the order's locale; `names` holds every locale (orders placed before it existed lack it). */
  name: string;
  variationString: string | null;
  /** The product name in each of the shop's locales at checkout, for documents in another locale. */
  names?: Readonly<Record<string, string>>;
  variationStrings?: Readonly<Record<string, string>> | null;
  quantity: number;
  unit: string;
  unitPrice: Minor;
  amount: Minor;
  taxClassId: string;
  taxPercentage: string;
}

/** Tax per tax class: net, tax and gross in minor units. */
export interface TaxSummary {
  taxClassId: string;
  name: string;
  /** The tax class name in each of the shop's locales at checkout. */
  names?: Readonly<Record<string, string>>;
  percentage: string;
  net: Minor;
  tax: Minor;
  gross: Minor;
}

/** Order totals in minor units (discounts negative). */
export interface OrderTotals {
  lineItemsSubTotal: Minor;
  shipping: Minor;
  payment: Minor;
  coupon: Minor;
  basketDiscount: Minor;
  grandTotal: Minor;
  totalBeforeTax: Minor;
  totalTax: Minor;
}

/** The seller as printed on documents, copied from the shop's settings at checkout. */
export interface Seller {
  name: string;
  address: Address;
}

export interface OrderRecord {
  shopId: string;
  orderId: string;
  orderNumber: string;
  cartId: string;
  customerId: string;
  customerNumber: string;
  createdAt: string;
  locale: string;
  currency: string;
  taxModel: 'GROSS' | 'NET';
  billingAddress: Address;
  shippingAddress: Address | null;
  shippingMethodId: string | null;
  /** The name given through PUT payment-data, shown as the order's payment method. */
  paymentMethodName: string | null;
  couponCode: string | null;
  lines: OrderLine[];
  taxes: TaxSummary[];
  totals: OrderTotals;
  seller: Seller;
  /** The cart's lineItemContainer, shippingData and paymentData as rendered at checkout. */
  view: { lineItemContainer: unknown; shippingData: unknown; paymentData: unknown };
  timestamps: Record<OrderTimestamp, string | null>;
  customerComment: string | null;
  internalNote: string | null;
  /** lastUpdatedOnDate: set at checkout, then by every change (PATCH, document); older orders lack it. */
  updatedAt?: string;
  /**
   * The tracked stock the checkout took (units per product, integer thousandths), from the same
   * catalog the checkout took it with: a cancellation puts exactly this back. Older orders lack it.
   */
  stockTaken?: StockTaken[];
  /** The number checkout gave, kept when PATCH renames the order (docs/orders.md "Order numbers"). */
  checkoutNumber?: string;
}

/** Units of one tracked product an order took at checkout (integer thousandths). */
export interface StockTaken {
  productId: string;
  units: number;
}

export type DocumentType = 'Invoice' | 'CreditNote';

/** A finalized invoice or credit note: a snapshot of the order's addresses, lines and totals. */
export interface DocumentRecord {
  shopId: string;
  orderId: string;
  orderNumber: string;
  documentId: string;
  documentType: DocumentType;
  documentNumber: string;
  issueDate: string;
  createdAt: string;
  locale: string;
  currency: string;
  taxModel: 'GROSS' | 'NET';
  address: Address;
  shippingAddress: Address | null;
  customerNumber: string;
  lines: OrderLine[];
  taxes: TaxSummary[];
  totals: OrderTotals;
  seller: Seller;
  /** The order's lineItemContainer as rendered at checkout. */
  lineItemContainer: unknown;
}
