import type { Catalog } from '../../domain/catalog/catalog';
import { byCreation, type CouponCampaign } from '../../domain/coupons/coupon-campaign';
import { NotFoundError } from '../../domain/errors';
import { requireCatalog } from '../catalog/catalog-repository';
import { campaignUses } from './coupon-uses';

/** A campaign with how often it was redeemed. */
export interface UsedCampaign {
  campaign: CouponCampaign;
  timesUsed: number;
}

/**
 * A page of the shop's campaigns, oldest first, and their total: the campaigns come from the
 * catalog in memory, the page's use counters from one BatchGetItem (never more than the page).
 */
export async function campaignPage(
  shopId: string,
  page: number,
  perPage: number,
): Promise<{ catalog: Catalog; results: number; items: UsedCampaign[] }> {
  const catalog = await requireCatalog(shopId);
  const all = byCreation(catalog.couponCampaigns.values());
  const shown = all.slice((page - 1) * perPage, page * perPage);
  const uses =
    shown.length === 0
      ? new Map<string, number>()
      : await campaignUses(
          shopId,
          shown.map((c) => c.campaignId),
        );
  return {
    catalog,
    results: all.length,
    items: shown.map((campaign) => ({ campaign, timesUsed: uses.get(campaign.campaignId) ?? 0 })),
  };
}

/** One campaign and its uses; NotFoundError when the shop has none of that id. */
export async function requireCampaign(
  shopId: string,
  campaignId: string,
): Promise<{ catalog: Catalog } & UsedCampaign> {
  const catalog = await requireCatalog(shopId);
  const campaign = catalog.couponCampaigns.get(campaignId);
  if (!campaign) throw new NotFoundError('Coupon campaign');
  const uses = await campaignUses(shopId, [campaignId]);
  return { catalog, campaign, timesUsed: uses.get(campaignId) ?? 0 };
}
