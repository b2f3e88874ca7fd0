import { afterEach, describe, expect, it } from 'vitest';
import { defaultProvider } from '../../infra/constructs/lambda-credentials';

/**
 * The bundles replace the SDK's default credential chain with this provider (bundling-options.ts):
 * it must give the SDK the role credentials Lambda puts in the environment, and fail clearly
 * without them rather than look elsewhere.
 */
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('Lambda credentials provider', () => {
  it('answers the credentials of the environment, session token included', async () => {
    // Prepare
    process.env.AWS_ACCESS_KEY_ID = 'ASIAEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret-example';
    process.env.AWS_SESSION_TOKEN = 'session-example';

    // Act
    const credentials = await defaultProvider({})();

    // Assess
    expect(credentials).toMatchObject({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret-example',
      sessionToken: 'session-example',
    });
  });

  it('fails with the SDK credentials error when the environment has none', async () => {
    // Prepare
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;

    // Act
    const resolving = defaultProvider({})();

    // Assess
    await expect(resolving).rejects.toMatchObject({
      name: 'CredentialsProviderError',
      message: 'Unable to find environment variable credentials.',
    });
  });
});
