import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meterDynamo } from '../../infra/bench/dynamo-meter';
import { readShopFile } from '../../infra/local/import-file';
import { dynamo, tableName } from '../../lib/data/client';
import { importShop } from '../../lib/data/import-shop';
import { freshStock, shopStock } from '../../lib/data/inventory/stock-view';
import { keys } from '../../lib/data/keys';
import { OutOfStock } from '../../lib/domain/errors';
import type { StockDemand } from '../../lib/domain/inventory/stock-demand';
import { holdStock } from '../../lib/use-cases/inventory/hold-stock';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * A checkout's takes (lib/use-cases/inventory/hold-stock.ts) on DynamoDB Local, where this instance's
 * view of the shards is out of date: a refused take names its shard's level, so the next round goes
 * blind to another shard instead of reading all of them; the levels are read only once no shard was
 * seen with enough, and a sold-out answer always comes from that read. Math.random is fixed at 0, so
 * a blind take picks the first shard seen with enough.
 */
const PRODUCT = 'dome-tent-2p';
const PIECE = 1000;
const DEMO_FILE = 'infra/local/seed/demo.json';
afterEach(() => vi.restoreAllMocks());

/** A shop whose tent has 4 shards of 5 pieces, then the listed shards emptied behind the instance's back. */
async function shopWithEmptied(emptied: number[]): Promise<string> {
  const shopId = await privateDemoShop('holdblind', withStock({ [PRODUCT]: { stock: 20, shards: 4 } }));
  for (const shard of emptied)
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.stockShard(shopId, PRODUCT, shard),
        UpdateExpression: 'SET available = :none ADD seq :one',
        ExpressionAttributeValues: { ':none': 0, ':one': 1 },
      }),
    );
  return shopId;
}

/** One piece of the tent, as an instance that saw every shard full asks for it. */
const demand: StockDemand = {
  productId: PRODUCT,
  units: PIECE,
  shards: 4,
  lines: [0],
  seen: [5 * PIECE, 5 * PIECE, 5 * PIECE, 5 * PIECE],
};

/** The hold (or the error) and the DynamoDB calls it made. */
async function hold(shopId: string) {
  vi.spyOn(Math, 'random').mockReturnValue(0);
  const meter = meterDynamo(dynamo());
  try {
    const outcome = await holdStock(shopId, 'cart-1', [demand], []).catch((error: unknown) => error);
    return { outcome, commands: meter.take().commands };
  } finally {
    meter.remove();
  }
}

describe('holdStock with an out-of-date view of the shards', () => {
  it('goes blind to the next shard seen with enough after a refusal, reading no level', async () => {
    // Prepare
    const shopId = await shopWithEmptied([0, 1]);

    // Act
    const { outcome, commands } = await hold(shopId);

    // Assess
    expect(outcome).toMatchObject({
      products: [{ productId: PRODUCT, takes: [{ shard: 2, units: PIECE }] }],
    });
    expect(commands).toEqual(['UpdateItemCommand', 'UpdateItemCommand', 'UpdateItemCommand']);
    // The refusals and the take are this instance's view now: 0 + 0 + 4 + 5 pieces.
    expect(shopStock(shopId).unitsFrom(PRODUCT, 20 * PIECE, 4)).toBe(9 * PIECE);
  });

  it('reads the levels after three refusals in a row and takes from the shard that has some', async () => {
    // Prepare
    const shopId = await shopWithEmptied([0, 1, 2]);

    // Act
    const { outcome, commands } = await hold(shopId);

    // Assess
    expect(outcome).toMatchObject({ products: [{ takes: [{ shard: 3, units: PIECE }] }] });
    expect(commands).toEqual([
      'UpdateItemCommand',
      'UpdateItemCommand',
      'UpdateItemCommand',
      'BatchGetItemCommand',
      'UpdateItemCommand',
    ]);
  });

  it('answers sold out only from what the read found, however full the view was', async () => {
    // Prepare
    const shopId = await shopWithEmptied([0, 1, 2, 3]);

    // Act
    const { outcome, commands } = await hold(shopId);

    // Assess
    expect(outcome).toBeInstanceOf(OutOfStock);
    expect((outcome as OutOfStock).errors).toEqual([
      { field: 'lineItemContainer.productLineItems[0]', message: '1 requested, 0 available', available: 0 },
    ]);
    expect(commands.at(-1)).toBe('BatchGetItemCommand');
    expect(commands.filter((c) => c === 'BatchGetItemCommand')).toHaveLength(1);
  });
});

describe('live stock after a re-import', () => {
  it('shows the new levels in an instance that saw the old ones', async () => {
    // Prepare: this instance takes a piece from shard 0 and so has seen it at 4.
    const shopId = await shopWithEmptied([]);
    await hold(shopId);
    expect(shopStock(shopId).unitsFrom(PRODUCT, 20 * PIECE, 4)).toBe(19 * PIECE);

    // Act: the merchant imports the shop again with 8 tents (2 a shard), and a product read refreshes.
    const file = withStock({ [PRODUCT]: { stock: 8, shards: 4 } })(await readShopFile(DEMO_FILE));
    await importShop(shopId, file);
    await freshStock(shopId);

    // Assess
    expect(shopStock(shopId).unitsFrom(PRODUCT, 8 * PIECE, 4)).toBe(8 * PIECE);
  });
});
