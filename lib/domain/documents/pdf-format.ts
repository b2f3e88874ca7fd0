import type { Address } from '../cart/cart';
import { QUANTITY_DECIMALS, quantityText } from '../quantity';

/**
 * Locale-aware texts printed on order documents (dates, rates, quantities, address blocks).
 * Pure functions: the PDF layout only places what these return.
 */

/** A BCP 47 tag for Intl ("de_DE" → "de-DE"); an unusable locale falls back to English. */
export function localeTag(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale.replace(/_/g, '-'))[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * The issue date as the locale writes it ("15.03.2024", "15/03/2024"). Formatted in UTC: the
 * document has no time zone of its own, and the same document must always print the same date.
 */
export function formatIssueDate(iso: string, tag: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * A tax rate given as decimal text ("19", "7.70") as "19 %" / "7,7 %". Only the text is rewritten
 * (trailing zeros dropped, the locale's decimal separator), so a rate never passes through a float.
 */
export function formatRate(percentage: string, tag: string): string {
  const [whole = '0', fraction = ''] = percentage.trim().split('.');
  const digits = fraction.replace(/0+$/, '');
  return `${digits ? `${whole}${decimalSeparator(tag)}${digits}` : whole} %`;
}

function decimalSeparator(tag: string): string {
  const part = new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value ?? '.';
}

/** "2 piece", "1,5 kg": the quantity in the locale's digits followed by the order unit. */
export function formatQuantity(quantity: number, unit: string, tag: string): string {
  // The exact decimal text goes to Intl (as for money), so 0.75 prints "0.75" / "0,75", never a float's digits.
  const amount = new Intl.NumberFormat(tag, { maximumFractionDigits: QUANTITY_DECIMALS }).format(
    quantityText(quantity) as unknown as number,
  );
  return unit ? `${amount} ${unit}` : amount;
}

/** The country of an address: its name in the document language for a region code, else as given. */
export function countryName(country: string, tag: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([tag], { type: 'region' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

/** The person of an address: title, first, middle and last name. */
export function personName(address: Address): string {
  return joinPresent([address.title, address.firstName, address.middleName, address.lastName], ' ');
}

/**
 * The lines of an address block: company, person, street, street details, zip code and city,
 * country. Empty parts are left out.
 */
export function addressLines(address: Address, tag: string): string[] {
  return [
    address.company,
    personName(address),
    address.street,
    address.streetDetails,
    joinPresent([address.zipCode, address.city], ' '),
    address.country ? countryName(address.country, tag) : null,
  ].filter((line): line is string => Boolean(line?.trim()));
}

/** A one-line form of an address, for the sender line above the recipient. */
export function senderLine(name: string, address: Address, tag: string): string {
  const country = address.country ? countryName(address.country, tag) : null;
  return joinPresent(
    [name, address.street, joinPresent([address.zipCode, address.city], ' '), country],
    ' · ',
  );
}

function joinPresent(parts: (string | null | undefined)[], separator: string): string {
  return parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);
}
