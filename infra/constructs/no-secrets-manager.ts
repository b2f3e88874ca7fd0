/**
 * Stands in for `@aws-sdk/client-secrets-manager` in the bundles of functions whose routes are not
 * idempotent (the alias is in bundling-options.ts). Only idempotent routes read the idempotency
 * secret (lib/data/idempotency-secret.ts, with a dynamic import), yet bundled everywhere the client
 * cost every function ~37 KB and ~14 ms of import CPU (measured on getCustomer, 9 alternating runs:
 * median 92.7 vs 78.4 ms). Should another function ever get here, it fails loudly.
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
