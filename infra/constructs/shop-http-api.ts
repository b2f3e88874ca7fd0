import { Duration, Stack } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { Route } from '../../lib/routes';

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

export interface ShopHttpApiProps {
  routes: readonly Route[];
  /** The function of a route (made by the stack, one per row). */
  functionOf: (route: Route) => IFunction;
  /** Answers everything the table does not route: 404, or 405 with Allow. */
  fallback: IFunction;
  allowedOrigins: readonly string[];
  throttle: { rateLimit: number; burstLimit: number };
}

/**
 * The HTTP API (payload v2): exactly one route per row of the route table plus `$default` for the
 * rest, stage throttling as a safety net below the per-token rate limit, and CORS for the
 * configured origins.
 */
export class ShopHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

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
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
    });
    for (const route of props.routes) {
      new HttpRoute(this, route.name, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.name}Integration`, props.functionOf(route)),
      });
    }
  }

  /** The API's base URL (the `$default` stage). */
  get url(): string {
    return this.stage.url;
  }
}
