import { setLineQuantity } from '../domain/cart-lines';
import { NotFoundError, RefusedInput } from '../domain/errors';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/** Sets the quantity of one line of the cart (contract quantity rules); unknown line: NotFoundError. */
export async function updateLineItem(
  write: CartWrite & { lineItemId: string; quantity: number },
): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const cart = await changeCart(write, (current) => {
    const result = setLineQuantity(current.lineItems, write.lineItemId, write.quantity);
    if ('missing' in result) throw new NotFoundError('Line item');
    if ('problem' in result)
      throw new RefusedInput('Invalid quantity', [{ field: 'quantity', message: result.problem }]);
    return { ...current, lineItems: result.lineItems };
  });
  return { cart, catalog };
}
