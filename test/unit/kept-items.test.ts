import { describe, expect, it, vi } from 'vitest';

const read = vi.hoisted(() => vi.fn());
vi.mock('../../lib/data/batch-get', () => ({ batchGetItems: read }));

const { KeptItems } = await import('../../lib/data/feeds/kept-items');

const keyOf = (id: string) => ({ pk: `P#${id}`, sk: 'S' });
const itemOf = (id: string, version: number) => ({ pk: `P#${id}`, sk: 'S', id, version });

describe('KeptItems', () => {
  it('answers kept items at the held version and reads the others, in the page order', async () => {
    const kept = new KeptItems();
    kept.keep('shop', 'a', 1, itemOf('a', 1));
    kept.keep('shop', 'b', 1, itemOf('b', 1));
    read.mockReset().mockResolvedValue([itemOf('b', 2), null]);

    const page = await kept.page('shop', ['a', 'b', 'c'], (id) => (id === 'b' ? 2 : 1), keyOf);

    // b is held at version 2 now: read again, with c that was never kept (and is gone).
    expect(read).toHaveBeenCalledWith([keyOf('b'), keyOf('c')]);
    expect(page).toEqual([itemOf('a', 1), itemOf('b', 2), null]);
  });

  it('reads nothing when every item is kept, and never across shops', async () => {
    const kept = new KeptItems();
    kept.keep('shop', 'a', 3, itemOf('a', 3));
    read.mockReset().mockResolvedValue([itemOf('a', 3)]);

    expect(await kept.page('shop', ['a'], () => 3, keyOf)).toEqual([itemOf('a', 3)]);
    expect(read).not.toHaveBeenCalled();
    await kept.page('other', ['a'], () => 3, keyOf);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('keeps no older version over a newer one, and drops the least recently used past its bound', async () => {
    const kept = new KeptItems(2);
    kept.keep('shop', 'a', 2, itemOf('a', 2));
    kept.keep('shop', 'a', 1, itemOf('a', 1));
    kept.keep('shop', 'b', 1, itemOf('b', 1));
    read.mockReset().mockImplementation(async (keys: unknown[]) => keys.map(() => null));
    await kept.page('shop', ['a'], () => 2, keyOf); // a used: b is now the oldest
    kept.keep('shop', 'c', 1, itemOf('c', 1));

    const page = await kept.page('shop', ['a', 'b', 'c'], (id) => (id === 'a' ? 2 : 1), keyOf);

    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenLastCalledWith([keyOf('b')]);
    expect(page).toEqual([itemOf('a', 2), null, itemOf('c', 1)]);
  });
});
