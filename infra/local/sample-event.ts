import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { shopNewsletterKey } from '../../lib/data/storefront/newsletter-secret';
import { readSubscriber } from '../../lib/data/storefront/newsletters';
import { unsubscribeToken } from '../../lib/domain/storefront/newsletter-tokens';
import { type Route, routes } from '../../lib/routes';
import { repoRoot } from './dev-issuer';
import { fillDevToken } from './event-token';
import { lambdaContext, loadHandler } from './lambda-runtime';
import { checkoutFactories } from './sample-checkout';

/**
 * Sample events (events/<group>/<action>.json, one per route) and the placeholders that make them
 * runnable: `{{DEV_TOKEN}}` becomes a fresh dev token; the placeholders of the factories below
 * become fresh objects created through the API's own handlers (a new cart for `{{CART_ID}}`, ...).
 */

/** The fields of handler answers that the placeholder factories read. */
export interface SampleAnswer {
  cartId: string;
  orderId: string;
  categoryId: string;
  customerId: string;
  scriptTagId: string;
  productId: string;
  campaignId: string;
  webhookId: string;
  /** Unpaged lists (GET /webhooks). */
  items: { webhookId: string; callbackUrl: string }[];
  name: string;
  lineItemContainer: {
    productLineItems: { lineItemId: string }[];
    couponLineItem: { couponLineItemId: string };
  };
}

/** A factory of fresh objects for some placeholders; returns placeholder → value. */
interface PlaceholderFactory {
  placeholders: readonly string[];
  make: (shopId: string) => Promise<Record<string, string>>;
}

const factories: PlaceholderFactory[] = [
  {
    placeholders: ['{{CART_ID}}', '{{CART_TOKEN}}'],
    make: async (shopId) => {
      const { body, headers } = await invokeRoute(routes.createCart, shopId, '{}');
      return { '{{CART_ID}}': body.cartId, '{{CART_TOKEN}}': String(headers?.['X-Service-Cart-Token']) };
    },
  },
  ...checkoutFactories((...args) => invokeRoute(...args)),
  // Categories: fresh invisible categories under the root (the createCategory sample's parent),
  // so samples never change the seed tree.
  {
    placeholders: ['{{CATEGORY_ID}}'],
    make: async (shopId) => ({
      '{{CATEGORY_ID}}': (await invokeRoute(routes.createCategory, shopId, '{"alias":"sample"}')).body
        .categoryId,
    }),
  },
  {
    placeholders: ['{{PARENT_CATEGORY_ID}}'],
    make: async (shopId) => {
      const parent = await invokeRoute(routes.createCategory, shopId, '{"alias":"sample"}');
      const id: string = parent.body.categoryId;
      for (const alias of ['first', 'second']) {
        await invokeRoute(routes.createCategory, shopId, JSON.stringify({ alias }), {
          '/categories/root': `/categories/${id}`,
          '"categoryId": "root"': `"categoryId": "${id}"`,
        });
      }
      return { '{{PARENT_CATEGORY_ID}}': id };
    },
  },
  {
    placeholders: ['{{ASSIGNED_CATEGORY_ID}}'],
    make: async (shopId) => {
      const created = await invokeRoute(routes.createCategory, shopId, '{"alias":"sample"}');
      await invokeRoute(routes.createProductCategoryAssignments, shopId, undefined, {
        '{{CATEGORY_ID}}': created.body.categoryId,
      });
      return { '{{ASSIGNED_CATEGORY_ID}}': created.body.categoryId };
    },
  },
  // A product of its own for the delete sample, so samples never remove a demo product.
  {
    placeholders: ['{{PRODUCT_ID}}'],
    make: async (shopId) => ({
      '{{PRODUCT_ID}}': (await invokeRoute(routes.createProduct, shopId, '{"name":"Sample product"}')).body
        .productId,
    }),
  },
  // A script tag of its own for the delete sample, so samples never remove one a merchant added.
  {
    placeholders: ['{{SCRIPT_TAG_ID}}'],
    make: async (shopId) => ({
      '{{SCRIPT_TAG_ID}}': (await invokeRoute(routes.createScriptTag, shopId)).body.scriptTagId,
    }),
  },
  // The samples' own webhook, made once and reused (a shop holds at most 20 webhooks); the delete
  // sample deletes one of its own, so the others keep theirs.
  {
    placeholders: ['{{WEBHOOK_ID}}'],
    make: async (shopId) => {
      const listed = await invokeRoute(routes.listWebhooks, shopId);
      const sample = listed.body.items.find((w) => w.callbackUrl === 'https://erp.example.com/hooks/shop');
      return {
        '{{WEBHOOK_ID}}':
          sample?.webhookId ?? (await invokeRoute(routes.createWebhook, shopId)).body.webhookId,
      };
    },
  },
  {
    placeholders: ['{{DELETABLE_WEBHOOK_ID}}'],
    make: async (shopId) => ({
      '{{DELETABLE_WEBHOOK_ID}}': (await invokeRoute(routes.createWebhook, shopId)).body.webhookId,
    }),
  },
  // Newsletter campaigns of their own (identifiers are unique in a shop, so each sample run needs one).
  {
    placeholders: ['{{NEWSLETTER_IDENTIFIER}}'],
    make: async () => ({
      '{{NEWSLETTER_IDENTIFIER}}': sampleName(),
    }),
  },
  {
    placeholders: ['{{NEWSLETTER_ID}}'],
    make: async (shopId) => ({
      '{{NEWSLETTER_ID}}': (await invokeRoute(routes.createNewsletterCampaign, shopId)).body.campaignId,
    }),
  },
  // A pending sign-up and the confirm token its mail would carry (read where the sign-up stored it).
  {
    placeholders: ['{{CONFIRM_CAMPAIGN_ID}}', '{{CONFIRM_TOKEN}}'],
    make: async (shopId) => {
      const campaignId = (await invokeRoute(routes.createNewsletterCampaign, shopId)).body.campaignId;
      await invokeRoute(routes.subscribeNewsletter, shopId, undefined, { '{{NEWSLETTER_ID}}': campaignId });
      const pending = await readSubscriber(shopId, campaignId, SAMPLE_SUBSCRIBER);
      return { '{{CONFIRM_CAMPAIGN_ID}}': campaignId, '{{CONFIRM_TOKEN}}': String(pending?.confirmToken) };
    },
  },
  // A campaign and the sample address's unsubscribe token (the link a newsletter carries).
  {
    placeholders: ['{{UNSUBSCRIBE_CAMPAIGN_ID}}', '{{UNSUBSCRIBE_TOKEN}}'],
    make: async (shopId) => {
      const campaignId = (await invokeRoute(routes.createNewsletterCampaign, shopId)).body.campaignId;
      const binding = { shopId, campaignId, email: SAMPLE_SUBSCRIBER };
      return {
        '{{UNSUBSCRIBE_CAMPAIGN_ID}}': campaignId,
        '{{UNSUBSCRIBE_TOKEN}}': unsubscribeToken(await shopNewsletterKey(shopId), binding),
      };
    },
  },
  // Coupon campaigns of their own, with a fresh code (identifiers and codes are unique in a shop).
  {
    placeholders: ['{{COUPON_IDENTIFIER}}'],
    make: async () => ({ '{{COUPON_IDENTIFIER}}': sampleName() }),
  },
  {
    placeholders: ['{{COUPON_CAMPAIGN_ID}}', '{{COUPON_CODE}}'],
    make: async (shopId) => {
      const campaignId = (await invokeRoute(routes.createCouponCampaign, shopId)).body.campaignId;
      const code = sampleName().toUpperCase();
      const filled = { '{{COUPON_CAMPAIGN_ID}}': campaignId, '{{COUPON_CODE}}': code };
      await invokeRoute(routes.putCouponCode, shopId, undefined, filled);
      return filled;
    },
  },
  // Image uploads: a small PNG under a fresh name each time (a product's image names are unique);
  // the body is multipart/form-data, base64-encoded as API Gateway hands binary bodies over.
  {
    placeholders: ['{{SAMPLE_IMAGE_UPLOAD}}'],
    make: async () => ({
      '{{SAMPLE_IMAGE_UPLOAD}}': sampleImageUpload(`sample-${Date.now().toString(36)}.png`),
    }),
  },
  {
    placeholders: ['{{SLIDESHOW_IMAGE_NAME}}'],
    make: async (shopId) => ({
      '{{SLIDESHOW_IMAGE_NAME}}': (await invokeRoute(routes.uploadSlideshowImage, shopId)).body.name,
    }),
  },
  {
    placeholders: ['{{CUSTOMER_ID}}'],
    make: async (shopId) => ({
      '{{CUSTOMER_ID}}': (await invokeRoute(routes.createCustomer, shopId)).body.customerId,
    }),
  },
];

/** The address of the newsletter samples (events/newsletters/). */
const SAMPLE_SUBSCRIBER = 'wanda.walker@example.com';

/** A name no earlier sample run used (identifiers and codes are unique in a shop). */
function sampleName(): string {
  return `sample-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** An 8×8 PNG (made once with sharp) for the image upload samples. */
const SAMPLE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4ESCCFTEMLQkAe3tLAcPzlYoAAAAASUVORK5CYII=';

/** The base64 multipart/form-data body (boundary `sample-boundary`) uploading SAMPLE_PNG as part `image`. */
export function sampleImageUpload(filename: string): string {
  return Buffer.concat([
    Buffer.from(
      `--sample-boundary\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(SAMPLE_PNG, 'base64'),
    Buffer.from('\r\n--sample-boundary--\r\n'),
  ]).toString('base64');
}

/** The sample event file of a route: functions/<group>/<action>.ts → events/<group>/<action>.json. */
export function sampleEventFile(route: Route): string {
  return join(repoRoot, route.handler.replace(/^functions\//, 'events/').replace(/\.ts$/, '.json'));
}

/** A route's sample event, ready to run. */
export async function loadSampleEvent(route: Route): Promise<Record<string, unknown>> {
  return prepareSampleEvent(JSON.parse(await readFile(sampleEventFile(route), 'utf8')));
}

/** Fills a sample event's placeholders: a dev token and fresh objects where it names them. */
export async function prepareSampleEvent(event: Record<string, unknown>): Promise<Record<string, unknown>> {
  fillDevToken(event);
  let text = JSON.stringify(event);
  const shopId = (event.pathParameters as Record<string, string> | undefined)?.shopId ?? 'demo';
  for (const factory of factories) {
    if (!factory.placeholders.some((p) => text.includes(p))) continue;
    for (const [placeholder, value] of Object.entries(await factory.make(shopId))) {
      text = text.replaceAll(placeholder, value);
    }
  }
  return JSON.parse(text);
}

/**
 * Runs a route's handler on its own sample event with another body (for factories); the body
 * of the answer comes back parsed. Throws unless the answer is 2xx.
 */
export async function invokeRoute(
  route: Route,
  shopId: string,
  body?: string,
  replacements: Record<string, string> = {},
): Promise<{ body: SampleAnswer; headers: APIGatewayProxyStructuredResultV2['headers'] }> {
  let template = await readFile(sampleEventFile(route), 'utf8');
  for (const [from, to] of Object.entries({
    ...replacements,
    '/demo/': `/${shopId}/`,
    '"demo"': JSON.stringify(shopId),
  })) {
    template = template.replaceAll(from, to);
  }
  const freshEvent = async () => {
    const event = await prepareSampleEvent(JSON.parse(template));
    if (body !== undefined) event.body = body;
    return event;
  };
  const handler = await loadHandler(route.handler);
  let result = (await handler(
    await freshEvent(),
    lambdaContext(route.name),
  )) as APIGatewayProxyStructuredResultV2;
  // A 503 says "try again after Retry-After", and a client does: samples are prepared many at once,
  // beside module loading that can hold this process's event loop past a DynamoDB call's timeout.
  // The retry is a fresh sample (new identifiers): a write that timed out may still have been applied,
  // and identifiers are unique in a shop (the same campaign sent again would be 409).
  for (let attempt = 1; attempt < 4 && result.statusCode === 503; attempt++) {
    const seconds = Number(result.headers?.['Retry-After'] ?? result.headers?.['retry-after'] ?? 1);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    result = (await handler(
      await freshEvent(),
      lambdaContext(route.name),
    )) as APIGatewayProxyStructuredResultV2;
  }
  if (!result.statusCode || result.statusCode >= 300) {
    throw new Error(`${route.name} failed for a sample event: ${result.statusCode} ${result.body}`);
  }
  return { body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
}
