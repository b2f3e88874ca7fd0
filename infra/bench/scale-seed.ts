import { cartItem } from '../../lib/data/cart/cart-repository';
import { loadCatalog } from '../../lib/data/catalog/catalog-repository';
import { customerItems } from '../../lib/data/customers/customer-items';
import { newId } from '../../lib/data/ids';
import { bulkLoadFolded } from '../../lib/data/lists/bulk-load';
import { orderItem } from '../../lib/data/orders/order-items';
import type { CartRecord } from '../../lib/domain/cart/cart';
import { snapshotLine } from '../../lib/domain/cart/cart-lines';
import type { CustomerRecord } from '../../lib/domain/customers/customer';
import { buildOrder } from '../../lib/domain/orders/order-builder';
import { RETURNING_BUYER_BILLING } from '../local/seed/returning-buyer';

const DAY = 24 * 3600 * 1000;
/** Writers side by side: DynamoDB Local takes batches from several connections at once. */
const PARALLEL = 6;

/**
 * Seeds a shop that holds the demo catalog with `size` carts, orders and customers, straight
 * through the data layer and already folded into the list counters (lib/data/lists/bulk-load.ts):
 * carts created over the last 29 days (none expired, a third with address data, one line each),
 * orders and customers over the last year. Items are made from one priced template each, so they
 * render like real ones.
 */
export async function seedListedShop(
  shopId: string,
  size: number,
  say: (line: string) => void,
): Promise<void> {
  const catalog = await loadCatalog(shopId);
  const product = catalog?.products.get('espresso-beans');
  if (!catalog || !product) throw new Error(`shop ${shopId} has no demo catalog`);
  const now = Date.now();
  const at = (i: number, days: number) =>
    new Date(now - 60_000 - ((i * 7919) % size) * ((days * DAY) / size) - (i % 997));
  const template = (createdAt: Date, address: boolean): CartRecord => ({
    shopId,
    cartId: newId(),
    tokenHash: 'seeded',
    status: 'open',
    version: 1,
    currency: 'EUR',
    taxType: 'GROSS',
    locale: 'en_GB',
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    pickupToken: 'seeded',
    lineItems: [snapshotLine(catalog, { currency: 'EUR', taxType: 'GROSS' }, product, newId(), 2)],
    billingAddress: address ? RETURNING_BUYER_BILLING : null,
    shippingAddress: null,
    shipping: null,
    payment: null,
    coupon: null,
    orderId: null,
  });
  const customers: CustomerRecord[] = Array.from({ length: size }, (_, i) => ({
    customerId: newId(),
    customerNumber: `S-${i + 1}`,
    creationDate: at(i, 365).toISOString(),
    billingAddress: { ...RETURNING_BUYER_BILLING, emailAddress: `buyer${i}@example.com` },
    internalNote: null,
  }));
  const ordered = buildOrder(
    template(new Date(now), true),
    catalog,
    { baseUrl: 'http://127.0.0.1', shopId, locale: 'en_GB' },
    { orderId: 'template', orderNumber: '0', customerId: 'template', customerNumber: 'S-0' },
    new Date(now).toISOString(),
  );
  const items = [
    ...Array.from({ length: size }, (_, i) => cartItem(template(at(i, 29), i % 3 === 0), undefined)),
    ...customers.map((c) => customerItems(shopId, c).customer),
    ...customers.map((customer, i) => {
      const createdAt = at(i + 1, 365).toISOString();
      return orderItem({
        ...ordered,
        orderId: newId(),
        orderNumber: String(i + 1),
        customerId: customer.customerId,
        customerNumber: customer.customerNumber,
        cartId: newId(),
        createdAt,
      });
    }),
  ];
  const started = performance.now();
  let lastTenth = 0;
  await bulkLoadFolded(shopId, items, {
    parallel: PARALLEL,
    onProgress: (written, total) => {
      const tenth = Math.floor((written * 10) / total);
      if (tenth > lastTenth) say(`  ${shopId}: ${written}/${total} items and counters`);
      lastTenth = tenth;
    },
  });
  say(`  ${shopId}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
