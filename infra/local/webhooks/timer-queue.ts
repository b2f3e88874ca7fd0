import { CLAIM_LEASE_MS } from '../../../lib/data/webhooks/delivery-log';
import { log } from '../../../lib/log';
import { deliverJob } from '../../../lib/use-cases/webhooks/deliver-job';
import type { DeliveryJob, DeliveryQueue } from '../../../lib/use-cases/webhooks/delivery-queue';
import { readsOfOneBatch } from '../../../lib/use-cases/webhooks/webhook-reads';

/**
 * A job whose attempt failed on our side (DynamoDB failing) is tried again after this long: past
 * the claim it may hold (as SQS shows a failed message again only after its visibility timeout).
 */
export const BROKEN_JOB_RETRY_MS = CLAIM_LEASE_MS + 1000;
/**
 * Jobs attempted at once. In AWS a batch of at most 10 messages per function instance bounds it;
 * without a bound a burst of events opens thousands of DynamoDB connections at once. A slow
 * receiver takes one slot for at most its 10 s.
 */
const RUNNING_AT_ONCE = 32;

/**
 * The twin's delivery queue: the SQS queue's part, in process. Each job waits its delay on a timer,
 * then a slot (RUNNING_AT_ONCE), and runs the very code the AWS delivery function runs (deliverJob);
 * the jobs started together share their webhook reads as a batch of messages does.
 * Slots go to the webhooks in turn and one webhook holds at most half of them, or an eighth while
 * its receiver fails (its last attempt failed), so one webhook's backlog (a dead receiver's
 * retries) or slow receiver never holds up another's deliveries nor fills DynamoDB Local with
 * failing attempts; a retry waits for a slot at least its delay, as the schedule allows.
 * stop() drops what waits (the twin's state is gone too).
 */
export class TimerQueue implements DeliveryQueue {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Jobs due, per webhook; the map's order is the turn order (a served webhook goes to the back). */
  private readonly due = new Map<string, DeliveryJob[]>();
  private readonly running = new Set<Promise<unknown>>();
  /** Attempts running, per webhook. */
  private readonly runningFor = new Map<string, number>();
  /** Webhooks whose last attempt failed. */
  private readonly failing = new Set<string>();
  private readonly slotsPerWebhook: number;
  private readonly slotsWhileFailing: number;
  private stopped = false;

  /** `slots`: attempts at once (a test that must leave DynamoDB Local room for others takes fewer). */
  constructor(private readonly slots = RUNNING_AT_ONCE) {
    this.slotsPerWebhook = Math.max(1, Math.floor(slots / 2));
    this.slotsWhileFailing = Math.max(1, Math.floor(slots / 8));
  }

  async enqueue(job: DeliveryJob, delayMs: number): Promise<void> {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const waiting = this.due.get(job.webhookId);
      if (waiting) waiting.push(job);
      else this.due.set(job.webhookId, [job]);
      this.startDue();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Drops the waiting jobs and waits for those being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.due.clear();
    await Promise.allSettled([...this.running]);
  }

  private startDue(): void {
    // The jobs started together share their webhook reads, as a batch of queue messages does in AWS.
    const reads = readsOfOneBatch();
    while (!this.stopped && this.running.size < this.slots) {
      const webhookId = this.nextTurn();
      if (webhookId === undefined) return;
      const jobs = this.due.get(webhookId) as DeliveryJob[];
      const job = jobs.shift() as DeliveryJob;
      this.due.delete(webhookId);
      if (jobs.length > 0) this.due.set(webhookId, jobs);
      this.runningFor.set(webhookId, (this.runningFor.get(webhookId) ?? 0) + 1);
      const run = deliverJob(job, this, reads).then(
        (attempt) => {
          if (attempt?.status === 'FAILED') this.failing.add(webhookId);
          else this.failing.delete(webhookId);
        },
        (error: unknown) => {
          // Sent or not, the attempt is repeated: delivery is at least once, receivers skip known ids.
          log.error('webhook attempt failed on our side (not the receiver); trying again', {
            webhookId: job.webhookId,
            eventId: job.event.id,
            error: error instanceof Error ? error.message : String(error),
          });
          return this.enqueue(job, BROKEN_JOB_RETRY_MS);
        },
      );
      this.running.add(run);
      void run.finally(() => {
        this.running.delete(run);
        const left = (this.runningFor.get(webhookId) ?? 1) - 1;
        if (left === 0) this.runningFor.delete(webhookId);
        else this.runningFor.set(webhookId, left);
        this.startDue();
      });
    }
  }

  /** The first webhook in turn with a job due and a slot of its share left. */
  private nextTurn(): string | undefined {
    for (const webhookId of this.due.keys()) {
      const share = this.failing.has(webhookId) ? this.slotsWhileFailing : this.slotsPerWebhook;
      if ((this.runningFor.get(webhookId) ?? 0) < share) return webhookId;
    }
    return undefined;
  }
}
