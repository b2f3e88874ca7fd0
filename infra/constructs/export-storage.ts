import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { EXPORT_TIME_LIMIT_SECONDS } from '../../lib/use-cases/exports/export-products';
import type { ApiFunction } from './api-function';

/** The environment variable that names the bucket to the export function (lib/config.ts). */
export const EXPORTS_BUCKET_ENV = 'EXPORTS_BUCKET';

/** Days a file stays: one file per catalog version, handed out for at most 23 hours of that. */
export const EXPORT_EXPIRY_DAYS = 1;

/** cdk-nag's name of the one wildcard the export function holds: the objects of the exports bucket. */
export const EXPORT_OBJECTS_APPLIES_TO = { regex: '/^Resource::<.*ExportsBucket.*>\\/\\*$/g' } as const;

/**
 * What the export function needs beyond the defaults: time for 100,000 products (its timeout is
 * the use case's time limit, which the generation lease outlasts) and memory for the catalog plus
 * a few upload parts (docs/catalog.md "Export"; `npm run bench:scale -- --parts export`).
 */
export const EXPORT_FUNCTION = {
  memorySize: 1024,
  timeout: Duration.seconds(EXPORT_TIME_LIMIT_SECONDS),
} as const;

/**
 * The bucket of the product export files (docs/catalog.md "Export"): private (all public access
 * blocked, bucket-owner objects, no ACLs), TLS only, encrypted with S3-managed keys, every file
 * removed a day after it was written (a file per catalog version; unfinished multipart uploads go
 * too). Clients read a file only through the presigned URL GET /products/export answers.
 */
export class ExportStorage extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      lifecycleRules: [
        {
          id: 'ExpireExports',
          expiration: Duration.days(EXPORT_EXPIRY_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      // Files live a day: after the stack is gone the bucket empties itself, then costs nothing.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    NagSuppressions.addResourceSuppressions(this.bucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'No server access logs: the files are generated copies of the catalog that expire within a day; who asked for each is in the API access log and the export function log (GET /products/export), and a presigned URL is valid 15 minutes.',
      },
    ]);
  }

  /**
   * Lets the export function write, read and presign files of this bucket only, and tells it the
   * bucket. PutObject covers each step of a multipart upload; AbortMultipartUpload cleans up a
   * failed one; ListBucket makes a missing file 404 (not 403) to HeadObject.
   */
  grantTo(fn: ApiFunction): void {
    fn.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'],
        resources: [this.bucket.arnForObjects('*')],
      }),
    );
    fn.fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
    );
    fn.fn.addEnvironment(EXPORTS_BUCKET_ENV, this.bucket.bucketName);
    NagSuppressions.addResourceSuppressions(
      fn.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'The export files are named by shop, catalog version and locale when generated: the function may put and get any object of the exports bucket, and of no other bucket.',
          appliesTo: [EXPORT_OBJECTS_APPLIES_TO],
        },
      ],
      true,
    );
  }
}
