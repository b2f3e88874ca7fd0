import { sameToken } from './newsletter-tokens';

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
  /** As first signed up (compared in any case). */
  email: string;
  name: string;
  /** Confirmed and not left: only these count and get the newsletter. */
  subscribed: boolean;
  /** Asked to sign up and not yet confirmed. */
  pending: boolean;
  /** When the last confirm mail was asked for (ISO 8601), while pending. */
  requestedOn?: string;
  /** The newest confirm token and its expiry, while pending: the event's mail carries them. */
  confirmToken?: string;
  expiresOn?: string;
  /** Bumped by every change: the condition of every write (0: never written by this version). */
  version: number;
}

/** A pending address asks for another confirm mail only after this long (no mail bombing). */
export const REQUEST_QUIET_MS = 60 * 60 * 1000;

/**
 * What a sign-up makes of an address (docs/catalog.md "Newsletters"): a new, unsubscribed or long
 * pending address becomes pending with a fresh request (the caller adds its confirm token); one
 * subscribed, or pending and asked within the last hour, stays as it is (null). Whatever happens,
 * the caller answers alike, so the answer never tells the address's state.
 */
export function signUpChange(
  known: NewsletterSubscriber | null,
  request: { email: string; name?: string | undefined },
  now: Date,
): Omit<NewsletterSubscriber, 'confirmToken' | 'expiresOn'> | null {
  if (known?.subscribed) return null;
  const askedAt = known?.pending && known.requestedOn ? Date.parse(known.requestedOn) : Number.NaN;
  if (now.getTime() - askedAt < REQUEST_QUIET_MS) return null;
  return {
    email: known?.email ?? request.email,
    name: request.name ?? known?.name ?? '',
    subscribed: false,
    pending: true,
    requestedOn: now.toISOString(),
    version: (known?.version ?? 0) + 1,
  };
}

/**
 * What a valid confirm token does: a pending address whose newest token it is becomes subscribed;
 * one already subscribed stays so ('already': a second click on the link); anything else (left
 * since, or asked again and mailed a newer token) refuses it (null).
 */
export function confirmChange(
  known: NewsletterSubscriber | null,
  token: string,
): NewsletterSubscriber | 'already' | null {
  if (known?.subscribed) return 'already';
  if (!known?.pending || !known.confirmToken || !sameToken(known.confirmToken, token)) return null;
  return {
    email: known.email,
    name: known.name,
    subscribed: true,
    pending: false,
    version: known.version + 1,
  };
}

/** An address that leaves: kept, with `subscribed: false`; a pending request is dropped too. */
export function leaveChange(known: NewsletterSubscriber): NewsletterSubscriber | null {
  if (!known.subscribed && !known.pending) return null;
  return {
    email: known.email,
    name: known.name,
    subscribed: false,
    pending: false,
    version: known.version + 1,
  };
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

/** A subscriber as the merchant's list shows it, with the token of its unsubscribe link. */
export function subscriberView(subscriber: NewsletterSubscriber, unsubscribeToken: string) {
  return {
    email: subscriber.email,
    name: subscriber.name,
    subscribed: subscriber.subscribed,
    pending: subscriber.pending,
    unsubscribeToken,
  };
}
