import { ShopContactInformation, ShopLegalPage } from '../shop-file';
import * as z from '../zod';
import { CurrencyCode, Image, Links, LocaleCode, Money, pageOf, TaxClass, TitledLink } from './common';

/**
 * Response schemas of the shop's settings and catalog reads: shop info, locales, currencies,
 * categories, shipping methods, product types, tax classes and model, legal contact information.
 */

export const Shop = z
  .strictObject({
    shopId: z.string(),
    name: z.string(),
    logoUrl: z.nullable(z.url()),
    sfUrl: z.url(),
    defaultLocale: LocaleCode,
    locales: z.array(LocaleCode),
    defaultCurrency: CurrencyCode,
    currencies: z.array(CurrencyCode),
    taxModel: z.enum(['GROSS', 'NET']),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'Shop' });

export const Locales = z
  .strictObject({ default: LocaleCode, items: z.array(LocaleCode) })
  .register(z.globalRegistry, { id: 'Locales' });

export const Currencies = z
  .strictObject({ default: CurrencyCode, items: z.array(CurrencyCode) })
  .register(z.globalRegistry, { id: 'Currencies' });

export const Category = z
  .strictObject({
    categoryId: z.string(),
    alias: z.string(),
    name: z.string(),
    pageTitle: z.string(),
    navigationCaption: z.string(),
    description: z.nullable(z.string()),
    visible: z.boolean(),
    visibleInNavigation: z.boolean(),
    specialOffer: z.boolean(),
    facetedSearchShowFacetsOnCategory: z.boolean(),
    facetedSearchCategoryStartDepth: z.int(),
    images: z.array(Image),
    parent: z.nullable(TitledLink),
    subCategories: z.array(TitledLink),
    sfUrl: z.url(),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'Category' });

export const CategoryList = z.array(Category).register(z.globalRegistry, { id: 'CategoryList' });

/** GET/PUT /categories/{c}/sequence: the subcategories' aliases in order. */
export const CategorySequence = z.array(z.string()).register(z.globalRegistry, { id: 'CategorySequence' });

export const ShippingMethod = z
  .strictObject({
    shippingMethodId: z.string(),
    name: z.nullable(z.string()),
    description: z.nullable(z.string()),
    logo: z.nullable(z.string()),
    price: z.nullable(Money),
  })
  .register(z.globalRegistry, { id: 'ShippingMethod' });

export const ShippingMethodList = z
  .array(ShippingMethod)
  .register(z.globalRegistry, { id: 'ShippingMethodList' });

export const ProductType = z
  .strictObject({
    name: z.string(),
    productTypeId: z.string(),
    alias: z.string(),
    attributes: z.array(
      z.strictObject({
        visible: z.boolean(),
        name: z.string(),
        values: z.array(z.strictObject({ value: z.string(), name: z.string() })),
        preDefAttribute: z.boolean(),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'ProductType' });

export const TaxClassList = z
  .strictObject({ ...pageOf(TaxClass).shape, defaultTaxClass: z.nullable(TaxClass) })
  .register(z.globalRegistry, { id: 'TaxClassList' });

export const TaxModel = z
  .strictObject({
    model: z.enum(['GROSS', 'NET']),
    displayTaxes: z.boolean(),
    noTaxesMessage: z.nullable(z.string()),
    deliveryThresholdIsActive: z.boolean(),
    countryCode2: z.string().check(z.regex(/^[A-Z]{2}$/)),
  })
  .register(z.globalRegistry, { id: 'TaxModel' });

/** The stored legal text is what the API answers (docs/catalog.md "Legal"). */
export const ContactInformation = ShopContactInformation.clone().register(z.globalRegistry, {
  id: 'ContactInformation',
});

/** A script tag (docs/catalog.md "Script tags"). */
export const ScriptTag = z
  .strictObject({
    scriptTagId: z.string(),
    scriptUrl: z.string(),
    scriptType: z.enum(['SERVICE_WORKER', 'NORMAL']),
    createdOn: z.string(),
    updatedOn: z.string(),
    links: Links,
  })
  .register(z.globalRegistry, { id: 'ScriptTag' });

export const ScriptTagList = z
  .strictObject({ items: z.array(ScriptTag) })
  .register(z.globalRegistry, { id: 'ScriptTagList' });

/** A newsletter campaign (docs/catalog.md "Newsletters"). */
export const NewsletterCampaign = z
  .strictObject({
    campaignId: z.string(),
    language: z.string(),
    identifier: z.string(),
    name: z.string(),
    description: z.string(),
    subject: z.string(),
    numberOfSubscribers: z.int().check(z.nonnegative()),
  })
  .register(z.globalRegistry, { id: 'NewsletterCampaign' });
export const NewsletterCampaignList = pageOf(NewsletterCampaign).register(z.globalRegistry, {
  id: 'NewsletterCampaignList',
});

/**
 * An address a campaign knows: `subscribed` once confirmed (false again once it left), `pending`
 * while its confirm mail waits, and the token of its unsubscribe link for the merchant's mailer.
 */
export const NewsletterSubscriber = z
  .strictObject({
    email: z.string(),
    name: z.string(),
    subscribed: z.boolean(),
    pending: z.boolean(),
    unsubscribeToken: z.string(),
  })
  .register(z.globalRegistry, { id: 'NewsletterSubscriber' });
export const NewsletterSubscriberList = pageOf(NewsletterSubscriber).register(z.globalRegistry, {
  id: 'NewsletterSubscriberList',
});
/** The 202 of a sign-up: the address as sent, nothing stored (the answer never tells its state). */
export const NewsletterSignUp = z
  .strictObject({ email: z.string() })
  .register(z.globalRegistry, { id: 'NewsletterSignUp' });
/** The 200 of a confirmation: the address the token was for, now subscribed. */
export const NewsletterConfirmation = z
  .strictObject({ email: z.string(), subscribed: z.literal(true) })
  .register(z.globalRegistry, { id: 'NewsletterConfirmation' });

/** A legal page in one locale (docs/catalog.md "Legal"): every field a string, "" when unset. */
export const LegalPage = ShopLegalPage.clone().register(z.globalRegistry, { id: 'LegalPage' });

const PageName = z.strictObject({ name: z.string() });

/** GET /legal: each page's name in the locale and a link to each (rels contact, privacy, tac, ...). */
export const Legal = z
  .strictObject({
    contactInformation: PageName,
    privacyPolicy: PageName,
    termsAndConditions: PageName,
    rightsOfWithdrawal: PageName,
    shippingInformation: PageName,
    cookiePolicy: PageName,
    links: Links,
  })
  .register(z.globalRegistry, { id: 'Legal' });
