import type { CurrencyAmounts } from '../money/currency-amounts';

/**
 * The records of a shop's catalog, as the domain and the data layer hold them: settings, tax
 * classes, shipping, coupons and basket discounts, attributes, product types, categories,
 * products, customers and legal texts. The import file (lib/schemas/shop-file.ts) validates into
 * exactly these types (checked when compiling), with every default filled in; the catalog
 * partition stores them as they are. Locales are written like en_GB, currencies like EUR;
 * amounts are exact decimal strings ("12.99"), never floats. `null` means "not set".
 */

/** Text per locale (`{"en_GB": "Shirt", "de_DE": "Hemd"}`); the shop's default locale is present. */
export type LocalizedText = Record<string, string>;

/** A decimal amount (a price) per currency: `{"EUR": "12.99"}`. */
export type CurrencyPrices = Record<string, string>;

/** An address as the shop file writes it: the spec's Address fields, each a string or null. */
export type ShopAddress = Record<string, string | null>;

/** An image of a product or category. */
export interface ShopImage {
  url: string;
  classifier: 'HotDeal' | 'Medium' | 'Large' | 'Small' | 'Thumbnail';
  isZoomEnabled: boolean;
  width: number;
  height: number;
  fileSize: number;
}

/** One uploaded slideshow image (docs/catalog.md "Images (slideshow)"). */
export interface SlideshowImage {
  /** The uploaded file's name, unique within the product. */
  name: string;
  /** Part of every object key and URL: an image uploaded again under its name gets new URLs. */
  uploadId: string;
  /** The five sizes, smallest first, with their public URLs. */
  sizes: ShopImage[];
  /** The media bucket keys of the original and the sizes (lib/data/images/media-objects.ts). */
  objectKeys: string[];
}

/** A product's uploaded images: `images` in display order, `main` the one its views show. */
export interface ProductSlideshow {
  images: SlideshowImage[];
  main: string | null;
}

/** The shop's settings (GET /{shopId}, pricing, locales). */
export interface ShopSettings {
  name: string;
  defaultLocale: string;
  locales: string[];
  defaultCurrency: string;
  currencies: string[];
  /** Base URL of the storefront; checkoutUrl, sfUrl and similar links are made from it. */
  storefrontUrl: string;
  logoUrl: string | null;
  taxModel: {
    /** Prices in the catalog are GROSS (tax included) or NET. */
    model: 'GROSS' | 'NET';
    displayTaxes: boolean;
    noTaxesMessage: LocalizedText | null;
    deliveryThresholdIsActive: boolean;
    countryCode2: string;
  };
  defaultTaxClassId: string;
  /** The least line-items subtotal a cart must reach to be ordered; null = no minimum. */
  minimumCartAmount: CurrencyAmounts | null;
  address: ShopAddress;
}

export interface ShopTaxClass {
  taxClassId: string;
  name: LocalizedText;
  /** Rate in percent as a decimal string ("19", "7.7"). */
  percentage: string;
}

export interface ShopShippingMethod {
  shippingMethodId: string;
  name: LocalizedText;
  description: LocalizedText | null;
  logo: string | null;
  /** null = the price is set per cart. */
  price: CurrencyPrices | null;
  /** The lowest line-items subtotal from which the method is offered; null = always. */
  minimumSubtotal: CurrencyAmounts | null;
}

export interface ShopCoupon {
  code: string;
  name: LocalizedText;
  kind: 'percent' | 'absolute';
  /** Percent ("10") or amounts per currency. */
  value: CurrencyAmounts;
  minimumSubtotal: CurrencyAmounts | null;
}

export interface ShopBasketDiscount {
  basketDiscountId: string;
  name: LocalizedText;
  kind: 'percent' | 'absolute';
  value: CurrencyAmounts;
  minimumAmount: CurrencyAmounts;
}

export interface ShopAttributeDefinition {
  key: string;
  displayKey: LocalizedText;
  type: 'String' | 'Integer' | 'Float' | 'Boolean' | 'Date' | 'PreDefString';
  singleValue: boolean;
  /** Predefined values (type PreDefString); they become search facets. */
  values: { value: string; displayValue: LocalizedText }[];
}

export interface ShopProductType {
  productTypeId: string;
  alias: string;
  name: LocalizedText;
  /** Keys of the attribute definitions that products of this type carry. */
  attributeKeys: string[];
}

export interface ShopCategory {
  categoryId: string;
  /** null only for the one root category. */
  parentId: string | null;
  alias: string;
  name: LocalizedText;
  pageTitle?: LocalizedText;
  navigationCaption?: LocalizedText;
  description: LocalizedText | null;
  visible: boolean;
  visibleInNavigation: boolean;
  specialOffer: boolean;
  facetedSearchShowFacetsOnCategory: boolean;
  facetedSearchCategoryStartDepth: number;
  images: ShopImage[];
}

/** A product's prices in one currency, in the shop's tax model (settings.taxModel.model). */
export interface ShopPriceSet {
  price: string;
  manufacturerPrice: string | null;
  depositPrice: string | null;
  ecoParticipationPrice: string | null;
  /** Price per refContentAmount of refUnit, e.g. per litre. */
  basePrice: string | null;
}

export interface ShopProduct {
  productId: string;
  productNumber: string;
  /**
   * When the catalog last wrote the product (ISO 8601): set by every catalog write of it and by an
   * import, for GET /products/updated/attributes; never rendered. Absent on products written before.
   */
  writtenAt?: string;
  name: LocalizedText;
  title?: LocalizedText;
  shortDescription: LocalizedText | null;
  description: LocalizedText | null;
  manufacturer: string | null;
  manufacturerProductNumber: string | null;
  productCode: string | null;
  upc: string | null;
  ean: string | null;
  visible: boolean;
  forSale: boolean;
  specialOffer: boolean;
  isNew: boolean;
  isProductNumberVisible: boolean;
  isManufacturerPriceRRP: boolean;
  isShippingLinkVisible: boolean;
  customizableTextLength: number;
  customizableHeadlineText: LocalizedText | null;
  /** An ISO 8601 date-time. */
  newnessDate: string;
  productTypeId: string | null;
  categoryIds: string[];
  taxClassId: string;
  prices: Record<string, ShopPriceSet>;
  /** From `quantity` on (1 kg and more of a product sold by weight), `price` is the unit price. */
  bulkPrices: { quantity: number; price: CurrencyPrices }[];
  customerSpecificPrices: {
    customerGroupId: string;
    customerGroup: string;
    tiers: { quantity: number; price: CurrencyPrices }[];
  }[];
  /** Quantities may have up to 3 decimals (0.25 kg). */
  minOrder: number;
  intervalOrder: number;
  priceQuantity: number;
  orderUnit: string;
  refUnit: string;
  refAmount: number;
  refContentAmount: number;
  /** Stock at import (live stock is in its shards: lib/data/inventory); null = not tracked. */
  stocklevel: number | null;
  minStocklevel: number | null;
  /**
   * How many items a tracked product's stock is spread over (a hot product wants more:
   * docs/inventory.md); null in a shop file = chosen from the stock level at import.
   */
  stockShards: number | null;
  availability: 'OnStock' | 'WarnStock' | 'OutStock' | null;
  availabilityText: LocalizedText | null;
  deliveryPeriod: LocalizedText | null;
  essentialFeatures: LocalizedText | null;
  searchKeywords: string[];
  deliveryWeight: { amount: number; unit: string } | null;
  /** In mm; a dimension not given is null. */
  dimensions: { length: number | null; width: number | null; height: number | null } | null;
  images: ShopImage[];
  /** Uploaded images (absent until the first upload); when present, it decides `images` and `productImage`. */
  slideshow?: ProductSlideshow;
  videos: { type: string; source: string }[];
  energyLabelsString: string | null;
  energyLabelsMaxEfficiencyString: string | null;
  energyLabelSourceFile: string | null;
  productDataSheet: string | null;
  /** Custom attribute values by attribute key (a list for multi-value attributes). */
  attributes: Record<string, string | string[]>;
  /** For a master: the attributes its variations differ in, e.g. ["Color", "Size"]. */
  variationAttributeKeys: string[];
  /** For a variation: its master's productId; its `attributes` carry the selection. */
  masterId: string | null;
  crossSellingTitle: LocalizedText | null;
  crossSellingProductIds: string[];
  /** EU General Product Safety Regulation information. */
  gpsr: {
    responsiblePersonAddress: ShopAddress | null;
    manufacturerAddress: ShopAddress | null;
    pictograms: { url: string; description: string }[];
    safetyStatements: string[];
    relevantDocuments: { url: string; name: string }[];
    supplemetaryInformation: string;
  } | null;
}

export interface ShopCustomer {
  customerId: string;
  customerNumber: string;
  creationDate: string;
  billingAddress: ShopAddress & { emailAddress?: string | null };
  internalNote: string | null;
}

/** The shop's contact information in one locale (GET /legal/contact-information). */
export interface ShopContactInformation {
  name: string;
  title: string;
  navigationCaption: string;
  shortDescription: string;
  description: string;
  company: string;
  contactPerson: string;
  contactPersonJobTitle: string;
  address: string;
  phone: string;
  email: string;
}

/** One legal page in one locale (GET /legal/{page}): every field a string, "" when unset. */
export interface ShopLegalPage {
  name: string;
  title: string;
  navigationCaption: string;
  shortDescription: string;
  description: string;
}

/** A script a storefront loads on every page (docs/catalog.md "Script tags"). */
export interface ShopScriptTag {
  scriptTagId: string;
  scriptUrl: string;
  createdOn: string;
  updatedOn: string;
}

/** A whole shop, as one import file carries it and the catalog partition stores it. */
export interface ShopFile {
  settings: ShopSettings;
  taxClasses: ShopTaxClass[];
  shippingMethods: ShopShippingMethod[];
  coupons: ShopCoupon[];
  basketDiscounts: ShopBasketDiscount[];
  attributeDefinitions: ShopAttributeDefinition[];
  productTypes: ShopProductType[];
  categories: ShopCategory[];
  products: ShopProduct[];
  customers: ShopCustomer[];
  /**
   * Contact information per locale; the other legal pages (privacy-policy, ...: lib/domain/legal)
   * by page, then locale.
   */
  legal: {
    contactInformation: Record<string, ShopContactInformation>;
    pages?: Record<string, Record<string, ShopLegalPage>>;
  };
  /** Script tags (at most 20), as POST /script-tags adds them. */
  scriptTags?: ShopScriptTag[];
}
