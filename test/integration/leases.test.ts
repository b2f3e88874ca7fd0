import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endLease, takeLease } from '../../lib/data/leases';
import { clearLostAnswers, loseAnswers } from '../support/faults';
import { useLocalTable } from '../support/local-env';

/** The lease items (lib/data/leases.ts) on DynamoDB Local: one holder, its token, a lost answer. */

beforeAll(() => useLocalTable());
afterEach(() => clearLostAnswers());

let n = 0;
const leaseKey = () => ({ pk: `TEST#lease#${Date.now().toString(36)}#${n++}`, sk: 'LEASE' });

describe('a lease item', () => {
  it('has one holder until it runs out or its holder ends it; only the holder can end it', async () => {
    // Prepare
    const key = leaseKey();
    const now = Date.now();
    const first = await takeLease(key, { now, forMs: 60_000 });

    // Act
    const second = await takeLease(key, { now, forMs: 60_000 });
    if (first.taken) await endLease(key, 'not-the-holders-token');
    const afterWrongEnd = await takeLease(key, { now, forMs: 60_000 });
    if (first.taken) await endLease(key, first.token);
    const afterEnd = await takeLease(key, { now, forMs: 60_000 });
    const afterRunOut = await takeLease(key, { now: now + 60_001, forMs: 60_000 });

    // Assess
    expect(first).toEqual({ taken: true, token: expect.any(String), takings: 1 });
    expect(second).toEqual({ taken: false, until: now + 60_000 });
    expect(afterWrongEnd.taken).toBe(false);
    expect(afterEnd).toEqual({ taken: true, token: expect.any(String), takings: 2 });
    expect(afterRunOut).toEqual({ taken: true, token: expect.any(String), takings: 3 });
  });

  it("is the taker's when the SDK retries a taking whose answer was lost (fault)", async () => {
    // Prepare: the taking reaches DynamoDB, its answer does not; the SDK sends it again.
    const key = leaseKey();
    const lost = loseAnswers({ commands: ['UpdateItemCommand'], times: 1 });

    // Act
    const taken = await takeLease(key, { now: Date.now(), forMs: 60_000 });
    clearLostAnswers();
    const other = await takeLease(key, { now: Date.now(), forMs: 60_000 });

    // Assess
    expect(lost.lost()).toBe(1);
    expect(taken.taken).toBe(true);
    expect(other.taken).toBe(false);
  });
});
