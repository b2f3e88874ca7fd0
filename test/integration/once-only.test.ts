import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../lib/data/client';
import { updateOnceOnly } from '../../lib/data/once-only';
import { leaseAllowance } from '../../lib/data/rate-limit-repository';
import { clearLostAnswers, loseAnswers } from '../support/faults';
import { useLocalTable } from '../support/local-env';

/** Updates sent once only (lib/data/once-only.ts) on DynamoDB Local, with their answers lost. */

beforeAll(() => useLocalTable());
afterEach(() => clearLostAnswers());

let n = 0;
const itemKey = () => ({ pk: `TEST#onceonly#${Date.now().toString(36)}#${n++}`, sk: 'ITEM' });
const stored = async (key: { pk: string; sk: string }) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const addTen = (key: { pk: string; sk: string }, condition?: string) =>
  updateOnceOnly({
    TableName: tableName(),
    Key: key,
    UpdateExpression: 'ADD #n :ten',
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: { '#n': 'n' },
    ExpressionAttributeValues: { ':ten': 10, ...(condition ? { ':max': 10 } : {}) },
    ReturnValues: 'UPDATED_NEW',
  });

describe('an update sent once only', () => {
  it('counts once when its answer was lost and the SDK sent it again (fault)', async () => {
    // Prepare
    const key = itemKey();
    const lost = loseAnswers({ commands: ['UpdateItemCommand'], times: 1, bodyIncludes: key.pk });

    // Act
    const first = await addTen(key);
    clearLostAnswers();
    const second = await addTen(key);

    // Assess
    expect(lost.lost()).toBe(1);
    expect(first).toMatchObject({ n: 10 });
    expect(second).toMatchObject({ n: 20 });
    expect((await stored(key))?.n).toBe(20);
  });

  it('is undefined when its own condition fails, and changes nothing', async () => {
    // Prepare
    const key = itemKey();
    await addTen(key, 'attribute_not_exists(#n) OR #n < :max');

    // Act
    const refused = await addTen(key, 'attribute_not_exists(#n) OR #n < :max');

    // Assess
    expect(refused).toBeUndefined();
    expect((await stored(key))?.n).toBe(10);
  });

  it("leases a rate-limit block once when the lease's answer was lost (fault)", async () => {
    // Prepare
    const tokenId = `token-${n++}`;
    const start = Date.now() - (Date.now() % 3_600_000);
    const window = { start, end: start + 3_600_000 };
    const lost = loseAnswers({ commands: ['UpdateItemCommand'], times: 1, bodyIncludes: tokenId });

    // Act
    const lease = await leaseAllowance('onceonly-shop', tokenId, window, 50, 1000);
    clearLostAnswers();
    const next = await leaseAllowance('onceonly-shop', tokenId, window, 50, 1000);

    // Assess
    expect(lost.lost()).toBe(1);
    expect(lease).toEqual({ granted: 50, leased: 50 });
    expect(next).toEqual({ granted: 50, leased: 100 });
  });
});
