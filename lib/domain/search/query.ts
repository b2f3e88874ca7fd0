import type { CatalogProjection, LocaleProjection } from '../catalog/catalog-projection';
import { normalizeText } from '../catalog/catalog-projection';

/**
 * Query text (docs/catalog.md "Query text (q and the search query)": `q` is a case-insensitive substring; a
 * quoted phrase matches as a phrase; several terms joined by `+` must all match). Terms are separated by `+`
 * or whitespace (in a URL query a literal `+` already arrives as a space); every term must occur somewhere in
 * the name (request locale or default), search keywords, product number, manufacturer or short description.
 */
export function parseQueryTerms(text: string | undefined | null): string[] {
  if (!text) return [];
  const terms: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|([^\s+"]+)/g)) {
    const term = normalizeText(match[1] ?? match[2] ?? '');
    if (term && !terms.includes(term)) terms.push(term);
  }
  return terms;
}

/** The query as it reads back: terms joined by spaces, phrases quoted. */
export function formatQueryTerms(terms: readonly string[]): string {
  return terms.map((t) => (t.includes(' ') ? `"${t}"` : t)).join(' ');
}

const MATCH_CACHE_SIZE = 256;

/**
 * Listable products (regular and masters, visible or not) matching every term, in catalog order.
 * Memoized per locale projection: a repeated query costs one Map lookup.
 */
export function matchingProducts(
  projection: CatalogProjection,
  view: LocaleProjection,
  terms: readonly string[],
): Int32Array {
  const key = terms.join('\u0000');
  const cached = view.matchCache.get(key);
  if (cached) return cached;
  const found: number[] = [];
  const { listable } = projection;
  const { texts } = view;
  for (let i = 0; i < texts.length; i++) {
    if (!listable[i]) continue;
    const text = texts[i] as string;
    let all = true;
    for (const term of terms) {
      if (!text.includes(term)) {
        all = false;
        break;
      }
    }
    if (all) found.push(i);
  }
  const result = Int32Array.from(found);
  if (view.matchCache.size >= MATCH_CACHE_SIZE) {
    const oldest = view.matchCache.keys().next().value;
    if (oldest !== undefined) view.matchCache.delete(oldest);
  }
  view.matchCache.set(key, result);
  return result;
}

/** Relevance weights: a term in the name counts most, then keywords (and number, maker), then description. */
export const RELEVANCE_WEIGHTS = { name: 4, keyword: 2, description: 1 } as const;

/**
 * A simple, explainable relevance score: for every term the best field it occurs in (name 4,
 * keyword/product number/manufacturer 2, short description 1), summed; +1 when the name starts with
 * the first term. Ties are broken by name order.
 */
export function relevanceScore(view: LocaleProjection, index: number, terms: readonly string[]): number {
  const name = view.names[index] ?? '';
  const keywords = view.keywords[index] ?? '';
  const description = view.descriptions[index] ?? '';
  let score = 0;
  for (const term of terms) {
    if (name.includes(term)) score += RELEVANCE_WEIGHTS.name;
    else if (keywords.includes(term)) score += RELEVANCE_WEIGHTS.keyword;
    else if (description.includes(term)) score += RELEVANCE_WEIGHTS.description;
  }
  const first = terms[0];
  if (first !== undefined && name.startsWith(first)) score += 1;
  return score;
}

/**
 * The closest vocabulary word to a term that matches nothing (Levenshtein distance 1 for terms of up
 * to 5 letters, 2 above), preferring the smaller distance, then the more frequent word, then the
 * alphabetically first; null when none is close enough.
 */
export function spellingSuggestion(view: LocaleProjection, term: string): string | null {
  if (term.length < 3 || term.includes(' ')) return null;
  const limit = term.length <= 5 ? 1 : 2;
  let best: { word: string; distance: number; count: number } | null = null;
  for (const [word, count] of view.vocabulary()) {
    if (Math.abs(word.length - term.length) > limit) continue;
    const distance = editDistance(term, word, limit);
    if (distance > limit || distance === 0) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && (count > best.count || (count === best.count && word < best.word)))
    ) {
      best = { word, distance, count };
    }
  }
  return best?.word ?? null;
}

/** Levenshtein distance, giving up (returning limit + 1) once every path exceeds the limit. */
export function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] as number;
}
