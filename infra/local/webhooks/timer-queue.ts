import { log } from '../../../lib/log';
import { deliverJob } from '../../../lib/use-cases/webhooks/deliver-job';
import type { DeliveryJob, DeliveryQueue } from '../../../lib/use-cases/webhooks/delivery-queue';

/** A job the twin could not even attempt (DynamoDB failing) is tried again after this long. */
const BROKEN_JOB_RETRY_MS = 1000;

/**
 * The twin's delivery queue: the SQS queue's part, in process. Each job waits its delay on a timer
 * and then runs the very code the AWS delivery function runs (deliverJob); jobs run concurrently,
 * so a slow receiver holds up only its own. stop() drops what waits (the twin's state is gone too).
 */
export class TimerQueue implements DeliveryQueue {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  async enqueue(job: DeliveryJob, delayMs: number): Promise<void> {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = deliverJob(job, this).catch((error: unknown) => {
        log.error('webhook delivery failed before sending; trying again', {
          webhookId: job.webhookId,
          eventId: job.event.id,
          error: error instanceof Error ? error.message : String(error),
        });
        return this.enqueue(job, BROKEN_JOB_RETRY_MS);
      });
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Drops the waiting jobs and waits for those being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
