import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';

/**
 * The newsletter's event (docs/catalog.md "Newsletters"): `NewsletterSubscriptionRequested` when a
 * sign-up left a new confirm token on an address (lib/data/storefront/newsletters.ts), so the
 * merchant's mailer (a webhook of type NEWSLETTER_CONFIRM) sends the confirm mail. The token is in
 * the detail on purpose: the mail needs it, and it confirms only this address of this campaign.
 * The stream consumer reads it from the subscriber item's write; nothing else of the item leaves.
 */

/** The item kind of a campaign's subscriber (the stream filter's key). */
export const NEWSLETTER_SUBSCRIBER_KIND = 'newsletterSubscriber';

export interface NewsletterSubscriptionRequested {
  type: 'NewsletterSubscriptionRequested';
  time: string;
  detail: { shopId: string; campaignId: string; email: string; confirmToken: string; expiresOn: string };
}

export type NewsletterEvent = NewsletterSubscriptionRequested;

type Image = Record<string, AttributeValue>;

/** The event of a subscriber write that left a new confirm token; [] for every other record. */
export function newsletterEventsOf(record: DynamoDBRecord): NewsletterEvent[] {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return [];
  const now = record.dynamodb?.NewImage as Image | undefined;
  const old = record.dynamodb?.OldImage as Image | undefined;
  if (now?.kind?.S !== NEWSLETTER_SUBSCRIBER_KIND) return [];
  const confirmToken = now.confirmToken?.S;
  // A write that kept the token (none does today) asks for no second mail.
  if (!confirmToken || confirmToken === old?.confirmToken?.S) return [];
  const shopId = now.shopId?.S;
  const campaignId = now.campaignId?.S;
  const email = now.email?.S;
  const expiresOn = now.expiresOn?.S;
  const time = now.requestedOn?.S;
  if (!shopId || !campaignId || !email || !expiresOn || !time) return [];
  return [
    {
      type: 'NewsletterSubscriptionRequested',
      time,
      detail: { shopId, campaignId, email, confirmToken, expiresOn },
    },
  ];
}
