import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { getCart } from '../../lib/data/cart/cart-repository';
import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { dynamo, tableName } from '../../lib/data/client';
import { BULK_CALL } from '../../lib/data/client-settings';
import { keys } from '../../lib/data/keys';
import { findOrders } from '../../lib/data/orders/find-orders';
import { getOrderWithDocuments } from '../../lib/data/orders/order-repository';
import { isExpired, MAX_LINE_ITEMS } from '../../lib/domain/cart/cart';
import { priceCart } from '../../lib/domain/cart/cart-pricing';
import type { DocumentRecord, OrderRecord } from '../../lib/domain/orders/order';
import { inPool } from './fuzz-http';

/** Parallel scan segments: DynamoDB Local answers them on both cores. */
const SCAN_SEGMENTS = 4;

/** What the check looked at and what it found wrong (nothing, when the data is consistent). */
export interface ConsistencyReport {
  carts: number;
  orders: number;
  documents: number;
  shops: string[];
  problems: string[];
}

/**
 * Invariants of the stored data, read through lib/data: they must hold at any moment, whatever
 * other test files are doing. Unexpired carts of the shops `isCartShop` picks: each loads, prices, has at most 100
 * lines, a positive version, and is open or ordered (an ordered one points at its existing order). Orders
 * and documents of every shop that has orders: totals add up; order numbers are unique and none is
 * above the shop's counter (a checkout that fails after taking its number leaves a gap); document
 * numbers are 1..n per shop without gaps or repeats, matching the shop's counter.
 */
export async function checkConsistency(isCartShop: (shopId: string) => boolean): Promise<ConsistencyReport> {
  const problems: string[] = [];
  const { carts, ordered, cartShops } = await scanIds(isCartShop);
  // Each shop's catalog once: the carts of a shop all price against it.
  const catalogs = new Map<string, ReturnType<typeof loadCatalog>>();
  const catalogOf = (shopId: string) => {
    if (!catalogs.has(shopId)) catalogs.set(shopId, loadCatalog(shopId));
    return catalogs.get(shopId) as ReturnType<typeof loadCatalog>;
  };
  // A few reads at once: one after the other, thousands of carts took most of a minute beside the
  // slow project's synthesis and rehearsal.
  for (const found of await inPool(carts, 8, ({ shopId, id }) => cartProblems(shopId, id, catalogOf)))
    problems.push(...found);
  const shops = [...new Set([...cartShops, ...ordered])].sort();
  let orders = 0;
  let documents = 0;
  for (const found of await inPool(shops, 4, shopOrderProblems)) {
    orders += found.orders;
    documents += found.documents;
    problems.push(...found.problems);
  }
  return { carts: carts.length, orders, documents, shops, problems };
}

/**
 * The carts of the shops `isCartShop` picks (and those shops) and the shops that have orders, from one
 * strongly consistent scan: the
 * table holds everything every test file wrote (a pass over it took 13 s at the suite's end), so it
 * is read in segments at once, each a scan of its own part of the table.
 */
async function scanIds(isCartShop: (shopId: string) => boolean) {
  const carts: { shopId: string; id: string }[] = [];
  const ordered = new Set<string>();
  const cartShops = new Set<string>();
  const segments = Array.from({ length: SCAN_SEGMENTS }, (_, segment) => segment);
  await inPool(segments, SCAN_SEGMENTS, async (segment) => {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new ScanCommand({
          TableName: tableName(),
          ConsistentRead: true,
          Segment: segment,
          TotalSegments: SCAN_SEGMENTS,
          FilterExpression: '#kind IN (:cart, :order)',
          ProjectionExpression: '#kind, shopId, cartId, updatedAt',
          ExpressionAttributeNames: { '#kind': 'kind' },
          ExpressionAttributeValues: { ':cart': 'cart', ':order': 'order' },
          ExclusiveStartKey: startKey,
        }),
        // A scan page is up to 1 MB of a table every test file has written to: a bulk call, like the
        // data layer's batch writes (a page took over 3 × 1.5 s on a loaded DynamoDB Local once).
        BULK_CALL,
      );
      for (const item of page.Items ?? []) {
        if (item.kind === 'order') ordered.add(item.shopId);
        // An expired cart is gone for the API (404) and waits for DynamoDB's TTL: nothing to check.
        else if (isCartShop(item.shopId) && !isExpired(item as { updatedAt: string })) {
          carts.push({ shopId: item.shopId, id: item.cartId });
          cartShops.add(item.shopId);
        }
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  });
  return { carts, ordered, cartShops };
}

async function cartProblems(
  shopId: string,
  cartId: string,
  catalogOf: (shopId: string) => ReturnType<typeof loadCatalog>,
): Promise<string[]> {
  const name = `cart ${shopId}/${cartId}`;
  const cart = await getCart(shopId, cartId);
  if (!cart) return [`${name} does not load`];
  const problems: string[] = [];
  const catalog = await catalogOf(shopId);
  try {
    if (!catalog) throw new Error('no catalog');
    priceCart(cart, catalog);
  } catch (error) {
    problems.push(`${name} does not price: ${(error as Error).message}`);
  }
  if (cart.lineItems.length > MAX_LINE_ITEMS) problems.push(`${name} has ${cart.lineItems.length} lines`);
  if (!Number.isInteger(cart.version) || cart.version < 1)
    problems.push(`${name} has version ${cart.version}`);
  if (cart.status === 'ordered') {
    const order = cart.orderId ? await getOrderWithDocuments(shopId, cart.orderId) : null;
    if (!order || order.order.cartId !== cartId) problems.push(`${name} is ordered but its order is missing`);
  } else if (cart.status !== 'open') problems.push(`${name} has status ${cart.status}`);
  else if (cart.orderId !== null) problems.push(`${name} is open but has an order`);
  return problems;
}

/** Why a priced snapshot (order or document) does not add up; docs/money-and-totals.md. */
export function totalsProblems(name: string, record: OrderRecord | DocumentRecord): string[] {
  const t = record.totals;
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const problems: string[] = [];
  // Decimal quantities (thousandths) round the line once: within half a minor unit of the product.
  for (const line of record.lines)
    if (Math.abs(line.amount * 1000 - line.unitPrice * Math.round(line.quantity * 1000)) > 500)
      problems.push(`${name}: line ${line.lineItemId} ≠ price × quantity`);
  if (sum(record.lines.map((l) => l.amount)) !== t.lineItemsSubTotal)
    problems.push(`${name}: lines ≠ lineItemsSubTotal`);
  if (t.grandTotal !== t.totalBeforeTax + t.totalTax)
    problems.push(`${name}: grandTotal ≠ totalBeforeTax + totalTax`);
  // GROSS: the charges and discounts are gross, so they add up to the grand total; NET: to the net.
  const parts = t.lineItemsSubTotal + t.shipping + t.payment + t.coupon + t.basketDiscount;
  const whole = record.taxModel === 'GROSS' ? t.grandTotal : t.totalBeforeTax;
  if (parts !== whole)
    problems.push(
      `${name}: subtotal + shipping + payment + coupon + discount ≠ ${record.taxModel === 'GROSS' ? 'grandTotal' : 'totalBeforeTax'}`,
    );
  if (sum(record.taxes.map((x) => x.tax)) !== t.totalTax) problems.push(`${name}: taxes ≠ totalTax`);
  if (sum(record.taxes.map((x) => x.net)) !== t.totalBeforeTax)
    problems.push(`${name}: nets ≠ totalBeforeTax`);
  return problems;
}

async function counter(shopId: string, name: 'order' | 'document'): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.counter(shopId, name), ConsistentRead: true }),
  );
  return (Item?.value as number | undefined) ?? 0;
}

/**
 * Numbers of a shop's orders or documents against its counter. The counter is read first, then the
 * records, then the counter again: no number may repeat or be above the second reading (checkouts
 * running meanwhile add numbers between the two). Document numbers move in the same transaction
 * that writes the document, so with `gapFree` every number up to the first reading must be there;
 * the order list comes from an index that may lag, so a missing number is looked for again.
 */
async function numberingProblems(
  shop: string,
  name: 'order' | 'document',
  read: () => Promise<string[]>,
  gapFree: boolean,
): Promise<string[]> {
  let problems: string[] = [];
  for (let attempt = 1; attempt <= 5; attempt++) {
    const before = await counter(shop, name);
    const numbers = await read();
    const after = await counter(shop, name);
    const seen = new Map<string, number>();
    for (const n of numbers) seen.set(n, (seen.get(n) ?? 0) + 1);
    const repeated = [...seen].filter(([, count]) => count > 1).map(([n]) => n);
    const strange = numbers.filter((n) => !/^[1-9]\d*$/.test(n) || Number(n) > after);
    const missing = gapFree
      ? Array.from({ length: before }, (_, i) => String(i + 1)).filter((n) => !seen.has(n))
      : [];
    problems = [
      ...(repeated.length > 0 ? [`${shop}: ${name} numbers repeated: ${repeated.join(', ')}`] : []),
      ...(strange.length > 0
        ? [`${shop}: ${name} numbers beyond the counter ${after}: ${strange.join(', ')}`]
        : []),
      ...(missing.length > 0
        ? [`${shop}: ${name} numbers missing (counter ${before}): ${missing.slice(0, 10).join(', ')}`]
        : []),
    ];
    if (problems.length === 0 || repeated.length > 0 || strange.length > 0) return problems;
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
  return problems;
}

async function shopOrderProblems(shop: string) {
  const problems: string[] = [];
  // The orders of the numbering's last reading are the ones whose totals are checked.
  let orders: OrderRecord[] = [];
  problems.push(
    ...(await numberingProblems(
      shop,
      'order',
      async () => {
        orders = await allOrders(shop);
        // The counter's numbers: an order renamed by PATCH keeps the one checkout gave it (docs/orders.md).
        return orders.map((o) => o.checkoutNumber ?? o.orderNumber);
      },
      false,
    )),
  );
  for (const order of orders) problems.push(...totalsProblems(`order ${shop}/${order.orderNumber}`, order));
  const current = orders.map((o) => o.orderNumber);
  const repeated = current.filter((n, i) => current.indexOf(n) !== i);
  if (repeated.length > 0) problems.push(`${shop}: order numbers held twice: ${repeated.join(', ')}`);
  let documents = 0;
  problems.push(
    ...(await numberingProblems(
      shop,
      'document',
      async () => {
        const found = await inPool(await allOrders(shop), 8, (order) =>
          getOrderWithDocuments(shop, order.orderId),
        );
        const numbers: string[] = [];
        for (const document of found.flatMap((f) => f?.documents ?? [])) {
          numbers.push(document.documentNumber);
          problems.push(...totalsProblems(`document ${shop}/${document.documentNumber}`, document));
        }
        documents = numbers.length;
        return numbers;
      },
      true,
    )),
  );
  return { orders: orders.length, documents, problems: [...new Set(problems)] };
}

/** Every order of a shop, walking its list page after page with the `next` cursor's position. */
export async function allOrders(shop: string): Promise<OrderRecord[]> {
  const orders: OrderRecord[] = [];
  let after: string | undefined;
  for (let page = 1; ; page++) {
    const found = await findOrders(shop, {}, 'created', { page, perPage: 100, after });
    orders.push(...found.items);
    if (found.last === undefined) return orders;
    after = found.last;
  }
}
