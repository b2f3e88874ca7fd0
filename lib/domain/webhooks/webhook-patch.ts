import { opField, type PatchOperation, type PatchProblem } from '../json-patch';
import type { CallbackRules } from './callback-url';
import type { WebhookRecord } from './webhook';
import { checkActive, checkCallbackUrl, checkEventTypes } from './webhook-input';

const CHECKS = {
  '/callbackUrl': (value: unknown, rules: CallbackRules) => checkCallbackUrl(value, rules),
  '/eventTypes': (value: unknown) => checkEventTypes(value),
  '/active': (value: unknown) => checkActive(value),
} as const;

/**
 * Applies a JSON Patch to a webhook (docs/webhooks.md "Subscribing"): `add` or `replace`
 * on /callbackUrl, /eventTypes and /active, in order, all or nothing. Turning it active clears
 * `deactivatedReason`. The problems name each bad operation (`[i].op`, `[i].path`, `[i].value`).
 */
export function applyWebhookPatch<W extends WebhookRecord>(
  webhook: W,
  operations: readonly PatchOperation[],
  rules: CallbackRules,
): { webhook: W } | { problems: PatchProblem[] } {
  let next: W = { ...webhook };
  const problems: PatchProblem[] = [];
  operations.forEach((operation, i) => {
    if (operation.op !== 'add' && operation.op !== 'replace') {
      problems.push({
        field: opField(i, 'op'),
        message: `operation ${operation.op} is not supported; use add or replace`,
      });
      return;
    }
    const path = operation.path as keyof typeof CHECKS;
    const check = CHECKS[path];
    if (!check) {
      problems.push({
        field: opField(i, 'path'),
        message: `cannot patch ${operation.path}; allowed: /callbackUrl, /eventTypes, /active`,
      });
      return;
    }
    if (operation.value === undefined) {
      problems.push({ field: opField(i, 'value'), message: `${operation.op} needs a value` });
      return;
    }
    const checked = check(operation.value, rules);
    if (!checked.ok) {
      problems.push({ field: opField(i, 'value'), message: checked.message });
      return;
    }
    if (path === '/callbackUrl') next = { ...next, callbackUrl: checked.value as string };
    if (path === '/eventTypes') next = { ...next, eventTypes: checked.value as W['eventTypes'] };
    if (path === '/active') {
      const active = checked.value as boolean;
      next = { ...next, active, ...(active ? { deactivatedReason: null } : {}) };
    }
  });
  return problems.length > 0 ? { problems } : { webhook: next };
}
