import { afterEach, describe, expect, it } from 'vitest';
import { meterDynamo } from '../../infra/bench/dynamo-meter';
import { dynamo } from '../../lib/data/client';
import { clearLostAnswers, loseAnswers } from '../support/faults';
import { ownServer } from '../support/own-server';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * A merchant's stock write that DynamoDB applied but whose answer was lost: the SDK sends the
 * shard's update again, and the change must count once (not twice, nor be read as a short shard
 * or a lost race). This file runs its own server, so the lost answers stay in this process.
 */
const api = ownServer();
afterEach(() => clearLostAnswers());

/**
 * A tent with `stock` over `shards`, then one stock PATCH while the first `times` answers of the
 * tent's shard updates are lost; then the tent as read afterwards, and the shard updates the PATCH
 * sent (rate-limit leases aside).
 */
async function patchWithLostAnswers(
  setting: { stock: number; shards?: number },
  times: number,
  op: 'add' | 'replace',
  value: number,
) {
  const shop = await privateDemoShop('stocklost', withStock({ 'dome-tent-2p': setting }));
  const lost = loseAnswers({ commands: ['UpdateItemCommand'], times, bodyIncludes: '#STOCK#dome-tent-2p#' });
  const meter = meterDynamo(dynamo());
  const patched = await api(`/${shop}/products/dome-tent-2p`, {
    method: 'PATCH',
    body: [{ op, path: '/stocklevel', value }],
  }).finally(() => meter.remove());
  const usage = meter.take();
  clearLostAnswers();
  const read = await api(`/${shop}/products/dome-tent-2p`);
  const shardUpdates = usage.commands.filter((c) => c === 'UpdateItemCommand').length - usage.leaseWrites;
  return { lost: lost.lost(), patched, read, shardUpdates };
}

describe('a stock PATCH whose shard write answer was lost', () => {
  it('adds once: 10, add 5 → 15 (one shard, an unconditional ADD)', async () => {
    // Act
    const { lost, patched, read } = await patchWithLostAnswers({ stock: 10 }, 1, 'add', 5);

    // Assert
    expect(lost).toBe(1);
    expect(patched.status).toBe(200);
    expect(patched.body.stocklevel).toBe(15);
    expect(read.body.stocklevel).toBe(15);
  });

  it('takes a decrease once over several shards: 40 over 4 shards, add −12 → 28', async () => {
    // Act: 10 a shard; the decrease takes from several shards, each take's answer lost once
    const { lost, patched, read } = await patchWithLostAnswers({ stock: 40, shards: 4 }, 4, 'add', -12);

    // Assert
    expect(lost).toBeGreaterThanOrEqual(2);
    expect(patched.status).toBe(200);
    expect(patched.body.stocklevel).toBe(28);
    expect(read.body.stocklevel).toBe(28);
  });

  it('replaces in one round and answers 200: 40 over 4 shards, replace 8 → 8', async () => {
    // Act: a retry read as a lost race writes its shard again in a second round, which would
    // give back a checkout's take made in between; each shard must be written once.
    const { lost, patched, read, shardUpdates } = await patchWithLostAnswers(
      { stock: 40, shards: 4 },
      4,
      'replace',
      8,
    );

    // Assert
    expect(lost).toBe(4);
    expect(shardUpdates).toBe(4);
    expect(patched.status).toBe(200);
    expect(patched.body.stocklevel).toBe(8);
    expect(read.body.stocklevel).toBe(8);
  });
});
