/**
 * Stands in for `@aws-sdk/client-secrets-manager` in the bundles of functions whose routes are not
 * idempotent (the alias is in bundling-options.ts): only idempotent routes read the idempotency
 * secret (lib/data/idempotency-secret.ts). The real client is ~27 KB of every bundle that holds it;
 * imported dynamically it cost every function ~14 ms of import CPU (getCustomer, 9 alternating runs:
 * median 92.7 vs 78.4 ms), statically in createCart ~1 ms. Should another function ever get here,
 * it fails loudly.
 */
const notBundled = (): never => {
  throw new Error(
    'the Secrets Manager client is bundled only into idempotent routes (infra/constructs/no-secrets-manager.ts)',
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
