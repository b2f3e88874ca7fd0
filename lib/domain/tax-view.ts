import { taxClassView } from './cart/cart-view';
import { type Catalog, localize } from './catalog/catalog';
import type { ShopTaxClass } from './catalog/catalog-types';

/** The TaxClass resource: taxClassId, the name in `locale`, the percentage as a number. */
export function taxClassResource(catalog: Catalog, taxClass: ShopTaxClass, locale: string) {
  return taxClassView({
    taxClassId: taxClass.taxClassId,
    name: localize(catalog, taxClass.name, locale) ?? taxClass.taxClassId,
    percentage: taxClass.percentage,
  });
}

/**
 * The tax model resource (docs/catalog.md "Product types and tax"): model, displayTaxes, noTaxesMessage in
 * `locale`, threshold, country.
 */
export function taxModelResource(catalog: Catalog, locale: string) {
  const { taxModel } = catalog.settings;
  return {
    model: taxModel.model,
    displayTaxes: taxModel.displayTaxes,
    noTaxesMessage: localize(catalog, taxModel.noTaxesMessage, locale),
    deliveryThresholdIsActive: taxModel.deliveryThresholdIsActive,
    countryCode2: taxModel.countryCode2,
  };
}
