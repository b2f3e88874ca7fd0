import type { SalesContribution, SalesFigures } from '../../domain/orders/sales-contribution';
import { periodsOf } from '../../domain/orders/sales-periods';
import { type Key, keys } from '../keys';

/**
 * The sales totals items (docs/orders.md "How: running totals kept from the stream"): one per period and
 * level, for the shop and for each product, with flat number attributes per currency (`g#EUR` gross and
 * `n#EUR` net in minor units, `o#EUR` orders, `u#EUR` units in thousandths; ADD takes top-level
 * attributes only). They carry no `kind`, so no stream consumer is woken by them.
 */

/** What one write adds to one totals item. */
export interface ItemAdds {
  key: Key;
  adds: Record<string, number>;
}

const FIGURE_LETTERS = { gross: 'g', net: 'n', orders: 'o', units: 'u' } as const;

function addsOf(currency: string, figures: SalesFigures): Record<string, number> {
  const adds: Record<string, number> = {};
  for (const [name, letter] of Object.entries(FIGURE_LETTERS)) {
    const value = figures[name as keyof SalesFigures];
    if (value !== undefined) adds[`${letter}#${currency}`] = value;
  }
  return adds;
}

/** The items a contribution adds to, shop first, then product by product: always in this order. */
export function salesItemAdds(shopId: string, contribution: SalesContribution): ItemAdds[] {
  const periods = periodsOf(contribution.createdAt);
  const of = (productId: string | undefined, figures: SalesFigures) =>
    periods.map(({ level, period }) => ({
      key: keys.salesPeriod(shopId, productId, level, period),
      adds: addsOf(contribution.currency, figures),
    }));
  return [
    ...of(undefined, contribution.shop),
    ...contribution.products.flatMap(([productId, figures]) => of(productId, figures)),
  ];
}

/** Sums adds to the same item (a transaction may name an item once; the bench seeds the sums). */
export function mergeItemAdds(all: Iterable<ItemAdds>): Map<string, ItemAdds> {
  const merged = new Map<string, ItemAdds>();
  for (const one of all) {
    const id = `${one.key.pk}\n${one.key.sk}`;
    const into = merged.get(id);
    if (!into) {
      merged.set(id, { key: one.key, adds: { ...one.adds } });
      continue;
    }
    for (const [name, value] of Object.entries(one.adds)) into.adds[name] = (into.adds[name] ?? 0) + value;
  }
  return merged;
}

/** Adds the figures of totals items into sums per currency. */
export function addItemFigures(sums: Map<string, SalesFigures>, item: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(item)) {
    const match = /^([gnou])#([A-Z]{3})$/.exec(name);
    if (!match || typeof value !== 'number') continue;
    const currency = match[2] as string;
    const figures = sums.get(currency) ?? { gross: 0, net: 0, orders: 0, units: 0 };
    if (match[1] === 'g') figures.gross += value;
    else if (match[1] === 'n') figures.net += value;
    else if (match[1] === 'o') figures.orders += value;
    else figures.units = (figures.units ?? 0) + value;
    sums.set(currency, figures);
  }
}
