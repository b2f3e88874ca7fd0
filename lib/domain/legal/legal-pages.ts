import type { Catalog } from '../catalog/catalog';
import type { ShopLegalPage } from '../catalog/catalog-types';
import { RefusedInput } from '../errors';
import { link, type ViewContext } from '../links';
import { writeLocale } from '../shop-locale';

/**
 * The shop's legal pages besides the contact information (docs/catalog.md "Legal"): each with
 * its path segment, its key in GET /legal and the rel of its link there.
 */
export const LEGAL_PAGES = [
  { page: 'privacy-policy', key: 'privacyPolicy', rel: 'privacy' },
  { page: 'terms-and-conditions', key: 'termsAndConditions', rel: 'tac' },
  { page: 'rights-of-withdrawal', key: 'rightsOfWithdrawal', rel: 'withdrawal' },
  { page: 'shipping-information', key: 'shippingInformation', rel: 'shipping' },
  { page: 'cookie-policy', key: 'cookiePolicy', rel: 'cookie' },
] as const;

export type LegalPageId = (typeof LEGAL_PAGES)[number]['page'];

const PAGE_IDS: ReadonlySet<string> = new Set(LEGAL_PAGES.map((p) => p.page));

export function isLegalPageId(page: string): page is LegalPageId {
  return PAGE_IDS.has(page);
}

/** A page as stored or sent, every field a string: an unset one is "". */
export function wholeLegalPage(page: Partial<ShopLegalPage> | undefined): ShopLegalPage {
  return {
    name: page?.name ?? '',
    title: page?.title ?? '',
    navigationCaption: page?.navigationCaption ?? '',
    shortDescription: page?.shortDescription ?? '',
    description: page?.description ?? '',
  };
}

/** GET /legal/{page} in a locale: "" in every field the merchant has not written for it. */
export function legalPageView(catalog: Catalog, page: LegalPageId, locale: string): ShopLegalPage {
  return wholeLegalPage(catalog.legalPages.get(page)?.[locale]);
}

/**
 * GET /legal: the name of each page in the locale ("" when unset) and a link to each, the contact
 * information first.
 */
export function legalView(catalog: Catalog, locale: string, ctx: ViewContext) {
  const contactName = catalog.legal[locale]?.name ?? '';
  const names = Object.fromEntries(
    LEGAL_PAGES.map(({ page, key }) => [key, { name: legalPageView(catalog, page, locale).name }]),
  );
  return {
    contactInformation: { name: contactName },
    ...names,
    links: [
      link(ctx, 'contact', 'legal', 'contact-information'),
      ...LEGAL_PAGES.map(({ page, rel }) => link(ctx, rel, 'legal', page)),
    ],
  };
}

/**
 * The locale legal pages are read in: the requested one, which must be one of the shop's (merchant
 * API: "not a shop locale: 400"), else the shop's default. No fallback to another language: a
 * legal text shown in a language the buyer did not ask for is worse than an empty one.
 */
export function legalLocale(catalog: Catalog, requested: string | undefined): string {
  const target = writeLocale(catalog.settings, requested);
  if ('problem' in target)
    throw new RefusedInput('Invalid request', [{ field: 'locale', message: target.problem }]);
  return target.locale;
}
