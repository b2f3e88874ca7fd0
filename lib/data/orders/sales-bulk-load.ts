import type { OrderRecord } from '../../domain/orders/order';
import { salesContribution } from '../../domain/orders/sales-contribution';
import { type BatchWrite, batchWrite } from '../batch-write';
import { mergeItemAdds, salesItemAdds } from './sales-items';

/**
 * Writes the sales totals of many orders as the sales tally would leave them after their
 * placements (the same contributions and items, summed, lib/data/orders/sales-items.ts), whole and
 * without markers: for seeding large shops (`npm run bench:scale`) whose orders the stream never
 * hands over, never for a shop that has totals already.
 */
export async function bulkLoadSalesTotals(
  shopId: string,
  orders: Iterable<OrderRecord>,
  { parallel = 1 }: { parallel?: number } = {},
): Promise<number> {
  const adds = [];
  for (const order of orders) {
    if (order.timestamps.rejectedOn !== null) continue;
    adds.push(...salesItemAdds(shopId, salesContribution(order, 1)));
  }
  const writes: BatchWrite[] = [...mergeItemAdds(adds).values()].map(({ key, adds: values }) => ({
    put: { ...key, ...values },
  }));
  const size = Math.ceil(writes.length / parallel);
  await Promise.all(
    Array.from({ length: parallel }, (_, w) => batchWrite(writes.slice(w * size, (w + 1) * size))),
  );
  return writes.length;
}
