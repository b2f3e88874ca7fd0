/**
 * Slots of an in-memory list index (orders, carts, customers) in one order (oldest first; readers
 * walk it from the end), kept sorted as items come and move at a cost that follows the change, not
 * the shop: new and moved slots are sorted on their own and merged into the tail from where the
 * oldest of them belongs (seconds of items, usually none), and a moved slot's old place is left
 * behind as a stale entry, skipped by readers and dropped when stale entries reach a quarter. Each
 * entry keeps the time it was sorted by, so stale entries never unsort the array.
 */
export class SortedSlots {
  private slots: number[] = [];
  private times: number[] = [];
  /** Where each slot's live entry is (-1: none). */
  private position = new Int32Array(1024).fill(-1);
  private stale = 0;

  /** `ids` break ties of time (descending id first when newest first, as the lists sort). */
  constructor(private readonly ids: readonly string[]) {}

  /** How many entries there are, stale ones included (the bound of `at`). */
  get length(): number {
    return this.slots.length;
  }

  /** The slot at entry `i`, or -1 when that entry is stale. */
  at(i: number): number {
    const slot = this.slots[i] as number;
    return this.position[slot] === i ? slot : -1;
  }

  /** Puts new slots, and slots whose time changed, in place by `time`. */
  place(incoming: readonly number[], time: (slot: number) => number): void {
    if (incoming.length === 0) return;
    for (const slot of incoming) {
      if (slot >= this.position.length) this.grow(slot);
      if ((this.position[slot] as number) >= 0) {
        this.position[slot] = -1;
        this.stale++;
      }
    }
    const coming = incoming.map((slot) => ({ slot, time: time(slot) }));
    coming.sort((a, b) => this.compare(a.time, a.slot, b.time, b.slot));
    const first = coming[0] as { slot: number; time: number };
    // The first entry that sorts after the oldest incoming one: everything before it stays.
    let [low, high] = [0, this.slots.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (
        this.compare(this.times[middle] as number, this.slots[middle] as number, first.time, first.slot) < 0
      )
        low = middle + 1;
      else high = middle;
    }
    const tail: { slot: number; time: number }[] = [];
    for (let i = low; i < this.slots.length; i++)
      if (this.at(i) >= 0) tail.push({ slot: this.slots[i] as number, time: this.times[i] as number });
      else this.stale--;
    this.slots.length = low;
    this.times.length = low;
    let [t, c] = [0, 0];
    while (t < tail.length || c < coming.length) {
      const fromTail =
        c === coming.length ||
        (t < tail.length &&
          this.compare(
            (tail[t] as { time: number }).time,
            (tail[t] as { slot: number }).slot,
            (coming[c] as { time: number }).time,
            (coming[c] as { slot: number }).slot,
          ) < 0);
      this.push(
        fromTail
          ? (tail[t++] as { slot: number; time: number })
          : (coming[c++] as { slot: number; time: number }),
      );
    }
    if (this.stale * 4 > this.slots.length) this.compact();
  }

  private push(entry: { slot: number; time: number }): void {
    this.position[entry.slot] = this.slots.length;
    this.slots.push(entry.slot);
    this.times.push(entry.time);
  }

  /** Drops the stale entries. */
  private compact(): void {
    const [slots, times] = [this.slots, this.times];
    this.slots = [];
    this.times = [];
    for (let i = 0; i < slots.length; i++)
      if (this.position[slots[i] as number] === i)
        this.push({ slot: slots[i] as number, time: times[i] as number });
    this.stale = 0;
  }

  /** Oldest first; at one time, the smaller id first (so walking from the end gives newest, id descending). */
  private compare(timeA: number, slotA: number, timeB: number, slotB: number): number {
    if (timeA !== timeB) return timeA - timeB;
    const [idA, idB] = [this.ids[slotA] as string, this.ids[slotB] as string];
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  }

  private grow(slot: number): void {
    let capacity = this.position.length;
    while (capacity <= slot) capacity *= 2;
    const next = new Int32Array(capacity).fill(-1);
    next.set(this.position);
    this.position = next;
  }
}
