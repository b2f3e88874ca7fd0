import { createHash } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  getIdempotencyRecord,
  releaseIdempotencyKey,
} from '../../data/idempotency-repository';
import { idempotencySecret } from '../../data/idempotency-secret';
import { log } from '../../log';
import type { Route } from '../../routes';
import { Conflict } from '../errors';
import { idempotencyKeyHash, seal, unseal } from '../idempotency-seal';
import type { ApiContext, ApiEvent, ApiResult } from '../types';
import { cartOfPath } from './cart-token';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Marks an answer given again for a repeated Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Beyond the spec: on routes marked idempotent, an `Idempotency-Key` header makes a retry safe.
 * - `stored` (POST /carts): the first 2xx answer is replayed for 24 hours (the same key with another
 *   request: 409; while the first is still running: 409). The replay still passes versioning,
 *   logging and the cart token check; the handler is skipped. A key whose request failed is released.
 * - `ordered-cart` (the checkout): only the key's hash is handed on; the cart the checkout orders
 *   keeps it, in the order's own transaction, and a retry with the key answers that order
 *   (lib/use-cases/orders/place-order.ts). Nothing is read or written here: a checkout whose answer
 *   was lost, or that runs twice at once, is recognised by its cart, which no stored answer could
 *   do better (the answer is written after the order, so it can be missing when the order is not).
 */
export function idempotency(route: Route): MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext> {
  return {
    before: async (request) => {
      const key = request.event.headers?.[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
      // Runs before the cart token and validation (who you are before what you sent): a key that is
      // not one is validation's 400, and a path that cannot name a cart the cart token's 404.
      if (!route.idempotent || key === undefined || idempotencyKeyProblem(key)) return;
      const cart = route.cartToken ? cartOfPath(request.event) : undefined;
      if (route.cartToken && !cart) return;
      const { api } = request.context;
      const shopId = request.event.pathParameters?.shopId as string;
      const callerId = `${shopId}|${api.principal?.subject ?? ''}`;
      const keyHash = idempotencyKeyHash(callerId, key);
      if (route.idempotent === 'ordered-cart') {
        api.checkoutKeyHash = keyHash;
        return;
      }
      const scope = `${route.name}.${cart?.cartId ?? 'shop'}`;
      const fingerprint = fingerprintOf(request.event);
      // The secret (read once per instance) is fetched while the record is.
      const secretRead = idempotencySecret();
      secretRead.catch(() => undefined);
      const record = await getIdempotencyRecord(shopId, scope, keyHash);
      const secret = await secretRead;
      if (record) {
        if (record.fingerprint !== fingerprint)
          throw new Conflict(`${IDEMPOTENCY_KEY_HEADER} was used for another request`);
        if (record.state !== 'done' || !record.sealed) {
          throw new Conflict(`A request with this ${IDEMPOTENCY_KEY_HEADER} is in progress`);
        }
        const replay = JSON.parse(opened(secret, callerId, key, record.sealed)) as ApiResult;
        api.replay = { ...replay, headers: { ...replay.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' } };
        return;
      }
      if (!(await claimIdempotencyKey(shopId, scope, keyHash, fingerprint))) {
        throw new Conflict(`A request with this ${IDEMPOTENCY_KEY_HEADER} is in progress`);
      }
      api.idempotency = {
        shopId,
        scope,
        keyHash,
        fingerprint,
        seal: (plain: string) => seal(secret, callerId, key, plain),
      };
    },
    after: async (request) => {
      const claim = request.context.api.idempotency;
      if (!claim || !request.response) return;
      const { statusCode = 200, headers, body } = request.response;
      if (statusCode >= 200 && statusCode < 300) {
        const sealed = claim.seal(JSON.stringify({ statusCode, headers, body }));
        await completeIdempotencyKey(claim.shopId, claim.scope, claim.keyHash, claim.fingerprint, sealed);
      } else {
        await releaseIdempotencyKey(claim.shopId, claim.scope, claim.keyHash);
      }
    },
    onError: async (request) => {
      const claim = request.context.api?.idempotency;
      if (!claim) return;
      // Never throws: the error being answered (often DynamoDB failing: 503) must reach the client.
      if (!(await releaseIdempotencyKey(claim.shopId, claim.scope, claim.keyHash))) {
        log.warn('idempotency key not released; its claim lapses', {
          requestId: request.context.api.requestId,
        });
      }
    },
  };
}

/** What is wrong with an Idempotency-Key header (validation answers it 400), or undefined. */
export function idempotencyKeyProblem(key: string): string | undefined {
  return /^[\x21-\x7e]{1,255}$/.test(key) ? undefined : 'expected 1 to 255 visible ASCII characters';
}

/** The stored answer; one sealed under another server secret (rotated) cannot be replayed: 409. */
function opened(secret: Buffer, callerId: string, key: string, sealed: string): string {
  try {
    return unseal(secret, callerId, key, sealed);
  } catch {
    throw new Conflict(`The first answer to this ${IDEMPOTENCY_KEY_HEADER} can no longer be replayed`);
  }
}

/** What makes two requests "the same": method, path and body. */
function fingerprintOf(event: ApiEvent): string {
  return createHash('sha256')
    .update(`${event.requestContext?.http?.method} ${event.rawPath}\n${event.body ?? ''}`)
    .digest('base64url');
}
