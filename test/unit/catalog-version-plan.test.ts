import { describe, expect, it } from 'vitest';
import { type PlannedWrites, VersionPlan } from '../../lib/data/catalog/catalog-version-plan';
import { MAX_CATALOG_WRITES } from '../../lib/data/catalog/catalog-writes';
import type { ShopProduct } from '../../lib/domain/catalog/catalog-types';

/** A write of one product with a number (the plan reads nothing else of it but its size). */
const product = (id: string, productNumber = id, extra = ''): PlannedWrites => ({
  puts: [{ kind: 'product', id, data: { productId: id, productNumber, extra } as unknown as ShopProduct }],
  deletes: [],
});

describe('which changes share a catalog version', () => {
  it('takes writes of different products with different numbers', () => {
    const plan = new VersionPlan();
    plan.add(product('a'));

    expect(plan.fits(product('b'))).toBe(true);
  });

  it('leaves a second write of one product, or a delete of it, for the next version', () => {
    const plan = new VersionPlan();
    plan.add(product('a'));

    expect(plan.fits(product('a', 'A-2'))).toBe(false);
    expect(plan.fits({ puts: [], deletes: [{ kind: 'product', id: 'a' }] })).toBe(false);
  });

  it('leaves a product number another write of the version claims for the next version', () => {
    const plan = new VersionPlan();
    plan.add(product('a', 'NUMBER-1'));

    expect(plan.fits(product('b', 'NUMBER-1'))).toBe(false);
  });

  it('keeps a version within one transaction and one log entry, but takes any first change', () => {
    const items = (n: number, from = 0): PlannedWrites => ({
      puts: [],
      deletes: Array.from({ length: n }, (_, i) => ({ kind: 'product' as const, id: `d${from + i}` })),
    });
    const full = new VersionPlan();
    full.add(items(MAX_CATALOG_WRITES - 1));
    const heavy = new VersionPlan();
    const big = product('big', 'BIG', 'x'.repeat(700_000));

    expect(full.fits(items(1, 1000))).toBe(true);
    expect(full.fits(items(2, 1000))).toBe(false);
    expect(heavy.fits(big)).toBe(true);
    heavy.add(big);
    expect(heavy.fits(product('small'))).toBe(false);
  });
});
