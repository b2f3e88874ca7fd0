/**
 * Stands in for `@aws-sdk/credential-provider-node` inside the Lambda bundles (the alias is in
 * bundling-options.ts). Lambda always hands a function its role's credentials in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the rest of the default chain
 * (SSO, ini files, process, web identity, instance metadata) is dead weight: about a quarter of a
 * bundle and 11–13 ms of every cold start's import. Local runs use the source, not the bundles,
 * and keep the whole chain. `@aws-sdk/credential-provider-env` is pinned at the version the SDK
 * clients' own chain loads (3.972.x: the credential providers have their own version line, not 3.1162.x);
 * test/unit/lambda-credentials.test.ts fails when the two part.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** The SDK clients' default credential provider, reduced to the environment. */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
