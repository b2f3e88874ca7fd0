import { EmailAddress } from './address';
import { PathId, paging, ShopId } from './common';
import * as z from './zod';

/** Schemas of the newsletter campaigns and their subscribers (docs/catalog.md "Newsletters"). */

const text = (max: number) => z.string().check(z.maxLength(max));
const required = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const CampaignPath = z.lazy(() => z.object({ shopId: ShopId, campaignId: PathId }));
/** The address is compared in any case; its own schema checks it is one. */
export const SubscriberPath = z.lazy(() =>
  z.object({ shopId: ShopId, campaignId: PathId, email: EmailAddress }),
);

export const ListNewsletterQuery = z.lazy(() => z.object({ ...paging() }));

/** POST /newsletter-campaigns: identifier and name required, the rest optional. */
export const CreateCampaignBody = z.lazy(() =>
  z.strictObject({
    identifier: required(100),
    name: required(200),
    language: z.optional(z.string().check(z.regex(/^[a-z]{2}$/, 'expected a language code like en'))),
    subject: z.optional(text(500)),
    description: z.optional(text(5000)),
  }),
);

/** POST .../subscribers: the address and, optionally, a name. */
export const SubscribeBody = z.lazy(() =>
  z.strictObject({ email: EmailAddress, name: z.optional(text(200)) }),
);
