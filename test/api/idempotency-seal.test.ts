import { createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../lib/data/client';
import { keys } from '../../lib/data/keys';
import { idempotencyKeyHash, unseal } from '../../lib/http/idempotency-seal';
import { call } from '../support/api';
import { useLocalTable } from '../support/local-env';
import { privateDemoShop } from '../support/shops';

/**
 * docs/security.md "Idempotency secret": the answer POST /carts stores for an Idempotency-Key holds the
 * new cart's token, sealed with the server secret and the key. Whoever reads the table and guesses
 * a weak key still cannot open it; only the server (which holds the secret) can, for the retry.
 */

let shop: string;

beforeAll(async () => {
  useLocalTable();
  shop = await privateDemoShop('seal');
});

/** The stored item of a key, as anyone with read access to the table sees it. */
async function storedItem(key: string) {
  // The dev issuer's tokens have the subject dev-user (infra/local/dev-issuer.ts).
  const callerId = `${shop}|dev-user`;
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.idempotency(shop, 'createCart.shop', idempotencyKeyHash(callerId, key)),
    }),
  );
  return { callerId, item: Item as Record<string, unknown> };
}

/** Opening with a key derived from the Idempotency-Key alone (how answers were sealed before). */
function openWithKeyAlone(callerId: string, key: string, sealed: string): string {
  const aesKey = Buffer.from(hkdfSync('sha256', key, callerId, 'shop-api idempotent answer', 32));
  const data = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', aesKey, data.subarray(0, 12));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
}

describe('the stored answer of POST /carts with an Idempotency-Key', () => {
  it('cannot be opened with the key alone nor with another secret; the retry gets the same token', async () => {
    const key = '1'; // as weak as a key gets
    const first = await call(`/${shop}/carts`, {
      method: 'POST',
      body: {},
      headers: { 'idempotency-key': key },
    });
    const token = first.headers.get('x-service-cart-token') as string;

    const { callerId, item } = await storedItem(key);
    const sealed = item.sealed as string;
    const retry = await call(`/${shop}/carts`, {
      method: 'POST',
      body: {},
      headers: { 'idempotency-key': key },
    });
    const serverSecret = Buffer.from(
      readFileSync(process.env.IDEMPOTENCY_SECRET_FILE as string, 'utf8').trim(),
      'utf8',
    );

    expect(first.status).toBe(201);
    expect(JSON.stringify(item)).not.toContain(token);
    expect(() => openWithKeyAlone(callerId, key, sealed)).toThrow();
    expect(() => unseal(randomBytes(32), callerId, key, sealed)).toThrow();
    expect(() => unseal(serverSecret, callerId, 'another key', sealed)).toThrow();
    expect(unseal(serverSecret, callerId, key, sealed)).toContain(token);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('x-service-cart-token')).toBe(token);
    expect(retry.body.cartId).toBe(first.body.cartId);
  });
});
