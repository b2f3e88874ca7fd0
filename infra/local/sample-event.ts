import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routes } from '../../lib/routes';
import { repoRoot } from './dev-issuer';
import { fillDevToken } from './event-token';
import { lambdaContext, loadHandler } from './lambda-runtime';

/** Placeholders of cart routes' sample events: a fresh cart is made for them. */
export const CART_ID_PLACEHOLDER = '{{CART_ID}}';
export const CART_TOKEN_PLACEHOLDER = '{{CART_TOKEN}}';

/**
 * Makes a sample event (events/*.json) ready to run: a fresh dev token for `{{DEV_TOKEN}}` and, when
 * the event names `{{CART_ID}}` or `{{CART_TOKEN}}`, a new cart of the event's shop created through
 * the createCart handler itself.
 */
export async function prepareSampleEvent(event: Record<string, unknown>): Promise<Record<string, unknown>> {
  fillDevToken(event);
  let text = JSON.stringify(event);
  if (!text.includes(CART_ID_PLACEHOLDER) && !text.includes(CART_TOKEN_PLACEHOLDER)) return event;
  const shopId = (event.pathParameters as Record<string, string> | undefined)?.shopId ?? 'demo';
  const { cartId, cartToken } = await createSampleCart(shopId);
  text = text.replaceAll(CART_ID_PLACEHOLDER, cartId).replaceAll(CART_TOKEN_PLACEHOLDER, cartToken);
  return JSON.parse(text);
}

async function createSampleCart(shopId: string): Promise<{ cartId: string; cartToken: string }> {
  const template = await readFile(join(repoRoot, 'events/carts/create-cart.json'), 'utf8');
  const event = JSON.parse(
    template.replaceAll('/demo/', `/${shopId}/`).replaceAll('"demo"', JSON.stringify(shopId)),
  );
  event.body = '{}';
  fillDevToken(event);
  const handler = await loadHandler(routes.createCart.handler);
  const result = (await handler(
    event,
    lambdaContext(routes.createCart.name),
  )) as APIGatewayProxyStructuredResultV2;
  if (result.statusCode !== 201)
    throw new Error(`could not create a cart for the sample event: ${result.statusCode} ${result.body}`);
  const cartToken = result.headers?.['X-Service-Cart-Token'];
  return { cartId: JSON.parse(result.body ?? '{}').cartId, cartToken: String(cartToken) };
}
