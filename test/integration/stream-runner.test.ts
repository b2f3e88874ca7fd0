import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBusClient } from '../../functions/events/event-bus-client';
import { createPublisher } from '../../functions/events/publish-domain-events';
import { PUBLISHER_STREAM } from '../../functions/events/stream-filter';
import { LocalEventBus } from '../../infra/local/events/local-event-bus';
import { startStreamRunner } from '../../infra/local/stream/stream-runner';
import { configuredStreamsApi, tableStreamArn } from '../../infra/local/stream/streams-api';
import { createCart } from '../support/api';
import { privateDemoShop } from '../support/shops';

/**
 * The stream runner on DynamoDB Local's real stream, with a failure injected into the consumer's
 * PutEvents: this file runs a runner of its own on the run's table (a second reader of the stream,
 * as a second mapping would be) and publishes to a bus of its own. Its consumer raises no stock
 * events (stockEvents stubbed), so it never writes the stock views the twin's consumer keeps.
 */
describe('stream runner on DynamoDB Local', () => {
  let shop: string;
  const bus = new LocalEventBus();
  const reports: string[] = [];
  /** Sequence numbers of the records of each call of the consumer. */
  const calls: string[][] = [];
  let runner: ReturnType<typeof startStreamRunner>;

  beforeAll(async () => {
    shop = await privateDemoShop('runner');
    // PutEvents fails twice for the carts of this file's shop, whole calls as EventBridge may.
    let failures = 0;
    const flaky: EventBusClient = {
      send: async (input) => {
        const ours = input.Entries.some((e) => JSON.parse(e.Detail).shopId === shop);
        if (ours && failures < 2) {
          failures += 1;
          throw new Error('injected PutEvents failure');
        }
        return bus.send(input);
      },
    };
    const publish = createPublisher({
      client: flaky,
      busName: 'test',
      source: 'shop-api.test',
      stockEvents: async () => new Map(),
    });
    runner = startStreamRunner({
      api: configuredStreamsApi(),
      streamArn: await tableStreamArn(),
      handler: async (event) => {
        calls.push(event.Records.map((r) => r.dynamodb?.SequenceNumber ?? ''));
        return publish(event);
      },
      filters: PUBLISHER_STREAM.filters,
      batchSize: PUBLISHER_STREAM.batchSize,
      pollMs: 50,
      retry: { firstMs: 50, maxMs: 200 },
      report: (line) => reports.push(line),
    });
    await runner.ready;
  });
  afterAll(() => runner.stop());

  it('retries a batch the consumer fails from the failed record; each event reaches the bus once, in order', async () => {
    // Act: two carts; the batch holding the first fails twice before it goes through
    const first = await createCart(shop);
    const second = await createCart(shop);
    const ofShop = (e: { detail: Record<string, unknown> }) => e.detail.shopId === shop;
    await bus.waitForEvents((e) => e.detail.cartId === second.cartId, 10_000);
    // A third cart, written after: once its event is on the bus, the runner is past the others.
    const marker = await createCart(shop);
    await bus.waitForEvents((e) => e.detail.cartId === marker.cartId, 10_000);

    // Assess
    const carts = bus.events(ofShop).map((e) => e.detail.cartId);
    expect(carts).toEqual([first.cartId, second.cartId, marker.cartId]);
    expect(reports.filter((line) => line.includes('not handled'))).toHaveLength(2);
    expect(reports[0]).toMatch(/retry 1 in 50 ms/);
    expect(reports[1]).toMatch(/retry 2 in 100 ms/);
    // The failed record was handed over again, and nothing before it was.
    const failedFrom = /from (\d+)/.exec(reports[0] ?? '')?.[1] ?? '';
    const withIt = calls.filter((c) => c.includes(failedFrom));
    expect(withIt).toHaveLength(3);
    for (const call of withIt.slice(1)) expect(call[0]).toBe(failedFrom);
  });
});
