import { requireCatalog } from '../../data/catalog/catalog-repository';
import { newId } from '../../data/ids';
import { shopNewsletterKey } from '../../data/storefront/newsletter-secret';
import {
  createCampaign,
  listSubscribers,
  readSubscriber,
  requireCampaign,
  storeSubscriber,
} from '../../data/storefront/newsletters';
import { ConcurrentChange, RefusedInput, ScopeMissing } from '../../domain/errors';
import {
  confirmExpiry,
  isUnsubscribeToken,
  readConfirmToken,
  signConfirmToken,
  unsubscribeToken,
} from '../../domain/storefront/newsletter-tokens';
import {
  confirmChange,
  leaveChange,
  type NewsletterCampaign,
  type NewsletterSubscriber,
  shopLanguages,
  signUpChange,
  subscriberView,
} from '../../domain/storefront/newsletters';

/**
 * Creates a newsletter campaign (docs/catalog.md "Newsletters"): the language must be one of the
 * shop's (default: its default locale's), the identifier unique in the shop (409).
 */
export async function createNewsletterCampaign(
  shopId: string,
  fields: { identifier: string; name: string; language?: string; subject?: string; description?: string },
): Promise<NewsletterCampaign> {
  const { settings } = await requireCatalog(shopId);
  const languages = shopLanguages(settings.locales, settings.defaultLocale);
  const language = fields.language ?? (languages[0] as string);
  if (!languages.includes(language))
    throw new RefusedInput('Invalid request', [
      { field: 'language', message: `expected a language of the shop: ${languages.join(', ')}` },
    ]);
  const campaign: NewsletterCampaign = {
    campaignId: newId(),
    identifier: fields.identifier,
    name: fields.name,
    language,
    subject: fields.subject ?? '',
    description: fields.description ?? '',
    createdOn: new Date().toISOString(),
    subscribers: 0,
    addresses: 0,
  };
  await createCampaign(shopId, campaign);
  return campaign;
}

/** Rounds lost to a racing change of the same address before the client is asked to try again. */
const MAX_ROUNDS = 5;

/**
 * A sign-up (a storefront's form; docs/catalog.md "Newsletters"): a new, unsubscribed or long
 * pending address becomes pending with a fresh confirm token, which raises the confirm mail's event;
 * any other changes nothing. The caller answers alike either way. Unknown campaign: NotFoundError.
 */
export async function signUpForNewsletter(
  shopId: string,
  campaignId: string,
  request: { email: string; name?: string | undefined },
): Promise<void> {
  const key = await shopNewsletterKey(shopId);
  await changeSubscriber(shopId, campaignId, request.email, (known) => {
    const now = new Date();
    const next = signUpChange(known, request, now);
    if (!next) return null;
    const expiresOn = confirmExpiry(now);
    const binding = { shopId, campaignId, email: next.email };
    return {
      ...next,
      confirmToken: signConfirmToken(key, binding, expiresOn),
      expiresOn: expiresOn.toISOString(),
    };
  });
}

/**
 * Confirms an address with the token of its confirm mail: the address it was signed for, now
 * subscribed. A token that is malformed, forged, of another campaign, expired or no longer the
 * address's newest is RefusedInput (400), all alike. Unknown campaign: NotFoundError.
 */
export async function confirmNewsletterSubscription(
  shopId: string,
  campaignId: string,
  token: string,
): Promise<{ email: string }> {
  const key = await shopNewsletterKey(shopId);
  const signed = readConfirmToken(key, token, { shopId, campaignId }, new Date());
  if (!signed) {
    // The campaign first: a token to an unknown campaign is 404 like every call there.
    await requireCampaign(shopId, campaignId);
    throw invalidConfirmToken();
  }
  let refused = false;
  await changeSubscriber(shopId, campaignId, signed.email, (known) => {
    const next = confirmChange(known, token);
    refused = next === null;
    return next === 'already' ? null : next;
  });
  if (refused) throw invalidConfirmToken();
  return { email: signed.email };
}

function invalidConfirmToken(): RefusedInput {
  return new RefusedInput('Invalid request', [
    { field: 'token', message: 'unknown, expired or no longer valid: sign up again' },
  ]);
}

/**
 * Unsubscribes an address (the link in a newsletter, or the merchant): allowed with
 * newsletters_write (`mayManage`) or with the address's unsubscribe token, else ScopeMissing (403),
 * before anything is read. An address the campaign does not know changes nothing.
 */
export async function leaveNewsletter(
  shopId: string,
  campaignId: string,
  email: string,
  access: { mayManage: boolean; token?: string | undefined },
): Promise<void> {
  if (!access.mayManage) {
    const key = await shopNewsletterKey(shopId);
    const valid =
      access.token !== undefined && isUnsubscribeToken(key, { shopId, campaignId, email }, access.token);
    if (!valid) throw new ScopeMissing("Missing scope newsletters_write or the address's unsubscribe token");
  }
  await changeSubscriber(shopId, campaignId, email, (known) => (known ? leaveChange(known) : null));
}

/** A page of a campaign's subscribers, each with the token of its unsubscribe link. */
export async function newsletterSubscribers(
  shopId: string,
  campaignId: string,
  page: number,
  perPage: number,
): Promise<{ results: number; items: ReturnType<typeof subscriberView>[] }> {
  const [key, found] = await Promise.all([
    shopNewsletterKey(shopId),
    listSubscribers(shopId, campaignId, page, perPage),
  ]);
  return {
    results: found.results,
    items: found.items.map((s) =>
      subscriberView(s, unsubscribeToken(key, { shopId, campaignId, email: s.email })),
    ),
  };
}

/**
 * Reads the address, decides its next state (null: nothing to write) and stores it conditioned on
 * what was read; a lost race reads and decides again, up to MAX_ROUNDS (then ConcurrentChange, 409).
 */
async function changeSubscriber(
  shopId: string,
  campaignId: string,
  email: string,
  decide: (known: NewsletterSubscriber | null) => NewsletterSubscriber | null,
): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const known = await readSubscriber(shopId, campaignId, email);
    const next = decide(known);
    if (!next || (await storeSubscriber(shopId, campaignId, next, known))) return;
  }
  throw new ConcurrentChange('The address was changed by another request meanwhile; try again');
}
