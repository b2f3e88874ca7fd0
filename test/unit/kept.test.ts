import { describe, expect, it } from 'vitest';
import { keptByKey, keptFor } from '../../lib/domain/kept';

describe('kept values', () => {
  it('builds once per owner and per owner and key', () => {
    // Prepare
    const single = new WeakMap<object, number[]>();
    const keyed = new WeakMap<object, Map<string, number[]>>();
    const [a, b] = [{}, {}];
    let builds = 0;
    const build = () => [++builds];

    // Act
    const first = keptFor(single, a, build);
    const again = keptFor(single, a, build);
    const other = keptFor(single, b, build);
    const en = keptByKey(keyed, a, 'en', build);
    const enAgain = keptByKey(keyed, a, 'en', build);
    const de = keptByKey(keyed, a, 'de', build);

    // Assess
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(enAgain).toBe(en);
    expect(de).not.toBe(en);
    expect(builds).toBe(4);
  });

  it("drops an owner's oldest key past the limit", () => {
    // Prepare
    const keyed = new WeakMap<object, Map<number, object>>();
    const owner = {};
    const first = keptByKey(keyed, owner, 1, () => ({}), 2);
    keptByKey(keyed, owner, 2, () => ({}), 2);

    // Act
    keptByKey(keyed, owner, 3, () => ({}), 2);
    const rebuilt = keptByKey(keyed, owner, 1, () => ({}), 2);

    // Assess
    expect(rebuilt).not.toBe(first);
    expect([...(keyed.get(owner)?.keys() ?? [])]).toEqual([3, 1]);
  });
});
