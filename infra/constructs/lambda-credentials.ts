/**
 * Speed trick `credentials-alias`: stands in for `@aws-sdk/credential-provider-node` inside the
 * Lambda bundles (the alias is in bundling-options.ts). Lambda always hands a function its role's
 * credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so
 * the rest of the default chain (SSO, ini files, process, web identity, instance metadata) is dead
 * weight. What it saves: 136 KB of every bundle and about a fifth of its import CPU (getProduct
 * without it: 1.24–1.25× the import CPU with it, median of 21 adjacent pairs, two runs of
 * `SPEED_TRICKS_OFF=credentials-alias npm run bench:cold -- --only getProduct --versus-on`; the
 * same run with nothing off: 0.99×). Off: that switch at bundling time (cdk synth, bench:cold)
 * bundles the whole chain. Local runs use the source, not the bundles, and keep the whole chain.
 * `@aws-sdk/credential-provider-env` is pinned at the version the SDK clients' own chain loads (3.972.x:
 * the credential providers have their own version line, not 3.1162.x); test/unit/lambda-credentials.test.ts
 * fails when the two part.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** The SDK clients' default credential provider, reduced to the environment. */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
