import { createHmac } from 'node:crypto';

/**
 * The signature of one delivery attempt (docs/webhooks.md "Verifying a delivery"):
 * base64(HMAC-SHA256(secret as UTF-8, `${timestamp}.${raw body}`)), standard padded base64.
 * The timestamp is the attempt's Unix seconds, so a captured delivery cannot be replayed later.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('base64');
}

/** The headers that carry it. */
export const SIGNATURE_HEADERS = {
  webhookId: 'X-Service-Webhook-Id',
  timestamp: 'X-Service-Webhook-Timestamp',
  signature: 'X-Service-Hmac-Sha256',
} as const;
