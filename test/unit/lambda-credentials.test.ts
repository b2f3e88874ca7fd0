import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
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

describe('the pinned @aws-sdk/credential-provider-env', () => {
  it('is the version the SDK clients resolve through @aws-sdk/credential-provider-node', () => {
    // Prepare: the package.json of a package as Node resolves it from `from`'s folder
    const root = resolve(import.meta.dirname, '../..');
    const manifest = (name: string, from: string) => {
      let dir = dirname(createRequire(join(from, 'package.json')).resolve(name));
      while (!existsSync(join(dir, 'package.json')) || !dir.endsWith(name)) dir = dirname(dir);
      return { dir, ...(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson) };
    };
    const pinned = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson).dependencies;

    // Act
    const client = manifest('@aws-sdk/client-dynamodb', root);
    const chain = manifest('@aws-sdk/credential-provider-node', client.dir);
    const used = manifest('@aws-sdk/credential-provider-env', chain.dir);
    const asked = chain.dependencies['@aws-sdk/credential-provider-env'];

    // Assess: the bundles' provider (pinned) is the one the client's own chain loads, and it asks for it
    expect(used.version).toBe(pinned['@aws-sdk/credential-provider-env']);
    expect(asked).toBe(`^${used.version}`);
  });
});

interface PackageJson {
  version: string;
  dependencies: Record<string, string>;
}
