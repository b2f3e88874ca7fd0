import { NotFoundError } from '../../domain/errors';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/** Takes the coupon off the cart; a coupon line item the cart does not have: NotFoundError. */
export async function removeCoupon(write: CartWrite & { couponLineItemId: string }): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const cart = await changeCart(write, (current) => {
    if (current.coupon?.couponLineItemId !== write.couponLineItemId)
      throw new NotFoundError('Coupon line item');
    return { ...current, coupon: null };
  });
  return { cart, catalog };
}
