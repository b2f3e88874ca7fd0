import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { Route } from '../../lib/routes';
import { OPENAPI_PATH } from '../function-entries';

/** Response headers a browser client may read (cart token, versioning, rate limit, request cost). */
export const CORS_EXPOSE_HEADERS = [
  'X-Service-Cart-Token',
  'X-Service-Media-Type',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Server-Timing',
  'X-Request-Id',
] as const;

/** Request headers the API reads. */
export const CORS_ALLOW_HEADERS = [
  'Authorization',
  'Accept',
  'Content-Type',
  'X-Service-Cart-Token',
  'If-Match',
  'Idempotency-Key',
] as const;

/**
 * One JSON line per request in the access log (HTTP API context variables). Values are strings as
 * API Gateway writes them (`-` when a value does not apply, e.g. no integration for a 404 before
 * routing); CloudWatch Logs Insights still sorts and averages the numeric ones.
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTimeEpoch',
  ip: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  path: '$context.path',
  route: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  /** Milliseconds from request received to response sent. */
  latency: '$context.responseLatency',
  /** Milliseconds the Lambda integration took (the rest is API Gateway). */
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  /** API Gateway's own error (throttled, no route, ...). */
  error: '$context.error.message',
  /** Why the integration failed (Lambda timeout, crash, permission). */
  integrationError: '$context.integrationErrorMessage',
} as const;

export interface ShopHttpApiProps {
  /** The route table: its methods are the CORS methods. Its routes are added by addApiRoute. */
  routes: readonly Route[];
  /** Answers everything the table does not route: 404, or 405 with Allow. */
  fallback: IFunction;
  /** Answers GET /openapi.json to anyone (outside the route table, infra/function-entries.ts). */
  openApi: IFunction;
  allowedOrigins: readonly string[];
  throttle: { rateLimit: number; burstLimit: number };
  /** Retention of the access log. */
  logRetention: RetentionDays;
}

/** Why no route of the table nor `$default` has an API Gateway authorizer (cdk-nag APIG4). */
const NO_AUTHORIZER_REASON =
  'Every function verifies the bearer JWT itself (issuer, JWKS, expiry, shop claim, route scope; docs/security.md) to answer with the API error body; an API Gateway authorizer would answer 401 in its own format. $default only answers 404/405.';

/**
 * The HTTP API (payload v2): `$default` for everything the table does not route (the table's
 * routes are added by addApiRoute, from the nested stacks of the route groups), stage throttling as a safety net below the per-token rate limit, CORS for the configured
 * origins, and a JSON access log. HTTP APIs have no X-Ray tracing: traces start at the functions.
 */
export class ShopHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ShopHttpApiProps) {
    super(scope, id);
    const methods = [...new Set(props.routes.map((r) => r.method))];
    this.api = new HttpApi(this, 'Api', {
      apiName: Stack.of(this).stackName,
      description: 'Shop API',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('RouteNotFound', props.fallback),
      ...(props.allowedOrigins.length > 0
        ? {
            corsPreflight: {
              allowOrigins: [...props.allowedOrigins],
              allowMethods: methods.map((m) => CorsHttpMethod[m]),
              allowHeaders: [...CORS_ALLOW_HEADERS],
              exposeHeaders: [...CORS_EXPOSE_HEADERS],
              maxAge: Duration.hours(1),
            },
          }
        : {}),
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      // Like the functions' logs: kept until their retention ends when the stack is destroyed.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
    // The API's description is public: literal paths win over `/{shopId}`, so it is not a shop.
    const openApi = new HttpRoute(this, 'getOpenApi', {
      httpApi: this.api,
      routeKey: HttpRouteKey.with(OPENAPI_PATH, HttpMethod.GET),
      integration: new HttpLambdaIntegration('getOpenApiIntegration', props.openApi),
    });
    NagSuppressions.addResourceSuppressions(openApi, [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'GET /openapi.json is public on purpose (docs/api-reference.md "The docs page"): the API description holds no shop data, and clients read it before they have a token.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.api.node.findChild('DefaultRoute'), [
      { id: 'AwsSolutions-APIG4', reason: NO_AUTHORIZER_REASON },
    ]);
  }

  /** The API's base URL (the `$default` stage). */
  get url(): string {
    return this.stage.url;
  }
}

/**
 * One row of the route table on the API: its route key, a Lambda integration to its function and
 * the permission for API Gateway to invoke it, all made in `scope` (the route group's nested stack,
 * which takes the API by reference).
 */
export function addApiRoute(scope: Construct, api: HttpApi, route: Route, fn: IFunction): HttpRoute {
  const apiRoute = new HttpRoute(scope, `${route.name}Route`, {
    httpApi: api,
    routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
    integration: new HttpLambdaIntegration(`${route.name}Integration`, fn),
  });
  NagSuppressions.addResourceSuppressions(apiRoute, [
    { id: 'AwsSolutions-APIG4', reason: NO_AUTHORIZER_REASON },
  ]);
  return apiRoute;
}
