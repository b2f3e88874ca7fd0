import type { DynamoDBRecord } from 'aws-lambda';
import { eventStatesOf, keepEventStates } from '../../data/webhooks/event-states';
import { readsOfOneBatch, type WebhookReads } from './webhook-reads';

/**
 * Keeps, for one batch of stream records, the states their order and customer events' webhooks
 * will carry (docs/webhooks.md "State at the time"), before the events are published: only for
 * types an active webhook of the shop subscribes to now (one read of a shop's webhooks per batch),
 * so a shop without webhooks pays nothing. A webhook subscribed in the moment between this and the
 * fan-out gets the state read at the fan-out, as before.
 */
export async function keepWebhookStates(
  records: readonly DynamoDBRecord[],
  reads: WebhookReads = readsOfOneBatch(),
): Promise<void> {
  const states = records.flatMap(eventStatesOf);
  if (states.length === 0) return;
  const wanted = await Promise.all(
    states.map(async (state) =>
      (await reads.list(state.shopId)).some((w) => w.active && w.eventTypes.includes(state.type)),
    ),
  );
  await keepEventStates(states.filter((_, i) => wanted[i]));
}
