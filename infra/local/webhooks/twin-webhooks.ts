import { log } from '../../../lib/log';
import { fanOut } from '../../../lib/use-cases/webhooks/fan-out';
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
  const unlisten = bus.listen((event) => {
    const detail = event.detail as { shopId?: unknown };
    if (typeof detail.shopId !== 'string') return;
    const busEvent = {
      detailType: event.detailType,
      time: event.time,
      detail: { ...detail, shopId: detail.shopId },
    };
    const run = (async () => {
      for (let attempt = 1; attempt <= FAN_OUT_ATTEMPTS; attempt++) {
        try {
          await fanOut(busEvent, queue);
          return;
        } catch (error) {
          log.error('webhook fan-out failed', {
            detailType: event.detailType,
            attempt,
            error: error instanceof Error ? error.message : String(error),
          });
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    })();
    fanning.add(run);
    void run.finally(() => fanning.delete(run));
  });
  return {
    stop: async () => {
      unlisten();
      await Promise.allSettled([...fanning]);
      await queue.stop();
    },
  };
}
