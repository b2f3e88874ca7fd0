import * as z from 'zod';
import { LocaleParam } from './common';

/** Schemas of the legal contact information (spec "Contact information (legal)"). */

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

/** The fields holding HTML text may be long; the others are one line. */
const HTML_FIELDS = new Set(['shortDescription', 'description', 'address']);

export const GetContactInformationQuery = z.object({ locale: LocaleParam });
/** PUT needs the locale it writes (spec: required). */
export const UpdateContactInformationQuery = z.object({
  locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale like en_GB'),
});

/**
 * PUT body: the complete contact information; a field not sent is deleted (spec), i.e. stored
 * as "". Unknown fields are 400.
 */
export const UpdateContactInformationBody = z
  .strictObject(
    Object.fromEntries(
      CONTACT_INFORMATION_FIELDS.map((f) => [
        f,
        z
          .string()
          .max(HTML_FIELDS.has(f) ? 50_000 : 1000)
          .optional(),
      ]),
    ) as Record<(typeof CONTACT_INFORMATION_FIELDS)[number], z.ZodOptional<z.ZodString>>,
  )
  .transform(
    (body) =>
      Object.fromEntries(CONTACT_INFORMATION_FIELDS.map((f) => [f, body[f] ?? ''])) as Record<
        (typeof CONTACT_INFORMATION_FIELDS)[number],
        string
      >,
  );
