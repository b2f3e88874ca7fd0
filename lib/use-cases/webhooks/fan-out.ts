import { apiBaseUrl } from '../../data/webhooks/webhook-settings';
import { type BusEvent, WEBHOOK_TYPE_OF_EVENT, webhookEventId } from '../../domain/webhooks/webhook-event';
import type { DeliveryQueue } from './delivery-queue';
import { eventEntity } from './event-entity';
import { EACH_READ, type WebhookReads } from './webhook-reads';

/**
 * Turns one domain event into one job per active webhook subscribed to its type (docs/webhooks.md
 * "Event types"), each a queue message of its own, so a slow or dead receiver never holds up
 * another. The entity is read once here and travels in the jobs. Events of inactive webhooks are
 * neither sent nor kept. Returns how many jobs were queued.
 */
export async function fanOut(
  event: BusEvent,
  queue: DeliveryQueue,
  reads: WebhookReads = EACH_READ,
): Promise<number> {
  const type = WEBHOOK_TYPE_OF_EVENT[event.detailType];
  if (!type) return 0;
  const { shopId } = event.detail;
  const webhooks = (await reads.list(shopId)).filter((w) => w.active && w.eventTypes.includes(type));
  if (webhooks.length === 0) return 0;
  const found = await eventEntity(type, event.detail, { baseUrl: apiBaseUrl(), shopId });
  if (!found) return 0;
  const webhookEvent = { id: webhookEventId(event), type, createdOn: event.time, ...found };
  await Promise.all(
    webhooks.map((webhook) =>
      queue.enqueue(
        {
          shopId,
          webhookId: webhook.webhookId,
          activation: webhook.activation,
          event: webhookEvent,
          source: event.detail,
          attempt: 1,
        },
        0,
      ),
    ),
  );
  return webhooks.length;
}
