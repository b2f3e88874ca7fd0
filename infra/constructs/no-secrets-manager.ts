/**
 * Speed trick `secrets-manager-alias`: stands in for `@aws-sdk/client-secrets-manager` in the bundles
 * of functions that read no server secret (the alias is in bundling-options.ts): only idempotent
 * routes read the idempotency secret (lib/data/idempotency-secret.ts), and only routes with newsletter
 * tokens the newsletter secret (lib/data/storefront/newsletter-secret.ts). What it saves: 13
 * KB of such a bundle and 4–5 % of its import CPU (getProduct without it: 1.04–1.05× the import CPU
 * with it, median of 21 adjacent pairs, two runs of `SPEED_TRICKS_OFF=secrets-manager-alias npm run
 * bench:cold -- --only getProduct --versus-on`; with nothing off: 0.99×). Off: that switch at
 * bundling time. Should another function ever get here, it fails loudly.
 */
const notBundled = (): never => {
  throw new Error(
    'the Secrets Manager client is bundled only into routes that read a secret (infra/constructs/no-secrets-manager.ts)',
  );
};

export class SecretsManagerClient {
  constructor() {
    notBundled();
  }
}

export class GetSecretValueCommand {
  constructor() {
    notBundled();
  }
}
