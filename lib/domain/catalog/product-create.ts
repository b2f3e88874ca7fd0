import type { FieldError } from '../errors';
import { availabilityOf, stockLevel, stockUnits } from '../inventory/stock';
import { shardCountFor } from '../inventory/stock-shards';
import type { LocalizedText, ShopProduct } from './catalog-types';
import { BY_THE_PIECE, priceOnly } from './product-defaults';
import type { ProductWriteContext } from './product-patch';
import {
  type Checked,
  eanValue,
  keywordsValue,
  measureValue,
  priceValue,
  productNumberValue,
  taxClassValue,
  textValue,
} from './product-values';

/**
 * The rules of `POST /products` (docs/catalog.md "Product writes"): the body's fields checked
 * one by one (each problem names its field), and the new product they make. A new product is
 * regular, has no images, is for sale once it has a price, and is invisible unless `visible` says
 * otherwise. Texts are stored for the request's locale, prices for its currency.
 */

/** The body of POST /products as the schema (lib/schemas/products.ts) lets it through. */
export interface NewProductFields {
  productNumber?: string;
  name?: string;
  shortDescription?: string;
  description?: string;
  manufacturer?: string;
  essentialFeatures?: string;
  deliveryPeriod?: string;
  upc?: string;
  ean?: string;
  price?: number;
  depositPrice?: number;
  manufacturerPrice?: number;
  searchKeywords?: string[];
  visible?: boolean;
  taxClassId?: string;
  stocklevel?: number | null;
  deliveryWeight?: { amount: number; unit: 'g' | 'kg' | 'mg' | 'oz' | 'lb' | 't' };
}

const LOCALIZED = ['name', 'shortDescription', 'description', 'essentialFeatures', 'deliveryPeriod'] as const;
const LONG_TEXTS: ReadonlySet<string> = new Set(['description', 'shortDescription', 'essentialFeatures']);

/**
 * The new product, or every problem. `productNumber` is the one to use (the body's, or one made
 * up); its uniqueness is the writer's check, against the catalog it writes on.
 */
export function newProduct(
  fields: NewProductFields,
  ctx: ProductWriteContext & { productId: string; productNumber: string; now: string },
): { product: ShopProduct } | { problems: FieldError[] } {
  const problems: FieldError[] = [];
  const checked = <T>(field: string, value: unknown, check: (v: unknown) => Checked<T>): T | null => {
    if (value === undefined) return null;
    const result = check(value);
    if (result.ok) return result.value;
    problems.push({ field, message: result.message });
    return null;
  };
  if (fields.name === undefined && fields.productNumber === undefined)
    problems.push({ field: 'name', message: 'a product needs a name or a productNumber' });
  checked('productNumber', fields.productNumber, productNumberValue);
  const texts: Partial<Record<(typeof LOCALIZED)[number], LocalizedText | null>> = {};
  for (const field of LOCALIZED) {
    const text = checked(field, fields[field], (v) => textValue(v, LONG_TEXTS.has(field)));
    texts[field] = text === null ? null : { [ctx.locale]: text };
  }
  const plain = (field: 'manufacturer' | 'upc') => checked(field, fields[field], (v) => textValue(v));
  const manufacturer = plain('manufacturer');
  const upc = plain('upc');
  const ean = checked('ean', fields.ean, eanValue);
  const money = (field: 'price' | 'depositPrice' | 'manufacturerPrice') =>
    checked(field, fields[field], (v) => priceValue(v, ctx.currency));
  const price = money('price');
  const depositPrice = money('depositPrice');
  const manufacturerPrice = money('manufacturerPrice');
  if (price === null && (depositPrice !== null || manufacturerPrice !== null))
    problems.push({ field: 'price', message: 'a deposit or manufacturer price needs a price' });
  const searchKeywords = checked('searchKeywords', fields.searchKeywords, keywordsValue) ?? [];
  const taxClassId =
    checked('taxClassId', fields.taxClassId, (v) => taxClassValue(v, ctx.taxClassIds)) ??
    ctx.defaultTaxClassId;
  const weight = checked('deliveryWeight.amount', fields.deliveryWeight?.amount, measureValue);
  const level = fields.stocklevel ?? null;
  let units: number | null = null;
  if (level !== null) {
    try {
      units = stockUnits(level);
    } catch {
      problems.push({ field: 'stocklevel', message: 'expected a number with at most 3 decimals' });
    }
  }
  if (problems.length > 0) return { problems };

  const tracked = units !== null;
  const product: ShopProduct = {
    productId: ctx.productId,
    productNumber: ctx.productNumber,
    name: texts.name ?? {},
    shortDescription: texts.shortDescription ?? null,
    description: texts.description ?? null,
    manufacturer,
    manufacturerProductNumber: null,
    productCode: null,
    upc,
    ean,
    visible: fields.visible ?? false,
    forSale: price !== null,
    specialOffer: false,
    isNew: false,
    isProductNumberVisible: true,
    isManufacturerPriceRRP: false,
    isShippingLinkVisible: true,
    customizableTextLength: 0,
    customizableHeadlineText: null,
    newnessDate: ctx.now,
    productTypeId: null,
    categoryIds: [],
    taxClassId,
    prices:
      price === null
        ? {}
        : {
            [ctx.currency]: { ...priceOnly(price), manufacturerPrice, depositPrice },
          },
    bulkPrices: [],
    customerSpecificPrices: [],
    ...BY_THE_PIECE,
    stocklevel: units === null ? null : stockLevel(units),
    minStocklevel: null,
    stockShards: tracked ? shardCountFor(null) : null,
    availability: availabilityOf(units === null ? null : stockLevel(units), null),
    availabilityText: null,
    deliveryPeriod: texts.deliveryPeriod ?? null,
    essentialFeatures: texts.essentialFeatures ?? null,
    searchKeywords,
    deliveryWeight:
      fields.deliveryWeight && weight !== null ? { amount: weight, unit: fields.deliveryWeight.unit } : null,
    dimensions: null,
    images: [],
    videos: [],
    energyLabelsString: null,
    energyLabelsMaxEfficiencyString: null,
    energyLabelSourceFile: null,
    productDataSheet: null,
    attributes: {},
    variationAttributeKeys: [],
    masterId: null,
    crossSellingTitle: null,
    crossSellingProductIds: [],
    gpsr: null,
  };
  return { product };
}
