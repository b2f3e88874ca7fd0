import { describe, expect, it } from 'vitest';
import { ImportUsageError, importPlan } from '../../infra/local/import-args';
import { runImportCli } from '../support/import-cli';

const base = ['--shop', 'myshop', '--file', 'myshop.json'];

describe('npm run import: arguments', () => {
  it('targets a deployed table in AWS with --table and --region (no endpoint)', () => {
    // Act
    const plan = importPlan([...base, '--table', 'ShopApi-myshop-DataTable-X', '--region', 'eu-west-1'], {});

    // Assess
    expect(plan).toEqual({
      shop: 'myshop',
      file: 'myshop.json',
      env: { TABLE_NAME: 'ShopApi-myshop-DataTable-X', AWS_REGION: 'eu-west-1' },
      target: 'AWS eu-west-1',
    });
  });

  it('takes the table and region from TABLE_NAME and AWS_REGION, flags winning', () => {
    // Act
    const fromEnv = importPlan(base, { TABLE_NAME: 'T', AWS_REGION: 'us-east-2' });
    const flagsWin = importPlan([...base, '--region', 'eu-north-1'], {
      TABLE_NAME: 'T',
      AWS_REGION: 'us-east-2',
    });

    // Assess
    expect(fromEnv).toMatchObject({ env: {}, target: 'AWS us-east-2' });
    expect(flagsWin).toMatchObject({ env: { AWS_REGION: 'eu-north-1' }, target: 'AWS eu-north-1' });
  });

  it('refuses an AWS import without a table or a region instead of guessing them', () => {
    // Act
    const noTable = () => importPlan([...base, '--region', 'eu-west-1'], {});
    const noRegion = () => importPlan([...base, '--table', 'T'], {});

    // Assess
    expect(noTable).toThrow(ImportUsageError);
    expect(noTable).toThrow(/Missing --table: .*stack output TableName/);
    expect(noRegion).toThrow(/Missing --region/);
  });

  it('keeps the local use: an endpoint needs neither table nor region', () => {
    // Act
    const byFlag = importPlan([...base, '--endpoint', 'http://127.0.0.1:8000'], {});
    const byEnv = importPlan(base, { DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });

    // Assess
    expect(byFlag).toMatchObject({
      env: { DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' },
      target: 'http://127.0.0.1:8000',
    });
    expect(byEnv).toMatchObject({ env: {}, target: 'http://127.0.0.1:8000' });
  });

  it.each([
    [[], /Missing --shop/],
    [['--shop', 'myshop'], /Missing --file/],
    [['--shop', 'my shop', '--file', 'f.json'], /Bad --shop "my shop"/],
    [[...base, '--tabel', 'T'], /Unknown option '--tabel'/],
    [[...base, '--table'], /--table/],
  ])('refuses %j', (argv, message) => {
    // Act
    const act = () => importPlan(argv, { DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });

    // Assess
    expect(act).toThrow(ImportUsageError);
    expect(act).toThrow(message);
  });

  it('answers --help with the usage', () => {
    // Act
    const plan = importPlan(['--help'], {});

    // Assess
    expect(plan).toBe('help');
  });
});

describe('npm run import: the command', () => {
  it('exits 2 with the message and the usage, before any AWS call, when the region is missing', () => {
    // Act
    const run = runImportCli([...base, '--table', 'T']);

    // Assess
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^Missing --region/);
    expect(run.stderr).toMatch(/usage: npm run import/);
  });
});
