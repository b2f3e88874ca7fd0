import { config } from '../../config';
import type { CallbackRules } from '../../domain/webhooks/callback-url';

/** The callback rules where this code runs: the twin's local exception only when switched on. */
export function callbackRules(): CallbackRules {
  return { allowLocal: config().WEBHOOK_ALLOW_LOCAL };
}

/** The API's base URL for links in deliveries, without a trailing slash (the stack's URL has one). */
export function apiBaseUrl(): string {
  return (config().API_BASE_URL ?? '').replace(/\/$/, '');
}
