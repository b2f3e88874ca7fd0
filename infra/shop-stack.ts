import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { keys } from '../lib/data/keys';
import { type Route, routeList } from '../lib/routes';
import { type ShopStackConfig, shopSlug } from './config';
import { type ApiEnvironment, ApiFunction } from './constructs/api-function';
import { ConsoleHosting } from './constructs/console-hosting';
import { EventPublisher } from './constructs/event-publisher';
import { EveryMinuteTask } from './constructs/every-minute-task';
import { EXPORT_FUNCTION, ExportStorage } from './constructs/export-storage';
import { wantBundles } from './constructs/function-bundles';
import { IdempotencySecret } from './constructs/idempotency-secret';
import { MediaStorage } from './constructs/media-storage';
import { NewsletterSecret } from './constructs/newsletter-secret';
import { type RouteFunctionExtras, RouteGroupStack } from './constructs/route-group-stack';
import { SalesTally } from './constructs/sales-tally';
import { ShopAlarms } from './constructs/shop-alarms';
import { API_RESOURCE_SERVER, CONSOLE_SCOPES, defaultDomainPrefix, ShopAuth } from './constructs/shop-auth';
import { ShopDashboard } from './constructs/shop-dashboard';
import { ShopHttpApi } from './constructs/shop-http-api';
import { ShopTable } from './constructs/shop-table';
import { WebhookDelivery } from './constructs/webhook-delivery';
import {
  FINISH_CANCELLATIONS_ENTRY,
  OPENAPI_ENTRY,
  PRUNE_CATALOG_LOG_ENTRY,
  ROUTE_NOT_FOUND_ENTRY,
  SWEEP_STOCK_HOLDS_ENTRY,
  stackEntries,
} from './function-entries';
import { routeGroupId, routeGroups } from './route-groups';

export interface ShopStackProps extends StackProps {
  config: ShopStackConfig;
  /** The route table; every function, API route, grant and scope is derived from it. */
  routes?: readonly Route[];
  /** The console build to deploy (default console/dist; without one a placeholder page). */
  consoleDist?: string;
}

/** The scopes the route table requires (docs/api-rules.md "Authentication and scopes"), in table order. */
export function routeScopes(routes: readonly Route[]): string[] {
  return [...new Set(routes.flatMap((r) => (r.scope ? [r.scope] : [])))];
}

/**
 * The API's CORS origins: the configured ones and the console's (`*` alone when configured: it
 * covers the console too).
 */
export function corsOrigins(configured: readonly string[], consoleOrigin: string | undefined): string[] {
  if (configured.includes('*')) return ['*'];
  return [...configured, ...(consoleOrigin ? [consoleOrigin] : [])];
}

/**
 * The partition-key prefix of a shop's rate-limit counters, read off keys.ts (the only place keys
 * are made) so the IAM condition cannot drift from the keys the rate limiter writes.
 */
export function rateLimitKeyPrefix(shopId: string): string {
  const probe = '\u0001';
  const { pk } = keys.rateLimit(shopId, probe, 0);
  const at = pk.indexOf(probe);
  if (at < 0) throw new Error('keys.rateLimit no longer starts with the token id');
  return pk.slice(0, at);
}

/**
 * Everything one shop runs on: its table, one function per route behind an HTTP API, its token
 * issuer (Cognito, or an external one by context), domain events on an EventBridge bus, alarms by
 * e-mail and a dashboard. Deployed once per shop: `ShopApi-<shopId>`; the routes' functions and API
 * routes sit in nested stacks of it, one per route group, deployed with it.
 */
export class ShopStack extends Stack {
  /** The function of each route, by route name; each lives in its group's nested stack. */
  readonly functions = new Map<string, ApiFunction>();
  /** The nested stacks of the route groups, in route-table order. */
  readonly routeGroups: RouteGroupStack[] = [];

  constructor(scope: Construct, id: string, props: ShopStackProps) {
    super(scope, id, {
      description: `Shop API of shop ${props.config.shopId}`,
      ...props,
    });
    const { config } = props;
    const routes = props.routes ?? routeList;
    Tags.of(this).add('shop', config.shopId);
    // Every function's bundle in one batch, built when the first asset is staged.
    wantBundles(stackEntries(routes).map((e) => e.entry));

    const { table } = new ShopTable(this, 'Data');

    // The merchant console signs staff in through the stack's own pool: with an external issuer
    // there is none (docs/deploy.md "The merchant console").
    const consoleHosting =
      config.issuer.kind === 'cognito'
        ? new ConsoleHosting(this, 'Console', {
            shopId: config.shopId,
            logRetention: config.logRetention,
            ...(props.consoleDist ? { distFolder: props.consoleDist } : {}),
          })
        : undefined;
    const auth =
      config.issuer.kind === 'cognito'
        ? new ShopAuth(this, 'Auth', {
            shopId: config.shopId,
            scopes: routeScopes(routes),
            domainPrefix: config.issuer.domainPrefix ?? defaultDomainPrefix(shopSlug(config.shopId)),
            logRetention: config.logRetention,
            logLevel: config.logLevel,
            ...(consoleHosting ? { consoleUrl: consoleHosting.url } : {}),
          })
        : undefined;
    const issuer =
      config.issuer.kind === 'external'
        ? config.issuer
        : {
            issuer: auth?.issuer ?? '',
            jwksUri: `${auth?.issuer}/.well-known/jwks.json`,
            audience: '',
            clientIds: [],
            scopePrefix: `${API_RESOURCE_SERVER}/`,
          };

    const environment: ApiEnvironment = {
      TABLE_NAME: table.tableName,
      AUTH_ISSUER: issuer.issuer,
      // Cognito access tokens carry no `aud` (verified against issuer and JWKS: docs/deploy.md "Decisions for
      // the cloud stack").
      AUTH_AUDIENCE: issuer.audience,
      AUTH_JWKS_URI: issuer.jwksUri,
      AUTH_SCOPE_PREFIX: issuer.scopePrefix,
      AUTH_CLIENT_IDS: issuer.clientIds.join(','),
      AUTH_MAX_TOKEN_LIFETIME: String(config.maxTokenLifetime),
      LEGACY_ACCEPT: config.legacyAccept ? 'true' : 'false',
      LOG_LEVEL: config.logLevel,
      RATE_LIMIT_PER_HOUR: String(config.rateLimitPerHour),
    };

    const fallback = new ApiFunction(this, 'routeNotFound', {
      entry: ROUTE_NOT_FOUND_ENTRY,
      description: '$default: 404, or 405 with Allow',
      environment: { ...environment },
      access: 'none',
      logRetention: config.logRetention,
      memorySize: 256,
    });
    // No table, no token issuer: it answers the bundled document and nothing else.
    const openApi = new ApiFunction(this, 'getOpenApi', {
      entry: OPENAPI_ENTRY,
      description: 'GET /openapi.json (public)',
      environment: { LOG_LEVEL: config.logLevel },
      access: 'none',
      logRetention: config.logRetention,
      memorySize: 256,
    });

    const http = new ShopHttpApi(this, 'Http', {
      routes,
      fallback: fallback.fn,
      openApi: openApi.fn,
      allowedOrigins: corsOrigins(config.allowedOrigins, consoleHosting?.origin),
      throttle: config.throttle,
      logRetention: config.logRetention,
    });

    if (consoleHosting && auth?.consoleClient) {
      consoleHosting.deploy({
        apiUrl: http.api.apiEndpoint,
        shop: config.shopId,
        signIn: {
          kind: 'cognito',
          domain: auth.domain.baseUrl(),
          clientId: auth.consoleClient.userPoolClientId,
          scopes: [...CONSOLE_SCOPES],
          redirectUri: `${consoleHosting.url}callback`,
          logoutUri: consoleHosting.url,
        },
      });
    }

    // The routes' functions and API routes, one nested stack per route group (infra/route-groups.ts):
    // about 7 resources a route would take the one template past CloudFormation's 500.
    const idempotency = new IdempotencySecret(this, 'Idempotency', { shopId: config.shopId });
    const media = new MediaStorage(this, 'Media', { shopId: config.shopId });
    // GET /products/export writes its files to a bucket of their own (docs/catalog.md "Export").
    const exportStorage = new ExportStorage(this, 'Exports');
    // Newsletter tokens are signed with a secret of their own (docs/catalog.md "Newsletters").
    const newsletter = new NewsletterSecret(this, 'Newsletter', { shopId: config.shopId });
    const extras = new Map<string, RouteFunctionExtras>([
      ['exportProducts', { ...EXPORT_FUNCTION, grant: (fn: ApiFunction) => exportStorage.grantTo(fn) }],
      ...routes
        .filter((route) => route.newsletterTokens)
        .map((route): [string, RouteFunctionExtras] => [
          route.name,
          { grant: (fn: ApiFunction) => newsletter.grantTo(fn) },
        ]),
    ]);
    for (const [group, members] of routeGroups(routes)) {
      const nested = new RouteGroupStack(this, routeGroupId(group), {
        routes: members,
        api: http.api,
        table,
        idempotency,
        environment,
        rateLimitKeyPrefix: rateLimitKeyPrefix(config.shopId),
        logRetention: config.logRetention,
        media,
        extras,
      });
      this.routeGroups.push(nested);
      for (const [name, fn] of nested.functions) this.functions.set(name, fn);
    }

    const events = new EventPublisher(this, 'Events', {
      shopId: config.shopId,
      table,
      logRetention: config.logRetention,
      logLevel: config.logLevel,
    });

    // GET /sales reads totals a second stream consumer keeps (docs/orders.md "Sales figures").
    const sales = new SalesTally(this, 'Sales', {
      table,
      logRetention: config.logRetention,
      logLevel: config.logLevel,
    });

    // Merchants' callbacks for domain events (docs/webhooks.md).
    const webhooks = new WebhookDelivery(this, 'Webhooks', {
      shopId: config.shopId,
      table,
      bus: events.bus,
      source: events.source,
      apiBaseUrl: http.url,
      logRetention: config.logRetention,
      logLevel: config.logLevel,
    });

    const housekeeping = {
      shopId: config.shopId,
      table,
      logRetention: config.logRetention,
      logLevel: config.logLevel,
    };
    // Stock set aside by checkouts that died goes back within about a minute (docs/inventory.md).
    const holds = new EveryMinuteTask(this, 'StockHolds', {
      ...housekeeping,
      entry: SWEEP_STOCK_HOLDS_ENTRY,
      description: 'Gives back the stock of checkouts that died before ending their hold',
      ruleDescription: `Sweeps the stock holds of shop ${config.shopId}`,
    });
    // A cancellation a request left unfinished (stock back, credit note) is finished within about a minute (docs/orders.md).
    const cancellations = new EveryMinuteTask(this, 'Cancellations', {
      ...housekeeping,
      entry: FINISH_CANCELLATIONS_ENTRY,
      description: 'Finishes cancellations of orders that a request left unfinished',
      ruleDescription: `Finishes the cancellations of shop ${config.shopId}`,
    });

    // The catalog log's entries a new snapshot made unnecessary, deleted paced and off the request
    // path (docs/catalog.md "Compaction").
    const catalogLog = new EveryMinuteTask(this, 'CatalogLog', {
      ...housekeeping,
      entry: PRUNE_CATALOG_LOG_ENTRY,
      description: 'Deletes the catalog change-log entries a new snapshot made unnecessary',
      ruleDescription: `Prunes the catalog change log of shop ${config.shopId}`,
    });

    const allFunctions: IFunction[] = [
      ...[...this.functions.values()].map((f) => f.fn),
      fallback.fn,
      openApi.fn,
      events.consumer.fn,
      sales.consumer.fn,
      webhooks.deliverer.fn,
      holds.worker.fn,
      cancellations.worker.fn,
      catalogLog.worker.fn,
      ...(auth ? [auth.claimFunction.fn] : []),
    ];
    const alarms = new ShopAlarms(this, 'Alarms', {
      api: http.api,
      functions: allFunctions,
      table,
      deadLetters: events.deadLetters,
      streamConsumer: events.consumer.fn,
      salesTally: { deadLetters: sales.deadLetters, consumer: sales.consumer.fn },
      webhooks: { deadLetters: webhooks.deadLetters },
      alarmEmail: config.alarmEmail,
    });
    const dashboard = new ShopDashboard(this, 'Dashboard', {
      shopId: config.shopId,
      dashboardName: this.stackName,
      api: http.api,
      functions: allFunctions,
      table,
    });

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('ApiUrl', http.url, 'Base URL of the API: <ApiUrl><shopId>/...');
    output('TableName', table.tableName, 'The shop table (npm run import -- --table ...)');
    output('EventBusName', events.bus.eventBusName, `Domain events, source ${events.source}`);
    output('AlarmTopicArn', alarms.topic.topicArn, 'SNS topic of the alarms');
    output('DashboardUrl', dashboard.url, 'CloudWatch dashboard of the shop');
    output('AccessLogGroup', http.accessLogs.logGroupName, 'HTTP API access log (one JSON line per request)');
    output('MediaBaseUrl', media.baseUrl, 'Public base URL of the product images (CloudFront)');
    output('AuthIssuer', issuer.issuer, 'Expected iss of access tokens');
    if (auth) {
      output('TokenUrl', auth.tokenUrl, 'OAuth 2.0 token endpoint (client credentials)');
      output('UserPoolId', auth.userPool.userPoolId, 'Cognito user pool of the shop');
      output('BackOfficeClientId', auth.backOfficeClient.userPoolClientId, 'Back office: every scope');
      output('StorefrontClientId', auth.storefrontClient.userPoolClientId, 'Storefront: no route scope');
    }
    if (consoleHosting && auth?.consoleClient) {
      output(
        'ConsoleUrl',
        consoleHosting.url,
        'The merchant console (staff sign in; npm run staff adds them)',
      );
      output(
        'ConsoleClientId',
        auth.consoleClient.userPoolClientId,
        'Console: public client, scopes by group',
      );
    }
  }
}
