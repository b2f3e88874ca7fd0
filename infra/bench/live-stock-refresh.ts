/**
 * The live stock's refresh that routes showing products make now and then beside their requests
 * (at most every 5 s: 16 keys-only Queries of the change feed and one read of the shards that
 * changed; lib/data/inventory/stock-view.ts): a cost per instance and time, never per request.
 */
export const LIVE_STOCK_REFRESH = { calls: 17, everyMs: 5_000 };

/** The same as the in-process scenarios allow it: reads on top of a request's own, once per 5 s. */
export const LIVE_STOCK_REFRESH_READS = {
  reads: LIVE_STOCK_REFRESH.calls,
  everyMs: LIVE_STOCK_REFRESH.everyMs,
};
