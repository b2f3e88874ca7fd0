import { asciiJson, JsonText } from '../../speed/json-text';
import { keptFor } from '../../speed/kept';
import { keptProductView } from '../../speed/kept-views';
import { taxClassView } from '../cart/cart-view';
import { availabilityText, stockShown } from '../inventory/live-stock';
import { link, type ViewContext } from '../links';
import { type Minor, money, parseMoney, savingsPercent } from '../money/money';
import { type Catalog, localize } from './catalog';
import { projectionOf } from './catalog-projection';
import type { ShopProduct } from './catalog-types';
import { productImagesView } from './slideshow';

/** Rendering options of product responses: where, in which locale and currency. */
export interface ProductViewContext extends ViewContext {
  currency: string;
}

/** The product's variation type (regular | master | variation). */
export function variationType(product: ShopProduct): 'regular' | 'master' | 'variation' {
  if (product.masterId !== null) return 'variation';
  return product.variationAttributeKeys.length > 0 ? 'master' : 'regular';
}

/**
 * The Product resource of the spec with every field, filled from the catalog. A product renders the
 * same for one catalog version, base URL, shop, locale and currency, so it is rendered once and kept
 * (speed trick `kept-views`, lib/speed/kept-views.ts). Callers must not change the object they get.
 */
export function productView(catalog: Catalog, product: ShopProduct, ctx: ProductViewContext) {
  // Only the catalog's own product object is kept (a changed copy renders fresh every time).
  if (catalog.products.get(product.productId) !== product) return renderProduct(catalog, product, ctx);
  // The live stock is part of the key: a product whose stock moved renders anew.
  const stock = catalog.stock?.units(product) ?? '';
  const key = `${ctx.baseUrl}\u0000${ctx.shopId}\u0000${ctx.locale}\u0000${ctx.currency}\u0000${product.productId}\u0000${stock}`;
  return keptProductView(catalog, key, () => renderProduct(catalog, product, ctx));
}

const serialized = new WeakMap<object, JsonText>();

/**
 * productView as JSON text, serialized once per kept view (speed trick `json-parts`,
 * lib/speed/json-text.ts): search and list answers splice it in.
 */
export function productJson(catalog: Catalog, product: ShopProduct, ctx: ProductViewContext): JsonText {
  const view = productView(catalog, product, ctx);
  return keptFor('json-parts', serialized, view, () => new JsonText(asciiJson(view)));
}

function renderProduct(catalog: Catalog, product: ShopProduct, ctx: ProductViewContext) {
  const { locale, currency } = ctx;
  const text = (value: Readonly<Record<string, string>> | null | undefined) =>
    localize(catalog, value, locale);
  const taxType = catalog.settings.taxModel.model;
  const m = (decimal: string | null | undefined) =>
    decimal === null || decimal === undefined
      ? null
      : money(parseMoney(decimal, currency), currency, locale, taxType);
  const prices = product.prices[currency];
  const master = product.masterId ? catalog.products.get(product.masterId) : undefined;
  const taxClass = catalog.taxClasses.get(product.taxClassId);
  const range = variationPriceRange(catalog, product, currency);
  const deposit = prices?.depositPrice ? parseMoney(prices.depositPrice, currency) : 0;
  const price = prices ? parseMoney(prices.price, currency) : null;
  const name = text(product.name);
  const stock = stockShown(product, catalog.stock);
  const shown = productImagesView(product);
  return {
    productId: product.productId,
    name,
    title: text(product.title) ?? name,
    manufacturerProductNumber: product.manufacturerProductNumber,
    productNumber: product.productNumber,
    productImage: shown.productImage,
    sfUrl: `${catalog.settings.storefrontUrl.replace(/\/$/, '')}/p/${encodeURIComponent(product.productId)}`,
    manufacturer: product.manufacturer,
    productCode: product.productCode,
    upc: product.upc,
    ean: product.ean,
    visible: product.visible,
    forSale: product.forSale,
    specialOffer: product.specialOffer,
    isProductNumberVisible: product.isProductNumberVisible,
    isNew: product.isNew,
    isManufacturerPriceRRP: product.isManufacturerPriceRRP,
    isShippingLinkVisible: product.isShippingLinkVisible,
    isCustomizable: product.customizableTextLength > 0,
    isInWishlist: false,
    productVariationType: variationType(product),
    productVariationMasterName: master ? text(master.name) : null,
    productVariationMasterId: product.masterId,
    productVariationSelection: master ? variationSelection(catalog, master, product, locale) : null,
    productLength: product.dimensions?.length ?? null,
    productWidth: product.dimensions?.width ?? null,
    productHeight: product.dimensions?.height ?? null,
    shortDescription: text(product.shortDescription),
    description: text(product.description),
    deliveryPeriod: text(product.deliveryPeriod),
    // The shop's words for the live availability (a product's own text could contradict it).
    availabilityText: availabilityText(stock.availability, locale),
    essentialFeatures: text(product.essentialFeatures),
    customizableHeadlineText: text(product.customizableHeadlineText),
    availability: stock.availability,
    energyLabelsString: product.energyLabelsString,
    energyLabelsMaxEfficiencyString: product.energyLabelsMaxEfficiencyString,
    energyLabelSourceFile: product.energyLabelSourceFile,
    productDataSheet: product.productDataSheet,
    customizableTextLength: product.customizableTextLength,
    refAmount: product.refAmount,
    refContentAmount: product.refContentAmount,
    priceQuantity: product.priceQuantity,
    minOrder: product.minOrder,
    intervalOrder: product.intervalOrder,
    refUnit: product.refUnit,
    orderUnit: product.orderUnit,
    newnessDate: product.newnessDate,
    stocklevel: stock.stocklevel,
    minStocklevel: product.minStocklevel,
    searchKeywords: product.searchKeywords,
    deliveryWeight: product.deliveryWeight ?? { amount: 0, unit: 'kg' },
    shippingMethodsRestrictedTo: null,
    images: shown.images,
    videos: product.videos,
    priceInfo: {
      quantity: { amount: product.priceQuantity, unit: product.orderUnit },
      taxClass: taxClass
        ? taxClassView({
            taxClassId: taxClass.taxClassId,
            name: text(taxClass.name) ?? '',
            percentage: taxClass.percentage,
          })
        : null,
      price: m(prices?.price),
      depositPrice: m(prices?.depositPrice),
      ecoParticipationPrice: m(prices?.ecoParticipationPrice),
      priceWithDeposits: price === null ? null : money(price + deposit, currency, locale, taxType),
      manufacturerPrice: m(prices?.manufacturerPrice),
      basePrice: m(prices?.basePrice),
      lowestPrice: range ? money(range.lowest, currency, locale, taxType) : null,
      highestPrice: range ? money(range.highest, currency, locale, taxType) : null,
      lowestRefPriceFormatted: null,
    },
    bulkPriceInfo: product.bulkPrices
      .filter((tier) => tier.price[currency] !== undefined)
      .map((tier) =>
        bulkPrice(tier.quantity, tier.price[currency] as string, price, product.orderUnit, ctx, taxType),
      ),
    customerSpecificPriceInfo: product.customerSpecificPrices.map((group) => ({
      customerGroup: group.customerGroup,
      customerGroupId: group.customerGroupId,
      priceInfo: group.tiers
        .filter((tier) => tier.price[currency] !== undefined)
        .map((tier) =>
          bulkPrice(tier.quantity, tier.price[currency] as string, price, product.orderUnit, ctx, taxType),
        ),
    })),
    gpsrInfo: product.gpsr ?? {
      responsiblePersonAddress: null,
      manufacturerAddress: null,
      pictograms: [],
      safetyStatements: [],
      relevantDocuments: [],
      supplemetaryInformation: '',
    },
    links: [
      link(ctx, 'self', 'products', product.productId),
      link(ctx, 'categories', 'products', product.productId, 'categories'),
      ...(product.productTypeId ? [link(ctx, 'producttype', 'producttypes', product.productTypeId)] : []),
      link(ctx, 'custom-attributes', 'products', product.productId, 'custom-attributes'),
    ],
  };
}

function bulkPrice(
  quantity: number,
  decimal: string,
  regular: Minor | null,
  unit: string,
  ctx: ProductViewContext,
  taxType: 'GROSS' | 'NET',
) {
  const amount = parseMoney(decimal, ctx.currency);
  return {
    quantity: { amount: quantity, unit },
    price: money(amount, ctx.currency, ctx.locale, taxType),
    basePrice: null,
    priceSavings: {
      percent: savingsPercent(regular ?? 0, amount, ctx.locale),
      regularBulkPrice: regular === null ? null : money(regular, ctx.currency, ctx.locale, taxType),
    },
  };
}

/** Lowest and highest price of a master's visible variations (through the projection's master index). */
function variationPriceRange(catalog: Catalog, product: ShopProduct, currency: string) {
  if (variationType(product) !== 'master') return null;
  const projection = projectionOf(catalog);
  const master = projection.indexOf.get(product.productId);
  const prices = projection.currency(currency).prices;
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const i of master === undefined ? [] : (projection.variationsOf.get(master) ?? [])) {
    const price = prices[i] as Minor;
    if (!projection.visible[i] || Number.isNaN(price)) continue;
    lowest = Math.min(lowest, price);
    highest = Math.max(highest, price);
  }
  return lowest > highest ? null : { lowest, highest };
}

/** The attribute selection that identifies a variation among its master's variations. */
export function variationSelection(
  catalog: Catalog,
  master: ShopProduct,
  variation: ShopProduct,
  locale: string,
) {
  return master.variationAttributeKeys.map((key) => {
    const definition = catalog.attributeDefinitions.get(key);
    const raw = variation.attributes[key];
    const value = Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '');
    const predefined = definition?.values.find((v) => v.value === value);
    return {
      name: key,
      displayName: localize(catalog, definition?.displayKey, locale) ?? key,
      value,
      displayValue: localize(catalog, predefined?.displayValue, locale) ?? value,
    };
  });
}
