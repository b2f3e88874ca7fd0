import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { ORIGINALS_FOLDER } from '../../lib/data/images/media-objects';

/**
 * What a route's function may do in the media bucket (docs/catalog.md "Images (slideshow)"): the upload
 * stores an image's objects and removes them again when its catalog write fails; deleting an image or a
 * product deletes objects. No function reads or lists it but the product DELETE, which finds a
 * product's objects by their key prefix (lib/data/images/media-objects.ts deleteProductObjects).
 */
export const MEDIA_ACCESS: Readonly<Record<string, { put: boolean; list: boolean; memorySize?: number }>> = {
  // sharp decodes a 3 MB upload into ~50 MB of pixels per size in flight; more memory is also more CPU.
  uploadSlideshowImage: { put: true, list: false, memorySize: 2048 },
  deleteSlideshowImage: { put: false, list: false },
  deleteProduct: { put: false, list: true },
};

/** The one IAM5 wildcard the image functions need: the media bucket's objects (`<bucket arn>/*`). */
export const MEDIA_OBJECTS_WILDCARD = { regex: '/^Resource::.*MediaBucket.*\\/\\*$/' } as const;

export interface MediaStorageProps {
  shopId: string;
}

/**
 * The product images of a shop: a private S3 bucket (all public access blocked, TLS only,
 * encrypted) served only through a CloudFront distribution that reads it with origin access
 * control. Image URLs are MEDIA_BASE_URL (the distribution) plus the object key; objects are
 * written once under an upload id and cached for a year (lib/data/images/media-objects.ts).
 */
export class MediaStorage extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: MediaStorageProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Images are the merchant's content: tearing a shop down keeps them (docs/deploy.md).
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // The originals are the merchant's files as uploaded (EXIF, GPS position, trailing bytes): kept
    // for the merchant, never served. Only the sizes, re-encoded without metadata, are public.
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`*/${ORIGINALS_FOLDER}/*`)],
      }),
    );
    // Storefronts on other origins draw the images on canvases and fetch them from scripts (CORS);
    // nosniff: a browser takes an object as its Content-Type says, never as what it looks like.
    const headers = new ResponseHeadersPolicy(this, 'ImageHeaders', {
      comment: `Product images of shop ${props.shopId}: CORS for any origin, nosniff`,
      corsBehavior: {
        accessControlAllowOrigins: ['*'],
        accessControlAllowMethods: ['GET', 'HEAD'],
        accessControlAllowHeaders: ['*'],
        accessControlAllowCredentials: false,
        originOverride: true,
      },
      securityHeadersBehavior: { contentTypeOptions: { override: true } },
    });
    this.distribution = new Distribution(this, 'Cdn', {
      comment: `Product images of shop ${props.shopId}`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: false,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
    });
    NagSuppressions.addResourceSuppressions(this.bucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'Only the shop API functions write the bucket (IAM, CloudTrail) and CloudFront alone reads it (origin access control); server access logs would record the CDN fetches only.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Product images are public by nature: a shop sells where it chooses, no geo restriction.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'Read-only public images behind CloudFront caching (GET/HEAD only); no WAF for static media.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'Static public images; the API access log records every upload and deletion.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          "The distribution's default *.cloudfront.net certificate: CloudFront itself negotiates TLS 1.2+ with modern viewers; a custom domain with its own certificate and minimum protocol is a deployment choice (docs/deploy.md).",
      },
    ]);
  }

  /** The public base URL of the images (lib/config.ts MEDIA_BASE_URL). */
  get baseUrl(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /** MEDIA_BUCKET and MEDIA_BASE_URL, for the functions that store or delete images. */
  environment(): Record<string, string> {
    return { MEDIA_BUCKET: this.bucket.bucketName, MEDIA_BASE_URL: this.baseUrl };
  }

  /**
   * The route's least-privilege grants (MEDIA_ACCESS): s3:DeleteObject on the bucket's objects
   * always, s3:PutObject and s3:ListBucket only where named; never a read of an object.
   */
  grantTo(routeName: string, fn: IFunction): void {
    const access = MEDIA_ACCESS[routeName];
    if (!access) return;
    const objects = this.bucket.arnForObjects('*');
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...(access.put ? ['s3:PutObject'] : []), 's3:DeleteObject'],
        resources: [objects],
      }),
    );
    // Listing finds a product's objects by their key prefix (the product DELETE).
    if (access.list)
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
      );
    if (fn.role)
      NagSuppressions.addResourceSuppressions(
        fn.role,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              "Object keys are made per upload ({shopId}/products/{productId}/{uploadId}/...): the function writes and deletes objects of this shop's media bucket only, by key.",
            appliesTo: [MEDIA_OBJECTS_WILDCARD],
          },
        ],
        true,
      );
  }
}
