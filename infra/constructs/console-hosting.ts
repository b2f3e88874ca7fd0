import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, type ISource, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { projectRoot } from './bundling-options';
import { CONSOLE_VIEWER_REQUEST } from './console-viewer-request';

/** Where `npm run console:build` writes the console (index.html at its root, hashed files under assets/). */
export const CONSOLE_DIST = join(projectRoot, 'console/dist');
/** The console's path on its domain (the same on the twin). */
export const CONSOLE_PATH = '/admin/';
/** Cache-Control of the hashed build files: their names change with their content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The console's Content-Security-Policy. connect-src allows any HTTPS host: naming the API's and
 * the Cognito domain's hosts here would make the distribution depend on the API, whose CORS origin
 * depends on the distribution (a CloudFormation cycle). Images come from the media CDN (another
 * host) and from blob: (previews of files about to be uploaded); documents open as blob: frames.
 * Inline styles are allowed (style attributes set by components), inline scripts are not.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data: blob:",
  "connect-src 'self' https:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Shown when the stack was synthesized without a console build, so synthesis never fails (tests,
 * a deploy from a fresh checkout); docs/deploy.md "The merchant console" says how to build it.
 */
export const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop console not built</title></head>
<body><h1>The console was not built</h1>
<p>This stack was deployed without <code>console/dist</code>. Run <code>npm run console:build</code>, then deploy again.</p>
</body></html>
`;

/** The runtime configuration the app fetches first (`/admin/config.json`). */
export interface ConsoleConfig {
  apiUrl: string;
  shop: string;
  signIn: {
    kind: 'cognito';
    domain: string;
    clientId: string;
    scopes: string[];
    redirectUri: string;
    logoutUri: string;
  };
}

export interface ConsoleHostingProps {
  shopId: string;
  /** The build to deploy; default CONSOLE_DIST. Without its index.html, PLACEHOLDER_PAGE is deployed. */
  distFolder?: string;
  logRetention: RetentionDays;
}

/**
 * The merchant console's static files: a private S3 bucket read only by a CloudFront distribution
 * (origin access control), HTTPS only, security headers, single-page routing under `/admin/` by a
 * CloudFront function. `deploy` puts the build and its config.json into the bucket: index.html and
 * config.json with `no-cache` (a deploy shows at the next load), the hashed assets immutable and
 * never pruned (a tab open on the previous index.html still loads its files).
 */
export class ConsoleHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** Whether the build was found; false = the placeholder page is deployed. */
  readonly built: boolean;
  private readonly distFolder: string;
  private readonly logRetention: RetentionDays;

  constructor(scope: Construct, id: string, props: ConsoleHostingProps) {
    super(scope, id);
    this.distFolder = props.distFolder ?? CONSOLE_DIST;
    this.built = existsSync(join(this.distFolder, 'index.html'));
    this.logRetention = props.logRetention;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Only build output lives here (the deployments empty it when they are deleted).
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const routing = new CloudFrontFunction(this, 'Routing', {
      comment: `Console of shop ${props.shopId}: / to /admin/, app screens to index.html`,
      code: FunctionCode.fromInline(CONSOLE_VIEWER_REQUEST),
      runtime: FunctionRuntime.JS_2_0,
    });
    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      comment: `Console of shop ${props.shopId}: CSP, HSTS, no framing, nosniff, no referrer`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONSOLE_CSP, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        // The callback URL carries the authorization code: it must not leave in a Referer.
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
      },
    });
    this.distribution = new Distribution(this, 'Cdn', {
      comment: `Merchant console of shop ${props.shopId}`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        // Honours the objects' Cache-Control (no-cache for index.html and config.json).
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: routing, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
    });
    NagSuppressions.addResourceSuppressions(this.bucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          "Only the stack's deployment writes the bucket (CloudFormation, CloudTrail) and CloudFront alone reads it (origin access control): it holds the console's public build, nothing of the shop.",
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The console is reached by staff wherever they work; sign-in guards it, not geography.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'Static files of the console only (GET/HEAD): every request that reads or changes shop data goes to the API, which verifies each token; no WAF for a static bundle.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Static, public build files: the API access log and Cognito record what staff do and who signs in.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          "The distribution's default *.cloudfront.net certificate: CloudFront itself negotiates TLS 1.2+ with modern viewers; a custom domain with its own certificate and minimum protocol is a deployment choice (docs/deploy.md).",
      },
    ]);
  }

  /** The console's origin (CORS, redirect URIs): `https://<distribution domain>`. */
  get origin(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /** The console's URL: `<origin>/admin/`. */
  get url(): string {
    return `${this.origin}${CONSOLE_PATH}`;
  }

  /**
   * Deploys the build (or the placeholder page) and `config.json` with the deploy-time values of
   * the API and the sign-in. Returns the deployments (the pages wait for the assets they name).
   */
  deploy(config: ConsoleConfig): BucketDeployment[] {
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: this.logRetention,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const common = {
      destinationBucket: this.bucket,
      prune: false,
      retainOnDelete: false,
      logGroup,
      memoryLimit: 512,
    };
    const pages: ISource[] = this.built
      ? // The stack writes config.json (a build's own, e.g. the twin's, would race it).
        [Source.asset(this.distFolder, { exclude: ['assets', 'assets/**', 'config.json'] })]
      : [Source.data('index.html', PLACEHOLDER_PAGE)];
    const pagesDeployment = new BucketDeployment(this, 'Pages', {
      ...common,
      sources: [...pages, Source.jsonData('config.json', config)],
      destinationKeyPrefix: 'admin/',
      cacheControl: [CacheControl.noCache()],
    });
    const deployments = [pagesDeployment];
    if (this.built && existsSync(join(this.distFolder, 'assets'))) {
      const assets = new BucketDeployment(this, 'Assets', {
        ...common,
        sources: [Source.asset(join(this.distFolder, 'assets'))],
        destinationKeyPrefix: 'admin/assets/',
        cacheControl: [CacheControl.fromString(IMMUTABLE)],
      });
      pagesDeployment.node.addDependency(assets);
      deployments.push(assets);
    }
    suppressDeploymentFindings(this, pagesDeployment);
    return deployments;
  }
}

/**
 * cdk-nag findings on the deployments' handler, a function of aws-cdk-lib (Python, the AWS CLI in
 * a layer) that CDK creates once per stack beside the deployment, with its role.
 */
function suppressDeploymentFindings(scope: Construct, deployment: BucketDeployment): void {
  const stack = Stack.of(scope);
  const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler) throw new Error('BucketDeployment no longer creates its handler beside it');
  NagSuppressions.addResourceSuppressions(
    [handler, deployment.handlerRole],
    [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          "aws-cdk-lib's BucketDeployment handler uses AWSLambdaBasicExecutionRole (its own logs only); it runs only during a deploy.",
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "aws-cdk-lib's BucketDeployment handler copies the build from the CDK asset bucket into the console bucket: read of the asset objects, read and write of the console bucket's objects, nothing else.",
        appliesTo: CONSOLE_DEPLOYMENT_WILDCARDS,
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          "aws-cdk-lib's BucketDeployment handler: its Python runtime is the one aws-cdk-lib pins and moves with each release; it runs only during a deploy.",
      },
    ],
    true,
  );
}

/** The IAM5 wildcards of the deployment handler's policy (appliesTo; test/infra/template-checks.test.ts). */
export const CONSOLE_DEPLOYMENT_WILDCARDS = [
  'Action::s3:GetBucket*',
  'Action::s3:GetObject*',
  'Action::s3:List*',
  'Action::s3:Abort*',
  'Action::s3:DeleteObject*',
  { regex: '/^Resource::arn:<AWS::Partition>:s3:::cdk-.*\\/\\*$/' },
  { regex: '/^Resource::.*ConsoleBucket.*\\/\\*$/' },
];
