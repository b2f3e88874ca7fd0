import { describe, expect, it } from 'vitest';
import { ORDER_TIMESTAMPS, type OrderRecord } from '../../lib/domain/orders/order';
import { applyOrderChanges } from '../../lib/domain/orders/order-change';
import type { OrderChange } from '../../lib/domain/orders/order-patch';

/**
 * The transition rules (docs/orders.md "The life of an order") on plain orders: which rule a change breaks,
 * in which order.
 */

const NOW = '2026-02-01T10:00:00.000Z';
const nulls = Object.fromEntries(ORDER_TIMESTAMPS.map((t) => [t, null])) as OrderRecord['timestamps'];

function order(
  set: Partial<OrderRecord['timestamps']> = {},
  shippingMethodId: string | null = 'dhl-standard',
) {
  return { orderNumber: '10001', shippingMethodId, timestamps: { ...nulls, ...set } } as OrderRecord;
}
const add = (name: OrderChange['name'], index = 0): OrderChange =>
  ({ index, kind: 'timestamp', name, value: NOW }) as OrderChange;
const remove = (name: OrderChange['name']): OrderChange =>
  ({ index: 0, kind: 'timestamp', name, value: null }) as OrderChange;
const ruleOf = (result: ReturnType<typeof applyOrderChanges>) =>
  'refused' in result ? result.refused.rule : null;

describe('applyOrderChanges', () => {
  it('names the more specific rule where two apply', () => {
    // Prepare: a rejected order and a closed, dispatched one
    const rejected = order({ rejectedOn: NOW });
    const closedDispatched = order({ paidOn: NOW, dispatchedOn: NOW, deliveredOn: NOW, closedOn: NOW });
    const rejectedUnpaid = order({ rejectedOn: NOW });

    // Act & Assess
    expect(ruleOf(applyOrderChanges(rejected, [remove('rejectedOn')], NOW))).toBe('REJECT_IS_FINAL');
    expect(ruleOf(applyOrderChanges(closedDispatched, [add('rejectedOn')], NOW))).toBe(
      'REJECT_AFTER_DISPATCH',
    );
    expect(ruleOf(applyOrderChanges(rejectedUnpaid, [add('closedOn')], NOW))).toBe('CLOSE_REQUIREMENTS');
    expect(ruleOf(applyOrderChanges(rejected, [add('paidOn')], NOW))).toBe('ORDER_FINAL');
  });

  it('never refuses a change that changes nothing; reports the paths that changed and the first rejection', () => {
    const rejected = order({ rejectedOn: NOW, paidOn: NOW });

    const same = applyOrderChanges(rejected, [add('paidOn'), remove('dispatchedOn')], NOW);
    const first = applyOrderChanges(order(), [add('paidOn'), add('rejectedOn', 1)], NOW);

    expect(same).toEqual({ order: rejected, changedFields: [], rejects: false });
    expect(first).toMatchObject({
      changedFields: ['/paidOn', '/rejectedOn'],
      rejects: true,
      order: { updatedAt: NOW },
    });
  });

  it('closes an order without a shipping method once paid, without deliveredOn', () => {
    const pickup = order({ paidOn: NOW }, null);

    expect(ruleOf(applyOrderChanges(pickup, [add('closedOn')], NOW))).toBeNull();
  });
});
