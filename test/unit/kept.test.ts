import { describe, expect, it } from 'vitest';
import { keptByKey, keptFor } from '../../lib/speed/kept';

describe('kept values', () => {
  it('builds once per owner and per owner and key', () => {
    // Prepare
    const single = new WeakMap<object, number[]>();
    const keyed = new WeakMap<object, Map<string, number[]>>();
    const [a, b] = [{}, {}];
    let builds = 0;
    const build = () => [++builds];

    // Act
    const first = keptFor('kept-views', single, a, build);
    const again = keptFor('kept-views', single, a, build);
    const other = keptFor('kept-views', single, b, build);
    const en = keptByKey('kept-views', keyed, a, 'en', build);
    const enAgain = keptByKey('kept-views', keyed, a, 'en', build);
    const de = keptByKey('kept-views', keyed, a, 'de', build);

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
    const first = keptByKey('kept-views', keyed, owner, 1, () => ({}), 2);
    keptByKey('kept-views', keyed, owner, 2, () => ({}), 2);

    // Act
    keptByKey('kept-views', keyed, owner, 3, () => ({}), 2);
    const rebuilt = keptByKey('kept-views', keyed, owner, 1, () => ({}), 2);

    // Assess
    expect(rebuilt).not.toBe(first);
    expect([...(keyed.get(owner)?.keys() ?? [])]).toEqual([3, 1]);
  });
});
