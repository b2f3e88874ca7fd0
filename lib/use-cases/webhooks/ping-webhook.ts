import { randomBytes } from 'node:crypto';
import { requireWebhook } from '../../data/webhooks/webhook-repository';
import { NotFoundError } from '../../domain/errors';
import type { DeliveryAttempt } from '../../domain/webhooks/delivery-attempt';
import { deliverJob } from './deliver-job';

/** A ping is never retried: the queue it is given refuses to be used. */
const NO_RETRIES = {
  enqueue: async () => {
    throw new Error('a PING is never retried');
  },
};

/** Sends a PING to the webhook at once and answers its attempt (docs/webhooks.md: never retried, never deactivates it). */
export async function pingWebhook(shopId: string, webhookId: string): Promise<DeliveryAttempt> {
  const webhook = await requireWebhook(shopId, webhookId);
  const event = {
    id: `evt_${randomBytes(16).toString('hex')}`,
    type: 'PING' as const,
    createdOn: new Date().toISOString(),
    entityUrl: null,
    entity: {},
  };
  const attempt = await deliverJob(
    { shopId, webhookId, activation: webhook.activation, event, attempt: 1 },
    NO_RETRIES,
  );
  // A PING is sent whatever the webhook's state: it is skipped only when the webhook was deleted
  // since it was read (a DELETE racing the test; the fuzz found it as a 500).
  if (!attempt) throw new NotFoundError('Webhook');
  return attempt;
}
