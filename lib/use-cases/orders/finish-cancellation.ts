import { newId } from '../../data/ids';
import {
  MARKER_MIN_AGE_MS,
  pruneReturnMarkers,
  type ReturnMarker,
  returnOrderStock,
} from '../../data/inventory/stock-returns';
import { type Cancellation, getCancellations, markCancellationDone } from '../../data/orders/cancellations';
import { finalizeCancellationCreditNote } from '../../data/orders/finalize-document';
import { getOrder } from '../../data/orders/order-repository';
import { documentFromOrder } from '../../domain/orders/order-document';
import { log } from '../../log';

/**
 * Does the work a rejection left (docs/orders.md "Cancellation, exactly once"): the stock goes back
 * and the credit note is issued, each exactly once however often this runs, in whatever order
 * attempts race or fail: a shard's return is conditional on the order's marker not being there
 * (lib/data/inventory/stock-returns.ts), the credit note on its guard (one per order). Only when
 * every part is done is the cancellation marked done; an attempt that fails part way leaves it
 * pending for the next (a request on the order, or the sweeper), which repeats what was done as a
 * no-op and does the rest. Safe to run concurrently.
 */
export async function finishCancellation(cancellation: Cancellation): Promise<void> {
  const { shopId, orderId } = cancellation;
  const old: { productId: string; markers: ReturnMarker[] }[] = [];
  for (const { productId, units } of cancellation.stock) {
    const { oldMarkers } = await returnOrderStock(shopId, productId, units, orderId);
    if (oldMarkers.length > 0) old.push({ productId, markers: oldMarkers });
  }
  if (cancellation.creditNote) {
    const order = await getOrder(shopId, orderId);
    if (order) {
      const now = new Date().toISOString();
      await finalizeCancellationCreditNote(order, (documentNumber) =>
        documentFromOrder(order, { documentId: newId(), documentType: 'CreditNote', documentNumber, now }),
      );
    }
  }
  await markCancellationDone(shopId, orderId, new Date());
  for (const { productId, markers } of old) await pruneSafely(shopId, productId, markers);
}

/**
 * Removes the markers of cancellations done for longer than any request lives (an attempt that read
 * the cancellation pending before it was done may still be sending its return until then); a marker
 * whose cancellation is gone (kept 30 days) is as safe. Bookkeeping: a failure only leaves them.
 */
async function pruneSafely(
  shopId: string,
  productId: string,
  markers: readonly ReturnMarker[],
): Promise<void> {
  try {
    const states = await getCancellations(
      shopId,
      markers.map((m) => m.orderId),
    );
    const doneBefore = Date.now() - MARKER_MIN_AGE_MS;
    const prunable = markers.filter((_, i) => {
      const state = states[i];
      return (
        !state || (state.state === 'done' && state.doneAt !== null && Date.parse(state.doneAt) < doneBefore)
      );
    });
    await pruneReturnMarkers(
      shopId,
      productId,
      prunable.map((m) => m.orderId),
    );
  } catch (error) {
    log.warn('stock return markers not pruned', { productId, error: (error as Error).message });
  }
}
