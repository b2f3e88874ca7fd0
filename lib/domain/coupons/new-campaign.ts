import type { ShopSettings } from '../catalog/catalog-types';
import type { FieldError } from '../errors';
import { parseMoney, toDecimalString } from '../money/money';
import type { CouponCampaign, CouponType } from './coupon-campaign';

/** What POST /coupon-campaigns sends, after its schema (lib/schemas/coupons.ts). */
export interface NewCampaignFields {
  identifier: string;
  name: string;
  currency: string;
  minimumOrderValue?: number;
  type: { name: CouponType; amount?: number; waiveShippingCosts?: boolean };
  validFrom?: string;
  validUntil?: string;
  usesPerCode?: number;
  usesTotal?: number;
}

/**
 * A new campaign from a request (docs/catalog.md "Coupon campaigns"), or every field that breaks a
 * rule: the currency is one of the shop's; FIX takes an amount > 0 in it (no more decimals than
 * it has), PERCENT more than 0 and at most 100, SHIPPING none (and always waives shipping); the
 * minimum order value is an amount ≥ 0 in the currency; validFrom comes before validUntil.
 * Amounts are kept as exact decimal text, the name under the request's locale.
 */
export function newCampaign(
  fields: NewCampaignFields,
  settings: Pick<ShopSettings, 'currencies'>,
  ids: { campaignId: string; locale: string; now: string },
): CouponCampaign | FieldError[] {
  const problems: FieldError[] = [];
  const { currency, type } = fields;
  if (!settings.currencies.includes(currency))
    problems.push({
      field: 'currency',
      message: `expected a currency of the shop: ${settings.currencies.join(', ')}`,
    });
  const money = (value: number, field: string): string | null => {
    try {
      return toDecimalString(parseMoney(value, currency), currency);
    } catch (error) {
      problems.push({ field, message: (error as Error).message });
      return null;
    }
  };
  const minimum = money(fields.minimumOrderValue ?? 0, 'minimumOrderValue');
  const amount = typeAmount(type, currency, problems, money);
  if (fields.validFrom && fields.validUntil && fields.validFrom >= fields.validUntil)
    problems.push({ field: 'validUntil', message: 'expected a time after validFrom' });
  if (problems.length > 0) return problems;
  return {
    campaignId: ids.campaignId,
    identifier: fields.identifier,
    name: { [ids.locale]: fields.name },
    currency,
    type: type.name,
    amount,
    minimumOrderValue: { [currency]: minimum as string },
    waiveShippingCosts: type.name === 'SHIPPING' || type.waiveShippingCosts === true,
    validFrom: fields.validFrom ?? null,
    validUntil: fields.validUntil ?? null,
    usesPerCode: fields.usesPerCode ?? null,
    usesTotal: fields.usesTotal ?? null,
    createdOn: ids.now,
  };
}

/** The type's amount as stored: FIX per currency, PERCENT as text, SHIPPING none. */
function typeAmount(
  type: NewCampaignFields['type'],
  currency: string,
  problems: FieldError[],
  money: (value: number, field: string) => string | null,
): CouponCampaign['amount'] {
  const field = 'type.amount';
  if (type.name === 'SHIPPING') {
    if (type.amount !== undefined) problems.push({ field, message: 'a SHIPPING coupon has no amount' });
    return null;
  }
  if (type.amount === undefined) {
    problems.push({ field, message: `required for ${type.name}` });
    return null;
  }
  if (type.name === 'PERCENT') {
    if (!(type.amount > 0 && type.amount <= 100) || !/^\d+(\.\d{1,4})?$/.test(String(type.amount))) {
      problems.push({ field, message: 'expected a percent above 0 and at most 100 (up to 4 decimals)' });
      return null;
    }
    return String(type.amount);
  }
  if (!(type.amount > 0)) {
    problems.push({ field, message: 'expected an amount above 0' });
    return null;
  }
  const decimal = money(type.amount, field);
  return decimal === null ? null : { [currency]: decimal };
}
