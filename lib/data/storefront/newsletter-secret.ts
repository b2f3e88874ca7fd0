import { newsletterKey } from '../../domain/storefront/newsletter-tokens';
import { serverSecret } from '../server-secret';

/**
 * The stack's newsletter secret, which signs the double opt-in's tokens (docs/catalog.md
 * "Newsletters"): in AWS a Secrets Manager secret of its own (NEWSLETTER_SECRET_ARN, granted only to
 * the newsletter routes that sign or check a token), locally a file in .dev-keys
 * (NEWSLETTER_SECRET_FILE). Apart from the idempotency secret, so either can be replaced alone.
 */
const newsletterSecret = serverSecret({
  name: 'newsletter',
  arn: (cfg) => cfg.NEWSLETTER_SECRET_ARN,
  file: (cfg) => cfg.NEWSLETTER_SECRET_FILE,
});

/** The shop's key for newsletter tokens (derived per shop from the stack's secret). */
export async function shopNewsletterKey(shopId: string): Promise<Buffer> {
  return newsletterKey(await newsletterSecret(), shopId);
}
