import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localize } from '../../lib/domain/catalog/catalog';
import { suggestProducts, suggestWords } from '../../lib/domain/search/suggest';
import { demoCatalog } from './support/demo-catalog';

/**
 * The suggest index against the rule read plainly (docs/catalog.md "Product suggest"): every query word
 * starts a word of the name or product number; names starting with the query first, then by name.
 */
const catalog = demoCatalog();

function plainSuggest(query: string, limit: number, locale: string): string[] {
  const collator = new Intl.Collator(locale.replace('_', '-'), { sensitivity: 'base' });
  const words = suggestWords(query);
  const whole = query.trim().toLowerCase();
  return [...catalog.products.values()]
    .filter((p) => p.visible && p.masterId === null)
    .map((p) => ({ p, name: (localize(catalog, p.name, locale) ?? '').toLowerCase() }))
    .filter(({ p, name }) => {
      const own = [...suggestWords(name), ...suggestWords(p.productNumber), p.productNumber.toLowerCase()];
      return words.length > 0 && words.every((w) => own.some((o) => o.startsWith(w)));
    })
    .sort(
      (a, b) =>
        Number(!a.name.startsWith(whole)) - Number(!b.name.startsWith(whole)) ||
        collator.compare(a.name, b.name),
    )
    .slice(0, limit)
    .map(({ p }) => p.productId);
}

const vocabulary = [...catalog.products.values()].flatMap((p) => [
  ...suggestWords(localize(catalog, p.name, 'en_GB') ?? ''),
  ...suggestWords(localize(catalog, p.name, 'de_DE') ?? ''),
  p.productNumber.toLowerCase(),
]);

describe('product suggest', () => {
  it('answers what the plain rule answers, for queries made of word beginnings', () => {
    const prefix = fc
      .constantFrom(...vocabulary)
      .chain((word) => fc.integer({ min: 1, max: word.length }).map((n) => word.slice(0, n)));
    fc.assert(
      fc.property(
        fc.array(prefix, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom('en_GB', 'de_DE'),
        (words, limit, locale) => {
          const query = words.join(' ');
          const found = suggestProducts(catalog, query, limit, locale).map((p) => p.productId);
          expect(found).toEqual(plainSuggest(query, limit, locale));
        },
      ),
      { numRuns: 300 },
    );
  });
});
