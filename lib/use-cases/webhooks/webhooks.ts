import { randomBytes } from 'node:crypto';
import { newId } from '../../data/ids';
import { resolvesToBlocked } from '../../data/webhooks/send-callback';
import {
  deleteWebhook,
  insertWebhook,
  replaceWebhook,
  requireWebhook,
  type StoredWebhook,
} from '../../data/webhooks/webhook-repository';
import { callbackRules } from '../../data/webhooks/webhook-settings';
import { etagListMatches } from '../../domain/catalog/product-etag';
import { RefusedInput, ScopeMissing, WebhookVersionMismatch } from '../../domain/errors';
import type { PatchOperation } from '../../domain/json-patch';
import { parseCallbackUrl } from '../../domain/webhooks/callback-url';
import { missingReadScopes } from '../../domain/webhooks/event-scopes';
import type { WebhookEventType } from '../../domain/webhooks/webhook';
import { webhookEtag } from '../../domain/webhooks/webhook';
import { applyWebhookPatch } from '../../domain/webhooks/webhook-patch';

/** Refuses a callback URL whose host name resolves to a blocked address (literal ones the schema refused). */
async function refuseBlockedName(callbackUrl: string, field: string): Promise<void> {
  const target = parseCallbackUrl(callbackUrl, callbackRules());
  if (!('problem' in target) && (await resolvesToBlocked(target)))
    throw new RefusedInput('Invalid callback URL', [
      { field, message: 'resolves to a private, loopback, link-local or reserved address' },
    ]);
}

/**
 * Refuses event types whose data the caller may not read: a token with webhooks_write alone must
 * not receive every order and customer by subscribing to them.
 */
function requireReadScopes(eventTypes: readonly WebhookEventType[], granted: ReadonlySet<string>): void {
  const missing = missingReadScopes(eventTypes, granted);
  if (missing.length > 0)
    throw new ScopeMissing(
      `Subscribing to ${eventTypes.join(', ')} needs the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
    );
}

/** A new secret: ≥ 256 random bits as base64url text, shown only in the answer that made it. */
const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Creates a webhook with a new secret, shown only in this answer. `granted`: the caller's scopes,
 * which must include the read scope of every event type.
 */
export async function createWebhook(
  shopId: string,
  input: { callbackUrl: string; eventTypes: WebhookEventType[]; active: boolean },
  granted: ReadonlySet<string>,
): Promise<StoredWebhook> {
  requireReadScopes(input.eventTypes, granted);
  await refuseBlockedName(input.callbackUrl, 'callbackUrl');
  const now = new Date().toISOString();
  const webhook: StoredWebhook = {
    shopId,
    webhookId: newId(),
    ...input,
    deactivatedReason: null,
    secret: newSecret(),
    createdOn: now,
    updatedOn: now,
    version: 1,
    activation: 0,
  };
  await insertWebhook(webhook);
  return webhook;
}

/**
 * PATCH /webhooks/{id}: checked whole first, then written on the version read (If-Match: that
 * version or 412). A change of `active` starts a new activation, which drops pending retries. The
 * caller must be able to read what the patched webhook delivers (`granted`), whichever field the
 * patch changes; a new `callbackUrl` gets a new secret (`secretChanged`: the answer shows it once),
 * so a stolen write token cannot silently redirect a feed its owner still trusts.
 */
export async function patchWebhook(
  shopId: string,
  webhookId: string,
  operations: readonly PatchOperation[],
  ifMatch: string | undefined,
  granted: ReadonlySet<string>,
): Promise<{ webhook: StoredWebhook; secretChanged: boolean }> {
  for (;;) {
    const current = await requireWebhook(shopId, webhookId);
    if (ifMatch !== undefined && !etagListMatches(ifMatch, webhookEtag(current)))
      throw new WebhookVersionMismatch();
    const patched = applyWebhookPatch(current, operations, callbackRules());
    if ('problems' in patched) throw new RefusedInput('Invalid JSON Patch', patched.problems);
    const next = patched.webhook;
    requireReadScopes(next.eventTypes, granted);
    if (JSON.stringify(next) === JSON.stringify(current)) return { webhook: current, secretChanged: false };
    const index = operations.findIndex((o) => o.path === '/callbackUrl');
    const moved = next.callbackUrl !== current.callbackUrl;
    if (moved) await refuseBlockedName(next.callbackUrl, `[${index}].value`);
    const written: StoredWebhook = {
      ...next,
      secret: moved ? newSecret() : current.secret,
      activation: next.active === current.active ? current.activation : current.activation + 1,
      version: current.version + 1,
      updatedOn: new Date().toISOString(),
    };
    try {
      await replaceWebhook(written);
      return { webhook: written, secretChanged: moved };
    } catch (error) {
      // Another writer won: with If-Match that is a 412, without it the patch applies to the new state.
      if (!(error instanceof WebhookVersionMismatch) || ifMatch !== undefined) throw error;
    }
  }
}

/** DELETE /webhooks/{id}: gone at once; its pending retries find no webhook and are dropped. */
export async function removeWebhook(shopId: string, webhookId: string): Promise<void> {
  await deleteWebhook(shopId, webhookId);
}
