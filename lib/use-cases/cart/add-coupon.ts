import { readUses } from '../../data/coupons/coupon-uses';
import { newId } from '../../data/ids';
import { campaignOfCode } from '../../domain/coupons/coupon-campaign';
import { couponUsedUp, usesLeft } from '../../domain/coupons/coupon-uses';
import { RefusedInput, StateConflict } from '../../domain/errors';
import { type CartResult, type CartWrite, catalogOfCart, changeCart } from './change-cart';

/**
 * Puts a coupon on the cart (docs/carts-and-orders.md "Carts and checkout"; docs/catalog.md "Coupon
 * campaigns"): a code no campaign has is refused, one with no use left is 409 with `available: 0`; a known
 * one whose conditions are not met (its window, the minimum) stays on the cart and its view says why. One
 * coupon per cart: another code while one is on is a StateConflict; the same code again changes nothing. The
 * use itself is taken at checkout, with the order.
 */
export async function addCoupon(write: CartWrite & { code: string }): Promise<CartResult> {
  const catalog = await catalogOfCart(write);
  const found = campaignOfCode(catalog, write.code);
  if (!found)
    throw new RefusedInput('Unknown coupon code', [{ field: 'code', message: `No coupon ${write.code}` }]);
  const { campaign, code } = found;
  if (campaign.usesPerCode !== null || campaign.usesTotal !== null) {
    const uses = await readUses(write.cart.shopId, { campaign, code: code.code });
    if (usesLeft(campaign, uses) === 0) throw couponUsedUp('code', code.code);
  }
  const cart = await changeCart(write, (current) => {
    if (current.coupon?.code === code.code) return current;
    if (current.coupon) throw new StateConflict('The cart has a coupon already: remove it first');
    return { ...current, coupon: { code: code.code, couponLineItemId: newId() } };
  });
  return { cart, catalog };
}
