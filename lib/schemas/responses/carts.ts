import * as z from '../zod';
import { Address, Image, Links, Money, Percent, Quantity, TaxClass, Timestamp, Weight } from './common';

/** Response schemas of carts (docs/carts-and-orders.md: Cart, LineItemContainer, ProductLineItem, BulkPrice). */

export const BulkPrice = z
  .strictObject({
    quantity: Quantity,
    price: Money,
    basePrice: z.nullable(Money),
    priceSavings: z.strictObject({ percent: Percent, regularBulkPrice: z.nullable(Money) }),
  })
  .register(z.globalRegistry, { id: 'BulkPrice' });

const productLineItemFields = {
  lineItemId: z.string(),
  sku: z.string(),
  name: z.string(),
  productId: z.string(),
  quantity: Quantity,
  lineItemPrice: Money,
  singleItemPrice: Money,
  lineItemCouponDiscount: z.nullable(Money),
  images: z.array(Image),
  additionalInformation: z.strictObject({ bulkPriceInfo: z.array(BulkPrice) }),
  links: Links,
  variationString: z.nullable(z.string()),
  essentialFeatures: z.nullable(z.string()),
  taxClass: TaxClass,
  deliveryWeight: z.nullable(Weight),
  energyLabelsString: z.nullable(z.string()),
  energyLabelsMaxEfficiencyString: z.nullable(z.string()),
  energyLabelSourceFile: z.nullable(z.string()),
  productDataSheetSourceFile: z.nullable(z.string()),
};

export const ProductLineItem = z
  .strictObject(productLineItemFields)
  .register(z.globalRegistry, { id: 'ProductLineItem' });

/** spec: in the cart list a line also carries these. */
export const CartListProductLineItem = z
  .strictObject({
    ...productLineItemFields,
    intervalOrder: z.string(),
    minOrder: z.string(),
    orderUnitShort: z.string(),
    orderUnit: z.string(),
    priceQuantity: z.string(),
    quantityPrice: Money,
    isInWishlist: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'CartListProductLineItem' });

const lineItemContainerOf = <T extends z.core.$ZodType>(line: T) =>
  z.strictObject({
    grandTotal: Money,
    totalBeforeTax: Money,
    totalTax: Money,
    lineItemsSubTotal: Money,
    productLineItems: z.array(line),
    couponLineItem: z.nullable(
      z.strictObject({
        couponLineItemId: z.string(),
        code: z.string(),
        lineItemPrice: Money,
        validationErrors: z.array(
          z.enum([
            'LineItemsSubTotalTooSmall',
            'CouponNotFound',
            'CurrencyNotSupported',
            'CouponNotYetValid',
            'CouponExpired',
          ]),
        ),
      }),
    ),
    shippingPrice: Money,
    deposits: z.array(z.unknown()),
    ecoParticipations: z.array(z.unknown()),
    shippingOptions: z.array(z.unknown()),
    basketDiscount: z.strictObject({
      name: z.optional(z.string()),
      lineItemPrice: z.optional(Money),
      links: Links,
    }),
  });

export const LineItemContainer = lineItemContainerOf(ProductLineItem).register(z.globalRegistry, {
  id: 'LineItemContainer',
});

export const ShippingData = z
  .strictObject({
    shippingMethod: z.nullable(z.strictObject({ id: z.string(), name: z.string() })),
    price: Money,
    taxes: z.array(z.strictObject({ taxClass: TaxClass, price: Money })),
  })
  .register(z.globalRegistry, { id: 'ShippingData' });

export const PaymentData = z
  .strictObject({
    paymentMethod: z.nullable(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        providerName: z.string(),
        additionalData: z.nullable(z.record(z.string(), z.string())),
      }),
    ),
    transactionId: z.nullable(z.string()),
    price: Money,
    status: z.nullable(z.string()),
    taxes: z.nullable(z.array(z.unknown())),
  })
  .register(z.globalRegistry, { id: 'PaymentData' });

const cartFields = {
  cartId: z.string(),
  locale: z.string(),
  currencyId: z.string(),
  billingAddress: z.nullable(Address),
  shippingAddress: z.nullable(Address),
  lineItemContainer: LineItemContainer,
  shippingData: ShippingData,
  paymentData: PaymentData,
  minimumCart: z.strictObject({
    status: z.boolean(),
    code: z.enum(['MinimumCartValueReached', 'MinimumCartValueNotReached']),
    amount: z.nullable(Money),
  }),
  pickupToken: z.string(),
  creationDate: Timestamp,
  checkoutUrl: z.url(),
  registerSessionUrl: z.url(),
  cartValidation: z.strictObject({ possibleShippingMethods: z.array(z.string()) }),
  potentialBasketDiscounts: z.array(
    z.strictObject({ absolute: z.nullable(Money), minimumAmount: Money, percent: z.nullable(Percent) }),
  ),
  /** POST /carts and POST multi-line-items say whether every line item was taken. */
  status: z.optional(z.enum(['Complete', 'PartiallyComplete'])),
  links: Links,
};

export const Cart = z.strictObject(cartFields).register(z.globalRegistry, { id: 'Cart' });

/** GET /carts: cursor-paged carts whose lines carry the list fields. */
export const CartList = z
  .strictObject({
    results: z.int(),
    page: z.int(),
    resultsPerPage: z.int(),
    items: z.array(
      z.strictObject({
        ...cartFields,
        lineItemContainer: lineItemContainerOf(CartListProductLineItem),
      }),
    ),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'CartList' });
