import type { SalesFigures } from '../../domain/orders/sales-contribution';
import type { SalesSpan } from '../../domain/orders/sales-periods';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import { addItemFigures } from './sales-items';

/**
 * The summed sales figures of a range's runs of periods (lib/domain/orders/sales-periods.ts), for
 * the shop or one product: one Query per run, all at once, in one partition. Eventually consistent
 * (half the read units): a report may miss the last second's orders, which the stream consumer
 * adds about that late anyway. A year reads ~370 small items (~5 RCU), never an order.
 */
export async function readSalesTotals(
  shopId: string,
  productId: string | undefined,
  spans: readonly SalesSpan[],
): Promise<Map<string, SalesFigures>> {
  const pk = keys.salesTotals(shopId, productId);
  const pages = await Promise.all(
    spans.map((span) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':first': keys.salesPeriod(shopId, productId, span.level, span.first).sk,
          ':last': keys.salesPeriod(shopId, productId, span.level, span.last).sk,
        },
      }),
    ),
  );
  const sums = new Map<string, SalesFigures>();
  for (const item of pages.flat()) addItemFigures(sums, item);
  return sums;
}
