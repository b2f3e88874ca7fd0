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

const patchStock = (shop: string, op: 'add' | 'replace', value: number) =>
  api(`/${shop}/products/dome-tent-2p`, { method: 'PATCH', body: [{ op, path: '/stocklevel', value }] });

/** The first `times` answers of the tent's shard updates are lost. */
const loseShardAnswers = (times: number) =>
  loseAnswers({ commands: ['UpdateItemCommand'], times, bodyIncludes: '#STOCK#dome-tent-2p#' });

describe('a stock PATCH whose shard write answer was lost', () => {
  it('adds once: 10, add 5 → 15 (one shard, an unconditional ADD)', async () => {
    // Prepare
    const shop = await privateDemoShop('stocklost', withStock({ 'dome-tent-2p': { stock: 10 } }));
    const lost = loseShardAnswers(1);

    // Act
    const patched = await patchStock(shop, 'add', 5);
    clearLostAnswers();
    const read = await api(`/${shop}/products/dome-tent-2p`);

    // Assert
    expect(lost.lost()).toBe(1);
    expect(patched.status).toBe(200);
    expect(patched.body.stocklevel).toBe(15);
    expect(read.body.stocklevel).toBe(15);
  });

  it('takes a decrease once over several shards: 40 over 4 shards, add −12 → 28', async () => {
    // Prepare: 10 a shard; the decrease takes from several shards, each take's answer lost once
    const shop = await privateDemoShop('stocklost', withStock({ 'dome-tent-2p': { stock: 40, shards: 4 } }));
    const lost = loseShardAnswers(4);

    // Act
    const patched = await patchStock(shop, 'add', -12);
    clearLostAnswers();
    const read = await api(`/${shop}/products/dome-tent-2p`);

    // Assert
    expect(lost.lost()).toBeGreaterThanOrEqual(2);
    expect(patched.status).toBe(200);
    expect(patched.body.stocklevel).toBe(28);
    expect(read.body.stocklevel).toBe(28);
  });

  it('replaces in one round and answers 200: 40 over 4 shards, replace 8 → 8', async () => {
    // Prepare: a retry read as a lost race writes its shard again in a second round, which would
    // give back a checkout's take made in between; each shard must be written once.
    const shop = await privateDemoShop('stocklost', withStock({ 'dome-tent-2p': { stock: 40, shards: 4 } }));
    const lost = loseShardAnswers(4);
    const meter = meterDynamo(dynamo());

    // Act
    const patched = await patchStock(shop, 'replace', 8);
    const usage = meter.take();
    meter.remove();
    clearLostAnswers();
    const read = await api(`/${shop}/products/dome-tent-2p`);

    // Assert
    expect(lost.lost()).toBe(4);
    expect(usage.commands.filter((c) => c === 'UpdateItemCommand').length - usage.leaseWrites).toBe(4);
    expect(patched.status).toBe(200);
    expect(patched.body.stocklevel).toBe(8);
    expect(read.body.stocklevel).toBe(8);
  });
});
