import type { BusEvent, WebhookEvent } from '../../domain/webhooks/webhook-event';

/** One attempt to deliver one event to one webhook: a message of the delivery queue. */
export interface DeliveryJob {
  shopId: string;
  webhookId: string;
  /** The webhook's activation when the event was raised: a (de)activation since drops the job. */
  activation: number;
  event: WebhookEvent;
  /**
   * The domain event's detail the entity was read from. A queue whose messages cannot hold a large
   * entity (SQS: 256 KB) sends the job without it, and each attempt reads it again from this.
   */
  source?: BusEvent['detail'];
  /** 1-based. */
  attempt: number;
}

/**
 * Where jobs wait for their turn: SQS with message delays in AWS (functions/webhooks), an
 * in-process timer queue in the twin (infra/local/webhooks). Both run deliverJob on each.
 */
export interface DeliveryQueue {
  enqueue(job: DeliveryJob, delayMs: number): Promise<void>;
}
