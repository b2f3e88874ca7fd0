import { afterEach, describe, expect, it } from 'vitest';
import { forgetStock, noteShardLevel, shopStock } from '../../lib/data/inventory/stock-view';
import type { ShopProduct } from '../../lib/domain/catalog/catalog-types';

/** A tracked product on two shards, imported with 10 (stock is kept in thousandths: 5,000 a shard). */
const stove = { productId: 'gas-stove', stocklevel: 10, stockShards: 2 } as ShopProduct;

afterEach(() => forgetStock());

describe("an instance's own stock writes", () => {
  it('show the latest write of a shard whatever order the answers arrive in', () => {
    // Act: two writes of shard 0, the later one (seq 2) answered first
    noteShardLevel('shop', 'gas-stove', 0, { available: 7000, seq: 2 });
    noteShardLevel('shop', 'gas-stove', 0, { available: 6000, seq: 1 });

    // Assess
    expect(shopStock('shop').units(stove)).toBe(7000 + 5000);
  });

  it('are not undone by a refresh that read the shard before them, and take an equal one', () => {
    // Act
    const stock = shopStock('shop');
    stock.note('gas-stove', 1, { available: 2000, seq: 4 }, 'write');
    stock.note('gas-stove', 1, { available: 3000, seq: 3 }, 'read');
    const afterStaleRead = stock.units(stove);
    stock.note('gas-stove', 1, { available: 1000, seq: 4 }, 'read');

    // Assess
    expect(afterStaleRead).toBe(5000 + 2000);
    expect(stock.units(stove)).toBe(5000 + 1000);
  });
});
