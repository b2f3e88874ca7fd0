import { newId } from '../data/ids';
import { addLines } from '../domain/cart-lines';
import { RefusedInput } from '../domain/errors';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Adds several products at once (contract "Carts": multi-line-items): the ones that can be bought
 * are added, the others are counted in `refused`. Refused whole, naming each item, when none can.
 */
export async function addLineItems(
  write: CartWrite & { items: readonly { productId: string; quantity: number }[] },
): Promise<CartResult & { refused: number }> {
  const catalog = await catalogOfCart(write);
  let refused = 0;
  const cart = await changeCart(write, (current) => {
    const { lineItems, problems } = addLines(catalog, current, write.items, newId);
    if (problems.length === write.items.length) {
      throw new RefusedInput(
        'No line item could be added',
        problems.map((p) => ({ field: `[${p.index}].${p.field}`, message: p.message })),
      );
    }
    refused = problems.length;
    return { ...current, lineItems };
  });
  return { cart, catalog, refused };
}
