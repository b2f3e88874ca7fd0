import { type Duration, NestedStack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { Route } from '../../lib/routes';
import { type ApiEnvironment, ApiFunction } from './api-function';
import type { IdempotencySecret } from './idempotency-secret';
import { MEDIA_ACCESS, type MediaStorage } from './media-storage';
import { addApiRoute } from './shop-http-api';

/** What one route's function gets beyond the defaults (e.g. the export: more time, its bucket). */
export interface RouteFunctionExtras {
  memorySize?: number;
  timeout?: Duration;
  /** Grants and environment of its own, added to the function once made. */
  grant?(fn: ApiFunction): void;
}

export interface RouteGroupStackProps {
  /** The group's rows of the route table (infra/route-groups.ts). */
  routes: readonly Route[];
  /** The parent's HTTP API, table and idempotency secret: nested stack parameters in the template. */
  api: HttpApi;
  table: ITable;
  idempotency: IdempotencySecret;
  environment: ApiEnvironment;
  rateLimitKeyPrefix: string;
  logRetention: RetentionDays;
  /** The product images' bucket and CDN: environment and grants for the routes MEDIA_ACCESS names. */
  media: MediaStorage;
  /** Extras by route name, for the few routes that need them. */
  extras?: ReadonlyMap<string, RouteFunctionExtras>;
}

/**
 * The resources of one route group (about 7 a route: function, role, policy, log group, permission,
 * integration, route) in a CloudFormation nested stack of the shop stack, so that the shop stays
 * one `cdk deploy` while no template nears CloudFormation's 500 resources (docs/deploy.md).
 * What the parent needs back (the functions, for alarms and the dashboard) CDK turns into outputs.
 */
export class RouteGroupStack extends NestedStack {
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: RouteGroupStackProps) {
    super(scope, id, { description: `Routes ${props.routes.map((r) => r.name).join(', ')}`.slice(0, 1024) });
    for (const route of props.routes) {
      const media = MEDIA_ACCESS[route.name];
      const extras = props.extras?.get(route.name);
      const fn = new ApiFunction(this, route.name, {
        entry: route.handler,
        description: `${route.method} ${route.path}`,
        environment: { ...props.environment, ...(media ? props.media.environment() : {}) },
        table: props.table,
        access: route.writes ? 'write' : 'read',
        rateLimitKeyPrefix: props.rateLimitKeyPrefix,
        logRetention: props.logRetention,
        memorySize: extras?.memorySize ?? media?.memorySize,
        timeout: extras?.timeout,
      });
      props.media.grantTo(route.name, fn.fn);
      extras?.grant?.(fn);
      // Only stored answers are sealed; the checkout's Idempotency-Key lives on its cart.
      if (route.idempotent === 'stored') props.idempotency.grantTo(fn);
      addApiRoute(this, props.api, route, fn.fn);
      this.functions.set(route.name, fn);
    }
  }
}
