import { newId } from '../../data/ids';
import { addLines } from '../../domain/cart/cart-lines';
import { type FieldError, OutOfStock, RefusedInput } from '../../domain/errors';
import { shortRequests } from '../../domain/inventory/cart-stock';
import { liveStock } from '../inventory/live-stock';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Adds several products at once (docs/carts-and-orders.md "Carts and checkout": multi-line-items): the ones
 * that can be bought are added, the others are counted in `refused`; an item that would take the cart beyond
 * a tracked product's stock is dropped the same way (docs/inventory.md "Carts and stock"). When none
 * can be added: RefusedInput naming each item, or OutOfStock when stock alone refused them all.
 */
export async function addLineItems(
  write: CartWrite & { items: readonly { productId: string; quantity: number }[] },
): Promise<CartResult & { refused: number }> {
  const catalog = await catalogOfCart(write);
  const stock = await liveStock(
    catalog,
    write.items.map((i) => i.productId),
  );
  let refused = 0;
  const cart = await changeCart(write, (current) => {
    const added = addLines(catalog, current, write.items, newId);
    const { problems } = added;
    const invalid = new Set(problems.map((p) => p.index));
    const short = shortRequests(stock, current.lineItems, write.items, invalid);
    if (problems.length + short.size === write.items.length) {
      const entries: (FieldError & { index: number })[] = [
        ...problems.map((p) => ({ index: p.index, field: `[${p.index}].${p.field}`, message: p.message })),
        ...[...short].map(([index, s]) => ({ index, field: `[${index}].quantity`, ...s })),
      ];
      const named = entries.sort((a, b) => a.index - b.index).map(({ index: _, ...entry }) => entry);
      // A bad request is 400 first; only when stock alone refused everything is it 409.
      if (problems.length > 0) throw new RefusedInput('No line item could be added', named);
      throw new OutOfStock(named);
    }
    refused = problems.length + short.size;
    if (short.size === 0) return { ...current, lineItems: added.lineItems };
    // Lines dropped for stock are added again without them (the others' sums change).
    const kept = write.items.filter((_, index) => !invalid.has(index) && !short.has(index));
    return { ...current, lineItems: addLines(catalog, current, kept, newId).lineItems };
  });
  return { cart, catalog, refused };
}
