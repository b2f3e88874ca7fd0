import { BillingAddressBody, ShippingAddressBody } from './address';
import {
  AddCouponBody,
  AddLineItemBody,
  AddMultiLineItemsBody,
  CouponPath,
  CreateCartBody,
  LineItemPath,
  ListCartsQuery,
  PaymentDataBody,
  ProductPriceBody,
  ShippingDataBody,
  UpdateLineItemBody,
} from './carts';
import {
  CategoryPath,
  CreateAssignmentsBody,
  CreateCategoryBody,
  DeleteAssignmentsQuery,
  GetCategoryQuery,
  ListCategoriesQuery,
  ListProductCategoriesQuery,
  UpdateCategoryBody,
  UpdateCategorySequenceBody,
  WriteCategoryQuery,
} from './categories';
import { CartPath, ShopPath } from './common';
import {
  CouponCampaignPath,
  CouponCampaignQuery,
  CouponCodePath,
  CreateCouponCampaignBody,
  ListCouponCampaignsQuery,
  ListCouponCodesQuery,
  PutCouponCodeBody,
} from './coupons';
import { CreateCustomerBody, CustomerPath, ListCustomersQuery, PatchCustomerBody } from './customers';
import {
  GetContactInformationQuery,
  GetLegalQuery,
  LegalPagePath,
  UpdateContactInformationBody,
  UpdateContactInformationQuery,
  UpdateLegalPageBody,
  UpdateLegalPageQuery,
} from './legal';
import {
  CampaignPath,
  ConfirmSubscriptionBody,
  CreateCampaignBody,
  ListNewsletterQuery,
  SubscribeBody,
  SubscriberPath,
  UnsubscribeQuery,
} from './newsletters';
import { CreateDocumentBody, ListDocumentsQuery, ListOrdersQuery, OrderPath, PatchOrderBody } from './orders';
import { ExportProductsQuery } from './product-export';
import { GetProductTypeQuery, ProductTypePath } from './product-types';
import {
  CreateProductBody,
  CreateProductQuery,
  GetCrossSellingQuery,
  GetCustomAttributesQuery,
  GetLowestPriceQuery,
  GetProductQuery,
  ListProductsQuery,
  ListShippingMethodsQuery,
  ListVariationsQuery,
  PatchProductBody,
  PatchProductQuery,
  ProductPath,
  SearchProductsBody,
  SearchProductsQuery,
  SuggestProductsQuery,
  UpdateCustomAttributesBody,
  UpdateCustomAttributesQuery,
  UpdatedProductsPath,
  UpdatedProductsQuery,
} from './products';
import { GetSalesQuery } from './sales';
import { CreateScriptTagBody, ScriptTagPath } from './script-tags';
import { GetShippingMethodQuery, ShippingMethodPath } from './shipping';
import { SlideshowImagePath, UpdateSlideshowSequenceBody, UploadImageBody } from './slideshow';
import { GetTaxClassQuery, GetTaxModelQuery, ListTaxClassesQuery, TaxClassPath } from './tax';
import { AddWatcherBody, ListProductWatchersQuery, ListWatchedProductsQuery } from './watchers';
import { CreateWebhookBody, PatchWebhookBody, WebhookPath } from './webhooks';
import type * as z from './zod';

/**
 * The request schemas every route's handler passes to endpoint(route, {path, query, body}, fn), in
 * one map for the OpenAPI generator (infra/openapi/). Handlers keep importing their schemas directly
 * (a Lambda bundle holds only its own); test/unit/route-schemas.test.ts reads each handler's source
 * and fails when this map and the handler disagree.
 */
export interface RouteRequestSchemas {
  path?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
}

export const routeRequestSchemas = {
  uploadSlideshowImage: { path: ProductPath, body: UploadImageBody },
  listSlideshowImages: { path: ProductPath },
  getSlideshowSequence: { path: ProductPath },
  updateSlideshowSequence: { path: ProductPath, body: UpdateSlideshowSequenceBody },
  deleteSlideshowImage: { path: SlideshowImagePath },
  addCoupon: { path: CartPath, body: AddCouponBody },
  addLineItem: { path: CartPath, body: AddLineItemBody },
  addMultiLineItems: { path: CartPath, body: AddMultiLineItemsBody },
  createCart: { path: ShopPath, body: CreateCartBody },
  createCategory: { path: CategoryPath, query: WriteCategoryQuery, body: CreateCategoryBody },
  createCustomer: { path: ShopPath, body: CreateCustomerBody },
  createDocument: { path: OrderPath, body: CreateDocumentBody },
  createOrder: { path: CartPath },
  createProductCategoryAssignments: { path: ShopPath, body: CreateAssignmentsBody },
  deleteBillingAddress: { path: CartPath },
  deleteCategory: { path: CategoryPath },
  deleteLineItem: { path: LineItemPath },
  deleteProductCategoryAssignments: { path: ShopPath, query: DeleteAssignmentsQuery },
  deleteShippingAddress: { path: CartPath },
  getCart: { path: CartPath },
  getCategory: { path: CategoryPath, query: GetCategoryQuery },
  getCategorySequence: { path: CategoryPath },
  getContactInformation: { path: ShopPath, query: GetContactInformationQuery },
  getLegal: { path: ShopPath, query: GetLegalQuery },
  getLegalPage: { path: LegalPagePath, query: GetLegalQuery },
  getCrossSelling: { path: ProductPath, query: GetCrossSellingQuery },
  getLowestPrice: { path: ProductPath, query: GetLowestPriceQuery },
  suggestProducts: { path: ShopPath, query: SuggestProductsQuery },
  getCurrencies: { path: ShopPath },
  getCustomAttributes: { path: ProductPath, query: GetCustomAttributesQuery },
  getCustomer: { path: CustomerPath },
  getLocales: { path: ShopPath },
  getOrder: { path: OrderPath },
  patchOrder: { path: OrderPath, body: PatchOrderBody },
  exportProducts: { path: ShopPath, query: ExportProductsQuery },
  getProduct: { path: ProductPath, query: GetProductQuery },
  getProductType: { path: ProductTypePath, query: GetProductTypeQuery },
  getShippingMethod: { path: ShippingMethodPath, query: GetShippingMethodQuery },
  getShop: { path: ShopPath },
  getTaxClass: { path: TaxClassPath, query: GetTaxClassQuery },
  getTaxModel: { path: ShopPath, query: GetTaxModelQuery },
  listCarts: { path: ShopPath, query: ListCartsQuery },
  listCategories: { path: ShopPath, query: ListCategoriesQuery },
  listCustomers: { path: ShopPath, query: ListCustomersQuery },
  listDocuments: { path: OrderPath, query: ListDocumentsQuery },
  listOrders: { path: ShopPath, query: ListOrdersQuery },
  getSales: { path: ShopPath, query: GetSalesQuery },
  listProductCategories: { path: ProductPath, query: ListProductCategoriesQuery },
  listProducts: { path: ShopPath, query: ListProductsQuery },
  listUpdatedProducts: { path: UpdatedProductsPath, query: UpdatedProductsQuery },
  listShippingMethods: { path: ShopPath, query: ListShippingMethodsQuery },
  listTaxClasses: { path: ShopPath, query: ListTaxClassesQuery },
  listVariations: { path: ProductPath, query: ListVariationsQuery },
  patchCustomer: { path: CustomerPath, body: PatchCustomerBody },
  patchProduct: { path: ProductPath, query: PatchProductQuery, body: PatchProductBody },
  createProduct: { path: ShopPath, query: CreateProductQuery, body: CreateProductBody },
  deleteProduct: { path: ProductPath },
  putBillingAddress: { path: CartPath, body: BillingAddressBody },
  putPaymentData: { path: CartPath, body: PaymentDataBody },
  putProductPrice: { path: LineItemPath, body: ProductPriceBody },
  putShippingAddress: { path: CartPath, body: ShippingAddressBody },
  putShippingData: { path: CartPath, body: ShippingDataBody },
  removeCoupon: { path: CouponPath },
  searchProducts: { path: ShopPath, query: SearchProductsQuery, body: SearchProductsBody },
  updateCategory: { path: CategoryPath, query: WriteCategoryQuery, body: UpdateCategoryBody },
  updateCategorySequence: { path: CategoryPath, body: UpdateCategorySequenceBody },
  updateContactInformation: {
    path: ShopPath,
    query: UpdateContactInformationQuery,
    body: UpdateContactInformationBody,
  },
  updateLegalPage: { path: LegalPagePath, query: UpdateLegalPageQuery, body: UpdateLegalPageBody },
  listScriptTags: { path: ShopPath },
  createScriptTag: { path: ShopPath, body: CreateScriptTagBody },
  deleteScriptTag: { path: ScriptTagPath },
  listWebhooks: { path: ShopPath },
  createWebhook: { path: ShopPath, body: CreateWebhookBody },
  getWebhook: { path: WebhookPath },
  patchWebhook: { path: WebhookPath, body: PatchWebhookBody },
  deleteWebhook: { path: WebhookPath },
  listWebhookDeliveries: { path: WebhookPath },
  testWebhook: { path: WebhookPath },
  listNewsletterCampaigns: { path: ShopPath, query: ListNewsletterQuery },
  createNewsletterCampaign: { path: ShopPath, body: CreateCampaignBody },
  listNewsletterSubscribers: { path: CampaignPath, query: ListNewsletterQuery },
  subscribeNewsletter: { path: CampaignPath, body: SubscribeBody },
  confirmNewsletterSubscription: { path: CampaignPath, body: ConfirmSubscriptionBody },
  unsubscribeNewsletter: { path: SubscriberPath, query: UnsubscribeQuery },
  listCouponCampaigns: { path: ShopPath, query: ListCouponCampaignsQuery },
  createCouponCampaign: { path: ShopPath, query: CouponCampaignQuery, body: CreateCouponCampaignBody },
  getCouponCampaign: { path: CouponCampaignPath, query: CouponCampaignQuery },
  deleteCouponCampaign: { path: CouponCampaignPath },
  listCouponCodes: { path: CouponCampaignPath, query: ListCouponCodesQuery },
  putCouponCode: { path: CouponCampaignPath, body: PutCouponCodeBody },
  deleteCouponCode: { path: CouponCodePath },
  updateCustomAttributes: {
    path: ProductPath,
    query: UpdateCustomAttributesQuery,
    body: UpdateCustomAttributesBody,
  },
  updateLineItem: { path: LineItemPath, body: UpdateLineItemBody },
  addWatcher: { path: ProductPath, body: AddWatcherBody },
  listWatchedProducts: { path: ShopPath, query: ListWatchedProductsQuery },
  listProductWatchers: { path: ProductPath, query: ListProductWatchersQuery },
} satisfies Record<string, RouteRequestSchemas>;
