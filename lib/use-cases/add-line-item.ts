import { newId } from '../data/ids';
import { addLines } from '../domain/cart-lines';
import { RefusedInput } from '../domain/errors';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Adds a product to the cart, or raises the quantity of its line (contract "Carts"). Refused
 * (RefusedInput naming the field) when the product cannot be bought in that quantity.
 */
export async function addLineItem(
  write: CartWrite & { item: { productId: string; quantity: number } },
): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const cart = await changeCart(write, (current) => {
    const { lineItems, problems } = addLines(catalog, current, [write.item], newId);
    if (problems.length > 0) {
      throw new RefusedInput(
        'Invalid line item',
        problems.map((p) => ({ field: p.field, message: p.message })),
      );
    }
    return { ...current, lineItems };
  });
  return { cart, catalog };
}
