import { RefusedInput } from '../../domain/errors';
import { amountInput } from '../../domain/money/money-input';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Chooses the cart's shipping method (docs/carts-and-orders.md "Carts and checkout"): unknown method refused;
 * without `priceAmount` the method's own price applies, and a method priced per cart (no price in the
 * cart's currency) needs one.
 */
export async function setShippingData(
  write: CartWrite & { methodId: string; priceAmount?: number },
): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const { currency } = write.cart;
  const method = catalog.shippingMethods.find((m) => m.shippingMethodId === write.methodId);
  if (!method)
    throw new RefusedInput('Unknown shipping method', [
      { field: 'id', message: `No shipping method ${write.methodId}` },
    ]);
  const { priceAmount } = write;
  if (priceAmount === undefined && !method.price?.[currency]) {
    throw new RefusedInput('Invalid request', [
      {
        field: 'priceAmount',
        message: `Shipping method ${method.shippingMethodId} is priced per cart: give priceAmount`,
      },
    ]);
  }
  const price = priceAmount === undefined ? null : amountInput(priceAmount, currency, 'priceAmount');
  const cart = await changeCart(write, (current) => ({
    ...current,
    shipping: { methodId: method.shippingMethodId, price },
  }));
  return { cart, catalog };
}
