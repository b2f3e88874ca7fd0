import type { StreamFilterPattern } from '../events/stream-filter';

/**
 * Which stream records reach the sales tally (functions/orders/tally-sales.ts): read by its event
 * source mapping in AWS (infra/constructs/sales-tally.ts) and by the twin's second stream runner,
 * so the two cannot drift. Orders placed, and orders whose `rejectedOn` goes from null to set: no
 * other change of an order (PATCH, document) wakes it, nor do its own markers and totals
 * items (they have no `kind`), which also keeps them from the domain-event consumer.
 */
const filters: readonly StreamFilterPattern[] = [
  { eventName: ['INSERT'], dynamodb: { NewImage: { kind: { S: ['order'] } } } },
  {
    eventName: ['MODIFY'],
    dynamodb: {
      NewImage: {
        kind: { S: ['order'] },
        data: { M: { timestamps: { M: { rejectedOn: { S: [{ exists: true }] } } } } },
      },
      OldImage: { data: { M: { timestamps: { M: { rejectedOn: { NULL: [true] } } } } } },
    },
  },
];

export const SALES_STREAM = {
  /** Records per invocation at most: changes are summed per batch, so larger batches write less. */
  batchSize: 100,
  filters,
} as const;
