import { type CallbackRules, parseCallbackUrl } from './callback-url';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook';

/** A check of one input value: the value to store, or what is wrong with it. */
type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** `callbackUrl` on create and PATCH: its text rules (names are resolved by the use case). */
export function checkCallbackUrl(value: unknown, rules: CallbackRules): Checked<string> {
  if (typeof value !== 'string') return { ok: false, message: 'must be a string' };
  const target = parseCallbackUrl(value, rules);
  return 'problem' in target ? { ok: false, message: target.problem } : { ok: true, value };
}

/** `eventTypes`: a non-empty array of distinct known types. */
export function checkEventTypes(value: unknown): Checked<WebhookEventType[]> {
  if (!Array.isArray(value) || value.length === 0)
    return { ok: false, message: 'must be a non-empty array of event types' };
  const unknown = value.filter((v) => !(WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(v));
  if (unknown.length > 0)
    return {
      ok: false,
      message: `unknown event type ${JSON.stringify(unknown[0])}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
    };
  if (new Set(value).size !== value.length) return { ok: false, message: 'must not repeat an event type' };
  return { ok: true, value: value as WebhookEventType[] };
}

/** `active`: a boolean. */
export function checkActive(value: unknown): Checked<boolean> {
  return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: 'must be a boolean' };
}
