import type { Catalog } from './catalog/catalog';
import { link, type ViewContext } from './links';

/**
 * The shop resource (GET /{shopId}): what a storefront learns before it builds a cart. `name`,
 * `logoUrl` and `sfUrl` are named as in the original API's shop resource; `taxModel` is the
 * model's name (the whole tax model is behind the `tax-model` link). docs/catalog.md "Shop".
 */
export function shopView(catalog: Catalog, ctx: ViewContext) {
  const { settings } = catalog;
  return {
    shopId: catalog.shopId,
    name: settings.name,
    logoUrl: settings.logoUrl ?? null,
    sfUrl: settings.storefrontUrl,
    defaultLocale: settings.defaultLocale,
    locales: settings.locales,
    defaultCurrency: settings.defaultCurrency,
    currencies: settings.currencies,
    taxModel: settings.taxModel.model,
    links: [
      link(ctx, 'self'),
      link(ctx, 'locales', 'locales'),
      link(ctx, 'currencies', 'currencies'),
      link(ctx, 'products', 'products'),
      link(ctx, 'categories', 'categories'),
      link(ctx, 'shipping-methods', 'shipping-methods'),
      link(ctx, 'tax-model', 'tax-model'),
      link(ctx, 'contact-information', 'legal', 'contact-information'),
    ],
  };
}

/** GET /{shopId}/locales: `{default, items}` as the original API answers it. */
export function localesView(catalog: Catalog) {
  return { default: catalog.settings.defaultLocale, items: catalog.settings.locales };
}

/** GET /{shopId}/currencies: `{default, items}` as the original API answers it. */
export function currenciesView(catalog: Catalog) {
  return { default: catalog.settings.defaultCurrency, items: catalog.settings.currencies };
}
