import { updateCatalog } from '../../data/catalog/catalog-update';
import { newId } from '../../data/ids';
import type { ShopSettings } from '../../domain/catalog/catalog-types';
import { type CouponCampaign, campaignOfCode, codeKey } from '../../domain/coupons/coupon-campaign';
import { type NewCampaignFields, newCampaign } from '../../domain/coupons/new-campaign';
import { NotFoundError, RefusedInput, StateConflict } from '../../domain/errors';
import { requireWriteLocale } from '../write-locale';

/** Codes a DELETE of a campaign removes per catalog step (a transaction holds at most 100 items). */
const CODES_PER_STEP = 90;

/**
 * Creates a coupon campaign (docs/catalog.md "Coupon campaigns"). Campaigns are catalog items, so the
 * identifier's uniqueness (any case: 409) holds under racing POSTs: a catalog change is written
 * only on the catalog version it checked.
 */
export async function createCouponCampaign(
  shopId: string,
  fields: NewCampaignFields,
  requestedLocale: string | undefined,
): Promise<{ campaign: CouponCampaign; settings: ShopSettings }> {
  const locale = await requireWriteLocale(shopId, requestedLocale);
  return updateCatalog(shopId, (catalog) => {
    const made = newCampaign(fields, catalog.settings, {
      campaignId: newId(),
      locale,
      now: new Date().toISOString(),
    });
    if (Array.isArray(made)) throw new RefusedInput('Invalid request', made);
    const wanted = fields.identifier.toLowerCase();
    if ([...catalog.couponCampaigns.values()].some((c) => c.identifier.toLowerCase() === wanted))
      throw new StateConflict('Identifier taken', [
        { field: 'identifier', message: `the shop already has a campaign "${fields.identifier}"` },
      ]);
    return {
      puts: [{ kind: 'couponCampaign', id: made.campaignId, data: made }],
      result: { campaign: made, settings: catalog.settings },
    };
  });
}

/**
 * Deletes a campaign; its codes stop working at once (a code without its campaign is no code)
 * and are removed in the steps after (a campaign may have more codes than one transaction holds).
 */
export async function deleteCouponCampaign(shopId: string, campaignId: string): Promise<void> {
  let first = true;
  await updateCatalog(shopId, (catalog) => {
    const exists = catalog.couponCampaigns.has(campaignId);
    if (first && !exists) throw new NotFoundError('Coupon campaign');
    first = false;
    const codes = [...catalog.couponCodes.entries()].filter(([, c]) => c.campaignId === campaignId);
    const batch = codes.slice(0, CODES_PER_STEP).map(([key]) => ({ kind: 'couponCode' as const, id: key }));
    return {
      deletes: [...(exists ? [{ kind: 'couponCampaign' as const, id: campaignId }] : []), ...batch],
      result: undefined,
      more: codes.length > CODES_PER_STEP,
    };
  });
}

/**
 * Adds a code to a campaign: one the campaign has already (any case) changes nothing; one another
 * campaign holds is 409 (codes are unique in the shop regardless of case).
 */
export async function addCouponCode(shopId: string, campaignId: string, code: string): Promise<void> {
  await updateCatalog(shopId, (catalog) => {
    if (!catalog.couponCampaigns.has(campaignId)) throw new NotFoundError('Coupon campaign');
    const held = campaignOfCode(catalog, code);
    if (held?.campaign.campaignId === campaignId) return { result: undefined };
    if (held)
      throw new StateConflict('Code taken', [
        { field: 'code', message: `the code ${code} belongs to another campaign` },
      ]);
    return {
      puts: [{ kind: 'couponCode', id: codeKey(code), data: { code, campaignId } }],
      result: undefined,
    };
  });
}

/** Removes a code of a campaign; one the campaign does not have (any case) is NotFoundError (404). */
export async function deleteCouponCode(shopId: string, campaignId: string, code: string): Promise<void> {
  await updateCatalog(shopId, (catalog) => {
    if (!catalog.couponCampaigns.has(campaignId)) throw new NotFoundError('Coupon campaign');
    const held = catalog.couponCodes.get(codeKey(code));
    if (held?.campaignId !== campaignId) throw new NotFoundError('Coupon code');
    return { deletes: [{ kind: 'couponCode', id: codeKey(code) }], result: undefined };
  });
}
