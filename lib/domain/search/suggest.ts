import { speedTrickOn } from '../../speed/switches';
import { type Catalog, localize } from '../catalog/catalog';
import { projectionOf } from '../catalog/catalog-projection';
import type { ShopProduct } from '../catalog/catalog-types';
import { productImagesView } from '../catalog/slideshow';
import { link, type ViewContext } from '../links';

/**
 * Product suggest (docs/catalog.md "Product suggest"), for a storefront's search box: a visible product
 * matches when every word of the query starts a word of its name (in the locale) or of its product
 * number, in any case. Names starting with the whole query come first, then by name. Variations are
 * left out: a search box offers the master, whose page chooses among them.
 *
 * Each catalog and locale gets an index once (kept as long as the catalog): every word with its
 * product, sorted, so the products of a word prefix are one binary search away, and every product's
 * place in name order. A query then costs the products its rarest word matches, not the catalog.
 */
interface SuggestIndex {
  /** Every word of every suggestible product, in code-unit order; `owners` holds each one's product. */
  words: string[];
  owners: Int32Array;
  products: ShopProduct[];
  /** Lower-cased names in code-unit order and their products: the names starting with a text are one range. */
  sortedNames: string[];
  nameOwners: Int32Array;
  /** Products in name order (the locale's collation), and each product's place in it. */
  byName: Int32Array;
  nameRank: Int32Array;
  /** Each product's lower-cased name (what both name orders compare). */
  names: string[];
  /** Per product, how far the last query that reached it got (see `matching`): nothing allocated per query. */
  marks: Uint32Array;
  stamp: number;
}

const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
const indexes = new WeakMap<Catalog, Map<string, SuggestIndex>>();

/** The words of a text, lower-cased: letters and digits between anything else. */
export function suggestWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(WORD_SEPARATOR)
    .filter((w) => w.length > 0);
}

/** The products suggested for a query, at most `limit`, best first. */
export function suggestProducts(
  catalog: Catalog,
  query: string,
  limit: number,
  locale: string,
): ShopProduct[] {
  const index = suggestIndex(catalog, locale);
  const words = [...new Set(suggestWords(query))];
  if (words.length === 0) return [];
  const { candidates, matched } = matching(index, words);
  if (candidates.length === 0) return [];
  const rank = (p: number) => index.nameRank[p] as number;
  // Names starting with the whole query (one range of the sorted names) first, then the rest by name.
  const whole = query.trim().toLowerCase();
  const { from, to } = prefixRange(index.sortedNames, whole);
  const leading: number[] = [];
  for (let k = from; k < to; k++) {
    const p = index.nameOwners[k] as number;
    if (index.marks[p] === matched) leading.push(p);
  }
  const first = best(leading, rank, limit);
  if (first.length === limit) return first.map((p) => index.products[p] as ShopProduct);
  const taken = new Set(leading);
  const rest = best(
    candidates.filter((p) => !taken.has(p)),
    rank,
    limit - first.length,
  );
  return [...first, ...rest].map((p) => index.products[p] as ShopProduct);
}

/**
 * The products every word starts a word of. Starts from the rarest word's products and keeps, word
 * by word, those the previous words reached (`marks` holds how far each got in this query), so the
 * cost is the words' prefix ranges, never the catalog.
 */
function matching(index: SuggestIndex, words: readonly string[]): { candidates: number[]; matched: number } {
  const ranges = words
    .map((word) => prefixRange(index.words, word))
    .sort((a, b) => a.to - a.from - (b.to - b.from));
  if (index.stamp + ranges.length + 2 >= 0xffffffff) {
    index.marks.fill(0);
    index.stamp = 0;
  }
  const base = index.stamp;
  // base + j: reached by the first j words; base + words + 1: collected as a candidate.
  index.stamp += ranges.length + 1;
  ranges.forEach(({ from, to }, j) => {
    for (let k = from; k < to; k++) {
      const p = index.owners[k] as number;
      const seen = index.marks[p] as number;
      if (j === 0 ? seen <= base : seen === base + j) index.marks[p] = base + j + 1;
    }
  });
  const matched = base + ranges.length + 1;
  const rarest = ranges[0] as Range;
  const candidates: number[] = [];
  for (let k = rarest.from; k < rarest.to; k++) {
    const p = index.owners[k] as number;
    if (index.marks[p] !== matched - 1) continue;
    index.marks[p] = matched;
    candidates.push(p);
  }
  return { candidates, matched };
}

/** One suggestion as GET /search/product-suggest answers it. */
export function suggestionView(catalog: Catalog, product: ShopProduct, ctx: ViewContext) {
  return {
    name: localize(catalog, product.name, ctx.locale) ?? '',
    productNumber: product.productNumber,
    images: productImagesView(product).images,
    link: link(ctx, 'product', 'products', product.productId),
  };
}

interface Range {
  from: number;
  to: number;
}

function suggestIndex(catalog: Catalog, locale: string): SuggestIndex {
  let byLocale = indexes.get(catalog);
  if (!byLocale) {
    byLocale = new Map();
    indexes.set(catalog, byLocale);
  }
  let index = byLocale.get(locale);
  if (!index) {
    index = buildIndex(catalog, locale);
    byLocale.set(locale, index);
  }
  return index;
}

function buildIndex(catalog: Catalog, locale: string): SuggestIndex {
  const projection = projectionOf(catalog);
  const products: ShopProduct[] = [];
  const names: string[] = [];
  const pairs: WordPair[] = [];
  for (const [i, productId] of projection.productIds.entries()) {
    if (projection.visible[i] !== 1 || !projection.listable[i]) continue;
    const product = catalog.products.get(productId);
    const entries = product && entriesOf(catalog, product, locale);
    if (!product || !entries) continue;
    const owner = products.length;
    products.push(product);
    names.push(entries.name);
    for (const word of entries.words) pairs.push({ word, owner });
  }
  pairs.sort(byPair);
  const order = nameOrders(locale, names);
  const owners = products.map((_, p) => p);
  return assembled(
    products,
    names,
    pairs,
    [...owners].sort(order.alphabetical),
    owners.sort(order.collation),
  );
}

type WordPair = { word: string; owner: number };
const byPair = (a: WordPair, b: WordPair) => byText(a.word, b.word) || a.owner - b.owner;

/** The two name orders of owners: code-unit (the prefix ranges) and the locale's collation (the ranking). */
function nameOrders(locale: string, names: readonly string[]) {
  const collator = new Intl.Collator(locale.replace('_', '-'), { sensitivity: 'base' });
  return {
    alphabetical: (a: number, b: number) => byText(names[a] as string, names[b] as string) || a - b,
    collation: (a: number, b: number) => collator.compare(names[a] as string, names[b] as string) || a - b,
  };
}

/** An index from its products, their names, the sorted word pairs and both name orders. */
function assembled(
  products: ShopProduct[],
  names: string[],
  pairs: readonly WordPair[],
  alphabetical: readonly number[],
  byName: readonly number[],
): SuggestIndex {
  return {
    words: pairs.map((p) => p.word),
    owners: Int32Array.from(pairs, (p) => p.owner),
    products,
    sortedNames: alphabetical.map((p) => names[p] as string),
    nameOwners: Int32Array.from(alphabetical),
    byName: Int32Array.from(byName),
    nameRank: ranks(byName, products.length),
    names,
    marks: new Uint32Array(products.length),
    stamp: 0,
  };
}

/** Each owner's place in an order of owners. */
function ranks(order: ArrayLike<number>, size: number): Int32Array {
  const rank = new Int32Array(size);
  for (let r = 0; r < order.length; r++) rank[order[r] as number] = r;
  return rank;
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The words a product is found by, and whether it is suggested at all (visible, no variation). */
function entriesOf(catalog: Catalog, product: ShopProduct, locale: string) {
  if (!product.visible || product.masterId !== null) return undefined;
  const name = localize(catalog, product.name, locale) ?? '';
  const number = product.productNumber.toLowerCase();
  return {
    name: name.toLowerCase(),
    words: [...new Set([...suggestWords(name), ...suggestWords(number), number])],
  };
}

/**
 * Carries the suggest indexes built for `previous` over to `next`, a catalog that differs from it
 * only in the products `changed` (by id: replaced, added or deleted), patched by difference (speed
 * trick: a product write would otherwise cost the next suggest request of every warm instance a
 * full build, 1.6 s at 100,000 products, for it inflates every product). The changed products'
 * entries leave the sorted words and names and their new ones are merged in; no other product is
 * read. Locales not built for `previous` are left to be built on first use.
 */
export function carrySuggestIndexes(previous: Catalog, next: Catalog, changed: Iterable<string>): void {
  if (!speedTrickOn('suggest-carry')) return;
  const built = indexes.get(previous);
  if (!built || built.size === 0) return;
  const ids = new Set(changed);
  const carried = new Map<string, SuggestIndex>();
  for (const [locale, index] of built) carried.set(locale, patchedIndex(index, next, locale, ids));
  indexes.set(next, carried);
}

function patchedIndex(
  index: SuggestIndex,
  catalog: Catalog,
  locale: string,
  ids: ReadonlySet<string>,
): SuggestIndex {
  // The changed products leave (the others are renumbered past them, so the index never grows by
  // writes); their new versions join at the end.
  const renumbered = new Int32Array(index.products.length).fill(-1);
  const products: ShopProduct[] = [];
  const names: string[] = [];
  index.products.forEach((product, p) => {
    if (ids.has(product.productId)) return;
    renumbered[p] = products.length;
    products.push(product);
    names.push(index.names[p] as string);
  });
  const pairs: WordPair[] = [];
  const born: number[] = [];
  for (const id of ids) {
    const product = catalog.products.get(id);
    const entries = product && entriesOf(catalog, product, locale);
    if (!product || !entries) continue;
    const owner = products.length;
    products.push(product);
    names.push(entries.name);
    born.push(owner);
    for (const word of entries.words) pairs.push({ word, owner });
  }
  pairs.sort(byPair);
  const kept = (owners: ArrayLike<number>) =>
    Array.from(owners, (p) => renumbered[p] as number).filter((p) => p >= 0);
  const order = nameOrders(locale, names);
  return assembled(
    products,
    names,
    merged(keptPairs(index, renumbered), pairs, byPair),
    merged(kept(index.nameOwners), [...born].sort(order.alphabetical), order.alphabetical),
    merged(kept(index.byName), [...born].sort(order.collation), order.collation),
  );
}

function keptPairs(index: SuggestIndex, renumbered: Int32Array): WordPair[] {
  const out: WordPair[] = [];
  for (let k = 0; k < index.words.length; k++) {
    const owner = renumbered[index.owners[k] as number] as number;
    if (owner >= 0) out.push({ word: index.words[k] as string, owner });
  }
  return out;
}

/** Two sorted lists as one sorted list. */
function merged<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && compare(a[i] as T, b[j] as T) <= 0)) out.push(a[i++] as T);
    else out.push(b[j++] as T);
  }
  return out;
}

/** The words starting with `prefix`: [from, to) in the sorted words. */
function prefixRange(words: readonly string[], prefix: string): Range {
  // Words sharing a prefix are contiguous in code-unit order, and all sort below prefix + U+FFFF.
  return { from: lowerBound(words, prefix), to: lowerBound(words, `${prefix}\uffff`) };
}

function lowerBound(words: readonly string[], key: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((words[mid] as string) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The `limit` candidates of lowest score, in score order, without sorting them all. */
function best(candidates: readonly number[], score: (p: number) => number, limit: number): number[] {
  const top: { p: number; s: number }[] = [];
  for (const p of candidates) {
    const s = score(p);
    if (top.length === limit && s >= (top[limit - 1] as { s: number }).s) continue;
    let at = top.length;
    while (at > 0 && (top[at - 1] as { s: number }).s > s) at--;
    top.splice(at, 0, { p, s });
    if (top.length > limit) top.pop();
  }
  return top.map((t) => t.p);
}
