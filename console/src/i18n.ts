import { formatDateTime, formatMoney, formatShortDay } from './format';

/**
 * The console's words in English and German, and money and dates in the chosen locale's format
 * (Intl). A missing German entry falls back to English.
 */
const EN = {
  'app.title': 'Shop console',
  'app.skip': 'Skip to content',
  'nav.home': 'Home',
  'nav.orders': 'Orders',
  'nav.signOut': 'Sign out',
  'nav.language': 'Language',
  'nav.shop': 'Shop {shop}',
  'signIn.title': 'Sign in',
  'signIn.localTitle': 'Local sign-in: development only',
  'signIn.localNote':
    'This sign-in exists only on the local twin. It signs a token with the twin’s dev issuer; a deployed shop signs in through Cognito.',
  'signIn.shop': 'Shop',
  'signIn.access': 'Access',
  'signIn.all': 'Everything (staff)',
  'signIn.read': 'Read only (staff-readonly)',
  'signIn.submit': 'Sign in',
  'signIn.cognito': 'Sign in with your staff account',
  'signIn.failed': 'Sign-in failed: {reason}',
  'signIn.working': 'Signing in…',
  'home.title': 'Home',
  'home.sales': 'Sales',
  'home.today': 'Today',
  'home.week': 'Last 7 days',
  'home.month': 'Last 30 days',
  'home.orders': '{count} orders',
  'home.orders.one': '1 order',
  'home.noSales': 'No sales in the last 30 days.',
  'home.chart': 'Sales per day in {currency}, last 30 days',
  'home.needsAction': 'Needs action',
  'home.unpaid': 'Unpaid',
  'home.toDispatch': 'Paid, not dispatched',
  'home.none': 'Nothing waiting.',
  'home.showAll': 'Show all {count}',
  'orders.title': 'Orders',
  'orders.filters': 'Filters',
  'orders.apply': 'Apply filters',
  'orders.reset': 'Reset',
  'orders.any': 'Any',
  'orders.set': 'Yes',
  'orders.unset': 'No',
  'orders.customerId': 'Customer ID',
  'orders.productId': 'Product ID',
  'orders.currency': 'Currency',
  'orders.createdAfter': 'Created from',
  'orders.createdBefore': 'Created before',
  'orders.updatedFrom': 'Updated since',
  'orders.lastUpdated': 'Newest change first',
  'orders.number': 'Order',
  'orders.date': 'Date',
  'orders.customer': 'Customer',
  'orders.total': 'Total',
  'orders.status': 'Status',
  'orders.none': 'No orders match these filters.',
  'orders.count': '{count} orders',
  'orders.count.one': '1 order',
  'orders.next': 'Next page',
  'orders.previous': 'Previous page',
  'orders.page': 'Page {page}',
  'order.title': 'Order {number}',
  'order.back': 'Back to orders',
  'order.lines': 'Lines',
  'order.product': 'Product',
  'order.quantity': 'Quantity',
  'order.price': 'Price',
  'order.lineTotal': 'Line total',
  'order.subtotal': 'Subtotal',
  'order.shipping': 'Shipping',
  'order.tax': 'Tax',
  'order.grandTotal': 'Grand total',
  'order.billing': 'Billing address',
  'order.shippingAddress': 'Shipping address',
  'order.sameAsBilling': 'Same as billing address',
  'order.timeline': 'Status',
  'order.actions': 'Actions',
  'order.markPaid': 'Mark as paid',
  'order.markDispatched': 'Mark as dispatched',
  'order.done.paidOn': 'Marked as paid.',
  'order.done.dispatchedOn': 'Marked as dispatched.',
  'order.conflict': 'Not changed: {reason} The order is shown as it is now.',
  'order.stale':
    'Not changed: someone else changed this order in the meantime. The order is shown as it is now; check it and try again.',
  'order.failed': 'Not changed: {reason}',
  'order.readOnly': 'Your access is read-only: no actions.',
  'order.noActions': 'No action is open for this order.',
  'order.comment': 'Customer comment',
  'order.note': 'Internal note',
  'status.new': 'New',
  'status.viewedOn': 'Viewed',
  'status.pendingOn': 'Pending',
  'status.inProcessOn': 'In process',
  'status.readyForDispatchOn': 'Ready for dispatch',
  'status.partiallyDispatchedOn': 'Partly dispatched',
  'status.dispatchedOn': 'Dispatched',
  'status.deliveredOn': 'Delivered',
  'status.partiallyInvoicedOn': 'Partly invoiced',
  'status.invoicedOn': 'Invoiced',
  'status.partiallyPaidOn': 'Partly paid',
  'status.paidOn': 'Paid',
  'status.returnedOn': 'Returned',
  'status.rejectedOn': 'Rejected',
  'status.closedOn': 'Closed',
  'status.archivedOn': 'Archived',
  'status.unpaid': 'Unpaid',
  'rule.REJECT_AFTER_DISPATCH':
    'A dispatched or delivered order cannot be rejected; record a return instead.',
  'rule.ORDER_FINAL': 'The order is rejected or closed; only its archive date and internal note can change.',
  'rule.CLOSE_REQUIREMENTS': 'An order can be closed only once it is paid and delivered.',
  'rule.REJECT_IS_FINAL': 'A rejection cannot be undone.',
  'common.loading': 'Loading…',
  'common.error': 'Could not load: {reason}',
  'common.retry': 'Try again',
  'common.notFound': 'This page does not exist.',
} as const;

export type MessageKey = keyof typeof EN;

const DE: Partial<Record<MessageKey, string>> = {
  'app.title': 'Shop-Verwaltung',
  'app.skip': 'Zum Inhalt springen',
  'nav.home': 'Start',
  'nav.orders': 'Bestellungen',
  'nav.signOut': 'Abmelden',
  'nav.language': 'Sprache',
  'nav.shop': 'Shop {shop}',
  'signIn.title': 'Anmelden',
  'signIn.localTitle': 'Lokale Anmeldung: nur für die Entwicklung',
  'signIn.localNote':
    'Diese Anmeldung gibt es nur im lokalen Zwilling. Sie signiert ein Token mit dem Entwicklungs-Aussteller; ein bereitgestellter Shop meldet über Cognito an.',
  'signIn.shop': 'Shop',
  'signIn.access': 'Zugriff',
  'signIn.all': 'Alles (staff)',
  'signIn.read': 'Nur lesen (staff-readonly)',
  'signIn.submit': 'Anmelden',
  'signIn.cognito': 'Mit dem Mitarbeiterkonto anmelden',
  'signIn.failed': 'Anmeldung fehlgeschlagen: {reason}',
  'signIn.working': 'Anmeldung läuft…',
  'home.title': 'Start',
  'home.sales': 'Umsatz',
  'home.today': 'Heute',
  'home.week': 'Letzte 7 Tage',
  'home.month': 'Letzte 30 Tage',
  'home.orders': '{count} Bestellungen',
  'home.orders.one': '1 Bestellung',
  'home.noSales': 'Kein Umsatz in den letzten 30 Tagen.',
  'home.chart': 'Umsatz pro Tag in {currency}, letzte 30 Tage',
  'home.needsAction': 'Zu erledigen',
  'home.unpaid': 'Unbezahlt',
  'home.toDispatch': 'Bezahlt, nicht versandt',
  'home.none': 'Nichts offen.',
  'home.showAll': 'Alle {count} zeigen',
  'orders.title': 'Bestellungen',
  'orders.filters': 'Filter',
  'orders.apply': 'Filter anwenden',
  'orders.reset': 'Zurücksetzen',
  'orders.any': 'Egal',
  'orders.set': 'Ja',
  'orders.unset': 'Nein',
  'orders.customerId': 'Kunden-ID',
  'orders.productId': 'Produkt-ID',
  'orders.currency': 'Währung',
  'orders.createdAfter': 'Erstellt ab',
  'orders.createdBefore': 'Erstellt vor',
  'orders.updatedFrom': 'Geändert seit',
  'orders.lastUpdated': 'Neueste Änderung zuerst',
  'orders.number': 'Bestellung',
  'orders.date': 'Datum',
  'orders.customer': 'Kunde',
  'orders.total': 'Summe',
  'orders.status': 'Status',
  'orders.none': 'Keine Bestellung passt zu diesen Filtern.',
  'orders.count': '{count} Bestellungen',
  'orders.count.one': '1 Bestellung',
  'orders.next': 'Nächste Seite',
  'orders.previous': 'Vorige Seite',
  'orders.page': 'Seite {page}',
  'order.title': 'Bestellung {number}',
  'order.back': 'Zurück zu den Bestellungen',
  'order.lines': 'Positionen',
  'order.product': 'Produkt',
  'order.quantity': 'Menge',
  'order.price': 'Preis',
  'order.lineTotal': 'Summe',
  'order.subtotal': 'Zwischensumme',
  'order.shipping': 'Versand',
  'order.tax': 'Steuer',
  'order.grandTotal': 'Gesamtsumme',
  'order.billing': 'Rechnungsadresse',
  'order.shippingAddress': 'Lieferadresse',
  'order.sameAsBilling': 'Wie Rechnungsadresse',
  'order.timeline': 'Status',
  'order.actions': 'Aktionen',
  'order.markPaid': 'Als bezahlt markieren',
  'order.markDispatched': 'Als versandt markieren',
  'order.done.paidOn': 'Als bezahlt markiert.',
  'order.done.dispatchedOn': 'Als versandt markiert.',
  'order.conflict': 'Nicht geändert: {reason} Die Bestellung wird im aktuellen Stand gezeigt.',
  'order.stale':
    'Nicht geändert: jemand anderes hat die Bestellung inzwischen geändert. Sie wird im aktuellen Stand gezeigt; bitte prüfen und erneut versuchen.',
  'order.failed': 'Nicht geändert: {reason}',
  'order.readOnly': 'Ihr Zugriff ist nur lesend: keine Aktionen.',
  'order.noActions': 'Für diese Bestellung ist keine Aktion offen.',
  'order.comment': 'Kundenkommentar',
  'order.note': 'Interne Notiz',
  'status.new': 'Neu',
  'status.viewedOn': 'Gesehen',
  'status.pendingOn': 'Wartend',
  'status.inProcessOn': 'In Bearbeitung',
  'status.readyForDispatchOn': 'Versandbereit',
  'status.partiallyDispatchedOn': 'Teilweise versandt',
  'status.dispatchedOn': 'Versandt',
  'status.deliveredOn': 'Zugestellt',
  'status.partiallyInvoicedOn': 'Teilweise berechnet',
  'status.invoicedOn': 'Berechnet',
  'status.partiallyPaidOn': 'Teilweise bezahlt',
  'status.paidOn': 'Bezahlt',
  'status.returnedOn': 'Zurückgesandt',
  'status.rejectedOn': 'Storniert',
  'status.closedOn': 'Abgeschlossen',
  'status.archivedOn': 'Archiviert',
  'status.unpaid': 'Unbezahlt',
  'rule.REJECT_AFTER_DISPATCH':
    'Eine versandte oder zugestellte Bestellung kann nicht storniert werden; erfassen Sie eine Rücksendung.',
  'rule.ORDER_FINAL':
    'Die Bestellung ist storniert oder abgeschlossen; nur Archivdatum und interne Notiz sind änderbar.',
  'rule.CLOSE_REQUIREMENTS':
    'Eine Bestellung kann erst abgeschlossen werden, wenn sie bezahlt und zugestellt ist.',
  'rule.REJECT_IS_FINAL': 'Eine Stornierung kann nicht zurückgenommen werden.',
  'common.loading': 'Lädt…',
  'common.error': 'Konnte nicht laden: {reason}',
  'common.retry': 'Erneut versuchen',
  'common.notFound': 'Diese Seite gibt es nicht.',
};

export type Language = 'en' | 'de';
export const LANGUAGES: Language[] = ['en', 'de'];
const LANGUAGE_KEY = 'console.language';

/** The stored choice, else the browser's first language we speak, else English. */
export function initialLanguage(stored: string | null, preferred: readonly string[] | undefined): Language {
  if (stored === 'en' || stored === 'de') return stored;
  for (const tag of preferred ?? []) {
    const base = tag.slice(0, 2).toLowerCase();
    if (base === 'en' || base === 'de') return base;
  }
  return 'en';
}

let language: Language = 'en';

/** Reads the stored or browser language once at start. */
export function startLanguage(): Language {
  language = initialLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages);
  document.documentElement.lang = language;
  return language;
}

export function setLanguage(next: Language): void {
  language = next;
  localStorage.setItem(LANGUAGE_KEY, next);
  document.documentElement.lang = next;
}

/** The Intl locale of the current language. */
export function locale(): string {
  return language === 'de' ? 'de-DE' : 'en-GB';
}

/** One message in the current language, `{name}` replaced by the parameter. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  // A key made at run time (a rule id the dictionary does not know yet) shows as itself.
  const text: string = (language === 'de' ? DE[key] : undefined) ?? EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** Money in the current locale's format. */
export function money(amount: number | string, currency: string): string {
  return formatMoney(amount, currency, locale());
}

/** A date and time in the current locale's format. */
export function dateTime(iso: string): string {
  return formatDateTime(iso, locale());
}

/** A short day in the current locale's format. */
export function shortDay(date: Date): string {
  return formatShortDay(date, locale());
}
