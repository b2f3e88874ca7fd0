/**
 * The in-memory order index alone (lib/data/orders/order-index.ts), no DynamoDB: `npx tsx
 * infra/bench/order-index.ts [orders]` builds an index of 100,000 generated orders (ten a customer,
 * a quarter in GBP, half with two products, every status mix) and prints the time of a find per
 * filter (the third of three runs, warm), of merging in 50 changed and 5 new orders, and the memory.
 */
import { newId } from '../../lib/data/ids';
import type { OrderEntry } from '../../lib/data/orders/order-feed';
import { OrderIndex } from '../../lib/data/orders/order-index';
import { compileFilter, type OrderFilter, type OrderSort } from '../../lib/domain/orders/order-filter';

const size = Number(process.argv[2] ?? 100_000);
const customers = Array.from({ length: Math.ceil(size / 10) }, () => newId());
const entries: OrderEntry[] = Array.from({ length: size }, (_, i) => ({
  orderId: newId(),
  createdMs: 1.7e12 + i * 1000,
  updatedMs: 1.7e12 + i * 1000 + (i % 5) * 3_600_000,
  statusBits: i % 1024,
  customerId: customers[Math.floor(i / 10)] as string,
  currency: i % 4 === 3 ? 'GBP' : 'EUR',
  productIds: i % 2 ? ['espresso-beans', 'trail-mix'] : ['gas-stove'],
  version: 0,
}));
const memory = () => process.memoryUsage();
const before = memory();
const index = new OrderIndex();
let started = performance.now();
for (const entry of entries) index.apply(entry);
index.find(compileFilter({}), 'created', { offset: 0, perPage: 10 });
console.log(`${size} orders applied and sorted: ${(performance.now() - started).toFixed(0)} ms`);
const cases: [string, OrderFilter, OrderSort][] = [
  ['no filter', {}, 'created'],
  ['lastUpdated=true', {}, 'updated'],
  ['paidOn=true', { statuses: { paidOn: true } }, 'created'],
  ['paidOn=false&currency=EUR', { currency: 'EUR', statuses: { paidOn: false } }, 'created'],
  ['productId', { productId: 'trail-mix' }, 'updated'],
  ['customerId', { customerId: customers[5] }, 'created'],
];
for (const [name, filter, sort] of cases) {
  let ms = 0;
  let results = 0;
  for (let run = 0; run < 3; run++) {
    started = performance.now();
    results = index.find(compileFilter(filter), sort, { offset: 0, perPage: 10 }).results;
    ms = performance.now() - started;
  }
  console.log(`${name}: ${ms.toFixed(2)} ms, results ${results}`);
}
for (let round = 1; round <= 5; round++) {
  for (let i = 0; i < 50; i++) {
    const entry = entries[(i * 997 + round) % size] as OrderEntry;
    index.apply({ ...entry, version: round, updatedMs: 1.9e12 + round * 100 + i });
  }
  for (let i = 0; i < 5; i++) {
    const at = 1.95e12 + round * 10 + i;
    index.apply({ ...(entries[0] as OrderEntry), orderId: newId(), createdMs: at, updatedMs: at });
  }
  started = performance.now();
  index.find(compileFilter({}), 'updated', { offset: 0, perPage: 10 });
  console.log(
    `round ${round}: 50 changed and 5 new merged in: ${(performance.now() - started).toFixed(2)} ms`,
  );
}
const after = memory();
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(
  `memory: heap +${mb(after.heapUsed - before.heapUsed)}, array buffers +${mb(after.arrayBuffers - before.arrayBuffers)} (without a GC: an upper bound)`,
);
