import { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FUNCTION } from '../../infra/constructs/export-storage';
import type { ShopStack } from '../../infra/shop-stack';
import { EXPORT_TIMINGS } from '../../lib/use-cases/exports/export-products';
import { sharedShopStack } from './stack-fixture';

/**
 * The exports bucket and the export function (docs/catalog.md "Export"): a private, TLS-only,
 * encrypted bucket whose files expire, and a function that alone may put and get its objects.
 */

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: unknown };

let stack: ShopStack;
let resources: Record<string, Resource>;

beforeAll(() => {
  ({ stack, resources } = sharedShopStack());
});

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const bucketId = () => {
  const buckets = ofType('AWS::S3::Bucket').filter(([id]) => id.includes('Exports'));
  expect(buckets).toHaveLength(1);
  return buckets[0]?.[0] as string;
};
const exportFunctionId = () => {
  const fn = stack.functions.get('exportProducts')?.fn;
  if (!fn) throw new Error('no export function');
  return Stack.of(fn).getLogicalId(fn.node.defaultChild as never);
};
/** The s3 statements of the policies attached to a function's role. */
function s3StatementsOf(functionId: string): Statement[] {
  const roleId = resources[functionId]?.Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[])
    .filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
}

describe('exports bucket', () => {
  it('is private, encrypted, TLS only, kept on stack deletion, and expires every file after a day', () => {
    // Prepare
    const bucket = resources[bucketId()] as Resource;
    const policies = ofType('AWS::S3::BucketPolicy').filter(
      ([, p]) => p.Properties.Bucket.Ref === bucketId(),
    );

    // Assess
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.OwnershipControls).toEqual({
      Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
    });
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(bucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: 'ExpireExports',
          Status: 'Enabled',
          ExpirationInDays: 1,
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        },
      ],
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(policies).toHaveLength(1);
    expect(policies[0]?.[1].Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });
});

describe('export function', () => {
  it('has the time and memory of the export, and the bucket in EXPORTS_BUCKET', () => {
    // Prepare
    const fn = resources[exportFunctionId()] as Resource;

    // Assess
    expect(fn.Properties.Timeout).toBe(EXPORT_FUNCTION.timeout.toSeconds());
    expect(fn.Properties.MemorySize).toBe(EXPORT_FUNCTION.memorySize);
    expect(fn.Properties.Environment.Variables.EXPORTS_BUCKET).toEqual({ Ref: bucketId() });
    // A generation's lease outlasts the function that holds it: only a dead generation loses it.
    expect(EXPORT_TIMINGS.leaseMs).toBeGreaterThan(EXPORT_FUNCTION.timeout.toMilliseconds());
  });

  it('may put, get and abort uploads of the objects of the exports bucket, list that bucket, and nothing more', () => {
    // Act
    const statements = s3StatementsOf(exportFunctionId());

    // Assess
    expect(statements).toEqual([
      {
        Action: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'],
        Effect: 'Allow',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/*']] },
      },
      { Action: 's3:ListBucket', Effect: 'Allow', Resource: { 'Fn::GetAtt': [bucketId(), 'Arn'] } },
    ]);
  });

  it('is the only function that may use the exports bucket', () => {
    // Act
    const others = ofType('AWS::Lambda::Function')
      .map(([id]) => id)
      .filter(
        (id) =>
          id !== exportFunctionId() &&
          s3StatementsOf(id).some((s) => JSON.stringify(s.Resource).includes(bucketId())),
      );

    // Assess
    expect(others).toEqual([]);
  });
});
