import { newId } from '../../data/ids';
import { RefusedInput, StateConflict } from '../../domain/errors';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Puts a coupon on the cart (contract "Carts"): an unknown code is refused; a known one whose
 * conditions are not met stays on the cart (its view says why). One coupon per cart: another code
 * while one is on is a StateConflict; the same code again changes nothing.
 */
export async function addCoupon(write: CartWrite & { code: string }): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const coupon = catalog.coupons.get(write.code.toUpperCase());
  if (!coupon)
    throw new RefusedInput('Unknown coupon code', [{ field: 'code', message: `No coupon ${write.code}` }]);
  const cart = await changeCart(write, (current) => {
    if (current.coupon?.code === coupon.code) return current;
    if (current.coupon) throw new StateConflict('The cart has a coupon already: remove it first');
    return { ...current, coupon: { code: coupon.code, couponLineItemId: newId() } };
  });
  return { cart, catalog };
}
