import { NotFoundError } from '../../domain/errors';
import { amountInput } from '../../domain/money/money-input';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from '../cart/change-cart';

/**
 * Sets a line's unit price (decimal, in the cart's currency and tax type): it wins over catalog
 * and bulk prices. Unknown line: NotFoundError.
 */
export async function setProductPrice(
  write: CartWrite & { lineItemId: string; singleItemPrice: number },
): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const price = amountInput(write.singleItemPrice, write.cart.currency, 'singleItemPrice');
  const cart = await changeCart(write, (current) => {
    if (!current.lineItems.some((l) => l.lineItemId === write.lineItemId))
      throw new NotFoundError('Line item');
    return {
      ...current,
      lineItems: current.lineItems.map((l) =>
        l.lineItemId === write.lineItemId ? { ...l, priceOverride: price } : l,
      ),
    };
  });
  return { cart, catalog };
}
