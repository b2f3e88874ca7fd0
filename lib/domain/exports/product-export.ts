import { type Catalog, localize } from '../catalog/catalog';
import type { ShopProduct } from '../catalog/catalog-types';
import { variationType } from '../catalog/product-view';
import { RefusedInput } from '../errors';
import { shownUnits } from '../inventory/live-stock';
import { unitsText } from '../quantity';
import { writeLocale } from '../shop-locale';
import { csvRecord } from './csv';
import { exportLabels, languageName } from './export-labels';

/**
 * The product export's columns (docs/catalog.md "Export"): header cells `Label [Attribute]`, the
 * labels in the request locale's language, and what each product and variation shows there.
 * `Type [Class]` holds the product's class as product reads name it in `productVariationType`
 * (`regular`, `master` or `variation`); `Product code [UPCEAN]` its EAN, else its UPC; prices
 * are the stored list prices, gross or net as the shop's tax model keeps them; the stock level is
 * the live stock the catalog carries, as GET /products/{p} shows it (empty when not tracked).
 */
export interface ExportColumn {
  header: string;
  value(product: ShopProduct): string;
}

/** The locale of an export's labels: one of the shop's exactly (else 400 naming `locale`); absent the default. */
export function requireExportLocale(catalog: Catalog, requested: string | undefined): string {
  const target = writeLocale(catalog.settings, requested);
  if ('problem' in target)
    throw new RefusedInput('Invalid request', [{ field: 'locale', message: target.problem }]);
  return target.locale;
}

/** The columns of a shop's export, for header labels in `locale` (a shop locale). */
export function productExportColumns(catalog: Catalog, locale: string): ExportColumn[] {
  const { settings } = catalog;
  const labels = exportLabels(locale);
  const taxModel = settings.taxModel.model === 'NET' ? 'net' : 'gross';
  const column = (label: string, attribute: string, value: ExportColumn['value']): ExportColumn => ({
    header: `${label} [${attribute}]`,
    value,
  });
  return [
    column(labels.type, 'Class', variationType),
    column(labels.id, 'Alias', (p) => p.productNumber),
    ...shopLanguages(settings.defaultLocale, settings.locales).map(({ language, textLocale }) =>
      column(
        `${labels.name}/${languageName(language, locale)}`,
        `Name/${language}`,
        (p) => p.name[textLocale] ?? '',
      ),
    ),
    ...settings.currencies.map((currency) =>
      column(
        `${labels.listPrice}/${currency}/${labels[taxModel]}`,
        `ListPrices/${currency}/${taxModel}`,
        (p) => p.prices[currency]?.price ?? '',
      ),
    ),
    column(labels.manufacturer, 'Manufacturer', (p) => p.manufacturer ?? ''),
    column(labels.manufacturerSku, 'ManufacturerSKU', (p) => p.manufacturerProductNumber ?? ''),
    column(labels.productCode, 'UPCEAN', (p) => p.ean ?? p.upc ?? ''),
    column(labels.stockLevel, 'StockLevel', (p) => stockText(shownUnits(p, catalog.stock))),
    column(labels.deliveryPeriod, 'DeliveryPeriod', (p) => localize(catalog, p.deliveryPeriod, locale) ?? ''),
    column(labels.weightUnit, 'WeightUnit', (p) => p.deliveryWeight?.unit ?? ''),
    column(labels.weight, 'Weight', (p) => (p.deliveryWeight ? String(p.deliveryWeight.amount) : '')),
    column(labels.masterProduct, 'SuperProduct', (p) =>
      p.masterId ? (catalog.products.get(p.masterId)?.productNumber ?? '') : '',
    ),
  ];
}

/**
 * The export's CSV records, one string each: the header row, then one row per product and
 * variation in catalog order. A generator, so a caller streams them and never holds the file.
 */
export function* productExportRecords(catalog: Catalog, locale: string): Generator<string> {
  const columns = productExportColumns(catalog, locale);
  yield csvRecord(columns.map((c) => c.header));
  for (const product of catalog.products.values()) yield csvRecord(columns.map((c) => c.value(product)));
}

/**
 * The shop's languages in locale order (en_GB, de_DE → en, de), each with the locale its texts
 * are read in: the default locale for its own language, else the first locale of the language.
 */
function shopLanguages(defaultLocale: string, locales: readonly string[]) {
  const byLanguage = new Map<string, string>();
  for (const locale of [defaultLocale, ...locales]) {
    const language = locale.slice(0, 2);
    if (!byLanguage.has(language)) byLanguage.set(language, locale);
  }
  const order = [...new Set(locales.map((l) => l.slice(0, 2)))];
  return order.map((language) => ({ language, textLocale: byLanguage.get(language) as string }));
}

/** A stock level in thousandths as exact decimal text (−2,500 → "-2.5"); empty when not tracked. */
function stockText(units: number | null): string {
  if (units === null) return '';
  return units < 0 ? `-${unitsText(-units)}` : unitsText(units);
}
