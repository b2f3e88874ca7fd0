import { StateConflict } from '../../../lib/domain/errors';
import { createNewsletterCampaign } from '../../../lib/use-cases/storefront/newsletters';

/** The demo shop's newsletter campaign, so the walk-through and tests have one to sign up to. */
export const DEMO_NEWSLETTER = {
  identifier: 'trail-letter',
  name: 'Trail letter',
  language: 'en',
  subject: 'New gear and trail tips from Waldpfad',
  description: 'Once a month: new products, a trail of the month and offers for subscribers.',
} as const;

/** Creates the demo campaign unless the shop has it (a twin on a data directory keeps it). */
export async function seedNewsletter(shopId: string): Promise<void> {
  try {
    await createNewsletterCampaign(shopId, DEMO_NEWSLETTER);
  } catch (error) {
    if (!(error instanceof StateConflict)) throw error;
  }
}
