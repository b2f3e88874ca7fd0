import type { CountedField, FieldValues } from './facet-tables';

/**
 * The products a search may find: visible, listable (regular products and masters) and matching the
 * query; as 0/1 flags and as a list in catalog order.
 */
export interface Eligible {
  flags: Uint8Array;
  list: Int32Array;
}

/**
 * Standard faceting, field by field: a value of a field counts the products that pass every OTHER
 * filter and hold it; the hits pass them all. Each pass walks only the products holding a chosen
 * value of the most selective other filter (the whole eligible list when there is none), and each
 * count is a tight loop over plain integer arrays on the facet tables (speed trick `facet-tables`,
 * lib/domain/search/facet-tables.ts). Returns the hits, in no particular order.
 */
export function countFacets(fields: readonly CountedField[], eligible: Eligible): Int32Array {
  const filtered = fields.filter((f) => f.mask);
  const passes = new Passes(eligible);
  const hits = passes.collect(filtered);
  for (const field of fields) {
    const others = field.mask ? filtered.filter((f) => f !== field) : filtered;
    countInto(field.counts, field.held, field.mask ? passes.collect(others) : hits);
  }
  return hits;
}

/**
 * Collects the eligible products passing a set of filters. One stamp array dedupes every pass and
 * lives as long as the process (a search runs to its end without yielding, so nothing else uses it
 * meanwhile): zeroing catalog-sized arrays per request cost more than the passes.
 */
class Passes {
  private static stamps = new Int32Array(0);
  private static buffer = new Int32Array(0);
  private static pass = 0;

  constructor(private readonly eligible: Eligible) {
    const size = eligible.flags.length;
    if (Passes.stamps.length < size || Passes.pass > 2 ** 30) {
      Passes.stamps = new Int32Array(size);
      Passes.buffer = new Int32Array(size);
      Passes.pass = 0;
    }
  }

  collect(filters: readonly CountedField[]): Int32Array {
    Passes.pass++;
    const masks = filters.map((f) => f.mask as Uint8Array);
    const source = smallestHolders(filters) ?? [this.eligible.list];
    let n = 0;
    for (const list of source) n = this.visit(list, masks, n);
    return Passes.buffer.slice(0, n);
  }

  private visit(list: Int32Array, masks: readonly Uint8Array[], start: number): number {
    const { stamps, buffer, pass } = Passes;
    const flags = this.eligible.flags;
    let n = start;
    for (let k = 0; k < list.length; k++) {
      const i = list[k] as number;
      if (stamps[i] === pass || flags[i] === 0) continue;
      // A product holding several chosen values is in several holder lists: it is taken once.
      stamps[i] = pass;
      let passes = true;
      for (let m = 0; m < masks.length; m++) {
        if ((masks[m] as Uint8Array)[i] === 0) {
          passes = false;
          break;
        }
      }
      if (passes) buffer[n++] = i;
    }
    return n;
  }
}

/** The holder lists of the filter whose chosen values the fewest products hold; null when none filters on values. */
function smallestHolders(filters: readonly CountedField[]): readonly Int32Array[] | null {
  let best: readonly Int32Array[] | null = null;
  let bestSize = Number.POSITIVE_INFINITY;
  for (const { holders } of filters) {
    if (!holders) continue;
    let size = 0;
    for (const list of holders) size += list.length;
    if (size < bestSize) {
      best = holders;
      bestSize = size;
    }
  }
  return best;
}

/** Adds the values the listed products hold in a field to the counts. */
function countInto(counts: Int32Array, held: FieldValues, products: Int32Array): void {
  const { offsets, values } = held;
  for (let k = 0; k < products.length; k++) {
    const i = products[k] as number;
    const end = offsets[i + 1] as number;
    for (let j = offsets[i] as number; j < end; j++) {
      const v = values[j] as number;
      counts[v] = (counts[v] as number) + 1;
    }
  }
}
