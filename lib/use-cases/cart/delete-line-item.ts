import { NotFoundError } from '../../domain/errors';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/** Removes one line from the cart; unknown line: NotFoundError. */
export async function deleteLineItem(write: CartWrite & { lineItemId: string }): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const cart = await changeCart(write, (current) => {
    if (!current.lineItems.some((l) => l.lineItemId === write.lineItemId))
      throw new NotFoundError('Line item');
    return { ...current, lineItems: current.lineItems.filter((l) => l.lineItemId !== write.lineItemId) };
  });
  return { cart, catalog };
}
