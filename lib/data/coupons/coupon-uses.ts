import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CouponRedemption } from '../../domain/coupons/coupon-redemption';
import type { CouponUses } from '../../domain/coupons/coupon-uses';
import { batchGetItems } from '../batch-get';
import { tableName } from '../client';
import { keys } from '../keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Coupon uses (docs/catalog.md "Coupon campaigns"): one counter per campaign and one per code, made
 * by their first redemption. A redemption is two conditional ADDs that go into the order's own
 * transaction, so a use is counted exactly when the order is written: never without it, never
 * twice for one order, and never past a limit however many checkouts race (the condition is
 * checked on the counter as it is when the transaction commits).
 */
export function redemptionItems(shopId: string, redemption: CouponRedemption): TransactItem[] {
  const { campaign, code } = redemption;
  return [
    countUse(keys.couponUses(shopId, campaign.campaignId), campaign.usesTotal),
    countUse(keys.couponCodeUses(shopId, campaign.campaignId, code), campaign.usesPerCode),
  ];
}

function countUse(key: { pk: string; sk: string }, limit: number | null): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD uses :one',
      ...(limit === null
        ? { ExpressionAttributeValues: { ':one': 1 } }
        : {
            ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit },
          }),
    },
  };
}

/** A code's uses and its campaign's so far (one strongly consistent BatchGetItem). */
export async function readUses(shopId: string, redemption: CouponRedemption): Promise<CouponUses> {
  const [campaign, code] = await batchGetItems([
    keys.couponUses(shopId, redemption.campaign.campaignId),
    keys.couponCodeUses(shopId, redemption.campaign.campaignId, redemption.code),
  ]);
  return { campaign: usesOf(campaign), code: usesOf(code) };
}

/** How often each campaign was redeemed (timesUsed), by id: one read for a page of campaigns. */
export async function campaignUses(
  shopId: string,
  campaignIds: readonly string[],
): Promise<Map<string, number>> {
  const found = await batchGetItems(campaignIds.map((id) => keys.couponUses(shopId, id)));
  return new Map(campaignIds.map((id, i) => [id, usesOf(found[i])]));
}

/** How often each code of a campaign was redeemed, in the codes' order: one read for a page of codes. */
export async function codeUses(
  shopId: string,
  campaignId: string,
  codes: readonly string[],
): Promise<number[]> {
  if (codes.length === 0) return [];
  const found = await batchGetItems(codes.map((code) => keys.couponCodeUses(shopId, campaignId, code)));
  return codes.map((_, i) => usesOf(found[i]));
}

function usesOf(item: Record<string, unknown> | null | undefined): number {
  return (item?.uses as number | undefined) ?? 0;
}
