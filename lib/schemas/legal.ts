import { LocaleParam, PathId, RequestedLocale, ShopId } from './common';
import * as z from './zod';

/** Schemas of the legal contact information (docs/catalog.md "Legal"). */

export const CONTACT_INFORMATION_FIELDS = [
  'name',
  'title',
  'navigationCaption',
  'shortDescription',
  'description',
  'company',
  'contactPerson',
  'contactPersonJobTitle',
  'address',
  'phone',
  'email',
] as const;
type ContactInformationField = (typeof CONTACT_INFORMATION_FIELDS)[number];

/** The fields holding HTML text may be long; the others are one line. */
const HTML_FIELDS = new Set(['shortDescription', 'description', 'address']);

export const GetContactInformationQuery = z.lazy(() => z.object({ locale: LocaleParam }));
/** PUT needs the locale it writes (spec: required). */
export const UpdateContactInformationQuery = z.lazy(() => z.object({ locale: RequestedLocale }));

const ContactInformationFields = z.lazy(() =>
  z.strictObject(
    Object.fromEntries(
      CONTACT_INFORMATION_FIELDS.map((f) => [
        f,
        z.optional(z.string().check(z.maxLength(HTML_FIELDS.has(f) ? 50_000 : 1000))),
      ]),
    ) as Record<ContactInformationField, z.ZodMiniOptional<z.ZodMiniString<string>>>,
  ),
);

/**
 * PUT body: the complete contact information; a field not sent is deleted (spec), i.e. stored
 * as "". Unknown fields are 400.
 */
export const UpdateContactInformationBody = z.lazy(() =>
  z.pipe(
    ContactInformationFields,
    z.transform(
      (body: z.output<typeof ContactInformationFields>) =>
        Object.fromEntries(CONTACT_INFORMATION_FIELDS.map((f) => [f, body[f] ?? ''])) as Record<
          ContactInformationField,
          string
        >,
    ),
  ),
);

/** GET/PUT /legal/{page}: the page is checked by the handler (an unknown page is 404, not 400). */
export const LegalPagePath = z.lazy(() => z.object({ shopId: ShopId, page: PathId }));
export const GetLegalQuery = z.lazy(() => z.object({ locale: LocaleParam }));
/** PUT needs the locale it writes (docs/catalog.md "Legal": required). */
export const UpdateLegalPageQuery = z.lazy(() => z.object({ locale: RequestedLocale }));

const LEGAL_PAGE_FIELDS = ['name', 'title', 'navigationCaption', 'shortDescription', 'description'] as const;

/** PUT body: the whole page; a key not sent becomes "", an unknown key or a non-string is 400. */
export const UpdateLegalPageBody = z.lazy(() =>
  z.strictObject(
    Object.fromEntries(
      LEGAL_PAGE_FIELDS.map((f) => [
        f,
        z.optional(z.string().check(z.maxLength(HTML_FIELDS.has(f) ? 50_000 : 1000))),
      ]),
    ) as Record<(typeof LEGAL_PAGE_FIELDS)[number], z.ZodMiniOptional<z.ZodMiniString<string>>>,
  ),
);
