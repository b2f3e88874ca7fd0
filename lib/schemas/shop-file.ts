import type * as domain from '../domain/catalog/catalog-types';
import { MAX_STOCK_SHARDS } from '../domain/inventory/stock-shards';
import { isLegalPageId, LEGAL_PAGES } from '../domain/legal/legal-pages';
import type { CurrencyAmounts as Amounts } from '../domain/money/currency-amounts';
import { hasQuantityDecimals, QUANTITY_DECIMALS } from '../domain/quantity';
import { MAX_SCRIPT_TAGS, scriptUrlProblem } from '../domain/storefront/script-tags';
import { EmailAddress } from './address';
import type { Assert, Equal } from './type-equality';
import * as z from './zod';

/**
 * The one import format for a shop: settings, tax, shipping, discounts, attributes, product types,
 * categories, products, customers and legal texts. `npm run import` and the demo seed validate
 * against it before anything is written.
 */

/** A locale written like en_GB (docs/decisions.md "Locales"). */
export const Locale = z.string().check(z.regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale like en_GB'));
/** An ISO 4217 currency code. */
export const CurrencyCode = z.string().check(z.regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code like EUR'));
/** An exact decimal amount as a string ("12.99"); never a binary float. */
export const DecimalString = z
  .string()
  .check(z.regex(/^-?\d{1,12}(\.\d{1,4})?$/, 'expected a decimal string like "12.99"'));
/**
 * A money threshold or discount amount per currency (`{"EUR": "10.00", "GBP": "8.50"}`); a plain
 * decimal string is an amount in the shop's default currency only (files from before several
 * currencies). Checked against settings.currencies on the whole file.
 */
export const CurrencyAmounts = z.union([DecimalString, z.record(CurrencyCode, DecimalString)]);
/** Text per locale; the shop's default locale must be present (checked on the whole file). */
export const LocalizedText = z.record(Locale, z.string());
const Id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected an id of letters, digits, - or _'));

export const ShopImage = z.strictObject({
  url: z.string().check(z.minLength(1)),
  classifier: z.enum(['HotDeal', 'Medium', 'Large', 'Small', 'Thumbnail']),
  isZoomEnabled: z._default(z.boolean(), false),
  width: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  height: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  fileSize: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

/** A product's uploaded images as the catalog keeps them (lib/domain/catalog/slideshow.ts). */
const ProductSlideshow = z.strictObject({
  images: z.array(
    z.strictObject({
      name: z.string().check(z.minLength(1)),
      uploadId: z.string().check(z.minLength(1)),
      sizes: z.array(ShopImage),
      objectKeys: z.array(z.string()),
    }),
  ),
  main: z.nullable(z.string()),
});

export const ShopAddress = z.record(z.string(), z.nullable(z.string()));

export const ShopSettings = z.strictObject({
  name: z.string().check(z.minLength(1)),
  defaultLocale: Locale,
  locales: z.array(Locale).check(z.minLength(1)),
  defaultCurrency: CurrencyCode,
  currencies: z.array(CurrencyCode).check(z.minLength(1)),
  /** Base URL of the storefront; checkoutUrl, sfUrl and similar links are made from it. */
  storefrontUrl: z.url(),
  /** The shop's logo (GET /{shopId} `logoUrl`); null = none. */
  logoUrl: z._default(z.nullable(z.url()), null),
  taxModel: z.strictObject({
    /** Prices in the file are GROSS (tax included) or NET. */
    model: z.enum(['GROSS', 'NET']),
    displayTaxes: z.boolean(),
    noTaxesMessage: z._default(z.nullable(LocalizedText), null),
    deliveryThresholdIsActive: z._default(z.boolean(), false),
    countryCode2: z.string().check(z.regex(/^[A-Z]{2}$/)),
  }),
  defaultTaxClassId: Id,
  /**
   * The least line-items subtotal a cart must reach to be ordered, per currency; null = no minimum
   * (also in a currency without an amount).
   */
  minimumCartAmount: z._default(z.nullable(CurrencyAmounts), null),
  address: z._default(ShopAddress, {}),
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
  description: z._default(z.nullable(LocalizedText), null),
  logo: z._default(z.nullable(z.string()), null),
  /** Price per currency; null = the price is set per cart (spec: "price Money, null for some methods"). */
  price: z.nullable(z.record(CurrencyCode, DecimalString)),
  /**
   * The lowest line-items subtotal from which this method is offered, per currency; null = always.
   * Not offered in a currency without an amount.
   */
  minimumSubtotal: z._default(z.nullable(CurrencyAmounts), null),
});

export const ShopCoupon = z.strictObject({
  code: z.string().check(z.minLength(1), z.maxLength(64)),
  name: LocalizedText,
  kind: z.enum(['percent', 'absolute']),
  /** Percent ("10", a plain string) or amounts per currency. */
  value: CurrencyAmounts,
  /** Per currency; a coupon gives nothing in a currency without its amounts (CurrencyNotSupported). */
  minimumSubtotal: z._default(z.nullable(CurrencyAmounts), null),
});

export const ShopBasketDiscount = z.strictObject({
  basketDiscountId: Id,
  name: LocalizedText,
  kind: z.enum(['percent', 'absolute']),
  /** Percent (a plain string) or amounts per currency, as for coupons. */
  value: CurrencyAmounts,
  /** Per currency; the rule does not exist in a currency without its amounts. */
  minimumAmount: CurrencyAmounts,
});

export const ShopAttributeDefinition = z.strictObject({
  key: z.string().check(z.minLength(1), z.maxLength(64)),
  displayKey: LocalizedText,
  type: z.enum(['String', 'Integer', 'Float', 'Boolean', 'Date', 'PreDefString']),
  singleValue: z.boolean(),
  /** Predefined values (for type PreDefString); they become search facets. */
  values: z._default(
    z.array(z.strictObject({ value: z.string().check(z.minLength(1)), displayValue: LocalizedText })),
    [],
  ),
});

export const ShopProductType = z.strictObject({
  productTypeId: Id,
  alias: z.string().check(z.minLength(1)),
  name: LocalizedText,
  /** Keys of attribute definitions that products of this type carry. */
  attributeKeys: z._default(z.array(z.string()), []),
});

export const ShopCategory = z.strictObject({
  categoryId: Id,
  /** null only for the one root category. */
  parentId: z.nullable(Id),
  alias: z.string().check(z.minLength(1), z.maxLength(100)),
  name: LocalizedText,
  pageTitle: z.optional(LocalizedText),
  navigationCaption: z.optional(LocalizedText),
  description: z._default(z.nullable(LocalizedText), null),
  visible: z._default(z.boolean(), true),
  visibleInNavigation: z._default(z.boolean(), true),
  specialOffer: z._default(z.boolean(), false),
  facetedSearchShowFacetsOnCategory: z._default(z.boolean(), true),
  facetedSearchCategoryStartDepth: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  images: z._default(z.array(ShopImage), []),
});

const PriceSet = z.strictObject({
  price: DecimalString,
  manufacturerPrice: z._default(z.nullable(DecimalString), null),
  depositPrice: z._default(z.nullable(DecimalString), null),
  ecoParticipationPrice: z._default(z.nullable(DecimalString), null),
  /** Price per refContentAmount of refUnit, e.g. per litre. */
  basePrice: z._default(z.nullable(DecimalString), null),
});

/** A positive quantity with at most 3 decimals (0.25 kg): minOrder, intervalOrder, bulk tiers. */
const QuantityNumber = z
  .number()
  .check(z.positive(), z.refine(hasQuantityDecimals, `expected at most ${QUANTITY_DECIMALS} decimals`));

/** A stock level: any sign (a relative change may take it below 0), at most 3 decimals (12.75 kg). */
const StockNumber = z.number().check(
  z.refine(hasQuantityDecimals, `expected at most ${QUANTITY_DECIMALS} decimals`),
  z.refine((n) => Math.abs(n) <= 1e9, 'expected at most 1,000,000,000'),
);

const BulkPriceTier = z.strictObject({
  /** From this quantity on, `price` is the unit price (1 kg and more of a product sold by weight). */
  quantity: QuantityNumber,
  price: z.record(CurrencyCode, DecimalString),
});

export const ShopProduct = z.strictObject({
  productId: Id,
  productNumber: z.string().check(z.minLength(1)),
  // Set by the catalog on every write (an export carries it; an import sets its own time).
  writtenAt: z.optional(z.iso.datetime()),
  name: LocalizedText,
  title: z.optional(LocalizedText),
  shortDescription: z._default(z.nullable(LocalizedText), null),
  description: z._default(z.nullable(LocalizedText), null),
  manufacturer: z._default(z.nullable(z.string()), null),
  manufacturerProductNumber: z._default(z.nullable(z.string()), null),
  productCode: z._default(z.nullable(z.string()), null),
  upc: z._default(z.nullable(z.string()), null),
  ean: z._default(z.nullable(z.string()), null),
  visible: z._default(z.boolean(), true),
  forSale: z._default(z.boolean(), true),
  specialOffer: z._default(z.boolean(), false),
  isNew: z._default(z.boolean(), false),
  isProductNumberVisible: z._default(z.boolean(), true),
  isManufacturerPriceRRP: z._default(z.boolean(), false),
  isShippingLinkVisible: z._default(z.boolean(), true),
  customizableTextLength: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  customizableHeadlineText: z._default(z.nullable(LocalizedText), null),
  newnessDate: z.iso.datetime(),
  productTypeId: z._default(z.nullable(Id), null),
  categoryIds: z._default(z.array(Id), []),
  taxClassId: Id,
  /** Prices per currency, in the shop's tax model (settings.taxModel.model). */
  prices: z.record(CurrencyCode, PriceSet),
  bulkPrices: z._default(z.array(BulkPriceTier), []),
  customerSpecificPrices: z._default(
    z.array(
      z.strictObject({
        customerGroupId: Id,
        customerGroup: z.string(),
        tiers: z.array(
          z.strictObject({
            quantity: z.number().check(z.int(), z.minimum(1)),
            price: z.record(CurrencyCode, DecimalString),
          }),
        ),
      }),
    ),
    [],
  ),
  minOrder: z._default(QuantityNumber, 1),
  intervalOrder: z._default(QuantityNumber, 1),
  priceQuantity: z._default(QuantityNumber, 1),
  orderUnit: z._default(z.string(), 'pc.'),
  refUnit: z._default(z.string(), 'pc.'),
  refAmount: z._default(z.number().check(z.nonnegative()), 1),
  refContentAmount: z._default(z.number().check(z.nonnegative()), 1),
  stocklevel: z._default(z.nullable(StockNumber), null),
  minStocklevel: z._default(z.nullable(StockNumber), null),
  stockShards: z._default(
    z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_STOCK_SHARDS))),
    null,
  ),
  availability: z._default(z.nullable(z.enum(['OnStock', 'WarnStock', 'OutStock'])), 'OnStock'),
  availabilityText: z._default(z.nullable(LocalizedText), null),
  deliveryPeriod: z._default(z.nullable(LocalizedText), null),
  essentialFeatures: z._default(z.nullable(LocalizedText), null),
  searchKeywords: z._default(z.array(z.string()), []),
  deliveryWeight: z._default(
    z.nullable(z.strictObject({ amount: z.number().check(z.nonnegative()), unit: z.string() })),
    null,
  ),
  dimensions: z._default(
    z.nullable(
      z.strictObject({
        length: z.nullable(z.number().check(z.nonnegative())),
        width: z.nullable(z.number().check(z.nonnegative())),
        height: z.nullable(z.number().check(z.nonnegative())),
      }),
    ),
    null,
  ),
  images: z._default(z.array(ShopImage), []),
  slideshow: z.optional(ProductSlideshow),
  videos: z._default(z.array(z.strictObject({ type: z.string(), source: z.string() })), []),
  energyLabelsString: z._default(z.nullable(z.string()), null),
  energyLabelsMaxEfficiencyString: z._default(z.nullable(z.string()), null),
  energyLabelSourceFile: z._default(z.nullable(z.string()), null),
  productDataSheet: z._default(z.nullable(z.string()), null),
  /** Custom attribute values by attribute key (a list for multi-value attributes). */
  attributes: z._default(z.record(z.string(), z.union([z.string(), z.array(z.string())])), {}),
  /** For a master: the attributes its variations differ in, e.g. ["Color", "Size"]. */
  variationAttributeKeys: z._default(z.array(z.string()), []),
  /** For a variation: its master's productId; its `attributes` carry the selection. */
  masterId: z._default(z.nullable(Id), null),
  crossSellingTitle: z._default(z.nullable(LocalizedText), null),
  crossSellingProductIds: z._default(z.array(Id), []),
  gpsr: z._default(
    z.nullable(
      z.strictObject({
        responsiblePersonAddress: z._default(z.nullable(ShopAddress), null),
        manufacturerAddress: z._default(z.nullable(ShopAddress), null),
        pictograms: z._default(z.array(z.strictObject({ url: z.string(), description: z.string() })), []),
        safetyStatements: z._default(z.array(z.string()), []),
        relevantDocuments: z._default(z.array(z.strictObject({ url: z.string(), name: z.string() })), []),
        supplemetaryInformation: z._default(z.string(), ''),
      }),
    ),
    null,
  ),
});

export const ShopCustomer = z.strictObject({
  customerId: Id,
  customerNumber: z.string().check(z.minLength(1), z.maxLength(64)),
  creationDate: z.iso.datetime(),
  // Its e-mail address names the customer's e-mail guard item: it must be one (as on the API).
  billingAddress: z.intersection(
    ShopAddress,
    z.object({ emailAddress: z.optional(z.nullable(EmailAddress)) }),
  ),
  internalNote: z._default(z.nullable(z.string()), null),
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

/** A legal page in one locale, as the import file and PUT /legal/{page} carry it (fields "" when unset). */
export const ShopLegalPage = z.strictObject({
  name: z.string(),
  title: z.string(),
  navigationCaption: z.string(),
  shortDescription: z.string(),
  description: z.string(),
});

const LegalPageName = z
  .string()
  .check(z.refine(isLegalPageId, `expected a legal page: ${LEGAL_PAGES.map((p) => p.page).join(', ')}`));

/** A script tag as POST /script-tags stores it. */
export const ShopScriptTag = z.strictObject({
  scriptTagId: z.string().check(z.minLength(1)),
  scriptUrl: z
    .string()
    .check(z.refine((url) => scriptUrlProblem(url) === null, 'expected an absolute https URL')),
  createdOn: z.string(),
  updatedOn: z.string(),
});

export const ShopFile = z.strictObject({
  settings: ShopSettings,
  taxClasses: z.array(ShopTaxClass).check(z.minLength(1)),
  shippingMethods: z._default(z.array(ShopShippingMethod), []),
  coupons: z._default(z.array(ShopCoupon), []),
  basketDiscounts: z._default(z.array(ShopBasketDiscount), []),
  attributeDefinitions: z._default(z.array(ShopAttributeDefinition), []),
  productTypes: z._default(z.array(ShopProductType), []),
  categories: z.array(ShopCategory).check(z.minLength(1)),
  products: z._default(z.array(ShopProduct), []),
  customers: z._default(z.array(ShopCustomer), []),
  /** Contact information per locale; the other legal pages by page, then locale. */
  legal: z.strictObject({
    contactInformation: z.record(Locale, ShopContactInformation),
    pages: z.optional(z.record(LegalPageName, z.record(Locale, ShopLegalPage))),
  }),
  scriptTags: z.optional(z.array(ShopScriptTag).check(z.maxLength(MAX_SCRIPT_TAGS))),
});

// The import file's types are the domain's (lib/domain/catalog/catalog-types.ts); the schemas above parse to
// exactly them, so a field changed on one side only fails `tsc`.
type _Parses = [
  Assert<Equal<z.output<typeof LocalizedText>, domain.LocalizedText>>,
  Assert<Equal<z.output<typeof CurrencyAmounts>, Amounts>>,
  Assert<Equal<z.output<typeof ShopImage>, domain.ShopImage>>,
  Assert<Equal<z.output<typeof ShopAddress>, domain.ShopAddress>>,
  Assert<Equal<z.output<typeof ShopSettings>, domain.ShopSettings>>,
  Assert<Equal<z.output<typeof ShopTaxClass>, domain.ShopTaxClass>>,
  Assert<Equal<z.output<typeof ShopShippingMethod>, domain.ShopShippingMethod>>,
  Assert<Equal<z.output<typeof ShopCoupon>, domain.ShopCoupon>>,
  Assert<Equal<z.output<typeof ShopBasketDiscount>, domain.ShopBasketDiscount>>,
  Assert<Equal<z.output<typeof ShopAttributeDefinition>, domain.ShopAttributeDefinition>>,
  Assert<Equal<z.output<typeof ShopProductType>, domain.ShopProductType>>,
  Assert<Equal<z.output<typeof ShopCategory>, domain.ShopCategory>>,
  Assert<Equal<z.output<typeof PriceSet>, domain.ShopPriceSet>>,
  Assert<Equal<z.output<typeof ShopProduct>, domain.ShopProduct>>,
  Assert<Equal<z.output<typeof ShopCustomer>, domain.ShopCustomer>>,
  Assert<Equal<z.output<typeof ShopContactInformation>, domain.ShopContactInformation>>,
  Assert<Equal<z.output<typeof ShopLegalPage>, domain.ShopLegalPage>>,
  Assert<Equal<z.output<typeof ShopScriptTag>, domain.ShopScriptTag>>,
  Assert<Equal<z.output<typeof ShopFile>, domain.ShopFile>>,
];

export type ShopFile = domain.ShopFile;
export type LocalizedText = domain.LocalizedText;
export type CurrencyAmounts = Amounts;
export type ShopSettings = domain.ShopSettings;
export type ShopTaxClass = domain.ShopTaxClass;
export type ShopShippingMethod = domain.ShopShippingMethod;
export type ShopCoupon = domain.ShopCoupon;
export type ShopBasketDiscount = domain.ShopBasketDiscount;
export type ShopAttributeDefinition = domain.ShopAttributeDefinition;
export type ShopProductType = domain.ShopProductType;
export type ShopCategory = domain.ShopCategory;
export type ShopProduct = domain.ShopProduct;
export type ShopCustomer = domain.ShopCustomer;
export type ShopContactInformation = domain.ShopContactInformation;
