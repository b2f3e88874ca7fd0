import { describe, expect, inject, it } from 'vitest';
import { runImportCli } from '../support/import-cli';

describe('npm run import: into DynamoDB Local', () => {
  it('still imports into DynamoDB Local with --endpoint', () => {
    // Prepare
    const endpoint = inject('dynamoEndpoint');
    const shop = `import-cli-${Date.now()}`;

    // Act
    const run = runImportCli(
      ['--shop', shop, '--file', 'infra/local/seed/other.json', '--endpoint', endpoint],
      {
        TABLE_NAME: 'shop-api',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
      },
    );

    // Assess
    expect(run.stderr).not.toMatch(/failed|usage/i);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^imported shop ${shop} from .*\\(table shop-api, ${endpoint}\\)`));
  });
});
