import { WEBHOOK_EVENT_TYPES } from '../../domain/webhooks/webhook';
import * as z from '../zod';
import { Links } from './common';

/** Response schemas of the webhooks (docs/webhooks.md). */

const EventType = z.enum(WEBHOOK_EVENT_TYPES);

const webhookFields = {
  webhookId: z.string(),
  callbackUrl: z.string(),
  eventTypes: z.array(EventType),
  active: z.boolean(),
  deactivatedReason: z.nullable(z.string()),
  createdOn: z.string(),
  updatedOn: z.string(),
  links: Links,
};

export const Webhook = z.strictObject(webhookFields).register(z.globalRegistry, { id: 'Webhook' });

/** The 201 answer: the only one that shows the secret. */
export const CreatedWebhook = z
  .strictObject({ ...webhookFields, secret: z.string() })
  .register(z.globalRegistry, { id: 'CreatedWebhook' });

/** The PATCH answer: with the new secret, once, when the patch changed `callbackUrl`. */
export const PatchedWebhook = z
  .strictObject({ ...webhookFields, secret: z.optional(z.string()) })
  .register(z.globalRegistry, { id: 'PatchedWebhook' });

export const WebhookList = z
  .strictObject({ items: z.array(Webhook) })
  .register(z.globalRegistry, { id: 'WebhookList' });

export const WebhookDelivery = z
  .strictObject({
    eventId: z.string(),
    eventType: z.enum([...WEBHOOK_EVENT_TYPES, 'PING']),
    attempt: z.int(),
    status: z.enum(['DELIVERED', 'FAILED']),
    time: z.string(),
    answerCode: z.nullable(z.int()),
    error: z.nullable(z.enum(['timeout', 'connection refused', 'blocked address', 'redirect', 'bad status'])),
    nextAttemptAt: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'WebhookDelivery' });

export const WebhookDeliveryList = z
  .strictObject({ items: z.array(WebhookDelivery) })
  .register(z.globalRegistry, { id: 'WebhookDeliveryList' });
