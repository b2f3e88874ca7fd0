import { amountInput } from '../../domain/money/money-input';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Sets the cart's payment (docs/carts-and-orders.md): `priceAmount` (decimal, in the cart's currency)
 * becomes the payment price, a negative one a discount, absent 0; a `name` is kept for the order,
 * absent keeps the one set before.
 */
export async function setPaymentData(
  write: CartWrite & { name?: string; priceAmount?: number },
): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const price =
    write.priceAmount === undefined ? 0 : amountInput(write.priceAmount, write.cart.currency, 'priceAmount');
  const cart = await changeCart(write, (current) => ({
    ...current,
    payment: { price, name: write.name ?? current.payment?.name ?? null },
  }));
  return { cart, catalog };
}
