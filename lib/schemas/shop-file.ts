import * as z from 'zod';

/**
 * The one import format for a shop: settings, tax, shipping, discounts, attributes, product types,
 * categories, products, customers and legal texts. `npm run import` and the demo seed validate
 * against it before anything is written.
 */

/** A locale written like en_GB (spec: "Common query parameters"). */
export const Locale = z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale like en_GB');
/** An ISO 4217 currency code. */
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code like EUR');
/** An exact decimal amount as a string ("12.99"); never a binary float. */
export const DecimalString = z
  .string()
  .regex(/^-?\d{1,12}(\.\d{1,4})?$/, 'expected a decimal string like "12.99"');
/** Text per locale; the shop's default locale must be present (checked on the whole file). */
export const LocalizedText = z.record(Locale, z.string());
export type LocalizedText = z.infer<typeof LocalizedText>;
const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected an id of letters, digits, - or _');

export const ShopImage = z.strictObject({
  url: z.string().min(1),
  classifier: z.enum(['HotDeal', 'Medium', 'Large', 'Small', 'Thumbnail']),
  isZoomEnabled: z.boolean().default(false),
  width: z.number().int().nonnegative().default(0),
  height: z.number().int().nonnegative().default(0),
  fileSize: z.number().int().nonnegative().default(0),
});

export const ShopAddress = z.record(z.string(), z.string().nullable());

export const ShopSettings = z.strictObject({
  name: z.string().min(1),
  defaultLocale: Locale,
  locales: z.array(Locale).min(1),
  defaultCurrency: CurrencyCode,
  currencies: z.array(CurrencyCode).min(1),
  /** Base URL of the storefront; checkoutUrl, sfUrl and similar links are made from it. */
  storefrontUrl: z.string().url(),
  taxModel: z.strictObject({
    /** Prices in the file are GROSS (tax included) or NET. */
    model: z.enum(['GROSS', 'NET']),
    displayTaxes: z.boolean(),
    noTaxesMessage: LocalizedText.nullable().default(null),
    deliveryThresholdIsActive: z.boolean().default(false),
    countryCode2: z.string().regex(/^[A-Z]{2}$/),
  }),
  defaultTaxClassId: Id,
  /** The least line-items subtotal a cart must reach to be ordered; null = no minimum. */
  minimumCartAmount: DecimalString.nullable().default(null),
  address: ShopAddress.default({}),
});

export const ShopTaxClass = z.strictObject({
  taxClassId: Id,
  name: LocalizedText,
  /** Rate in percent as a decimal string ("19", "7", "7.7"). */
  percentage: DecimalString,
});

export const ShopShippingMethod = z.strictObject({
  shippingMethodId: Id,
  name: LocalizedText,
  description: LocalizedText.nullable().default(null),
  logo: z.string().nullable().default(null),
  /** Price per currency; null = the price is set per cart (spec: "price Money, null for some methods"). */
  price: z.record(CurrencyCode, DecimalString).nullable(),
  /** The lowest line-items subtotal from which this method is offered; null = always. */
  minimumSubtotal: DecimalString.nullable().default(null),
});

export const ShopCoupon = z.strictObject({
  code: z.string().min(1).max(64),
  name: LocalizedText,
  kind: z.enum(['percent', 'absolute']),
  /** Percent ("10") or amount in the shop's default currency ("10.00"). */
  value: DecimalString,
  minimumSubtotal: DecimalString.nullable().default(null),
});

export const ShopBasketDiscount = z.strictObject({
  basketDiscountId: Id,
  name: LocalizedText,
  kind: z.enum(['percent', 'absolute']),
  value: DecimalString,
  minimumAmount: DecimalString,
});

export const ShopAttributeDefinition = z.strictObject({
  key: z.string().min(1).max(64),
  displayKey: LocalizedText,
  type: z.enum(['String', 'Integer', 'Float', 'Boolean', 'Date', 'PreDefString']),
  singleValue: z.boolean(),
  /** Predefined values (for type PreDefString); they become search facets. */
  values: z.array(z.strictObject({ value: z.string().min(1), displayValue: LocalizedText })).default([]),
});

export const ShopProductType = z.strictObject({
  productTypeId: Id,
  alias: z.string().min(1),
  name: LocalizedText,
  /** Keys of attribute definitions that products of this type carry. */
  attributeKeys: z.array(z.string()).default([]),
});

export const ShopCategory = z.strictObject({
  categoryId: Id,
  /** null only for the one root category. */
  parentId: Id.nullable(),
  alias: z.string().min(1).max(100),
  name: LocalizedText,
  pageTitle: LocalizedText.optional(),
  navigationCaption: LocalizedText.optional(),
  description: LocalizedText.nullable().default(null),
  visible: z.boolean().default(true),
  visibleInNavigation: z.boolean().default(true),
  specialOffer: z.boolean().default(false),
  facetedSearchShowFacetsOnCategory: z.boolean().default(true),
  facetedSearchCategoryStartDepth: z.number().int().nonnegative().default(0),
  images: z.array(ShopImage).default([]),
});

const PriceSet = z.strictObject({
  price: DecimalString,
  manufacturerPrice: DecimalString.nullable().default(null),
  depositPrice: DecimalString.nullable().default(null),
  ecoParticipationPrice: DecimalString.nullable().default(null),
  /** Price per refContentAmount of refUnit, e.g. per litre. */
  basePrice: DecimalString.nullable().default(null),
});

const BulkPriceTier = z.strictObject({
  /** From this quantity on, `price` is the unit price. */
  quantity: z.number().int().min(2),
  price: z.record(CurrencyCode, DecimalString),
});

export const ShopProduct = z.strictObject({
  productId: Id,
  productNumber: z.string().min(1),
  name: LocalizedText,
  title: LocalizedText.optional(),
  shortDescription: LocalizedText.nullable().default(null),
  description: LocalizedText.nullable().default(null),
  manufacturer: z.string().nullable().default(null),
  manufacturerProductNumber: z.string().nullable().default(null),
  productCode: z.string().nullable().default(null),
  upc: z.string().nullable().default(null),
  ean: z.string().nullable().default(null),
  visible: z.boolean().default(true),
  forSale: z.boolean().default(true),
  specialOffer: z.boolean().default(false),
  isNew: z.boolean().default(false),
  isProductNumberVisible: z.boolean().default(true),
  isManufacturerPriceRRP: z.boolean().default(false),
  isShippingLinkVisible: z.boolean().default(true),
  customizableTextLength: z.number().int().nonnegative().default(0),
  customizableHeadlineText: LocalizedText.nullable().default(null),
  newnessDate: z.string().datetime(),
  productTypeId: Id.nullable().default(null),
  categoryIds: z.array(Id).default([]),
  taxClassId: Id,
  /** Prices per currency, in the shop's tax model (settings.taxModel.model). */
  prices: z.record(CurrencyCode, PriceSet),
  bulkPrices: z.array(BulkPriceTier).default([]),
  customerSpecificPrices: z
    .array(
      z.strictObject({
        customerGroupId: Id,
        customerGroup: z.string(),
        tiers: z.array(
          z.strictObject({ quantity: z.number().int().min(1), price: z.record(CurrencyCode, DecimalString) }),
        ),
      }),
    )
    .default([]),
  minOrder: z.number().int().min(1).default(1),
  intervalOrder: z.number().int().min(1).default(1),
  priceQuantity: z.number().int().min(1).default(1),
  orderUnit: z.string().default('pc.'),
  refUnit: z.string().default('pc.'),
  refAmount: z.number().nonnegative().default(1),
  refContentAmount: z.number().nonnegative().default(1),
  stocklevel: z.number().int().nullable().default(null),
  minStocklevel: z.number().int().nullable().default(null),
  availability: z.enum(['OnStock', 'WarnStock', 'OutStock']).nullable().default('OnStock'),
  availabilityText: LocalizedText.nullable().default(null),
  deliveryPeriod: LocalizedText.nullable().default(null),
  essentialFeatures: LocalizedText.nullable().default(null),
  searchKeywords: z.array(z.string()).default([]),
  deliveryWeight: z
    .strictObject({ amount: z.number().nonnegative(), unit: z.string() })
    .nullable()
    .default(null),
  dimensions: z
    .strictObject({
      length: z.number().nonnegative(),
      width: z.number().nonnegative(),
      height: z.number().nonnegative(),
    })
    .nullable()
    .default(null),
  images: z.array(ShopImage).default([]),
  videos: z.array(z.strictObject({ type: z.string(), source: z.string() })).default([]),
  energyLabelsString: z.string().nullable().default(null),
  energyLabelsMaxEfficiencyString: z.string().nullable().default(null),
  energyLabelSourceFile: z.string().nullable().default(null),
  productDataSheet: z.string().nullable().default(null),
  /** Custom attribute values by attribute key (a list for multi-value attributes). */
  attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
  /** For a master: the attributes its variations differ in, e.g. ["Color", "Size"]. */
  variationAttributeKeys: z.array(z.string()).default([]),
  /** For a variation: its master's productId; its `attributes` carry the selection. */
  masterId: Id.nullable().default(null),
  crossSellingTitle: LocalizedText.nullable().default(null),
  crossSellingProductIds: z.array(Id).default([]),
  gpsr: z
    .strictObject({
      responsiblePersonAddress: ShopAddress.nullable().default(null),
      manufacturerAddress: ShopAddress.nullable().default(null),
      pictograms: z.array(z.strictObject({ url: z.string(), description: z.string() })).default([]),
      safetyStatements: z.array(z.string()).default([]),
      relevantDocuments: z.array(z.strictObject({ url: z.string(), name: z.string() })).default([]),
      supplemetaryInformation: z.string().default(''),
    })
    .nullable()
    .default(null),
});

export const ShopCustomer = z.strictObject({
  customerId: Id,
  customerNumber: z.string().min(1).max(64),
  creationDate: z.string().datetime(),
  billingAddress: ShopAddress,
  internalNote: z.string().nullable().default(null),
});

export const ShopContactInformation = z.strictObject({
  name: z.string(),
  title: z.string(),
  navigationCaption: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  company: z.string(),
  contactPerson: z.string(),
  contactPersonJobTitle: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
});

export const ShopFile = z.strictObject({
  settings: ShopSettings,
  taxClasses: z.array(ShopTaxClass).min(1),
  shippingMethods: z.array(ShopShippingMethod).default([]),
  coupons: z.array(ShopCoupon).default([]),
  basketDiscounts: z.array(ShopBasketDiscount).default([]),
  attributeDefinitions: z.array(ShopAttributeDefinition).default([]),
  productTypes: z.array(ShopProductType).default([]),
  categories: z.array(ShopCategory).min(1),
  products: z.array(ShopProduct).default([]),
  customers: z.array(ShopCustomer).default([]),
  /** Contact information per locale. */
  legal: z.strictObject({ contactInformation: z.record(Locale, ShopContactInformation) }),
});

export type ShopFile = z.infer<typeof ShopFile>;
export type ShopSettings = z.infer<typeof ShopSettings>;
export type ShopTaxClass = z.infer<typeof ShopTaxClass>;
export type ShopShippingMethod = z.infer<typeof ShopShippingMethod>;
export type ShopCoupon = z.infer<typeof ShopCoupon>;
export type ShopBasketDiscount = z.infer<typeof ShopBasketDiscount>;
export type ShopAttributeDefinition = z.infer<typeof ShopAttributeDefinition>;
export type ShopProductType = z.infer<typeof ShopProductType>;
export type ShopCategory = z.infer<typeof ShopCategory>;
export type ShopProduct = z.infer<typeof ShopProduct>;
export type ShopCustomer = z.infer<typeof ShopCustomer>;
export type ShopContactInformation = z.infer<typeof ShopContactInformation>;
