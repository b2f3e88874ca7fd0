/**
 * THE route table: the single source for every handler, the local server, the CDK stack, the tests
 * and the README's endpoint table. Adding an endpoint = one row here, one file under functions/,
 * one sample event under events/.
 */

/** OAuth scopes of the API (contract: "Authentication and scopes"). */
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
] as const;
export type Scope = (typeof SCOPES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route accepts as a request body (contract: "Transport"):
 * none = any body is ignored; json; form = JSON or application/x-www-form-urlencoded;
 * patch = application/json or application/json-patch+json.
 */
export type BodyKind = 'none' | 'json' | 'form' | 'patch';

export interface Route {
  /** camelCase operation name; also the Lambda function's logical name. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path template with {param} placeholders, relative to the API root. */
  readonly path: string;
  /** Required scope; null = any valid token of the shop. */
  readonly scope: Scope | null;
  /** Whether the route needs the cart token and loads the cart (contract: "Cart token and cart states"). */
  readonly cartToken: boolean;
  readonly body: BodyKind;
  /** Whether the route writes to the table (read-only routes get read-only grants). */
  readonly writes: boolean;
  /** Handler module, relative to the repository root; exports `handler`. */
  readonly handler: string;
}

const route = <const R extends Route>(r: R): R => r;

export const routes = {
  createCart: route({
    name: 'createCart',
    method: 'POST',
    path: '/{shopId}/carts',
    scope: null,
    cartToken: false,
    body: 'json',
    writes: true,
    handler: 'functions/carts/create-cart.ts',
  }),
  getCart: route({
    name: 'getCart',
    method: 'GET',
    path: '/{shopId}/carts/{cartId}',
    scope: null,
    cartToken: true,
    body: 'none',
    writes: false,
    handler: 'functions/carts/get-cart.ts',
  }),
  addLineItem: route({
    name: 'addLineItem',
    method: 'POST',
    path: '/{shopId}/carts/{cartId}/line-items',
    scope: null,
    cartToken: true,
    body: 'json',
    writes: true,
    handler: 'functions/carts/add-line-item.ts',
  }),
  listProducts: route({
    name: 'listProducts',
    method: 'GET',
    path: '/{shopId}/products',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/list-products.ts',
  }),
  listShippingMethods: route({
    name: 'listShippingMethods',
    method: 'GET',
    path: '/{shopId}/shipping-methods',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/shipping/list-shipping-methods.ts',
  }),
  // --- catalog: categories, assignments, product types, tax, customers, legal ---
  listCategories: route({
    name: 'listCategories',
    method: 'GET',
    path: '/{shopId}/categories',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/categories/list-categories.ts',
  }),
  getCategory: route({
    name: 'getCategory',
    method: 'GET',
    path: '/{shopId}/categories/{categoryId}',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/categories/get-category.ts',
  }),
  createCategory: route({
    name: 'createCategory',
    method: 'POST',
    path: '/{shopId}/categories/{categoryId}',
    scope: 'products_write',
    cartToken: false,
    body: 'json',
    writes: true,
    handler: 'functions/categories/create-category.ts',
  }),
  updateCategory: route({
    name: 'updateCategory',
    method: 'PUT',
    path: '/{shopId}/categories/{categoryId}',
    scope: 'products_write',
    cartToken: false,
    body: 'json',
    writes: true,
    handler: 'functions/categories/update-category.ts',
  }),
  deleteCategory: route({
    name: 'deleteCategory',
    method: 'DELETE',
    path: '/{shopId}/categories/{categoryId}',
    scope: 'products_write',
    cartToken: false,
    body: 'none',
    writes: true,
    handler: 'functions/categories/delete-category.ts',
  }),
  getCategorySequence: route({
    name: 'getCategorySequence',
    method: 'GET',
    path: '/{shopId}/categories/{categoryId}/sequence',
    scope: 'products_write',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/categories/get-category-sequence.ts',
  }),
  updateCategorySequence: route({
    name: 'updateCategorySequence',
    method: 'PUT',
    path: '/{shopId}/categories/{categoryId}/sequence',
    scope: 'products_write',
    cartToken: false,
    body: 'json',
    writes: true,
    handler: 'functions/categories/update-category-sequence.ts',
  }),
  createProductCategoryAssignments: route({
    name: 'createProductCategoryAssignments',
    method: 'POST',
    path: '/{shopId}/product-category-assignments',
    scope: 'products_write',
    cartToken: false,
    body: 'form',
    writes: true,
    handler: 'functions/assignments/create-assignments.ts',
  }),
  deleteProductCategoryAssignments: route({
    name: 'deleteProductCategoryAssignments',
    method: 'DELETE',
    path: '/{shopId}/product-category-assignments',
    scope: 'products_write',
    cartToken: false,
    body: 'none',
    writes: true,
    handler: 'functions/assignments/delete-assignments.ts',
  }),
  getProductType: route({
    name: 'getProductType',
    method: 'GET',
    path: '/{shopId}/producttypes/{productTypeId}',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/product-types/get-product-type.ts',
  }),
  listTaxClasses: route({
    name: 'listTaxClasses',
    method: 'GET',
    path: '/{shopId}/tax-classes',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/tax/list-tax-classes.ts',
  }),
  getTaxClass: route({
    name: 'getTaxClass',
    method: 'GET',
    path: '/{shopId}/tax-classes/{taxClassId}',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/tax/get-tax-class.ts',
  }),
  getTaxModel: route({
    name: 'getTaxModel',
    method: 'GET',
    path: '/{shopId}/tax-model',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/tax/get-tax-model.ts',
  }),
  listCustomers: route({
    name: 'listCustomers',
    method: 'GET',
    path: '/{shopId}/customers',
    scope: 'customers_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/customers/list-customers.ts',
  }),
  createCustomer: route({
    name: 'createCustomer',
    method: 'POST',
    path: '/{shopId}/customers',
    scope: 'customers_write',
    cartToken: false,
    body: 'json',
    writes: true,
    handler: 'functions/customers/create-customer.ts',
  }),
  getCustomer: route({
    name: 'getCustomer',
    method: 'GET',
    path: '/{shopId}/customers/{customerId}',
    scope: 'customers_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/customers/get-customer.ts',
  }),
  patchCustomer: route({
    name: 'patchCustomer',
    method: 'PATCH',
    path: '/{shopId}/customers/{customerId}',
    scope: 'customers_write',
    cartToken: false,
    body: 'patch',
    writes: true,
    handler: 'functions/customers/patch-customer.ts',
  }),
  getContactInformation: route({
    name: 'getContactInformation',
    method: 'GET',
    path: '/{shopId}/legal/contact-information',
    scope: null,
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/legal/get-contact-information.ts',
  }),
  updateContactInformation: route({
    name: 'updateContactInformation',
    method: 'PUT',
    path: '/{shopId}/legal/contact-information',
    scope: 'legal_write',
    cartToken: false,
    body: 'json',
    writes: true,
    handler: 'functions/legal/update-contact-information.ts',
  }),
  // Catalog: products and search (contract "Products").
  getProduct: route({
    name: 'getProduct',
    method: 'GET',
    path: '/{shopId}/products/{productId}',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/get-product.ts',
  }),
  listVariations: route({
    name: 'listVariations',
    method: 'GET',
    path: '/{shopId}/products/{productId}/variations',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/list-variations.ts',
  }),
  getCrossSelling: route({
    name: 'getCrossSelling',
    method: 'GET',
    path: '/{shopId}/products/{productId}/crossselling',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/get-cross-selling.ts',
  }),
  getCustomAttributes: route({
    name: 'getCustomAttributes',
    method: 'GET',
    path: '/{shopId}/products/{productId}/custom-attributes',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/get-custom-attributes.ts',
  }),
  updateCustomAttributes: route({
    name: 'updateCustomAttributes',
    method: 'PATCH',
    path: '/{shopId}/products/{productId}/custom-attributes',
    scope: 'products_write',
    cartToken: false,
    body: 'patch',
    writes: true,
    handler: 'functions/products/update-custom-attributes.ts',
  }),
  searchProducts: route({
    name: 'searchProducts',
    method: 'POST',
    path: '/{shopId}/search/products',
    scope: 'products_write',
    cartToken: false,
    body: 'json',
    writes: false,
    handler: 'functions/search/search-products.ts',
  }),
  // Catalog: products and search (contract "Products").
  getProduct: route({
    name: 'getProduct',
    method: 'GET',
    path: '/{shopId}/products/{productId}',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/get-product.ts',
  }),
  listVariations: route({
    name: 'listVariations',
    method: 'GET',
    path: '/{shopId}/products/{productId}/variations',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/list-variations.ts',
  }),
  getCrossSelling: route({
    name: 'getCrossSelling',
    method: 'GET',
    path: '/{shopId}/products/{productId}/crossselling',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/get-cross-selling.ts',
  }),
  getCustomAttributes: route({
    name: 'getCustomAttributes',
    method: 'GET',
    path: '/{shopId}/products/{productId}/custom-attributes',
    scope: 'products_read',
    cartToken: false,
    body: 'none',
    writes: false,
    handler: 'functions/products/get-custom-attributes.ts',
  }),
  updateCustomAttributes: route({
    name: 'updateCustomAttributes',
    method: 'PATCH',
    path: '/{shopId}/products/{productId}/custom-attributes',
    scope: 'products_write',
    cartToken: false,
    body: 'patch',
    writes: true,
    handler: 'functions/products/update-custom-attributes.ts',
  }),
  searchProducts: route({
    name: 'searchProducts',
    method: 'POST',
    path: '/{shopId}/search/products',
    scope: 'products_write',
    cartToken: false,
    body: 'json',
    writes: false,
    handler: 'functions/search/search-products.ts',
  }),
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** Every route, in table order. */
export const routeList: readonly Route[] = Object.values(routes);
