import { config } from '../../config';
import { claimAttempt, recordAttempt } from '../../data/webhooks/delivery-log';
import { sendCallback } from '../../data/webhooks/send-callback';
import { getWebhook, replaceWebhook, type StoredWebhook } from '../../data/webhooks/webhook-repository';
import { apiBaseUrl, callbackRules } from '../../data/webhooks/webhook-settings';
import { parseCallbackUrl } from '../../domain/webhooks/callback-url';
import {
  type DeliveryAttempt,
  deactivationReason,
  type SendOutcome,
} from '../../domain/webhooks/delivery-attempt';
import { retryDelayMs } from '../../domain/webhooks/retry-schedule';
import { SIGNATURE_HEADERS, signDelivery } from '../../domain/webhooks/signature';
import { deliveryBody, type WebhookEvent } from '../../domain/webhooks/webhook-event';
import type { DeliveryJob, DeliveryQueue } from './delivery-queue';
import { eventEntity } from './event-entity';
import { EACH_READ, type WebhookReads } from './webhook-reads';

/** How long a ping may take in all (docs/webhooks.md "Callback URL safety"). */
export const PING_BUDGET_MS = 5000;

/**
 * One attempt of one job (docs/webhooks.md "What a receiver gets", "Retries and deactivation"): skipped when
 * the webhook is gone, was (de)activated since the event, its receiver already took the event, or
 * another copy of the job holds this attempt (claimAttempt); else signed with this attempt's
 * timestamp, sent, and logged. A failure schedules the next attempt on the queue, and after the
 * last one deactivates the webhook. A PING (POST /webhooks/{id}/test) is sent whatever the
 * webhook's state and never retried. Returns the attempt, or undefined if skipped.
 */
export async function deliverJob(
  job: DeliveryJob,
  queue: DeliveryQueue,
  reads: WebhookReads = EACH_READ,
): Promise<DeliveryAttempt | undefined> {
  const ping = job.event.type === 'PING';
  // The claim goes out beside the webhook's read, one round trip instead of two on every event's
  // way to its receiver. A claim made for a webhook found gone or changed is never used; it expires.
  const [webhook, claimed] = await Promise.all([
    reads.get(job.shopId, job.webhookId),
    ping || claimAttempt(job.shopId, job.webhookId, job.event.id, job.attempt),
  ]);
  if (!webhook) return undefined;
  if (!ping && (!webhook.active || webhook.activation !== job.activation)) return undefined;
  if (!claimed) return undefined;

  const event = await withEntity(job);
  if (!event) return undefined;
  const outcome = await send(webhook, { ...job, event });
  const time = new Date().toISOString();
  const attempt: DeliveryAttempt = {
    eventId: job.event.id,
    eventType: job.event.type,
    attempt: job.attempt,
    status: outcome.error === null ? 'DELIVERED' : 'FAILED',
    time,
    answerCode: outcome.answerCode,
    error: outcome.error,
    nextAttemptAt: null,
  };
  if (outcome.error !== null && !ping) {
    const delay = retryDelayMs(job.attempt, config().WEBHOOK_RETRY_SCALE);
    if (delay === undefined) await deactivate(webhook, job, outcome);
    else {
      await queue.enqueue({ ...job, attempt: job.attempt + 1 }, delay);
      attempt.nextAttemptAt = new Date(Date.now() + delay).toISOString();
    }
  }
  await recordAttempt(job.shopId, job.webhookId, attempt, outcome.error === null && !ping);
  return attempt;
}

/** The job's event with its entity: read again when the queue message left it out (too big). */
async function withEntity(job: DeliveryJob): Promise<WebhookEvent | undefined> {
  const { event, source } = job;
  if (event.entity !== undefined || !source || event.type === 'PING') return event;
  const found = await eventEntity(event.type, source, { baseUrl: apiBaseUrl(), shopId: job.shopId });
  return found && { ...event, ...found };
}

async function send(webhook: StoredWebhook, job: DeliveryJob): Promise<SendOutcome> {
  const target = parseCallbackUrl(webhook.callbackUrl, callbackRules());
  if ('problem' in target) return { answerCode: null, error: 'blocked address' };
  const body = deliveryBody(job.event, `${apiBaseUrl()}/${job.shopId}`);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    [SIGNATURE_HEADERS.webhookId]: webhook.webhookId,
    [SIGNATURE_HEADERS.timestamp]: String(timestamp),
    [SIGNATURE_HEADERS.signature]: signDelivery(webhook.secret, timestamp, body),
  };
  // A ping answers its caller: 5 s in all, name resolution included, inside its function's timeout.
  return job.event.type === 'PING'
    ? sendCallback(target, body, headers, undefined, PING_BUDGET_MS)
    : sendCallback(target, body, headers);
}

/** Deactivates the webhook after an event failed its last attempt, unless it changed meanwhile. */
async function deactivate(webhook: StoredWebhook, job: DeliveryJob, outcome: SendOutcome): Promise<void> {
  for (
    let current: StoredWebhook | undefined = webhook;
    current?.active && current.activation === job.activation;
  ) {
    try {
      await replaceWebhook({
        ...current,
        active: false,
        deactivatedReason: deactivationReason(job.attempt, job.event.id, outcome),
        activation: current.activation + 1,
        version: current.version + 1,
        updatedOn: new Date().toISOString(),
      });
      return;
    } catch {
      // Changed meanwhile (a PATCH): judge again on what it is now.
      current = await getWebhook(job.shopId, job.webhookId);
    }
  }
}
