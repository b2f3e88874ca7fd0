import type { Address } from '../../domain/cart/cart';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/** Replaces the cart's billing or shipping address whole, or removes it (null). */
export async function setCartAddress(
  write: CartWrite & { kind: 'billingAddress' | 'shippingAddress'; address: Address | null },
): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const cart = await changeCart(write, (current) => ({ ...current, [write.kind]: write.address }));
  return { cart, catalog };
}
