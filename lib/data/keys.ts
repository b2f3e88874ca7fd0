/**
 * The only place key strings are made. Every key starts with the shop, so no query can reach
 * another shop's items; a component containing the separator is refused outright.
 */

export type Key = { pk: string; sk: string };

/** Kinds of catalog items; the sort-key prefix inside the shop's catalog partition. */
export const CATALOG_KINDS = {
  settings: 'SETTINGS',
  taxClass: 'TAXCLASS',
  shippingMethod: 'SHIPPING',
  couponCampaign: 'COUPONCAMPAIGN',
  couponCode: 'COUPONCODE',
  basketDiscount: 'DISCOUNT',
  attributeDefinition: 'ATTRDEF',
  productType: 'PRODUCTTYPE',
  category: 'CATEGORY',
  product: 'PRODUCT',
  legal: 'LEGAL',
  legalPage: 'LEGALPAGE',
  scriptTag: 'SCRIPTTAG',
} as const;
export type CatalogKind = keyof typeof CATALOG_KINDS;

function part(value: string): string {
  if (value.length === 0 || value.includes('#'))
    throw new Error(`invalid key component: ${JSON.stringify(value)}`);
  return value;
}

const shop = (shopId: string) => `SHOP#${part(shopId)}`;

/** The suffix naming one write bucket of a partition ("#3"); none for a partition without buckets. */
function bucketPart(bucket: number | undefined): string {
  if (bucket === undefined) return '';
  if (!Number.isInteger(bucket) || bucket < 0) throw new Error(`invalid bucket: ${bucket}`);
  return `#${bucket}`;
}

export const keys = {
  /**
   * The lease of a product export's generation, one item per catalog version and locale
   * (lib/data/exports/export-leases.ts); expires by TTL with the file.
   */
  productExportLease: (shopId: string, version: number, locale: string): Key => ({
    pk: `${shop(shopId)}#EXPORTS`,
    sk: `PRODUCTS#${String(version).padStart(12, '0')}#${part(locale)}`,
  }),

  /** The shop's meta item: catalog version (drives the catalog cache). */
  shopMeta: (shopId: string): Key => ({ pk: shop(shopId), sk: 'META' }),

  /** The lease of the catalog compaction running for a shop (one at a time). */
  catalogCompactionLease: (shopId: string): Key => ({ pk: shop(shopId), sk: 'CATALOGCOMPACTION' }),

  /** Per-shop atomic counters (order and document numbers). */
  counter: (shopId: string, name: string): Key => ({ pk: shop(shopId), sk: `COUNTER#${part(name)}` }),

  /** Partition holding the whole catalog of a shop: one Query loads it. */
  catalogPartition: (shopId: string): string => `${shop(shopId)}#CATALOG`,
  catalogItem: (shopId: string, kind: CatalogKind, id: string): Key => ({
    pk: keys.catalogPartition(shopId),
    sk: `${CATALOG_KINDS[kind]}#${part(id)}`,
  }),
  /** The catalog kind of a catalog item's sort key. */
  catalogKindOf: (sk: string): CatalogKind | undefined => {
    const prefix = sk.slice(0, sk.indexOf('#'));
    return (Object.keys(CATALOG_KINDS) as CatalogKind[]).find((k) => CATALOG_KINDS[k] === prefix);
  },

  // --- Catalog snapshot and change log (docs/catalog.md "The catalog projection") -------------------------
  // A cold start reads one snapshot (immutable chunks, named by the meta item) and the log entries
  // written after it; a warm instance reads only the log entries after the version it holds.

  /** Change log of the catalog: one entry per catalog version written through the API. */
  catalogLogPartition: (shopId: string): string => `${shop(shopId)}#CATALOGLOG`,
  catalogLogEntry: (shopId: string, version: number): Key => ({
    pk: keys.catalogLogPartition(shopId),
    sk: keys.catalogLogSort(version),
  }),
  /** Sort key of a log entry: the version, zero-padded so key order is version order. */
  catalogLogSort: (version: number): string => String(version).padStart(12, '0'),
  /**
   * One chunk (≤ 350 KB) of an immutable catalog snapshot, in a partition of its own (`spread`): a
   * partition takes 1,000 WCU a second, and a snapshot of 100,000 products is 48 chunks, ~17,000
   * WCU to write and as many to expire. Snapshots of the first layout (`spread` false) share one.
   */
  catalogSnapshotChunk: (shopId: string, snapshotId: string, index: number, spread = true): Key =>
    spread
      ? { pk: `${shop(shopId)}#CATALOGSNAPSHOT#${part(snapshotId)}#${index}`, sk: 'CHUNK' }
      : { pk: `${shop(shopId)}#CATALOGSNAPSHOT#${part(snapshotId)}`, sk: String(index).padStart(5, '0') },
  // --- end of the catalog snapshot and change log ---------------------------------------------------

  /** One item per cart, line items embedded. */
  cart: (shopId: string, cartId: string): Key => ({ pk: `${shop(shopId)}#CART#${part(cartId)}`, sk: 'CART' }),

  /** One item per customer. */
  customer: (shopId: string, customerId: string): Key => ({
    pk: `${shop(shopId)}#CUSTOMER#${part(customerId)}`,
    sk: 'CUSTOMER',
  }),
  /** Guard item making customer numbers unique per shop (attribute_not_exists). */
  customerNumber: (shopId: string, customerNumber: string): Key => ({
    pk: `${shop(shopId)}#CUSTOMERNUMBER#${part(customerNumber)}`,
    sk: 'UNIQUE',
  }),
  /** Guard item pointing from an e-mail address (lower-cased) to its customer: checkout finds buyers by it. */
  customerEmail: (shopId: string, email: string): Key => ({
    pk: `${shop(shopId)}#CUSTOMEREMAIL#${encodeURIComponent(email.trim().toLowerCase())}`,
    sk: 'UNIQUE',
  }),

  /** One partition per order: the order item and its documents (one Query reads both). */
  order: (shopId: string, orderId: string): Key => ({
    pk: `${shop(shopId)}#ORDER#${part(orderId)}`,
    sk: 'ORDER',
  }),
  /** A document of an order, sorted by its number. */
  orderDocument: (shopId: string, orderId: string, documentNumber: string): Key => ({
    pk: keys.order(shopId, orderId).pk,
    sk: `DOCUMENT#${part(documentNumber.padStart(12, '0'))}`,
  }),

  /**
   * Guard item making a merchant-set order number unique per shop (attribute_not_exists); numbers of
   * digits only are the checkout's and have none (lib/domain/orders/order-number.ts).
   */
  orderNumber: (shopId: string, orderNumber: string): Key => ({
    pk: `${shop(shopId)}#ORDERNUMBER#${encodeURIComponent(orderNumber)}`,
    sk: 'UNIQUE',
  }),
  /** An order's cancellation, in its partition: the work the rejection left and whether it is done. */
  orderCancellation: (shopId: string, orderId: string): Key => ({
    pk: keys.order(shopId, orderId).pk,
    sk: 'CANCELLATION',
  }),
  /** gsi2: cancellations not yet finished, by the time of the rejection (the sweeper's to-do list). */
  pendingCancellations: (shopId: string): string => `${shop(shopId)}#CANCELLATIONS`,
  /**
   * gsi4: the feed of a kind of item (ORDER, CART, CUSTOMER), every item by the time of its last
   * change, per write bucket (lib/data/feeds/feed.ts); the in-memory indexes behind the lists read it.
   */
  feed: (shopId: string, kind: string, bucket: number): string =>
    `${shop(shopId)}#${part(kind)}FEED${bucketPart(bucket)}`,
  /** Sort key of an item in its feed: the time of its last change, then its id. */
  feedSort: (changedAt: string, id: string): string => `${changedAt}#${part(id)}`,
  /** How many write buckets a shop's feed of a kind is spread over (lib/data/feeds/feed-spread.ts). */
  feedSpread: (shopId: string, kind: string): Key => ({ pk: shop(shopId), sk: `FEEDSPREAD#${part(kind)}` }),
  /** A chunk of a feed's snapshot (lib/data/feeds/feed-snapshot.ts), each in a partition of its own. */
  feedSnapshotChunk: (shopId: string, kind: string, snapshotId: string, index: number): Key => ({
    pk: `${shop(shopId)}#${part(kind)}FEEDSNAPSHOT#${part(snapshotId)}#${index}`,
    sk: 'CHUNK',
  }),

  /**
   * Sales totals (docs/orders.md "Sales figures"): the shop's, or one product's, per period of a
   * level (`D#2026-11-25`, `h#…T23`, `m#…T23:44`, `s#…T23:44:05`, `f#…T23:44:05.123`).
   */
  salesTotals: (shopId: string, productId?: string): string =>
    productId === undefined ? `${shop(shopId)}#SALES` : `${shop(shopId)}#SALES#${part(productId)}`,
  salesPeriod: (shopId: string, productId: string | undefined, level: string, period: string): Key => ({
    pk: keys.salesTotals(shopId, productId),
    sk: `${part(level)}#${part(period)}`,
  }),
  /** Marks one part of an order's placement or rejection as counted in the sales totals (exactly once). */
  orderSalesMarker: (shopId: string, orderId: string, change: 'PLACED' | 'REJECTED', index: number): Key => ({
    pk: keys.order(shopId, orderId).pk,
    sk: `SALES#${change}#${index}`,
  }),

  // --- Inventory (docs/inventory.md) ------------------------------------------------------------------
  /** One shard of a tracked product's stock: a partition of its own, so buyers spread over shards. */
  stockShard: (shopId: string, productId: string, shard: number): Key => ({
    pk: `${shop(shopId)}#STOCK#${part(productId)}#${shard}`,
    sk: 'STOCK',
  }),
  /** gsi3: the stock change feed, one partition per shard number, sorted by the time of the change. */
  stockFeed: (shopId: string, shard: number): string => `${shop(shopId)}#STOCKFEED#${shard}`,
  /** Sort key of a shard in the feed: when it last changed, then which product. */
  stockFeedSort: (changedAt: string, productId: string): string => `${changedAt}#${part(productId)}`,
  /**
   * Marks a checkout's hold on stock as released (its stock given back), beside its cart: the order
   * transaction checks it is absent, so a released hold never orders (lib/data/inventory/stock-holds.ts).
   */
  releasedStockHold: (shopId: string, cartId: string, holdId: string): Key => ({
    pk: keys.cart(shopId, cartId).pk,
    sk: `STOCKRELEASED#${holdId}`,
  }),
  /** Where the stock-hold sweeper left off: the start of its last complete sweep. */
  stockSweep: (shopId: string): Key => ({ pk: shop(shopId), sk: 'STOCKSWEEP' }),
  /** The shop, product and shard a shard's partition key names (a stream record's key); undefined for others. */
  stockShardOf: (pk: string): { shopId: string; productId: string; shard: number } | undefined => {
    const match = /^SHOP#([^#]+)#STOCK#([^#]+)#(\d+)$/.exec(pk);
    return match
      ? { shopId: match[1] as string, productId: match[2] as string, shard: Number(match[3]) }
      : undefined;
  },
  /**
   * The stock events' running view of a product's shards (the levels the stream has shown so far),
   * its own partition: the event consumer is its only writer.
   */
  stockView: (shopId: string, productId: string): Key => ({
    pk: `${shop(shopId)}#STOCKVIEW#${part(productId)}`,
    sk: 'STOCKVIEW',
  }),
  /** A product's watchers ("notify me"): one item per address (lower-cased) and a summary, one partition. */
  watchers: (shopId: string, productId: string): string => `${shop(shopId)}#WATCH#${part(productId)}`,
  watcher: (shopId: string, productId: string, emailAddress: string): Key => ({
    pk: keys.watchers(shopId, productId),
    sk: `EMAIL#${encodeURIComponent(emailAddress.trim().toLowerCase())}`,
  }),
  watchSummary: (shopId: string, productId: string): Key => ({
    pk: keys.watchers(shopId, productId),
    sk: 'SUMMARY',
  }),
  /** A watcher's second item, by sign-up time: the clearing moves watchers oldest first in pages. */
  watcherByTime: (shopId: string, productId: string, createdOn: string, emailAddress: string): Key => ({
    pk: keys.watchers(shopId, productId),
    sk: `AT#${createdOn}#${encodeURIComponent(emailAddress.trim().toLowerCase())}`,
  }),
  /**
   * The watchers of a product's clearings (GET /products/{p}/watchers), numbered oldest first, so a
   * page is one key range; kept 7 days by TTL. `watcherClearing` names the last clearing.
   */
  clearedWatchers: (shopId: string, productId: string): string =>
    `${shop(shopId)}#WATCHCLEARED#${part(productId)}`,
  watcherClearing: (shopId: string, productId: string): Key => ({
    pk: keys.clearedWatchers(shopId, productId),
    sk: 'LAST',
  }),
  clearedWatcher: (shopId: string, productId: string, clearedOn: string, ordinal: number): Key => ({
    pk: keys.clearedWatchers(shopId, productId),
    sk: `C#${clearedOn}#${String(ordinal).padStart(7, '0')}`,
  }),
  /**
   * The state an order, customer or product event's change wrote (from the stream's new image), kept
   * while its webhook deliveries may still be tried: `change` is `CREATE`, an order's `V#{version}`
   * or the product's catalog version `V#{version}`.
   */
  eventState: (shopId: string, kind: 'ORDER' | 'CUSTOMER' | 'PRODUCT', id: string, change: string): Key => ({
    pk: `${shop(shopId)}#EVENTSTATE#${kind}#${part(id)}`,
    sk: change,
  }),
  /** A newsletter campaign: its item and its subscribers (one per address, lower-cased). */
  newsletter: (shopId: string, campaignId: string): Key => ({
    pk: `${shop(shopId)}#NEWSLETTER#${part(campaignId)}`,
    sk: 'CAMPAIGN',
  }),
  newsletterSubscriber: (shopId: string, campaignId: string, email: string): Key => ({
    pk: `${shop(shopId)}#NEWSLETTER#${part(campaignId)}`,
    sk: `SUB#${encodeURIComponent(email.trim().toLowerCase())}`,
  }),
  /** A campaign identifier's guard (unique in the shop, any case). */
  newsletterIdentifier: (shopId: string, identifier: string): Key => ({
    pk: `${shop(shopId)}#NEWSLETTERID#${encodeURIComponent(identifier.toLowerCase())}`,
    sk: 'UNIQUE',
  }),
  /** gsi1: the shop's newsletter campaigns by creation time (GET /newsletter-campaigns). */
  newsletters: (shopId: string): string => `${shop(shopId)}#NEWSLETTERS`,
  /** The shop's webhooks (at most 20) and their count, in one partition: one Query reads them all. */
  webhooks: (shopId: string): string => `${shop(shopId)}#WEBHOOKS`,
  webhook: (shopId: string, webhookId: string): Key => ({
    pk: keys.webhooks(shopId),
    sk: `WEBHOOK#${part(webhookId)}`,
  }),
  webhookCount: (shopId: string): Key => ({ pk: keys.webhooks(shopId), sk: 'COUNT' }),
  /** A webhook's delivery attempts (sk `A#{time}#…`, newest read first) and delivered events (`D#{eventId}`). */
  webhookDeliveries: (shopId: string, webhookId: string): string =>
    `${shop(shopId)}#WEBHOOK#${part(webhookId)}`,
  webhookDelivered: (shopId: string, webhookId: string, eventId: string): Key => ({
    pk: keys.webhookDeliveries(shopId, webhookId),
    sk: `D#${part(eventId)}`,
  }),
  /** gsi1: watched products by the time of their first watcher (GET /watched-products). */
  watchedProducts: (shopId: string): string => `${shop(shopId)}#WATCHED`,
  /**
   * A coupon campaign's redemption counter, and one per code beside it (the upper-cased code): the
   * checkout's conditional ADDs (lib/data/coupons/coupon-uses.ts). Campaigns and codes themselves
   * are catalog items.
   */
  couponUses: (shopId: string, campaignId: string): Key => ({
    pk: `${shop(shopId)}#COUPONUSES#${part(campaignId)}`,
    sk: 'CAMPAIGN',
  }),
  couponCodeUses: (shopId: string, campaignId: string, code: string): Key => ({
    pk: `${shop(shopId)}#COUPONUSES#${part(campaignId)}`,
    sk: `CODE#${encodeURIComponent(code.toUpperCase())}`,
  }),

  /** The shared request counter of one token in one hourly window (expires by TTL). */
  rateLimit: (shopId: string, tokenId: string, windowStart: number): Key => ({
    pk: `${shop(shopId)}#RATE#${part(tokenId)}#${windowStart}`,
    sk: 'RATE',
  }),

  /** A replayable answer to a request carrying an Idempotency-Key. */
  idempotency: (shopId: string, scope: string, keyHash: string): Key => ({
    pk: `${shop(shopId)}#IDEMPOTENCY#${part(scope)}#${part(keyHash)}`,
    sk: 'IDEMPOTENCY',
  }),
} as const;
