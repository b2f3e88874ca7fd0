import type { CartRecord } from '../cart/cart';
import { priceCart } from '../cart/cart-pricing';
import type { Catalog } from '../catalog/catalog';
import { type CouponCampaign, campaignOfCode } from './coupon-campaign';
import { CHECKOUT_COUPON_FIELD, couponUsedUp } from './coupon-uses';

/** The code a checkout redeems, with its campaign's limits. */
export interface CouponRedemption {
  campaign: Pick<CouponCampaign, 'campaignId' | 'usesPerCode' | 'usesTotal'>;
  code: string;
}

/**
 * The use a checkout of this cart takes (docs/catalog.md "Coupon campaigns"): none without a coupon
 * or with one that gives nothing now (its window, the minimum: it stays on the order undiscounted);
 * a code whose campaign or code was deleted is the 409 on the coupon line, before anything is taken.
 */
export function couponRedemption(cart: CartRecord, catalog: Catalog, now: Date): CouponRedemption | null {
  if (!cart.coupon) return null;
  const found = campaignOfCode(catalog, cart.coupon.code);
  if (!found) throw couponUsedUp(CHECKOUT_COUPON_FIELD, cart.coupon.code, 'is no longer offered');
  if ((priceCart(cart, catalog, now).coupon?.validationErrors.length ?? 0) > 0) return null;
  return { campaign: found.campaign, code: found.code.code };
}
