import { describe, expect, it } from 'vitest';
import type { AssemblyFunction } from '../../infra/local/bundled/assembly';
import { evaluate, type StackScope } from '../../infra/local/bundled/intrinsics';
import { lambdaEnvironment } from '../../infra/local/bundled/lambda-environment';
import { LocalQueues } from '../../infra/local/bundled/local-queues';
import { type TwinPlaces, templateEnvironment } from '../../infra/local/bundled/stand-ins';

/**
 * The rehearsal's parts that the CI run (test/infra/rehearsal.test.ts) does not drive into their
 * corners: CloudFormation intrinsics, the environment a function sees, a queue's redelivery.
 */

const places: TwinPlaces = {
  tableName: 'ShopApi-demo-DataTable',
  dynamoEndpoint: 'http://127.0.0.1:8000',
  s3Endpoint: 'http://127.0.0.1:9000',
  awsEndpoint: 'http://127.0.0.1:7000',
  apiUrl: 'http://127.0.0.1:3000',
  jwksFile: '/keys/jwks.json',
};
const scope: StackScope = {
  name: 'ShopApi-demo-Nested',
  template: {
    Parameters: { tableRef: { Type: 'String' } },
    Resources: { Pool: { Type: 'AWS::Cognito::UserPool' }, Queue: { Type: 'AWS::SQS::Queue' } },
  },
  parameters: { tableRef: 'the-table' },
};
const standIn = (_: StackScope, id: string, attribute?: string) =>
  `<${id}${attribute ? `.${attribute}` : ''}>`;

describe('rehearsal: CloudFormation intrinsics', () => {
  it('evaluates Ref (parameters, pseudo parameters), GetAtt, Join, Sub and Select', () => {
    // Act
    const value = (v: unknown) => evaluate(v, scope, standIn, 'test');

    // Assess
    expect(value({ Ref: 'tableRef' })).toBe('the-table');
    expect(value({ 'Fn::Join': ['', ['https://x.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: 'Pool' }]] })).toBe(
      'https://x.amazonaws.com/<Pool>',
    );
    // CloudFormation's ${...} placeholders, not a template string's.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Fn::Sub's own syntax
    expect(value({ 'Fn::Sub': 'arn:${AWS::Region}:${Queue.Arn}' })).toBe('arn:local:<Queue.Arn>');
    expect(value({ 'Fn::Select': [1, ['a', { 'Fn::GetAtt': ['Queue', 'QueueName'] }]] })).toBe(
      '<Queue.QueueName>',
    );
  });

  it('refuses what it does not know instead of guessing', () => {
    // Act & Assess
    expect(() => evaluate({ 'Fn::ImportValue': 'x' }, scope, standIn, 'fn FOO')).toThrow(
      'fn FOO: Fn::ImportValue is not supported by the rehearsal',
    );
    expect(() => evaluate({ Ref: 'Nowhere' }, scope, standIn, 'fn FOO')).toThrow('Ref to unknown Nowhere');
  });
});

describe('rehearsal: a function environment', () => {
  const fn: AssemblyFunction = {
    name: 'Routes/getThing',
    functionName: 'ShopApi-demo-Routes-getThing',
    logicalId: 'getThing',
    scope,
    assetDir: '/assembly/asset.1',
    handler: 'index.handler',
    environment: {
      TABLE_NAME: { Ref: 'tableRef' },
      AUTH_ISSUER: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'Pool' }]] },
      AUTH_JWKS_URI: {
        'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'Pool' }, '/.well-known/jwks.json']],
      },
    },
    timeoutSeconds: 10,
    memoryMb: 1024,
    runtime: 'nodejs22.x',
  };
  const markers = (_: StackScope, id: string) => (id === 'Pool' ? '⟪AWS::Cognito::UserPool⟫' : id);

  it('is the template resolved to the twin, Lambda runtime variables and endpoints, and nothing of the host', () => {
    // Act
    const env = lambdaEnvironment(fn, templateEnvironment(fn, markers, places), places, {
      HOME: '/root',
      NODE_OPTIONS: '--import tsx',
      LOG_LEVEL: 'warn',
    });

    // Assess
    expect(env).toMatchObject({
      TABLE_NAME: 'the-table',
      AUTH_ISSUER: 'https://dev-issuer.shop-api.local',
      AUTH_JWKS_FILE: '/keys/jwks.json',
      LAMBDA_TASK_ROOT: '/assembly/asset.1',
      _HANDLER: 'index.handler',
      AWS_LAMBDA_FUNCTION_NAME: 'ShopApi-demo-Routes-getThing',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      AWS_ENDPOINT_URL_SQS: 'http://127.0.0.1:7000',
      LOG_LEVEL: 'warn',
    });
    expect(env.AUTH_JWKS_URI).toBeUndefined();
    expect(env.HOME).toBeUndefined();
    expect(env.NODE_OPTIONS).toBeUndefined();
  });

  it('fails naming the function and variable when a reference has no stand-in', () => {
    // Prepare
    const odd = { ...fn, environment: { ODD: { Ref: 'Pool' } } };

    // Act & Assess
    expect(() => templateEnvironment(odd, markers, places)).toThrow(
      'Routes/getThing: variable ODD points at a AWS::Cognito::UserPool the rehearsal cannot stand in for',
    );
  });
});

describe('rehearsal: a queue and its mapping', () => {
  it('redelivers failed messages after the visibility timeout, then moves them to the dead-letter queue', async () => {
    // Prepare: a consumer that reports every message failed
    const lines: string[] = [];
    const queues = new LocalQueues(
      [
        { name: 'Jobs', visibilityTimeoutSeconds: 0.05, maxReceiveCount: 3, deadLetterQueue: 'Dead' },
        { name: 'Dead', visibilityTimeoutSeconds: 1 },
      ],
      (line) => lines.push(line),
    );
    const receives: string[] = [];
    queues.map(
      'Jobs',
      async ({ Records }) => {
        receives.push(...Records.map((r) => r.attributes.ApproximateReceiveCount));
        return { batchItemFailures: Records.map((r) => ({ itemIdentifier: r.messageId })) };
      },
      10,
    );

    // Act
    queues.send('Jobs', '{"job":1}');
    await new Promise((done) => setTimeout(done, 400));
    await queues.stop();

    // Assess
    expect(receives).toEqual(['1', '2', '3']);
    expect(queues.depth('Jobs')).toBe(0);
    expect(queues.depth('Dead')).toBe(1);
    expect(lines.join('\n')).toMatch(/moved to Dead after 3 receives/);
  });

  it('holds a message its delay, hands out batches of the mapping size, and deletes what succeeded', async () => {
    // Prepare
    const queues = new LocalQueues([{ name: 'Jobs', visibilityTimeoutSeconds: 30 }], () => {});
    const batches: number[] = [];
    const sentAt = Date.now();
    let firstAt = 0;
    queues.map(
      'Jobs',
      async ({ Records }) => {
        firstAt ||= Date.now();
        batches.push(Records.length);
        return { batchItemFailures: [] };
      },
      2,
    );

    // Act
    for (let i = 0; i < 5; i++) queues.send('Jobs', String(i), 0.2);
    await new Promise((done) => setTimeout(done, 500));
    await queues.stop();

    // Assess
    expect(firstAt - sentAt).toBeGreaterThanOrEqual(190);
    expect(batches.sort()).toEqual([1, 2, 2]);
    expect(queues.depth('Jobs')).toBe(0);
  });
});
