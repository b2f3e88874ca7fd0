import type { BusEvent } from '../../../lib/domain/webhooks/webhook-event';
import { log } from '../../../lib/log';
import { fanOut } from '../../../lib/use-cases/webhooks/fan-out';
import { readsOfOneBatch, type WebhookReads } from '../../../lib/use-cases/webhooks/webhook-reads';
import type { LocalEventBus } from '../events/local-event-bus';
import { TimerQueue } from './timer-queue';

/** A fan-out that failed (DynamoDB failing) is tried again this often before the event is given up. */
const FAN_OUT_ATTEMPTS = 5;

/**
 * The twin's webhooks (docs/webhooks.md "On the twin"): every event of the local bus is fanned out
 * to the shop's webhooks as EventBridge's rule and the delivery function do in AWS, onto an
 * in-process queue (TimerQueue) that runs the same delivery code.
 */
export function startTwinWebhooks(bus: LocalEventBus): { stop(): Promise<void> } {
  const queue = new TimerQueue();
  const fanning = new Set<Promise<void>>();
  // The events of one PutEvents call arrive together, as a batch of queue messages does in AWS,
  // and share their webhook reads as that batch does (readsOfOneBatch).
  const batch: BusEvent[] = [];
  const fanOutBatch = () => {
    const reads = readsOfOneBatch();
    for (const busEvent of batch.splice(0)) {
      const run = fanOutWithRetries(busEvent, queue, reads);
      fanning.add(run);
      void run.finally(() => fanning.delete(run));
    }
  };
  const unlisten = bus.listen((event) => {
    const detail = event.detail as { shopId?: unknown };
    if (typeof detail.shopId !== 'string') return;
    if (batch.length === 0) queueMicrotask(fanOutBatch);
    batch.push({
      detailType: event.detailType,
      time: event.time,
      detail: { ...detail, shopId: detail.shopId },
    });
  });
  return {
    stop: async () => {
      unlisten();
      await Promise.allSettled([...fanning]);
      await queue.stop();
    },
  };
}

/** One event's fan-out, tried again while DynamoDB fails (the batch's reads drop a failed read), then given up. */
async function fanOutWithRetries(busEvent: BusEvent, queue: TimerQueue, reads: WebhookReads): Promise<void> {
  for (let attempt = 1; attempt <= FAN_OUT_ATTEMPTS; attempt++) {
    try {
      await fanOut(busEvent, queue, reads);
      return;
    } catch (error) {
      log.error('webhook fan-out failed', {
        detailType: busEvent.detailType,
        attempt,
        error: error instanceof Error ? error.message : String(error),
      });
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
