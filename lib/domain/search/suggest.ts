import { type Catalog, localize } from '../catalog/catalog';
import { projectionOf } from '../catalog/catalog-projection';
import type { ShopProduct } from '../catalog/catalog-types';
import { productImagesView } from '../catalog/slideshow';
import { link, type ViewContext } from '../links';

/**
 * Product suggest (merchant API "Product suggest"), for a storefront's search box: a visible product
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
  /** Each product's place in name order (the locale's collation). */
  nameRank: Int32Array;
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
  const pairs: { word: string; owner: number }[] = [];
  for (const [i, productId] of projection.productIds.entries()) {
    const product = catalog.products.get(productId);
    if (!product || projection.visible[i] !== 1 || product.masterId !== null) continue;
    const owner = products.length;
    const name = localize(catalog, product.name, locale) ?? '';
    products.push(product);
    names.push(name.toLowerCase());
    const number = product.productNumber.toLowerCase();
    for (const word of new Set([...suggestWords(name), ...suggestWords(number), number]))
      pairs.push({ word, owner });
  }
  pairs.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : a.owner - b.owner));
  const collator = new Intl.Collator(locale.replace('_', '-'), { sensitivity: 'base' });
  const byName = products
    .map((_, p) => p)
    .sort((a, b) => collator.compare(names[a] as string, names[b] as string) || a - b);
  const nameRank = new Int32Array(products.length);
  byName.forEach((p, rank) => {
    nameRank[p] = rank;
  });
  const alphabetical = names
    .map((_, p) => p)
    .sort((a, b) => {
      const [x, y] = [names[a] as string, names[b] as string];
      return x < y ? -1 : x > y ? 1 : a - b;
    });
  return {
    words: pairs.map((p) => p.word),
    owners: Int32Array.from(pairs, (p) => p.owner),
    products,
    sortedNames: alphabetical.map((p) => names[p] as string),
    nameOwners: Int32Array.from(alphabetical),
    nameRank,
    marks: new Uint32Array(products.length),
    stamp: 0,
  };
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
