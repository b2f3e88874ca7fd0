/** Newsletter campaigns and their subscribers (docs/catalog.md "Newsletters"). */

export interface NewsletterCampaign {
  campaignId: string;
  identifier: string;
  name: string;
  /** A language of the shop's locales (`en`, `de`). */
  language: string;
  subject: string;
  description: string;
  createdOn: string;
  /** Addresses subscribed now. */
  subscribers: number;
  /** Addresses the campaign knows, subscribed or not: the subscriber list's total. */
  addresses: number;
}

export interface NewsletterSubscriber {
  email: string;
  name: string;
  subscribed: boolean;
}

/** The languages of a shop's locales, the default locale's first (`en_GB`, `de_DE` → en, de). */
export function shopLanguages(locales: readonly string[], defaultLocale: string): string[] {
  return [...new Set([defaultLocale, ...locales].map((l) => l.slice(0, 2)))];
}

export function campaignView(campaign: NewsletterCampaign) {
  return {
    campaignId: campaign.campaignId,
    language: campaign.language,
    identifier: campaign.identifier,
    name: campaign.name,
    description: campaign.description,
    subject: campaign.subject,
    numberOfSubscribers: campaign.subscribers,
  };
}

export function subscriberView(subscriber: NewsletterSubscriber) {
  return { email: subscriber.email, name: subscriber.name, subscribed: subscriber.subscribed };
}
