import type { routes } from '../../routes';
import type * as z from '../zod';
import { Cart, CartList } from './carts';
import {
  Category,
  CategoryList,
  CategorySequence,
  ContactInformation,
  Currencies,
  Locales,
  ProductType,
  ShippingMethod,
  ShippingMethodList,
  Shop,
  TaxClassList,
  TaxModel,
} from './catalog';
import { TaxClass } from './common';
import { Customer, CustomerList } from './customers';
import { Order, OrderDocument, OrderDocumentList, OrderList } from './orders';
import {
  CrossSelling,
  CustomAttributes,
  Product,
  ProductList,
  ProductSearchResult,
  UpdatedProductList,
  VariationList,
} from './products';
import { SalesReport } from './sales';
import { ProductWatcher, WatchedProductList } from './watchers';

/** A route's success answers: status → body schema (null = no body, 204). */
export type SuccessResponses = Partial<Record<200 | 201 | 204, z.core.$ZodType | null>>;

/**
 * The success answers of every route (the error answers follow from the route's traits, see
 * infra/openapi/errors.ts). A test fails when a route of lib/routes.ts has no entry here.
 */
export const routeResponses: Record<keyof typeof routes, SuccessResponses> = {
  createCart: { 201: Cart },
  getCart: { 200: Cart },
  addLineItem: { 201: Cart },
  listCarts: { 200: CartList },
  updateLineItem: { 200: Cart },
  deleteLineItem: { 200: Cart },
  addMultiLineItems: { 201: Cart },
  addCoupon: { 200: Cart },
  removeCoupon: { 200: Cart },
  putBillingAddress: { 200: Cart },
  deleteBillingAddress: { 200: Cart },
  putShippingAddress: { 200: Cart },
  deleteShippingAddress: { 200: Cart },
  putShippingData: { 200: Cart },
  putPaymentData: { 200: Cart },
  putProductPrice: { 200: Cart },
  createOrder: { 201: Order },
  listOrders: { 200: OrderList },
  getSales: { 200: SalesReport },
  getOrder: { 200: Order },
  patchOrder: { 200: Order },
  createDocument: { 201: OrderDocument },
  listDocuments: { 200: OrderDocumentList },
  listProducts: { 200: ProductList },
  listUpdatedProducts: { 200: UpdatedProductList },
  getProduct: { 200: Product },
  patchProduct: { 200: Product },
  listVariations: { 200: VariationList },
  getCrossSelling: { 200: CrossSelling },
  getCustomAttributes: { 200: CustomAttributes },
  updateCustomAttributes: { 200: CustomAttributes },
  listProductCategories: { 200: CategoryList },
  searchProducts: { 200: ProductSearchResult },
  listShippingMethods: { 200: ShippingMethodList },
  getShippingMethod: { 200: ShippingMethod },
  listCategories: { 200: CategoryList },
  getCategory: { 200: Category },
  createCategory: { 201: Category },
  updateCategory: { 200: Category },
  deleteCategory: { 204: null },
  getCategorySequence: { 200: CategorySequence },
  updateCategorySequence: { 200: CategorySequence },
  createProductCategoryAssignments: { 204: null },
  deleteProductCategoryAssignments: { 204: null },
  getProductType: { 200: ProductType },
  listTaxClasses: { 200: TaxClassList },
  getTaxClass: { 200: TaxClass },
  getTaxModel: { 200: TaxModel },
  listCustomers: { 200: CustomerList },
  createCustomer: { 201: Customer },
  getCustomer: { 200: Customer },
  patchCustomer: { 200: Customer },
  getContactInformation: { 200: ContactInformation },
  updateContactInformation: { 200: ContactInformation },
  getShop: { 200: Shop },
  getLocales: { 200: Locales },
  getCurrencies: { 200: Currencies },
  addWatcher: { 201: ProductWatcher, 200: ProductWatcher },
  listWatchedProducts: { 200: WatchedProductList },
};
