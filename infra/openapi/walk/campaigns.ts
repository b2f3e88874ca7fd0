import { SAMPLE_COUPON_CAMPAIGN } from '../../local/seed/coupon-campaign';
import { field, type Step } from './steps';

/**
 * Newsletter and coupon campaigns: a newsletter created, signed up to, confirmed (refused) and left; a coupon campaign
 * created with a code added and removed, then deleted.
 */
export async function walkCampaigns(step: Step): Promise<void> {
  const letter = await step('createNewsletterCampaign', 201, 'POST', '/newsletter-campaigns', {
    identifier: 'spring-letter',
    name: 'Spring letter',
    subject: 'Spring on the trail',
  });
  const letterPath = `/newsletter-campaigns/${field(letter, 'campaignId')}`;
  await step('listNewsletterCampaigns', 200, 'GET', '/newsletter-campaigns');
  await step('subscribeNewsletter', 202, 'POST', `${letterPath}/subscribers`, {
    email: 'ada@example.com',
    name: 'Ada',
  });
  // A real confirm token travels only in the confirm mail's event (test/api/newsletters.test.ts
  // confirms with one); over HTTP alone the walk can show the refusal of a forged one.
  await step('confirmNewsletterSubscription', 400, 'POST', `${letterPath}/subscribers/confirm`, {
    token: `${Buffer.from('ada@example.com').toString('base64url')}.4102444800.${'A'.repeat(43)}`,
  });
  await step('listNewsletterSubscribers', 200, 'GET', `${letterPath}/subscribers`);
  await step('unsubscribeNewsletter', 204, 'DELETE', `${letterPath}/subscribers/ada%40example.com`);
  const coupons = await step(
    'createCouponCampaign',
    201,
    'POST',
    '/coupon-campaigns',
    SAMPLE_COUPON_CAMPAIGN,
  );
  const couponsPath = `/coupon-campaigns/${field(coupons, 'campaignId')}`;
  await step('listCouponCampaigns', 200, 'GET', '/coupon-campaigns?resultsPerPage=2');
  await step('getCouponCampaign', 200, 'GET', couponsPath);
  await step('putCouponCode', 204, 'PUT', `${couponsPath}/coupons`, { code: 'SPRING-ADA' });
  await step('listCouponCodes', 200, 'GET', `${couponsPath}/coupons`);
  await step('deleteCouponCode', 204, 'DELETE', `${couponsPath}/coupons/SPRING-ADA`);
  await step('deleteCouponCampaign', 204, 'DELETE', couponsPath);
}
