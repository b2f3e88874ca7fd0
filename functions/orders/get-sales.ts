import { readSalesTotals } from '../../lib/data/orders/sales-reads';
import { decomposeRange } from '../../lib/domain/orders/sales-periods';
import { salesRange } from '../../lib/domain/orders/sales-range';
import { salesPerCurrency } from '../../lib/domain/orders/sales-report';
import { NO_STORE } from '../../lib/http/cart-reply';
import { endpoint } from '../../lib/http/endpoint';
import { BadRequest } from '../../lib/http/errors';
import { ok } from '../../lib/http/reply';
import * as routes from '../../lib/routes';
import { ShopPath } from '../../lib/schemas/common';
import { GetSalesQuery } from '../../lib/schemas/sales';

/**
 * GET /{shopId}/sales (orders_read; docs/orders.md "Sales figures"): the figures of the orders
 * created in the range and not rejected, per currency, from the totals the sales tally keeps
 * (docs/orders.md "Sales figures"): at most 9 small Queries, whatever the shop sells.
 */
export const handler = endpoint(routes.getSales, { path: ShopPath, query: GetSalesQuery }, async (req) => {
  const resolved = salesRange(req.query, Date.now());
  if ('errors' in resolved) throw new BadRequest('Invalid request', resolved.errors);
  const { after, before } = resolved.range;
  const sums = await readSalesTotals(req.shopId, req.query.productId, decomposeRange(after, before));
  return ok(
    {
      createdAfter: new Date(after).toISOString(),
      createdBefore: new Date(before).toISOString(),
      salesPerCurrency: salesPerCurrency(sums, req.query.productId !== undefined),
    },
    NO_STORE,
  );
});
