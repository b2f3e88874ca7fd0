import { requireCatalog } from '../../data/catalog/catalog-repository';
import { getOrderPartition } from '../../data/orders/order-repository';
import { OrderChanged, saveOrder } from '../../data/orders/order-writes';
import { etagListMatches } from '../../domain/catalog/product-etag';
import { NotFoundError, OrderVersionMismatch, RefusedInput, StateConflict } from '../../domain/errors';
import type { PatchOperation } from '../../domain/json-patch';
import type { OrderRecord } from '../../domain/orders/order';
import { cancellationWork } from '../../domain/orders/order-cancellation';
import { applyOrderChanges } from '../../domain/orders/order-change';
import { mergeAddressChanges, type OrderPatchValues, parseOrderPatch } from '../../domain/orders/order-patch';
import { orderEtag } from '../../domain/orders/order-view';
import { log } from '../../log';
import { finishCancellation } from './finish-cancellation';

/** Rounds a patch is decided again when other requests keep changing the order. */
const MAX_ATTEMPTS = 8;

/**
 * `PATCH /orders/{o}` (docs/orders.md "PATCH /orders/{o}"): the operations are checked whole first
 * (RefusedInput naming `[i].op`, `[i].path`, `[i].value`), then applied one by one to the order as
 * read (an address merged into the order's, then checked whole), each against the state the earlier ones left (StateConflict naming the transition rule).
 * The order is written only at the version it was decided on: a lost race reads it again and decides
 * again, so no race breaks a rule, and If-Match is compared with each version read
 * (OrderVersionMismatch). A patch that first sets rejectedOn cancels the order: the work is stored
 * with the rejection and done right after (finishCancellation); a cancellation an earlier request
 * left unfinished is finished before anything else. Returns the order as stored and its version.
 */
export async function patchOrder(input: {
  shopId: string;
  orderId: string;
  operations: readonly PatchOperation[];
  /** How each value is checked (the request schemas: lib/schemas/orders.ts). */
  values: OrderPatchValues;
  ifMatch?: string;
}): Promise<{ order: OrderRecord; version: number }> {
  const { shopId, orderId } = input;
  const now = new Date().toISOString();
  const parsed = parseOrderPatch(input.operations, input.values, now);
  if ('problems' in parsed) throw new RefusedInput('Invalid JSON Patch', parsed.problems);
  for (let attempt = 1; ; attempt++) {
    const found = await getOrderPartition(shopId, orderId);
    if (!found) throw new NotFoundError('Order');
    if (found.cancellation?.state === 'pending') {
      await finishCancellation(found.cancellation);
      continue; // its credit note moved the order's version: read it again
    }
    if (input.ifMatch !== undefined && !etagListMatches(input.ifMatch, orderEtag(found.version)))
      throw new OrderVersionMismatch();
    const merged = mergeAddressChanges(found.order, parsed.changes, input.values);
    if ('problems' in merged) throw new RefusedInput('Invalid JSON Patch', merged.problems);
    const applied = applyOrderChanges(found.order, merged.changes, now);
    if ('refused' in applied) {
      const { refused } = applied;
      throw new StateConflict(
        refused.rule ? 'The order\u2019s state does not allow this change' : refused.message,
        [refused],
      );
    }
    if (applied.changedFields.length === 0) return found;
    const cancellation = applied.rejects
      ? cancellationWork(found.order, found.documents, (await requireCatalog(shopId)).products)
      : undefined;
    let version: number;
    try {
      version = await saveOrder({
        ...found,
        before: found.order,
        after: applied.order,
        changedFields: applied.changedFields,
        cancellation,
      });
    } catch (error) {
      if (!(error instanceof OrderChanged) || attempt === MAX_ATTEMPTS) throw error;
      continue;
    }
    if (!cancellation) return { order: applied.order, version };
    return finishAfterRejection(shopId, orderId, { order: applied.order, version });
  }
}

/**
 * The rejection is stored: its work is done now, and the order answered as it then is (a credit
 * note moves its version). Should the work fail part way, the rejection stands and the answer is
 * still 200: the cancellation stays pending, and the next request on the order or the sweeper
 * finishes it (lib/use-cases/orders/finish-cancellations.ts).
 */
async function finishAfterRejection(
  shopId: string,
  orderId: string,
  stored: { order: OrderRecord; version: number },
): Promise<{ order: OrderRecord; version: number }> {
  try {
    const found = await getOrderPartition(shopId, orderId);
    if (found?.cancellation?.state === 'pending') await finishCancellation(found.cancellation);
    const after = await getOrderPartition(shopId, orderId);
    return after ?? stored;
  } catch (error) {
    log.warn('cancellation left pending', { orderId, error: (error as Error).message });
    return stored;
  }
}
