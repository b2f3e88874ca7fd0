import { writeFileSync } from 'node:fs';
import { MEDIA_TYPE_V1 } from '../../lib/http/middleware/versioning';
import { issueDevToken } from '../local/dev-issuer';
import { SAMPLE_COUPON_CAMPAIGN } from '../local/seed/coupon-campaign';
import { startTwin } from '../local/twin';
import type { Examples } from './document';
import { recordSlideshow } from './slideshow-examples';

/**
 * Records the examples of openapi.json from real answers: starts the local twin (in-memory
 * DynamoDB Local, the seeded demo shop), calls one representative request per operation and
 * writes infra/openapi/examples.json. Values that differ from run to run are normalised so the
 * document stays the same: generated ids become fixed ULIDs, tokens fixed text, timestamps of the
 * run a fixed instant, the server's port the twin's default. `npm run openapi:examples`.
 */

const FIXED_INSTANT = '2026-01-15T10:00:00.000Z';
const BASE_URL = 'http://127.0.0.1:3000';
const EXAMPLE_S3 = 'https://shop-api-exports.s3.eu-central-1.amazonaws.com';
const EXAMPLE_SIGNATURE =
  'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=EXAMPLE%2F20260115%2Feu-central-1%2Fs3%2Faws4_request&X-Amz-Date=20260115T100000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=EXAMPLE';

type Answer = { status: number; body: unknown; headers: Headers };

async function main() {
  const startedAt = Date.now();
  process.env.LOG_LEVEL ??= 'warn';
  const twin = await startTwin({ port: 0, quiet: true });
  const token = issueDevToken('demo');
  const examples: Examples = {};
  const errors: Record<string, unknown> = {};
  const call = async (name: string | null, method: string, path: string, body?: unknown, headers = {}) => {
    const response = await fetch(`${twin.url}/demo${path}`, {
      method,
      headers: {
        accept: MEDIA_TYPE_V1,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    const answer: Answer = {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      headers: response.headers,
    };
    if (name && answer.status >= 400) throw new Error(`${name}: ${answer.status} ${text}`);
    if (name && answer.body !== undefined)
      examples[name] = { ...examples[name], [answer.status]: answer.body };
    if (!name) errors[String(answer.status)] ??= answer.body;
    return answer;
  };
  try {
    await call('getShop', 'GET', '');
    await call('getLocales', 'GET', '/locales');
    await call('getCurrencies', 'GET', '/currencies');
    await call('listProducts', 'GET', '/products?resultsPerPage=2');
    await call('getProduct', 'GET', '/products/merino-beanie');
    const product = await call('createProduct', 'POST', '/products', {
      name: 'Espresso beans 250 g',
      price: 8.9,
      stocklevel: 120,
      ean: '4006381333931',
      visible: true,
    });
    await call('deleteProduct', 'DELETE', `/products/${(product.body as { productId: string }).productId}`);
    await call('listVariations', 'GET', '/products/trail-tshirt/variations?resultsPerPage=2');
    await call('getLowestPrice', 'GET', '/products/trail-tshirt/lowest-price');
    await call('suggestProducts', 'GET', '/search/product-suggest?query=titan&limit=2');
    await call('getCrossSelling', 'GET', '/products/dome-tent-2p/crossselling');
    await call('getCustomAttributes', 'GET', '/products/trail-tshirt-red-m/custom-attributes');
    await call('exportProducts', 'GET', '/products/export?locale=en_GB');
    await call('updateCustomAttributes', 'PATCH', '/products/merino-beanie/custom-attributes', [
      { op: 'add', path: '/', value: { key: 'Engraving', displayValue: 'Trail' } },
    ]);
    await call('listProductCategories', 'GET', '/products/merino-beanie/categories');
    await call('searchProducts', 'POST', '/search/products?resultsPerPage=2', { query: 'tent' });
    await call('listShippingMethods', 'GET', '/shipping-methods');
    await call('getShippingMethod', 'GET', '/shipping-methods/dhl-standard');
    await call('listCategories', 'GET', '/categories');
    await call('getCategory', 'GET', '/categories/clothing');
    const created = await call('createCategory', 'POST', '/categories/clothing', {
      name: 'Hats',
      alias: 'hats',
    });
    const categoryId = (created.body as { categoryId: string }).categoryId;
    await call('updateCategory', 'PUT', `/categories/${categoryId}`, { categoryId, name: 'Hats and caps' });
    const sequence = await call('getCategorySequence', 'GET', '/categories/clothing/sequence');
    await call('updateCategorySequence', 'PUT', '/categories/clothing/sequence', sequence.body);
    await call('createProductCategoryAssignments', 'POST', '/product-category-assignments', {
      categoryId,
      productId: 'merino-beanie',
    });
    await call(
      'deleteProductCategoryAssignments',
      'DELETE',
      `/product-category-assignments?categoryId=${categoryId}&productId=merino-beanie`,
    );
    await call('deleteCategory', 'DELETE', `/categories/${categoryId}`);
    await call('getProductType', 'GET', '/producttypes/apparel');
    await call('listTaxClasses', 'GET', '/tax-classes');
    await call('getTaxClass', 'GET', '/tax-classes/standard');
    await call('getTaxModel', 'GET', '/tax-model');
    await call('listCustomers', 'GET', '/customers?resultsPerPage=1');
    const address = {
      firstName: 'Erika',
      lastName: 'Mustermann',
      street: 'Hauptstraße 1',
      zipCode: '10115',
      city: 'Berlin',
      country: 'DE',
      emailAddress: 'erika@example.com',
    };
    const customer = await call('createCustomer', 'POST', '/customers', { billingAddress: address });
    const customerId = (customer.body as { customerId: string }).customerId;
    await call('getCustomer', 'GET', `/customers/${customerId}`);
    await call('patchCustomer', 'PATCH', `/customers/${customerId}`, [
      { op: 'replace', path: '/internalNote', value: 'Prefers invoices' },
    ]);
    const legal = await call('getContactInformation', 'GET', '/legal/contact-information');
    await call('updateContactInformation', 'PUT', '/legal/contact-information?locale=en_GB', legal.body);
    await call('getLegal', 'GET', '/legal?locale=en_GB');
    const privacy = await call('getLegalPage', 'GET', '/legal/privacy-policy?locale=en_GB');
    await call('updateLegalPage', 'PUT', '/legal/privacy-policy?locale=en_GB', privacy.body);
    const tag = await call('createScriptTag', 'POST', '/script-tags', {
      scriptUrl: 'https://cdn.example.com/reviews/widget.js',
    });
    await call('listScriptTags', 'GET', '/script-tags');
    await call(
      'deleteScriptTag',
      'DELETE',
      `/script-tags/${(tag.body as { scriptTagId: string }).scriptTagId}`,
    );
    await recordSlideshow(twin, token, call, examples);
    const letter = await call('createNewsletterCampaign', 'POST', '/newsletter-campaigns', {
      identifier: 'spring-letter',
      name: 'Spring letter',
      subject: 'Spring on the trail',
    });
    const letterPath = `/newsletter-campaigns/${(letter.body as { campaignId: string }).campaignId}`;
    await call('listNewsletterCampaigns', 'GET', '/newsletter-campaigns');
    await call('subscribeNewsletter', 'POST', `${letterPath}/subscribers`, {
      email: 'ada@example.com',
      name: 'Ada',
    });
    await call('listNewsletterSubscribers', 'GET', `${letterPath}/subscribers`);
    await call('unsubscribeNewsletter', 'DELETE', `${letterPath}/subscribers/ada%40example.com`);
    const coupons = await call('createCouponCampaign', 'POST', '/coupon-campaigns', SAMPLE_COUPON_CAMPAIGN);
    const couponsPath = `/coupon-campaigns/${(coupons.body as { campaignId: string }).campaignId}`;
    await call('listCouponCampaigns', 'GET', '/coupon-campaigns?resultsPerPage=2');
    await call('getCouponCampaign', 'GET', couponsPath);
    await call('putCouponCode', 'PUT', `${couponsPath}/coupons`, { code: 'SPRING-ADA' });
    await call('deleteCouponCode', 'DELETE', `${couponsPath}/coupons/SPRING-ADA`);
    await call('deleteCouponCampaign', 'DELETE', couponsPath);

    const cart = await call('createCart', 'POST', '/carts', {
      currency: 'EUR',
      locale: 'en_GB',
      lineItems: [{ productId: 'merino-beanie', quantity: 2 }],
    });
    const cartId = (cart.body as { cartId: string }).cartId;
    const cartToken = { 'x-service-cart-token': cart.headers.get('x-service-cart-token') as string };
    const c = `/carts/${cartId}`;
    const lineOf = (answer: Answer, productId: string) =>
      (
        answer.body as {
          lineItemContainer: { productLineItems: { productId: string; lineItemId: string }[] };
        }
      ).lineItemContainer.productLineItems.find((l) => l.productId === productId)?.lineItemId as string;
    await call('getCart', 'GET', c, undefined, cartToken);
    const added = await call(
      'addLineItem',
      'POST',
      `${c}/line-items`,
      { productId: 'socks-pair-pack', quantity: 2 },
      cartToken,
    );
    await call(
      'updateLineItem',
      'PUT',
      `${c}/line-items/${lineOf(added, 'socks-pair-pack')}`,
      { quantity: 4 },
      cartToken,
    );
    const multi = await call(
      'addMultiLineItems',
      'POST',
      `${c}/multi-line-items`,
      [{ productId: 'softshell-gloves', quantity: 1 }],
      cartToken,
    );
    await call(
      'deleteLineItem',
      'DELETE',
      `${c}/line-items/${lineOf(multi, 'softshell-gloves')}`,
      undefined,
      cartToken,
    );
    const coupon = await call('addCoupon', 'POST', `${c}/coupon`, { code: 'WELCOME10' }, cartToken);
    const couponId = (coupon.body as { lineItemContainer: { couponLineItem: { couponLineItemId: string } } })
      .lineItemContainer.couponLineItem.couponLineItemId;
    await call('removeCoupon', 'DELETE', `${c}/coupon/${couponId}`, undefined, cartToken);
    await call('putShippingAddress', 'PUT', `${c}/shipping-address`, address, cartToken);
    await call('deleteShippingAddress', 'DELETE', `${c}/shipping-address`, undefined, cartToken);
    await call('putBillingAddress', 'PUT', `${c}/billing-address`, address, cartToken);
    await call('deleteBillingAddress', 'DELETE', `${c}/billing-address`, undefined, cartToken);
    await call(null, 'PUT', `${c}/billing-address`, address, cartToken);
    await call('putShippingData', 'PUT', `${c}/shipping-data`, { id: 'dhl-standard' }, cartToken);
    await call('putPaymentData', 'PUT', `${c}/payment-data`, { name: 'Invoice', priceAmount: 0 }, cartToken);
    const line = lineOf(added, 'merino-beanie');
    await call(
      'putProductPrice',
      'PUT',
      `${c}/line-items/${line}/product-price`,
      { singleItemPrice: 12.5 },
      cartToken,
    );
    await call('listCarts', 'GET', '/carts?resultsPerPage=1');
    const order = await call('createOrder', 'POST', `${c}/order`, undefined, cartToken);
    const orderId = (order.body as { orderId: string }).orderId;
    await call('listOrders', 'GET', '/orders?resultsPerPage=1');
    await call('getOrder', 'GET', `/orders/${orderId}`);
    await call('patchOrder', 'PATCH', `/orders/${orderId}`, [
      { op: 'add', path: '/paidOn' },
      { op: 'add', path: '/internalNote', value: 'Bank transfer, ref 4471' },
    ]);
    await call('createDocument', 'POST', `/orders/${orderId}/documents`, { documentType: 'Invoice' });
    await call('listDocuments', 'GET', `/orders/${orderId}/documents`);
    await call('getSales', 'GET', '/sales');
    const hook = await call('createWebhook', 'POST', '/webhooks', {
      callbackUrl: 'https://erp.example.com/hooks/shop',
      eventTypes: ['ORDER_CREATE', 'STOCK_OUT'],
    });
    const hookPath = `/webhooks/${(hook.body as { webhookId: string }).webhookId}`;
    await call('listWebhooks', 'GET', '/webhooks');
    await call('getWebhook', 'GET', hookPath);
    await call('patchWebhook', 'PATCH', hookPath, [
      { op: 'add', path: '/eventTypes', value: ['ORDER_CREATE'] },
    ]);
    // No network here: the ping's record shows how a failed attempt reads.
    await call('testWebhook', 'POST', `${hookPath}/test`);
    await call('listWebhookDeliveries', 'GET', `${hookPath}/deliveries`);
    await call('deleteWebhook', 'DELETE', hookPath);
    // Error answers, for the shared error responses.
    await call(
      null,
      'POST',
      `/carts/${cartId}/line-items`,
      { productId: 'merino-beanie', quantity: -1 },
      cartToken,
    );
    await call(null, 'GET', `/carts/${cartId}`);
    await call(null, 'GET', '/products/no-such-product');
    await call(null, 'GET', '/products', undefined, { accept: 'application/json' });
    await call(null, 'GET', c, undefined, cartToken);
  } finally {
    await twin.stop();
  }
  const all = { ...examples, _errors: errors };
  const text = normalise(JSON.stringify(all, null, 2), twin.url, startedAt);
  writeFileSync(new URL('./examples.json', import.meta.url), `${text}\n`);
}

/** Replaces what changes from run to run by fixed values (see the module comment). */
function normalise(text: string, url: string, startedAt: number): string {
  const ids = new Map<string, string>();
  return (
    text
      .replaceAll(url, BASE_URL)
      .replace(/\b[0-9A-HJKMNP-TV-Z]{26}\b/g, (id) => {
        if (!ids.has(id)) ids.set(id, `01JAAAAAAAAAAAAAAAAAAA${String(ids.size + 1).padStart(4, '0')}`);
        return ids.get(id) as string;
      })
      // A presigned export URL: the embedded S3 server's port and bucket path, its signing date and signature.
      .replace(
        /http:\/\/127\.0\.0\.1:\d+\/[^/"]+\/([^"?]+\.csv)\?[^"]+/g,
        (_, path: string) => `${EXAMPLE_S3}/${path}?${EXAMPLE_SIGNATURE}`,
      )
      .replace(/pickupToken(=|":\s*")[A-Za-z0-9_-]{43}/g, 'pickupToken$1EXAMPLE-PICKUP-TOKEN')
      .replace(/"secret":\s*"[A-Za-z0-9_-]{43}"/g, '"secret": "EXAMPLE-WEBHOOK-SECRET-SHOWN-ONCE"')
      .replace(/"evt_[0-9a-f]{32}"/g, '"evt_0123456789abcdef0123456789abcdef"')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, (instant) =>
        Date.parse(instant) >= startedAt - 60_000 ? FIXED_INSTANT : instant,
      )
  );
}

await main();
