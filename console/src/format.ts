/** Money and dates in a locale's format (Intl), apart from the language state so tests can call them. */

/** Money: `1.234,50 €` in de-DE, `€1,234.50` in en-GB. */
export function formatMoney(amount: number | string, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(Number(amount));
}

/** A date and time in the browser's time zone. */
export function formatDateTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A day, short (`28 Nov` / `28. Nov.`). */
export function formatShortDay(date: Date, lang: string): string {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short' }).format(date);
}
