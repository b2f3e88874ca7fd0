/**
 * The words of the product export's header row, per language: German for de_* locales, English
 * for every other (as the invoice labels, lib/domain/documents/labels.ts). Only the label before
 * `[Attribute]` is translated; the attribute names are fixed.
 */
export interface ExportLabels {
  type: string;
  id: string;
  name: string;
  listPrice: string;
  gross: string;
  net: string;
  manufacturer: string;
  manufacturerSku: string;
  productCode: string;
  stockLevel: string;
  deliveryPeriod: string;
  weightUnit: string;
  weight: string;
  masterProduct: string;
}

const EN: ExportLabels = {
  type: 'Type',
  id: 'ID',
  name: 'Name',
  listPrice: 'List price',
  gross: 'gross',
  net: 'net',
  manufacturer: 'Manufacturer',
  manufacturerSku: 'Manufacturer product no.',
  productCode: 'Product code',
  stockLevel: 'Stock level',
  deliveryPeriod: 'Delivery period',
  weightUnit: 'Weight unit',
  weight: 'Delivery weight',
  masterProduct: 'Master product',
};

const DE: ExportLabels = {
  type: 'Typ',
  id: 'ID',
  name: 'Name',
  listPrice: 'Listenpreis',
  gross: 'brutto',
  net: 'netto',
  manufacturer: 'Hersteller',
  manufacturerSku: 'Herstellerartikelnr.',
  productCode: 'Produktcode',
  stockLevel: 'Lagerbestand',
  deliveryPeriod: 'Lieferzeit',
  weightUnit: 'Gewichtseinheit',
  weight: 'Versandgewicht',
  masterProduct: 'Masterprodukt',
};

/** The export labels for a locale such as de_DE or en_GB. */
export function exportLabels(locale: string): ExportLabels {
  return /^de([_-]|$)/i.test(locale) ? DE : EN;
}

/** A language's name in a locale's language, capitalized: `de` in en_GB → "German", in de_DE → "Deutsch". */
export function languageName(language: string, locale: string): string {
  const name =
    new Intl.DisplayNames([locale.replace('_', '-')], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(locale.replace('_', '-')) + name.slice(1);
}
