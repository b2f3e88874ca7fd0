import { callbackRules } from '../data/webhooks/webhook-settings';
import { checkCallbackUrl, checkEventTypes } from '../domain/webhooks/webhook-input';
import { PathId, ShopId } from './common';
import { PatchOrderBody } from './orders';
import * as z from './zod';

/** Schemas of the webhooks (docs/webhooks.md). */

export const WebhookPath = z.lazy(() => z.object({ shopId: ShopId, webhookId: PathId }));

/** Adds the message of a domain input rule as the value's issue. */
const rule = (check: (value: unknown) => { ok: true } | { ok: false; message: string }) =>
  z.superRefine((value: unknown, ctx) => {
    const result = check(value);
    if (!result.ok) ctx.issues.push({ code: 'custom', message: result.message, input: value });
  });

/**
 * POST body: `callbackUrl` and `eventTypes` required, `active` default true; nothing else. Built
 * on the first request (lazy), when the configuration (the twin's local exception) is read.
 */
export const CreateWebhookBody = z.lazy(() =>
  z.strictObject({
    callbackUrl: z.string().check(rule((v) => checkCallbackUrl(v, callbackRules()))),
    eventTypes: z.array(z.unknown()).check(rule(checkEventTypes)),
    active: z._default(z.boolean(), true),
  }),
);

/** PATCH body: a JSON Patch array (the same shape as the other patches; paths: the domain's rule). */
export const PatchWebhookBody = PatchOrderBody;
