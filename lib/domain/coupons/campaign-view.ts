import type { ShopSettings } from '../catalog/catalog-types';
import { link, type ViewContext } from '../links';
import { amountIn } from '../money/currency-amounts';
import { money, toDecimalString } from '../money/money';
import type { CouponCampaign } from './coupon-campaign';

/**
 * A campaign as the API shows it (docs/catalog.md "Coupon campaigns"): its fields, the name in the
 * request's locale, `minimumOrderValue` as a Money object in the campaign's currency (in the shop's
 * tax model, like the prices it is compared with), `timesUsed` and a self link.
 */
export function campaignView(
  campaign: CouponCampaign,
  timesUsed: number,
  settings: Pick<ShopSettings, 'defaultLocale' | 'defaultCurrency' | 'taxModel'>,
  locale: string,
  ctx: ViewContext,
) {
  const { currency } = campaign;
  const inCurrency = (amounts: CouponCampaign['amount']) =>
    amounts === null ? null : amountIn(amounts, currency, settings.defaultCurrency);
  const minimum = inCurrency(campaign.minimumOrderValue) ?? 0;
  const amount =
    campaign.type === 'SHIPPING'
      ? {}
      : campaign.type === 'PERCENT'
        ? { amount: Number(campaign.amount) }
        : { amount: Number(toDecimalString(inCurrency(campaign.amount) ?? 0, currency)) };
  return {
    campaignId: campaign.campaignId,
    identifier: campaign.identifier,
    name:
      campaign.name[locale] ?? campaign.name[settings.defaultLocale] ?? Object.values(campaign.name)[0] ?? '',
    currency,
    minimumOrderValue: money(minimum, currency, locale, settings.taxModel.model),
    type: { name: campaign.type, ...amount, waiveShippingCosts: campaign.waiveShippingCosts },
    validFrom: campaign.validFrom,
    validUntil: campaign.validUntil,
    usesPerCode: campaign.usesPerCode,
    usesTotal: campaign.usesTotal,
    timesUsed,
    links: [link(ctx, 'self', 'coupon-campaigns', campaign.campaignId)],
  };
}
