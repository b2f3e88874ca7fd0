import { Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_ACCESS } from '../../infra/constructs/media-storage';
import type { ShopStack } from '../../infra/shop-stack';
import { routeList } from '../../lib/routes';
import { sharedShopStack } from './stack-fixture';

/**
 * The product images' storage in AWS (docs/catalog.md "Images (slideshow)"): private bucket, CloudFront with
 * OAC, grants.
 */

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

let stack: ShopStack;
let resources: Record<string, Resource>;
beforeAll(() => {
  ({ stack, resources } = sharedShopStack());
});

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
/** The one resource of a type in the media storage (the console has a bucket and CDN of its own). */
const only = (type: string) => {
  const found = ofType(type).filter(([id]) => id.startsWith('Media'));
  expect(found.map(([id]) => id)).toHaveLength(1);
  return found[0] as [string, Resource];
};
const actionsOf = (s: { Action: string | string[] }) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const functionOf = (name: string) => {
  const fn = stack.functions.get(name);
  if (!fn) throw new Error(`no function for ${name}`);
  return resources[Stack.of(fn.fn).getLogicalId(fn.fn.node.defaultChild as never)] as Resource;
};
/** The media bucket (the exports have a bucket of their own: export-storage.test.ts). */
const mediaBucket = () => {
  const found = ofType('AWS::S3::Bucket').filter(([id]) => id.includes('MediaBucket'));
  expect(found.map(([id]) => id)).toHaveLength(1);
  return found[0] as [string, Resource];
};
/** The S3 statements of a route function's role. */
function s3Statements(name: string): { Action: string | string[]; Resource: unknown }[] {
  const roleId = functionOf(name).Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
    .filter((s) => actionsOf(s).some((a: string) => a.startsWith('s3:')));
}

describe('media storage', () => {
  it('keeps the bucket private: all public access blocked, encrypted, TLS only, kept on teardown', () => {
    // Act
    const [bucketId, bucket] = mediaBucket();
    const policies = ofType('AWS::S3::BucketPolicy')
      .filter(([, p]) => p.Properties.Bucket.Ref === bucketId)
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);

    // Assess
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault,
    ).toEqual({
      SSEAlgorithm: 'AES256',
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(policies).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    // The one reader: CloudFront, for this distribution only.
    const allows = policies.filter((s: { Effect: string }) => s.Effect === 'Allow');
    expect(allows).toEqual([
      expect.objectContaining({
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
    ]);
    expect(JSON.stringify(allows)).toContain(bucketId);
    // ...but never the originals as uploaded (EXIF, GPS, trailing bytes): only the re-encoded sizes.
    expect(policies).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/*/original/*']] },
      }),
    );
  });

  it('answers every image with nosniff and CORS for any origin', () => {
    const [policyId, policy] = only('AWS::CloudFront::ResponseHeadersPolicy');
    const [, distribution] = only('AWS::CloudFront::Distribution');
    const config = policy.Properties.ResponseHeadersPolicyConfig;

    expect(config.SecurityHeadersConfig).toEqual({ ContentTypeOptions: { Override: true } });
    expect(config.CorsConfig).toMatchObject({
      AccessControlAllowOrigins: { Items: ['*'] },
      AccessControlAllowMethods: { Items: ['GET', 'HEAD'] },
      AccessControlAllowCredentials: false,
    });
    expect(distribution.Properties.DistributionConfig.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({
      Ref: policyId,
    });
  });

  it('serves it through CloudFront with origin access control, HTTPS only, GET and HEAD only', () => {
    // Act
    const [oacId, oac] = only('AWS::CloudFront::OriginAccessControl');
    const [, distribution] = only('AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig;

    // Assess
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    expect(config.Origins).toHaveLength(1);
    expect(JSON.stringify(config.Origins[0].OriginAccessControlId)).toContain(oacId);
    expect(config.Origins[0].S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD'],
    });
  });

  it('grants put and delete to the upload, delete to the image delete, and nothing to any other function', () => {
    // The export's grants are on its own bucket (export-storage.test.ts).
    for (const route of routeList.filter((r) => r.name !== 'exportProducts')) {
      // Act
      const statements = s3Statements(route.name);
      const env = functionOf(route.name).Properties.Environment.Variables;

      // Assess
      const access = MEDIA_ACCESS[route.name];
      expect(statements.flatMap(actionsOf).sort(), route.name).toEqual(
        access
          ? [
              ...(access.list ? ['s3:ListBucket'] : []),
              ...(access.put ? ['s3:DeleteObject', 's3:PutObject'] : ['s3:DeleteObject']),
            ].sort()
          : [],
      );
      expect(
        Object.keys(env)
          .filter((k) => k.startsWith('MEDIA_'))
          .sort(),
        route.name,
      ).toEqual(access ? ['MEDIA_BASE_URL', 'MEDIA_BUCKET'] : []);
    }
    expect(s3Statements('uploadSlideshowImage').map((s) => JSON.stringify(s.Resource))).toEqual([
      expect.stringMatching(/MediaBucket.*\/\*/),
    ]);
    expect(MEDIA_ACCESS.uploadSlideshowImage?.put).toBe(true);
    expect(MEDIA_ACCESS.deleteSlideshowImage?.put).toBe(false);
  });

  it('gives the upload function more memory and points the image URLs at the distribution', () => {
    // Act
    const upload = functionOf('uploadSlideshowImage');
    const baseUrl = JSON.stringify(upload.Properties.Environment.Variables.MEDIA_BASE_URL);

    // Assess
    expect(upload.Properties.MemorySize).toBe(2048);
    expect(functionOf('deleteSlideshowImage').Properties.MemorySize).toBe(1024);
    expect(baseUrl).toContain('https://');
    expect(baseUrl).toContain('DomainName');
  });
});
