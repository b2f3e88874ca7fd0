/**
 * The example coupon campaign (docs/catalog.md "Coupon campaigns"): the
 * OpenAPI example and the API tests create it.
 */
export const SAMPLE_COUPON_CAMPAIGN = {
  identifier: 'spring-10',
  name: 'Spring 10 %',
  currency: 'EUR',
  minimumOrderValue: 30,
  type: { name: 'PERCENT', amount: 10, waiveShippingCosts: false },
  usesPerCode: 1,
  usesTotal: 500,
} as const;
