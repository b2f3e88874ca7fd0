import type { DocumentType } from '../orders/order';

/**
 * The printed texts of invoice and credit-note PDFs, per language. German for de_* locales,
 * English for every other locale (documents are printed in the order's language).
 */
export interface DocumentLabels {
  /** "Invoice" / "Credit note" */
  title: Record<DocumentType, string>;
  documentNumber: Record<DocumentType, string>;
  issueDate: string;
  orderNumber: string;
  customerNumber: string;
  shippingAddress: string;
  /** The sentence under a credit note's title; {order} is replaced by the order number. */
  creditNoteRefersTo: string;
  position: string;
  description: string;
  sku: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  shipping: string;
  payment: string;
  coupon: string;
  basketDiscount: string;
  /** Tax line of a GROSS document; {rate} and {net} are replaced. */
  taxIncluded: string;
  /** Tax line of a NET document; {rate} and {net} are replaced. */
  taxAdded: string;
  totalBeforeTax: string;
  totalTax: string;
  grandTotal: Record<DocumentType, string>;
  /** {page} and {pages} are replaced. */
  pageOf: string;
}

const EN: DocumentLabels = {
  title: { Invoice: 'Invoice', CreditNote: 'Credit note' },
  documentNumber: { Invoice: 'Invoice number', CreditNote: 'Credit note number' },
  issueDate: 'Date',
  orderNumber: 'Order number',
  customerNumber: 'Customer number',
  shippingAddress: 'Delivery address',
  creditNoteRefersTo:
    'This credit note refers to order {order} and its invoice. We credit you with the following amounts.',
  position: 'Pos.',
  description: 'Description',
  sku: 'SKU',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  payment: 'Payment fee',
  coupon: 'Coupon',
  basketDiscount: 'Basket discount',
  taxIncluded: 'incl. {rate} VAT on net {net}',
  taxAdded: 'plus {rate} VAT on {net}',
  totalBeforeTax: 'Total before tax',
  totalTax: 'Total tax',
  grandTotal: { Invoice: 'Total', CreditNote: 'Total credited' },
  pageOf: 'Page {page} of {pages}',
};

const DE: DocumentLabels = {
  title: { Invoice: 'Rechnung', CreditNote: 'Gutschrift' },
  documentNumber: { Invoice: 'Rechnungsnummer', CreditNote: 'Gutschriftsnummer' },
  issueDate: 'Datum',
  orderNumber: 'Bestellnummer',
  customerNumber: 'Kundennummer',
  shippingAddress: 'Lieferadresse',
  creditNoteRefersTo:
    'Diese Gutschrift bezieht sich auf die Bestellung {order} und deren Rechnung. Wir schreiben Ihnen folgende Beträge gut.',
  position: 'Pos.',
  description: 'Bezeichnung',
  sku: 'Art.-Nr.',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  amount: 'Betrag',
  subtotal: 'Zwischensumme',
  shipping: 'Versand',
  payment: 'Zahlungsgebühr',
  coupon: 'Gutschein',
  basketDiscount: 'Warenkorbrabatt',
  taxIncluded: 'inkl. {rate} MwSt. auf netto {net}',
  taxAdded: 'zzgl. {rate} MwSt. auf {net}',
  totalBeforeTax: 'Summe netto',
  totalTax: 'Summe MwSt.',
  grandTotal: { Invoice: 'Gesamtbetrag', CreditNote: 'Gutschriftsbetrag' },
  pageOf: 'Seite {page} von {pages}',
};

/** The labels for a locale such as de_DE or en_GB: German for de_*, English otherwise. */
export function documentLabels(locale: string): DocumentLabels {
  return /^de([_-]|$)/i.test(locale) ? DE : EN;
}

/** Replaces {name} placeholders of a label. */
export function fillLabel(label: string, values: Record<string, string>): string {
  return label.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
