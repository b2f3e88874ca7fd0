/**
 * THE route table: the single source for every handler, the local server, the CDK stack, the tests
 * and the endpoint table of docs/endpoints.md. Adding an endpoint = one exported row here (and its
 * name in `routes`), one file under functions/, one sample event under events/.
 */

/** OAuth scopes of the API (docs/api-rules.md "Authentication and scopes"). */
export const SCOPES = [
  'carts_read',
  'carts_price_write',
  'orders_read',
  'orders_write',
  'products_read',
  'products_write',
  'customers_read',
  'customers_write',
  'legal_write',
  'scripttags_read',
  'scripttags_write',
  'newsletters_read',
  'newsletters_write',
  'coupons_read',
  'coupons_write',
  'webhooks_read',
  'webhooks_write',
  'products_read_batch',
] as const;
export type Scope = (typeof SCOPES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route accepts as a request body (docs/api-rules.md "Transport"):
 * none = any body is ignored; json; form = JSON or application/x-www-form-urlencoded;
 * patch = application/json or application/json-patch+json; multipart = multipart/form-data
 * uploads of up to 4 MB (lib/http/middleware/body-parsing.ts MAX_UPLOAD_BYTES).
 */
export type BodyKind = 'none' | 'json' | 'form' | 'patch' | 'multipart';

export interface Route {
  /** camelCase operation name; also the Lambda function's logical name. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path template with {param} placeholders, relative to the API root. */
  readonly path: string;
  /** Required scope; null = any valid token of the shop. */
  readonly scope: Scope | null;
  /**
   * Whether the route needs the cart token and loads the cart (docs/api-rules.md "Cart token and cart
   * states").
   */
  readonly cartToken: boolean;
  readonly body: BodyKind;
  /**
   * Whether a route with a body may be called without one (absent, empty or blank): the schema's
   * defaults apply. Otherwise a missing body is 400 (docs/decisions.md "Empty bodies").
   */
  readonly emptyBodyAllowed?: boolean;
  /**
   * Whether the answer comes from the shop's catalog alone (handlers use answerFromCatalog): the
   * catalog version read starts right after authentication, and the checks and the answer overlap it.
   */
  readonly catalogRead?: boolean;
  /** Whether the answer shows products' live stock: its read refreshes the stock when due first. */
  readonly liveStock?: boolean;
  /** Whether the route writes to the table (read-only routes get read-only grants). */
  readonly writes: boolean;
  /**
   * How an Idempotency-Key header makes a retry safe (beyond the spec): `stored`, the first 2xx
   * answer is kept (sealed) and replayed for 24 hours; `ordered-cart` (the checkout), the cart it
   * orders keeps the key's hash and a retry with that key answers the cart's order, not 410
   * (lib/http/middleware/idempotency.ts).
   */
  readonly idempotent?: 'stored' | 'ordered-cart';
  /** Whether the handler signs or checks newsletter tokens (reads the newsletter secret). */
  readonly newsletterTokens?: boolean;
  /** Handler module, relative to the repository root; exports `handler`. */
  readonly handler: string;
}

export const createCart = {
  name: 'createCart',
  method: 'POST',
  path: '/{shopId}/carts',
  scope: null,
  cartToken: false,
  body: 'json',
  emptyBodyAllowed: true,
  writes: true,
  idempotent: 'stored',
  handler: 'functions/carts/create-cart.ts',
} as const satisfies Route;

export const getCart = {
  name: 'getCart',
  method: 'GET',
  path: '/{shopId}/carts/{cartId}',
  scope: null,
  cartToken: true,
  body: 'none',
  writes: false,
  handler: 'functions/carts/get-cart.ts',
} as const satisfies Route;

export const addLineItem = {
  name: 'addLineItem',
  method: 'POST',
  path: '/{shopId}/carts/{cartId}/line-items',
  scope: null,
  cartToken: true,
  body: 'json',
  writes: true,
  handler: 'functions/carts/add-line-item.ts',
} as const satisfies Route;

// --- carts and checkout ---
export const listCarts = {
  name: 'listCarts',
  method: 'GET',
  path: '/{shopId}/carts',
  scope: 'carts_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/carts/list-carts.ts',
} as const satisfies Route;

export const updateLineItem = {
  name: 'updateLineItem',
  method: 'PUT',
  path: '/{shopId}/carts/{cartId}/line-items/{lineItemId}',
  scope: null,
  cartToken: true,
  body: 'json',
  writes: true,
  handler: 'functions/carts/update-line-item.ts',
} as const satisfies Route;

export const deleteLineItem = {
  name: 'deleteLineItem',
  method: 'DELETE',
  path: '/{shopId}/carts/{cartId}/line-items/{lineItemId}',
  scope: null,
  cartToken: true,
  body: 'none',
  writes: true,
  handler: 'functions/carts/delete-line-item.ts',
} as const satisfies Route;

export const addMultiLineItems = {
  name: 'addMultiLineItems',
  method: 'POST',
  path: '/{shopId}/carts/{cartId}/multi-line-items',
  scope: null,
  cartToken: true,
  body: 'json',
  writes: true,
  handler: 'functions/carts/add-multi-line-items.ts',
} as const satisfies Route;

export const addCoupon = {
  name: 'addCoupon',
  method: 'POST',
  path: '/{shopId}/carts/{cartId}/coupon',
  scope: null,
  cartToken: true,
  body: 'form',
  writes: true,
  handler: 'functions/carts/add-coupon.ts',
} as const satisfies Route;

export const removeCoupon = {
  name: 'removeCoupon',
  method: 'DELETE',
  path: '/{shopId}/carts/{cartId}/coupon/{couponLineItemId}',
  scope: null,
  cartToken: true,
  body: 'none',
  writes: true,
  handler: 'functions/carts/remove-coupon.ts',
} as const satisfies Route;

export const putBillingAddress = {
  name: 'putBillingAddress',
  method: 'PUT',
  path: '/{shopId}/carts/{cartId}/billing-address',
  scope: null,
  cartToken: true,
  body: 'json',
  writes: true,
  handler: 'functions/carts/put-billing-address.ts',
} as const satisfies Route;

export const deleteBillingAddress = {
  name: 'deleteBillingAddress',
  method: 'DELETE',
  path: '/{shopId}/carts/{cartId}/billing-address',
  scope: null,
  cartToken: true,
  body: 'none',
  writes: true,
  handler: 'functions/carts/delete-billing-address.ts',
} as const satisfies Route;

export const putShippingAddress = {
  name: 'putShippingAddress',
  method: 'PUT',
  path: '/{shopId}/carts/{cartId}/shipping-address',
  scope: null,
  cartToken: true,
  body: 'json',
  writes: true,
  handler: 'functions/carts/put-shipping-address.ts',
} as const satisfies Route;

export const deleteShippingAddress = {
  name: 'deleteShippingAddress',
  method: 'DELETE',
  path: '/{shopId}/carts/{cartId}/shipping-address',
  scope: null,
  cartToken: true,
  body: 'none',
  writes: true,
  handler: 'functions/carts/delete-shipping-address.ts',
} as const satisfies Route;

export const putShippingData = {
  name: 'putShippingData',
  method: 'PUT',
  path: '/{shopId}/carts/{cartId}/shipping-data',
  scope: 'carts_price_write',
  cartToken: true,
  body: 'json',
  writes: true,
  handler: 'functions/carts/put-shipping-data.ts',
} as const satisfies Route;

export const putPaymentData = {
  name: 'putPaymentData',
  method: 'PUT',
  path: '/{shopId}/carts/{cartId}/payment-data',
  scope: 'carts_price_write',
  cartToken: true,
  body: 'json',
  writes: true,
  handler: 'functions/carts/put-payment-data.ts',
} as const satisfies Route;

export const putProductPrice = {
  name: 'putProductPrice',
  method: 'PUT',
  path: '/{shopId}/carts/{cartId}/line-items/{lineItemId}/product-price',
  scope: 'carts_price_write',
  cartToken: true,
  body: 'json',
  writes: true,
  handler: 'functions/carts/put-product-price.ts',
} as const satisfies Route;

export const createOrder = {
  name: 'createOrder',
  method: 'POST',
  path: '/{shopId}/carts/{cartId}/order',
  scope: 'orders_write',
  cartToken: true,
  body: 'none',
  writes: true,
  idempotent: 'ordered-cart',
  handler: 'functions/orders/create-order.ts',
} as const satisfies Route;

export const listOrders = {
  name: 'listOrders',
  method: 'GET',
  path: '/{shopId}/orders',
  scope: 'orders_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/orders/list-orders.ts',
} as const satisfies Route;

export const getOrder = {
  name: 'getOrder',
  method: 'GET',
  path: '/{shopId}/orders/{orderId}',
  scope: 'orders_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/orders/get-order.ts',
} as const satisfies Route;

export const patchOrder = {
  name: 'patchOrder',
  method: 'PATCH',
  path: '/{shopId}/orders/{orderId}',
  scope: 'orders_write',
  cartToken: false,
  body: 'patch',
  writes: true,
  handler: 'functions/orders/patch-order.ts',
} as const satisfies Route;

export const createDocument = {
  name: 'createDocument',
  method: 'POST',
  path: '/{shopId}/orders/{orderId}/documents',
  scope: 'orders_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/orders/create-document.ts',
} as const satisfies Route;

export const listDocuments = {
  name: 'listDocuments',
  method: 'GET',
  path: '/{shopId}/orders/{orderId}/documents',
  scope: 'orders_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/orders/list-documents.ts',
} as const satisfies Route;

export const getSales = {
  name: 'getSales',
  method: 'GET',
  path: '/{shopId}/sales',
  scope: 'orders_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/orders/get-sales.ts',
} as const satisfies Route;

export const listProducts = {
  name: 'listProducts',
  method: 'GET',
  path: '/{shopId}/products',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  liveStock: true,
  handler: 'functions/products/list-products.ts',
} as const satisfies Route;

export const listShippingMethods = {
  name: 'listShippingMethods',
  method: 'GET',
  path: '/{shopId}/shipping-methods',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/shipping/list-shipping-methods.ts',
} as const satisfies Route;

export const getShippingMethod = {
  name: 'getShippingMethod',
  method: 'GET',
  path: '/{shopId}/shipping-methods/{shippingMethodId}',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/shipping/get-shipping-method.ts',
} as const satisfies Route;

// --- catalog: categories, assignments, product types, tax, customers, legal ---
export const listCategories = {
  name: 'listCategories',
  method: 'GET',
  path: '/{shopId}/categories',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/categories/list-categories.ts',
} as const satisfies Route;

export const getCategory = {
  name: 'getCategory',
  method: 'GET',
  path: '/{shopId}/categories/{categoryId}',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/categories/get-category.ts',
} as const satisfies Route;

export const createCategory = {
  name: 'createCategory',
  method: 'POST',
  path: '/{shopId}/categories/{categoryId}',
  scope: 'products_write',
  cartToken: false,
  body: 'json',
  emptyBodyAllowed: true,
  writes: true,
  handler: 'functions/categories/create-category.ts',
} as const satisfies Route;

export const updateCategory = {
  name: 'updateCategory',
  method: 'PUT',
  path: '/{shopId}/categories/{categoryId}',
  scope: 'products_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/categories/update-category.ts',
} as const satisfies Route;

export const deleteCategory = {
  name: 'deleteCategory',
  method: 'DELETE',
  path: '/{shopId}/categories/{categoryId}',
  scope: 'products_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/categories/delete-category.ts',
} as const satisfies Route;

export const getCategorySequence = {
  name: 'getCategorySequence',
  method: 'GET',
  path: '/{shopId}/categories/{categoryId}/sequence',
  scope: 'products_write',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/categories/get-category-sequence.ts',
} as const satisfies Route;

export const updateCategorySequence = {
  name: 'updateCategorySequence',
  method: 'PUT',
  path: '/{shopId}/categories/{categoryId}/sequence',
  scope: 'products_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/categories/update-category-sequence.ts',
} as const satisfies Route;

export const createProductCategoryAssignments = {
  name: 'createProductCategoryAssignments',
  method: 'POST',
  path: '/{shopId}/product-category-assignments',
  scope: 'products_write',
  cartToken: false,
  body: 'form',
  writes: true,
  handler: 'functions/assignments/create-assignments.ts',
} as const satisfies Route;

export const deleteProductCategoryAssignments = {
  name: 'deleteProductCategoryAssignments',
  method: 'DELETE',
  path: '/{shopId}/product-category-assignments',
  scope: 'products_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/assignments/delete-assignments.ts',
} as const satisfies Route;

export const getProductType = {
  name: 'getProductType',
  method: 'GET',
  path: '/{shopId}/producttypes/{productTypeId}',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/product-types/get-product-type.ts',
} as const satisfies Route;

export const listTaxClasses = {
  name: 'listTaxClasses',
  method: 'GET',
  path: '/{shopId}/tax-classes',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/tax/list-tax-classes.ts',
} as const satisfies Route;

export const getTaxClass = {
  name: 'getTaxClass',
  method: 'GET',
  path: '/{shopId}/tax-classes/{taxClassId}',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/tax/get-tax-class.ts',
} as const satisfies Route;

export const getTaxModel = {
  name: 'getTaxModel',
  method: 'GET',
  path: '/{shopId}/tax-model',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/tax/get-tax-model.ts',
} as const satisfies Route;

export const listCustomers = {
  name: 'listCustomers',
  method: 'GET',
  path: '/{shopId}/customers',
  scope: 'customers_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/customers/list-customers.ts',
} as const satisfies Route;

export const createCustomer = {
  name: 'createCustomer',
  method: 'POST',
  path: '/{shopId}/customers',
  scope: 'customers_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/customers/create-customer.ts',
} as const satisfies Route;

export const getCustomer = {
  name: 'getCustomer',
  method: 'GET',
  path: '/{shopId}/customers/{customerId}',
  scope: 'customers_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/customers/get-customer.ts',
} as const satisfies Route;

export const patchCustomer = {
  name: 'patchCustomer',
  method: 'PATCH',
  path: '/{shopId}/customers/{customerId}',
  scope: 'customers_write',
  cartToken: false,
  body: 'patch',
  writes: true,
  handler: 'functions/customers/patch-customer.ts',
} as const satisfies Route;

export const getContactInformation = {
  name: 'getContactInformation',
  method: 'GET',
  path: '/{shopId}/legal/contact-information',
  scope: null,
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/legal/get-contact-information.ts',
} as const satisfies Route;

export const updateContactInformation = {
  name: 'updateContactInformation',
  method: 'PUT',
  path: '/{shopId}/legal/contact-information',
  scope: 'legal_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/legal/update-contact-information.ts',
} as const satisfies Route;

// The legal pages besides the contact information (docs/catalog.md "Legal"; lib/domain/legal).
export const getLegal = {
  name: 'getLegal',
  method: 'GET',
  path: '/{shopId}/legal',
  scope: null,
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/legal/get-legal.ts',
} as const satisfies Route;

export const getLegalPage = {
  name: 'getLegalPage',
  method: 'GET',
  path: '/{shopId}/legal/{page}',
  scope: null,
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/legal/get-legal-page.ts',
} as const satisfies Route;

export const updateLegalPage = {
  name: 'updateLegalPage',
  method: 'PUT',
  path: '/{shopId}/legal/{page}',
  scope: 'legal_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/legal/update-legal-page.ts',
} as const satisfies Route;

// Webhooks: merchants' callbacks for domain events (docs/webhooks.md).
export const listWebhooks = {
  name: 'listWebhooks',
  method: 'GET',
  path: '/{shopId}/webhooks',
  scope: 'webhooks_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/webhooks/list-webhooks.ts',
} as const satisfies Route;

export const createWebhook = {
  name: 'createWebhook',
  method: 'POST',
  path: '/{shopId}/webhooks',
  scope: 'webhooks_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/webhooks/create-webhook.ts',
} as const satisfies Route;

export const getWebhook = {
  name: 'getWebhook',
  method: 'GET',
  path: '/{shopId}/webhooks/{webhookId}',
  scope: 'webhooks_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/webhooks/get-webhook.ts',
} as const satisfies Route;

export const patchWebhook = {
  name: 'patchWebhook',
  method: 'PATCH',
  path: '/{shopId}/webhooks/{webhookId}',
  scope: 'webhooks_write',
  cartToken: false,
  body: 'patch',
  writes: true,
  handler: 'functions/webhooks/patch-webhook.ts',
} as const satisfies Route;

export const deleteWebhook = {
  name: 'deleteWebhook',
  method: 'DELETE',
  path: '/{shopId}/webhooks/{webhookId}',
  scope: 'webhooks_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/webhooks/delete-webhook.ts',
} as const satisfies Route;

export const listWebhookDeliveries = {
  name: 'listWebhookDeliveries',
  method: 'GET',
  path: '/{shopId}/webhooks/{webhookId}/deliveries',
  scope: 'webhooks_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/webhooks/list-deliveries.ts',
} as const satisfies Route;

export const testWebhook = {
  name: 'testWebhook',
  method: 'POST',
  path: '/{shopId}/webhooks/{webhookId}/test',
  scope: 'webhooks_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/webhooks/test-webhook.ts',
} as const satisfies Route;

// Script tags a storefront loads (docs/catalog.md "Script tags"; kept in the catalog).
export const listScriptTags = {
  name: 'listScriptTags',
  method: 'GET',
  path: '/{shopId}/script-tags',
  scope: 'scripttags_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/script-tags/list-script-tags.ts',
} as const satisfies Route;

export const createScriptTag = {
  name: 'createScriptTag',
  method: 'POST',
  path: '/{shopId}/script-tags',
  scope: 'scripttags_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/script-tags/create-script-tag.ts',
} as const satisfies Route;

export const deleteScriptTag = {
  name: 'deleteScriptTag',
  method: 'DELETE',
  path: '/{shopId}/script-tags/{scriptTagId}',
  scope: 'scripttags_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/script-tags/delete-script-tag.ts',
} as const satisfies Route;

// Newsletter campaigns and sign-ups (docs/catalog.md "Newsletters"; lib/data/storefront/newsletters.ts).
export const listNewsletterCampaigns = {
  name: 'listNewsletterCampaigns',
  method: 'GET',
  path: '/{shopId}/newsletter-campaigns',
  scope: 'newsletters_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/newsletters/list-campaigns.ts',
} as const satisfies Route;

export const createNewsletterCampaign = {
  name: 'createNewsletterCampaign',
  method: 'POST',
  path: '/{shopId}/newsletter-campaigns',
  scope: 'newsletters_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/newsletters/create-campaign.ts',
} as const satisfies Route;

export const listNewsletterSubscribers = {
  name: 'listNewsletterSubscribers',
  method: 'GET',
  path: '/{shopId}/newsletter-campaigns/{campaignId}/subscribers',
  scope: 'newsletters_read',
  cartToken: false,
  body: 'none',
  writes: false,
  newsletterTokens: true,
  handler: 'functions/newsletters/list-subscribers.ts',
} as const satisfies Route;

export const subscribeNewsletter = {
  name: 'subscribeNewsletter',
  method: 'POST',
  path: '/{shopId}/newsletter-campaigns/{campaignId}/subscribers',
  scope: null,
  cartToken: false,
  body: 'json',
  writes: true,
  newsletterTokens: true,
  handler: 'functions/newsletters/subscribe.ts',
} as const satisfies Route;

export const confirmNewsletterSubscription = {
  name: 'confirmNewsletterSubscription',
  method: 'POST',
  path: '/{shopId}/newsletter-campaigns/{campaignId}/subscribers/confirm',
  scope: null,
  cartToken: false,
  body: 'json',
  writes: true,
  newsletterTokens: true,
  handler: 'functions/newsletters/confirm-subscription.ts',
} as const satisfies Route;

// Any token with the address's unsubscribe token, or newsletters_write (the handler checks).
export const unsubscribeNewsletter = {
  name: 'unsubscribeNewsletter',
  method: 'DELETE',
  path: '/{shopId}/newsletter-campaigns/{campaignId}/subscribers/{email}',
  scope: null,
  cartToken: false,
  body: 'none',
  writes: true,
  newsletterTokens: true,
  handler: 'functions/newsletters/unsubscribe.ts',
} as const satisfies Route;

// Coupon campaigns and their codes (docs/catalog.md "Coupon campaigns").
export const listCouponCampaigns = {
  name: 'listCouponCampaigns',
  method: 'GET',
  path: '/{shopId}/coupon-campaigns',
  scope: 'coupons_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/coupon-campaigns/list-coupon-campaigns.ts',
} as const satisfies Route;

export const createCouponCampaign = {
  name: 'createCouponCampaign',
  method: 'POST',
  path: '/{shopId}/coupon-campaigns',
  scope: 'coupons_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/coupon-campaigns/create-coupon-campaign.ts',
} as const satisfies Route;

export const getCouponCampaign = {
  name: 'getCouponCampaign',
  method: 'GET',
  path: '/{shopId}/coupon-campaigns/{campaignId}',
  scope: 'coupons_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/coupon-campaigns/get-coupon-campaign.ts',
} as const satisfies Route;

export const deleteCouponCampaign = {
  name: 'deleteCouponCampaign',
  method: 'DELETE',
  path: '/{shopId}/coupon-campaigns/{campaignId}',
  scope: 'coupons_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/coupon-campaigns/delete-coupon-campaign.ts',
} as const satisfies Route;

export const listCouponCodes = {
  name: 'listCouponCodes',
  method: 'GET',
  path: '/{shopId}/coupon-campaigns/{campaignId}/coupons',
  scope: 'coupons_read',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/coupon-campaigns/list-coupon-codes.ts',
} as const satisfies Route;

export const putCouponCode = {
  name: 'putCouponCode',
  method: 'PUT',
  path: '/{shopId}/coupon-campaigns/{campaignId}/coupons',
  scope: 'coupons_write',
  cartToken: false,
  body: 'form',
  writes: true,
  handler: 'functions/coupon-campaigns/put-coupon-code.ts',
} as const satisfies Route;

export const deleteCouponCode = {
  name: 'deleteCouponCode',
  method: 'DELETE',
  path: '/{shopId}/coupon-campaigns/{campaignId}/coupons/{code}',
  scope: 'coupons_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/coupon-campaigns/delete-coupon-code.ts',
} as const satisfies Route;

// Shop information for storefronts (beyond the spec, as the original API has it; docs/catalog.md "Shop").
export const getShop = {
  name: 'getShop',
  method: 'GET',
  path: '/{shopId}',
  scope: null,
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/shop/get-shop.ts',
} as const satisfies Route;

export const getLocales = {
  name: 'getLocales',
  method: 'GET',
  path: '/{shopId}/locales',
  scope: null,
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/shop/get-locales.ts',
} as const satisfies Route;

export const getCurrencies = {
  name: 'getCurrencies',
  method: 'GET',
  path: '/{shopId}/currencies',
  scope: null,
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/shop/get-currencies.ts',
} as const satisfies Route;

// Catalog: products and search (docs/catalog.md "Catalog: products and search").
// Before GET /products/{productId}/…: a literal segment wins, as in API Gateway.
export const listUpdatedProducts = {
  name: 'listUpdatedProducts',
  method: 'GET',
  path: '/{shopId}/products/updated/{property}',
  scope: 'products_write',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  liveStock: true,
  handler: 'functions/products/list-updated-products.ts',
} as const satisfies Route;

// Before GET /products/{productId}: the literal `export` wins, as in API Gateway.
export const exportProducts = {
  name: 'exportProducts',
  method: 'GET',
  path: '/{shopId}/products/export',
  scope: 'products_read_batch',
  cartToken: false,
  body: 'none',
  // The generation's lease item (lib/data/exports/export-leases.ts).
  writes: true,
  catalogRead: true,
  liveStock: true,
  handler: 'functions/products/export-products.ts',
} as const satisfies Route;

export const getProduct = {
  name: 'getProduct',
  method: 'GET',
  path: '/{shopId}/products/{productId}',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  liveStock: true,
  handler: 'functions/products/get-product.ts',
} as const satisfies Route;

export const createProduct = {
  name: 'createProduct',
  method: 'POST',
  path: '/{shopId}/products',
  scope: 'products_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/products/create-product.ts',
} as const satisfies Route;

export const deleteProduct = {
  name: 'deleteProduct',
  method: 'DELETE',
  path: '/{shopId}/products/{productId}',
  scope: 'products_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/products/delete-product.ts',
} as const satisfies Route;

export const patchProduct = {
  name: 'patchProduct',
  method: 'PATCH',
  path: '/{shopId}/products/{productId}',
  scope: 'products_write',
  cartToken: false,
  body: 'patch',
  writes: true,
  handler: 'functions/products/patch-product.ts',
} as const satisfies Route;

export const listVariations = {
  name: 'listVariations',
  method: 'GET',
  path: '/{shopId}/products/{productId}/variations',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  liveStock: true,
  handler: 'functions/products/list-variations.ts',
} as const satisfies Route;

export const getLowestPrice = {
  name: 'getLowestPrice',
  method: 'GET',
  path: '/{shopId}/products/{productId}/lowest-price',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  liveStock: true,
  handler: 'functions/products/get-lowest-price.ts',
} as const satisfies Route;

export const getCrossSelling = {
  name: 'getCrossSelling',
  method: 'GET',
  path: '/{shopId}/products/{productId}/crossselling',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  liveStock: true,
  handler: 'functions/products/get-cross-selling.ts',
} as const satisfies Route;

export const getCustomAttributes = {
  name: 'getCustomAttributes',
  method: 'GET',
  path: '/{shopId}/products/{productId}/custom-attributes',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/products/get-custom-attributes.ts',
} as const satisfies Route;

export const listProductCategories = {
  name: 'listProductCategories',
  method: 'GET',
  path: '/{shopId}/products/{productId}/categories',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/products/list-product-categories.ts',
} as const satisfies Route;

export const updateCustomAttributes = {
  name: 'updateCustomAttributes',
  method: 'PATCH',
  path: '/{shopId}/products/{productId}/custom-attributes',
  scope: 'products_write',
  cartToken: false,
  body: 'patch',
  writes: true,
  handler: 'functions/products/update-custom-attributes.ts',
} as const satisfies Route;

export const suggestProducts = {
  name: 'suggestProducts',
  method: 'GET',
  path: '/{shopId}/search/product-suggest',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/search/suggest-products.ts',
} as const satisfies Route;

export const searchProducts = {
  name: 'searchProducts',
  method: 'POST',
  path: '/{shopId}/search/products',
  scope: 'products_write',
  cartToken: false,
  body: 'json',
  emptyBodyAllowed: true,
  writes: false,
  catalogRead: true,
  liveStock: true,
  handler: 'functions/search/search-products.ts',
} as const satisfies Route;

// Product images (docs/catalog.md "Images (slideshow)").
export const uploadSlideshowImage = {
  name: 'uploadSlideshowImage',
  method: 'POST',
  path: '/{shopId}/products/{productId}/slideshow',
  scope: 'products_write',
  cartToken: false,
  body: 'multipart',
  writes: true,
  handler: 'functions/slideshow/upload-image.ts',
} as const satisfies Route;

export const listSlideshowImages = {
  name: 'listSlideshowImages',
  method: 'GET',
  path: '/{shopId}/products/{productId}/slideshow',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/slideshow/list-images.ts',
} as const satisfies Route;

export const getSlideshowSequence = {
  name: 'getSlideshowSequence',
  method: 'GET',
  path: '/{shopId}/products/{productId}/slideshow/sequence',
  scope: 'products_read',
  cartToken: false,
  body: 'none',
  writes: false,
  catalogRead: true,
  handler: 'functions/slideshow/get-sequence.ts',
} as const satisfies Route;

export const updateSlideshowSequence = {
  name: 'updateSlideshowSequence',
  method: 'PUT',
  path: '/{shopId}/products/{productId}/slideshow/sequence',
  scope: 'products_write',
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/slideshow/update-sequence.ts',
} as const satisfies Route;

export const deleteSlideshowImage = {
  name: 'deleteSlideshowImage',
  method: 'DELETE',
  path: '/{shopId}/products/{productId}/slideshow/{imageName}',
  scope: 'products_write',
  cartToken: false,
  body: 'none',
  writes: true,
  handler: 'functions/slideshow/delete-image.ts',
} as const satisfies Route;

// --- inventory (docs/inventory.md "Watchers") ---
export const addWatcher = {
  name: 'addWatcher',
  method: 'POST',
  path: '/{shopId}/products/{productId}/watchers',
  scope: null,
  cartToken: false,
  body: 'json',
  writes: true,
  handler: 'functions/products/add-watcher.ts',
} as const satisfies Route;

export const listWatchedProducts = {
  name: 'listWatchedProducts',
  method: 'GET',
  path: '/{shopId}/watched-products',
  scope: 'products_write',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/products/list-watched-products.ts',
} as const satisfies Route;

export const listProductWatchers = {
  name: 'listProductWatchers',
  method: 'GET',
  path: '/{shopId}/products/{productId}/watchers',
  scope: 'products_write',
  cartToken: false,
  body: 'none',
  writes: false,
  handler: 'functions/products/list-product-watchers.ts',
} as const satisfies Route;

/**
 * Every route by name. A function imports its own row (`import * as routes`, then `routes.getCart`):
 * esbuild keeps only the rows a bundle reads, so no function carries the whole table.
 */
export const routes = {
  createCart,
  getCart,
  addLineItem,
  listCarts,
  updateLineItem,
  deleteLineItem,
  addMultiLineItems,
  addCoupon,
  removeCoupon,
  putBillingAddress,
  deleteBillingAddress,
  putShippingAddress,
  deleteShippingAddress,
  putShippingData,
  putPaymentData,
  putProductPrice,
  createOrder,
  listOrders,
  getOrder,
  patchOrder,
  createDocument,
  listDocuments,
  getSales,
  listProducts,
  listShippingMethods,
  getShippingMethod,
  listCategories,
  getCategory,
  createCategory,
  updateCategory,
  deleteCategory,
  getCategorySequence,
  updateCategorySequence,
  createProductCategoryAssignments,
  deleteProductCategoryAssignments,
  getProductType,
  listTaxClasses,
  getTaxClass,
  getTaxModel,
  listCustomers,
  createCustomer,
  getCustomer,
  patchCustomer,
  getContactInformation,
  updateContactInformation,
  getLegal,
  getLegalPage,
  updateLegalPage,
  listWebhooks,
  createWebhook,
  getWebhook,
  patchWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  testWebhook,
  listScriptTags,
  createScriptTag,
  deleteScriptTag,
  listNewsletterCampaigns,
  createNewsletterCampaign,
  listNewsletterSubscribers,
  subscribeNewsletter,
  confirmNewsletterSubscription,
  unsubscribeNewsletter,
  listCouponCampaigns,
  createCouponCampaign,
  getCouponCampaign,
  deleteCouponCampaign,
  listCouponCodes,
  putCouponCode,
  deleteCouponCode,
  getShop,
  getLocales,
  getCurrencies,
  listUpdatedProducts,
  exportProducts,
  getProduct,
  createProduct,
  deleteProduct,
  patchProduct,
  listVariations,
  getLowestPrice,
  getCrossSelling,
  getCustomAttributes,
  listProductCategories,
  updateCustomAttributes,
  suggestProducts,
  searchProducts,
  uploadSlideshowImage,
  listSlideshowImages,
  getSlideshowSequence,
  updateSlideshowSequence,
  deleteSlideshowImage,
  addWatcher,
  listWatchedProducts,
  listProductWatchers,
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** Every route, in table order (marked pure: a bundle that never reads it drops it, and the table). */
export const routeList: readonly Route[] = /* @__PURE__ */ Object.values(routes);
