import { requireCatalog } from '../../data/catalog/catalog-repository';
import { newId } from '../../data/ids';
import { createCampaign, subscribe, unsubscribe } from '../../data/storefront/newsletters';
import { RefusedInput } from '../../domain/errors';
import { type NewsletterCampaign, shopLanguages } from '../../domain/storefront/newsletters';

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

/**
 * Signs an address up to a campaign (a storefront's form): new → created, known (any case) →
 * subscribed again, its name replaced when one is sent. Unknown campaign: NotFoundError.
 */
export function signUpForNewsletter(shopId: string, campaignId: string, email: string, name?: string) {
  return subscribe(shopId, campaignId, email, name);
}

/** Unsubscribes an address (an unsubscribe link); one the campaign does not know changes nothing. */
export function leaveNewsletter(shopId: string, campaignId: string, email: string): Promise<void> {
  return unsubscribe(shopId, campaignId, email);
}
