import { cartItem } from '../../lib/data/cart/cart-repository';
import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { customerItems } from '../../lib/data/customers/customer-items';
import { newId } from '../../lib/data/ids';
import { orderItem } from '../../lib/data/orders/order-items';
import type { CartRecord } from '../../lib/domain/cart/cart';
import { snapshotLine } from '../../lib/domain/cart/cart-lines';
import type { Catalog } from '../../lib/domain/catalog/catalog';
import type { ShopProduct } from '../../lib/domain/catalog/catalog-types';
import type { CustomerRecord } from '../../lib/domain/customers/customer';
import { ORDER_TIMESTAMPS, type OrderRecord } from '../../lib/domain/orders/order';
import { buildOrder } from '../../lib/domain/orders/order-builder';
import { RETURNING_BUYER_BILLING } from '../local/seed/returning-buyer';
import { bulkWrite } from './bulk-write';

const DAY = 24 * 3600 * 1000;
/** Writers side by side: DynamoDB Local takes batches from several connections at once. */
const PARALLEL = 6;

/**
 * Seeds a shop that holds the demo catalog with `size` carts, orders and customers, straight
 * through the data layer (each feed on one write bucket, as a shop's feeds start):
 * carts created over the last 29 days (none expired, a third with address data, one line each),
 * orders and customers over the last year. Items are made from priced templates, so they render
 * like real ones; orders vary in products, currency, customer (ten each) and statuses, so the order
 * filters each find a share. `carts: false`, `customers: false` leave those items out (the orders
 * still name customers).
 */
export async function seedListedShop(
  shopId: string,
  size: number,
  say: (line: string) => void,
  options: { carts?: boolean; customers?: boolean } = {},
): Promise<void> {
  const catalog = await loadCatalog(shopId);
  const product = catalog?.products.get('espresso-beans');
  if (!catalog || !product) throw new Error(`shop ${shopId} has no demo catalog`);
  const now = Date.now();
  const at = (i: number, days: number) =>
    new Date(now - 60_000 - ((i * 7919) % size) * ((days * DAY) / size) - (i % 997));
  const template = (createdAt: Date, address: boolean, currency = 'EUR', products = [product]) =>
    seededCart(
      catalog,
      createdAt,
      currency,
      products.map((p) => ({ product: p, quantity: 2 })),
      address,
    );
  const customers: CustomerRecord[] = Array.from({ length: size }, (_, i) => ({
    customerId: newId(),
    customerNumber: `S-${i + 1}`,
    creationDate: at(i, 365).toISOString(),
    billingAddress: { ...RETURNING_BUYER_BILLING, emailAddress: `buyer${i}@example.com` },
    internalNote: null,
  }));
  const templates = orderTemplates(catalog).map(({ currency, products }) =>
    templateOrder(catalog, template(new Date(now), true, currency, products)),
  );
  const items = [
    ...(options.carts === false
      ? []
      : Array.from({ length: size }, (_, i) => cartItem(template(at(i, 29), i % 3 === 0), 1))),
    ...(options.customers === false
      ? []
      : customers.map((c) => customerItems(shopId, c, 1, c.creationDate).customer)),
    ...customers.map((_, i) => {
      const createdAt = at(i + 1, 365);
      // Its place in time, 0 the newest (`at` spreads the orders so): products and statuses follow
      // it, so the newest pages hold alike orders at every size and their read units compare.
      const rank = ((i + 1) * 7919) % size;
      // Ten orders a customer (of every status mix), so a customer filter finds a few.
      const customer = customers[Math.floor(i / 10) % customers.length] as CustomerRecord;
      return orderItem(
        {
          ...(templates[rank % templates.length] as OrderRecord),
          orderId: newId(),
          orderNumber: String(i + 1),
          customerId: customer.customerId,
          customerNumber: customer.customerNumber,
          cartId: newId(),
          createdAt: createdAt.toISOString(),
          // Never after the seed's own time: an update in the future stays in every warm reader's
          // window of the order feed ("since the last read"), which real orders never do.
          updatedAt: new Date(
            Math.min(createdAt.getTime() + (i % 5) * 3_600_000, now - 60_000),
          ).toISOString(),
          timestamps: seededStatuses(rank, createdAt),
        },
        1,
      );
    }),
  ];
  const started = performance.now();
  let lastTenth = 0;
  await bulkWrite(items, {
    parallel: PARALLEL,
    onProgress: (written, total) => {
      const tenth = Math.floor((written * 10) / total);
      if (tenth > lastTenth) say(`  ${shopId}: ${written}/${total} items`);
      lastTenth = tenth;
    },
  });
  say(`  ${shopId}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The seeded orders' products and currencies: one or two demo products, a quarter in GBP, so the
 * order filters (docs/orders.md "Finding orders") each find a real share.
 */
function orderTemplates(catalog: Catalog) {
  const get = (id: string) => {
    const found = catalog.products.get(id);
    if (!found) throw new Error(`the demo catalog has no ${id}`);
    return found;
  };
  const [beans, mix, beanie, stove] = ['espresso-beans', 'trail-mix', 'merino-beanie', 'gas-stove'].map(get);
  const sets = [[beans], [mix], [beans, beanie], [stove], [beanie], [beans, mix], [mix, stove], [beans]];
  return sets.map((products, i) => ({
    currency: i % 4 === 3 ? 'GBP' : 'EUR',
    products: products as NonNullable<typeof beans>[],
  }));
}

/** Status timestamps of the seeded order `i`: each set on a different share of the orders. */
function seededStatuses(i: number, createdAt: Date): OrderRecord['timestamps'] {
  const at = (hours: number) => new Date(createdAt.getTime() + hours * 3_600_000).toISOString();
  const set: Partial<Record<(typeof ORDER_TIMESTAMPS)[number], boolean>> = {
    viewedOn: i % 10 < 8,
    pendingOn: i % 7 === 0,
    paidOn: i % 5 < 3,
    dispatchedOn: i % 5 < 2,
    deliveredOn: i % 5 === 0,
    invoicedOn: i % 3 === 0,
    closedOn: i % 20 === 0,
    archivedOn: i % 50 === 0,
    rejectedOn: i % 5 === 4 && i % 31 === 0,
    returnedOn: i % 97 === 0,
  };
  return Object.fromEntries(
    ORDER_TIMESTAMPS.map((name) => [name, set[name] ? at(1) : null]),
  ) as OrderRecord['timestamps'];
}

/** A seeded cart of the shop with these lines (a template: the bench copies it with new ids). */
export function seededCart(
  catalog: Catalog,
  createdAt: Date,
  currency: string,
  lines: readonly { product: ShopProduct; quantity: number }[],
  address: boolean,
): CartRecord {
  return {
    shopId: catalog.shopId,
    cartId: newId(),
    tokenHash: 'seeded',
    status: 'open',
    version: 1,
    currency,
    taxType: 'GROSS',
    locale: 'en_GB',
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    pickupToken: 'seeded',
    lineItems: lines.map(({ product, quantity }) =>
      snapshotLine(catalog, { currency, taxType: 'GROSS' }, product, newId(), quantity),
    ),
    billingAddress: address ? RETURNING_BUYER_BILLING : null,
    shippingAddress: null,
    shipping: null,
    payment: null,
    coupon: null,
    orderId: null,
  };
}

/** The order a seeded cart becomes, as a template (copies get their own ids, numbers and times). */
export function templateOrder(catalog: Catalog, cart: CartRecord): OrderRecord {
  return buildOrder(
    cart,
    catalog,
    { baseUrl: 'http://127.0.0.1', shopId: catalog.shopId, locale: 'en_GB' },
    { orderId: 'template', orderNumber: '0', customerId: 'template', customerNumber: 'S-0' },
    cart.createdAt,
  );
}
