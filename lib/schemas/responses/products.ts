import * as z from '../zod';
import { BulkPrice } from './carts';
import { Image, Link, Links, Money, pageOf, Quantity, TaxClass, Timestamp, Weight } from './common';

/** Response schemas of products (docs/catalog.md "Catalog: products and search": product, search result, variations, custom attributes, cross-selling). */

const PriceInfo = z
  .strictObject({
    quantity: Quantity,
    taxClass: z.nullable(TaxClass),
    price: z.nullable(Money),
    depositPrice: z.nullable(Money),
    ecoParticipationPrice: z.nullable(Money),
    priceWithDeposits: z.nullable(Money),
    manufacturerPrice: z.nullable(Money),
    basePrice: z.nullable(Money),
    lowestPrice: z.nullable(Money),
    highestPrice: z.nullable(Money),
    lowestRefPriceFormatted: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'PriceInfo' });

const text = () => z.nullable(z.string());
const GpsrAddress = z.nullable(z.record(z.string(), z.nullable(z.string())));

export const VariationSelection = z.array(
  z.strictObject({ name: z.string(), displayName: z.string(), value: z.string(), displayValue: z.string() }),
);

const VariationType = z.enum(['regular', 'master', 'variation']);
const Availability = z.nullable(z.enum(['OnStock', 'WarnStock', 'OutStock']));

export const Product = z
  .strictObject({
    productId: z.string(),
    name: text(),
    title: text(),
    manufacturerProductNumber: text(),
    productNumber: text(),
    productImage: text(),
    sfUrl: z.url(),
    manufacturer: text(),
    productCode: text(),
    upc: text(),
    ean: text(),
    visible: z.boolean(),
    forSale: z.boolean(),
    specialOffer: z.boolean(),
    isProductNumberVisible: z.boolean(),
    isNew: z.boolean(),
    isManufacturerPriceRRP: z.boolean(),
    isShippingLinkVisible: z.boolean(),
    isCustomizable: z.boolean(),
    isInWishlist: z.boolean(),
    productVariationType: VariationType,
    productVariationMasterName: text(),
    productVariationMasterId: text(),
    productVariationSelection: z.nullable(VariationSelection),
    productLength: z.nullable(z.number()),
    productWidth: z.nullable(z.number()),
    productHeight: z.nullable(z.number()),
    shortDescription: text(),
    description: text(),
    deliveryPeriod: text(),
    availabilityText: text(),
    essentialFeatures: text(),
    customizableHeadlineText: text(),
    availability: Availability,
    energyLabelsString: text(),
    energyLabelsMaxEfficiencyString: text(),
    energyLabelSourceFile: text(),
    productDataSheet: text(),
    customizableTextLength: z.int().check(z.nonnegative()),
    refAmount: z.number(),
    refContentAmount: z.number(),
    priceQuantity: z.number(),
    minOrder: z.number(),
    intervalOrder: z.number(),
    refUnit: z.string(),
    orderUnit: z.string(),
    newnessDate: Timestamp,
    stocklevel: z.nullable(z.number()),
    minStocklevel: z.nullable(z.number()),
    searchKeywords: z.array(z.string()),
    deliveryWeight: Weight,
    shippingMethodsRestrictedTo: z.null(),
    images: z.array(Image),
    videos: z.array(z.strictObject({ type: z.string(), source: z.string() })),
    priceInfo: PriceInfo,
    bulkPriceInfo: z.array(BulkPrice),
    customerSpecificPriceInfo: z.array(
      z.strictObject({
        customerGroup: z.string(),
        customerGroupId: z.string(),
        priceInfo: z.array(BulkPrice),
      }),
    ),
    gpsrInfo: z.strictObject({
      responsiblePersonAddress: GpsrAddress,
      manufacturerAddress: GpsrAddress,
      pictograms: z.array(z.strictObject({ url: z.string(), description: z.string() })),
      safetyStatements: z.array(z.string()),
      relevantDocuments: z.array(z.strictObject({ url: z.string(), name: z.string() })),
      supplemetaryInformation: z.string(),
    }),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'Product' });

export const ProductList = pageOf(Product).register(z.globalRegistry, { id: 'ProductList' });

/** GET /products/updated/{property}: each product with the time of its latest change of that kind. */
export const UpdatedProductList = pageOf(z.strictObject({ item: Product, lastUpdated: Timestamp })).register(
  z.globalRegistry,
  { id: 'UpdatedProductList' },
);

const Range = z.strictObject({ min: z.optional(z.number()), max: z.optional(z.number()) });

export const Facet = z
  .strictObject({
    attributeName: z.string(),
    attributeType: z.enum(['Standard', 'PreDefString']),
    values: z.array(
      z.strictObject({
        matches: z.int().check(z.minimum(-1)),
        name: z.string(),
        filter: z.strictObject({
          fieldName: z.string(),
          attributeValue: z.optional(z.string()),
          attributeRange: z.optional(z.strictObject({ min: z.number(), max: z.number() })),
        }),
        selectedValue: z.optional(z.string()),
        selectedRange: z.optional(Range),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'Facet' });

export const ProductSearchResult = z
  .strictObject({
    ...pageOf(Product).shape,
    query: z.string(),
    fallbackQuery: z.string(),
    facets: z.array(Facet),
  })
  .register(z.globalRegistry, { id: 'ProductSearchResult' });

export const VariationList = z
  .strictObject({
    variationAttributes: z.array(
      z.strictObject({
        name: z.string(),
        displayName: z.string(),
        values: z.array(z.strictObject({ value: z.string(), displayValue: z.string() })),
      }),
    ),
    items: z.array(
      z.strictObject({
        link: z.strictObject({ rel: z.literal('variation'), href: z.url() }),
        attributeSelection: VariationSelection,
      }),
    ),
    results: z.int(),
    resultsPerPage: z.int(),
    page: z.int(),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'VariationList' });

export const CustomAttributes = z
  .strictObject({
    items: z.array(
      z.strictObject({
        key: z.string(),
        displayKey: z.string(),
        singleValue: z.boolean(),
        type: z.enum(['String', 'Integer', 'Float', 'Boolean', 'Date', 'PreDefString']),
        values: z.array(z.strictObject({ displayValue: z.string(), value: z.nullable(z.string()) })),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'CustomAttributes' });

/** Cross-selling: a reduced Product field set (docs/catalog.md "Product detail, variations, cross-selling"). */
const CrossSellingProduct = z.extend(
  z.pick(Product, {
    productId: true,
    name: true,
    title: true,
    productNumber: true,
    productImage: true,
    sfUrl: true,
    manufacturer: true,
    visible: true,
    forSale: true,
    specialOffer: true,
    isNew: true,
    productVariationType: true,
    shortDescription: true,
    availability: true,
    availabilityText: true,
    deliveryPeriod: true,
    images: true,
    priceInfo: true,
    links: true,
  }),
  {
    searchKeywords: z.nullable(z.array(z.string())),
    shippingMethodsRestrictedTo: z.null(),
  },
);

/** GET /search/product-suggest: products for a search box. */
export const ProductSuggestions = z
  .strictObject({
    products: z.array(
      z.strictObject({ name: z.string(), productNumber: z.string(), images: z.array(Image), link: Link }),
    ),
  })
  .register(z.globalRegistry, { id: 'ProductSuggestions' });

/** GET /products/{p}/lowest-price: the price and the variation that has it (rel `product`). */
export const LowestPrice = z
  .strictObject({ priceInfo: z.strictObject({ quantity: Quantity, price: Money }), links: Links })
  .register(z.globalRegistry, { id: 'LowestPrice' });

export const CrossSelling = z
  .strictObject({
    manualCrossSellingTitle: z.string(),
    embedded: pageOf(CrossSellingProduct),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'CrossSelling' });
