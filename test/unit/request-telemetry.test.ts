import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { meterRequests } from '../../lib/telemetry/dynamo-meter';
import { beginRequest, currentRequest } from '../../lib/telemetry/request-telemetry';
import { serverTiming } from '../../lib/telemetry/server-timing';
import { requestCost } from '../support/server-timing';

type Handler = (args: { input: Record<string, unknown> }) => Promise<{ output: unknown }>;
type Middleware = (next: Handler, context: { commandName: string }) => Handler;

/** The meter's SDK middleware, taken off a stand-in stack (the SDK itself is not under test). */
function meterMiddleware(): Middleware {
  let added: Middleware | undefined;
  meterRequests({
    add: (middleware: Middleware) => (added = middleware),
  } as unknown as DynamoDBClient['middlewareStack']);
  return added as Middleware;
}

/** A DynamoDB call that answers after `ms` with the given consumed capacity. */
const answerAfter =
  (ms: number, consumed: unknown): Handler =>
  () =>
    new Promise((resolve) => setTimeout(() => resolve({ output: { ConsumedCapacity: consumed } }), ms));

const start = () =>
  beginRequest({
    requestId: 'r',
    route: 'getCart',
    shopId: 'demo',
    functionName: 'getCart',
    traceId: undefined,
    debug: false,
  });

describe('the per-request DynamoDB meter', () => {
  it('asks for the consumed capacity and adds calls and units to the running request', async () => {
    // Prepare
    const meter = meterMiddleware();
    const telemetry = start();
    const get = { input: {} as Record<string, unknown> };

    // Act
    await meter(answerAfter(1, { CapacityUnits: 2 }), { commandName: 'BatchGetItemCommand' })(get);
    await meter(answerAfter(1, [{ CapacityUnits: 3, ReadCapacityUnits: 1, WriteCapacityUnits: 2 }]), {
      commandName: 'TransactWriteItemsCommand',
    })({ input: {} });
    await meter(answerAfter(1, { CapacityUnits: 1 }), { commandName: 'PutCommand' })({ input: {} });

    // Assess
    expect(get.input.ReturnConsumedCapacity).toBe('TOTAL');
    expect(telemetry.dynamo).toMatchObject({ calls: 3, readUnits: 3, writeUnits: 3, inFlight: 0 });
  });

  it('counts calls side by side once in db time: the wall time with at least one call in flight', async () => {
    // Prepare
    const meter = meterMiddleware();
    const telemetry = start();

    // Act: two 60 ms calls at once, then one 30 ms call.
    const began = performance.now();
    await Promise.all([
      meter(answerAfter(60, null), { commandName: 'GetItemCommand' })({ input: {} }),
      meter(answerAfter(60, null), { commandName: 'QueryCommand' })({ input: {} }),
    ]);
    await meter(answerAfter(30, null), { commandName: 'GetItemCommand' })({ input: {} });
    const wall = performance.now() - began;

    // Assess
    expect(telemetry.dynamo.calls).toBe(3);
    expect(telemetry.dynamo.busyMs).toBeGreaterThanOrEqual(85);
    expect(telemetry.dynamo.busyMs).toBeLessThanOrEqual(wall + 0.5);
    const cost = requestCost(serverTiming(telemetry));
    expect(cost).toMatchObject({ calls: 3, readUnits: 0, writeUnits: 0 });
    // The sum of the calls' times would be 150 ms.
    expect(cost.dbMs).toBeLessThan(120);
    expect(cost.appMs).toBeGreaterThanOrEqual(0);
  });

  it('leaves table administration alone and meters nothing outside a request or after it', async () => {
    // Prepare
    const meter = meterMiddleware();
    const telemetry = start();
    const describeTable = { input: {} as Record<string, unknown> };

    // Act
    await meter(answerAfter(1, null), { commandName: 'DescribeTableCommand' })(describeTable);
    telemetry.ended = true;
    await meter(answerAfter(1, { CapacityUnits: 1 }), { commandName: 'GetItemCommand' })({ input: {} });

    // Assess
    expect(describeTable.input.ReturnConsumedCapacity).toBeUndefined();
    expect(telemetry.dynamo.calls).toBe(0);
    expect(currentRequest()).toBeUndefined();
  });
});
