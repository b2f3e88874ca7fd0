import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_GROUP, STAFF_GROUP } from '../../functions/auth/add-shop-claim';
import { SALES_STREAM } from '../../functions/orders/sales-stream-filter';
import { TABLE_ACTIONS } from '../../infra/constructs/api-function';
import { CONSOLE_CSP } from '../../infra/constructs/console-hosting';
import { CONSOLE_VIEWER_REQUEST } from '../../infra/constructs/console-viewer-request';
import { MAX_METRICS_PER_ALARM } from '../../infra/constructs/shop-alarms';
import {
  ACCESS_LOG_FIELDS,
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
} from '../../infra/constructs/shop-http-api';
import { STREAM_RETRY } from '../../infra/constructs/stream-consumer';
import { routeGroupId, routeGroups } from '../../infra/route-groups';
import { rateLimitKeyPrefix, routeScopes, type ShopStack } from '../../infra/shop-stack';
import { keys } from '../../lib/data/keys';
import { tableDefinition } from '../../lib/data/table';
import { WEBHOOK_TYPE_OF_EVENT } from '../../lib/domain/webhooks/webhook-event';
import { routeList } from '../../lib/routes';
import { METRIC_NAMES, METRIC_NAMESPACE } from '../../lib/telemetry/metric-names';
import type { StackTemplate } from './nested-templates';
import { sharedShopStack, synthShop } from './stack-fixture';
// The suites that read the same synthesized stack (one synthesis for all: stack-fixture.ts).
import './export-storage.suite';
import './idempotency-secret.suite';
import './media-storage.suite';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Effect?: string };

let stack: ShopStack;
let template: Template;
/** Every resource of the parent and its nested stacks, cross-stack references resolved (stack-fixture.ts). */
let resources: Record<string, Resource>;
let templates: StackTemplate[];
let validationReport: { pluginReports: unknown[] } | undefined;

beforeAll(() => {
  ({ stack, template, templates, resources, validationReport } = sharedShopStack());
});

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
/** The logical id of a construct's resource in its own template (the parent's or a nested one). */
const logicalId = (construct: Parameters<typeof Stack.of>[0]) =>
  Stack.of(construct).getLogicalId(construct.node.defaultChild as never);
const routeFunctionId = (name: string) => {
  const fn = stack.functions.get(name);
  if (!fn) throw new Error(`no function for ${name}`);
  return logicalId(fn.fn);
};
/** Every statement of every policy attached to the role of a function. */
function allStatementsOf(functionId: string): Statement[] {
  const roleId = resources[functionId]?.Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}
const actionsOf = (s: { Action: string | string[] }) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
/** What every function may do (its own logs, traces): checked once, below. */
const isBaseline = (s: Statement) =>
  actionsOf(s).every((a) => a.startsWith('logs:') || a.startsWith('xray:'));
/** The statements of a function beyond the baseline: what makes it different from the others. */
const statementsOf = (functionId: string) => allStatementsOf(functionId).filter((s) => !isBaseline(s));
const consoleDistributionId = () => logicalId(stack.node.findChild('Console').node.findChild('Cdn'));
/** `https://<console distribution>` followed by `path`, as CloudFormation writes it. */
const consoleUrl = (path: string) => ({
  'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [consoleDistributionId(), 'DomainName'] }, path]],
});
const tableId = () => ofType('AWS::DynamoDB::Table')[0]?.[0] as string;
/**
 * The handler aws-cdk-lib adds for the console's deployment (Python, runs only during a deploy):
 * not the shop's code, so not held to its functions' rules; checked in "merchant console" below.
 */
const isDeploymentHandler = (id: string) => id.startsWith('CustomCDKBucketDeployment');
/** The shop's own functions: every function but the deployment handler. */
const shopFunctions = () => ofType('AWS::Lambda::Function').filter(([id]) => !isDeploymentHandler(id));

describe('shop stack: functions', () => {
  it('has one function per route, plus the fallback, the API description, the stream consumer, the sales tally, the webhook deliverer, the stock-hold sweeper, the cancellation sweeper, the catalog log pruner and the pre-token trigger', () => {
    // Assess
    expect(shopFunctions()).toHaveLength(routeList.length + 9);
    expect(stack.functions.size).toBe(routeList.length);
    for (const route of routeList) {
      const fn = resources[routeFunctionId(route.name)];
      expect(fn?.Properties.Description).toBe(`${route.method} ${route.path}`);
    }
  });

  it('runs every function on Node.js 22, arm64, with source maps, active tracing and a log group with retention', () => {
    // Assess
    for (const [id, fn] of shopFunctions()) {
      expect(fn.Properties.Runtime, id).toBe('nodejs22.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS, id).toBe('--enable-source-maps');
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      const logGroup = resources[fn.Properties.LoggingConfig.LogGroup.Ref];
      expect(logGroup?.Properties.RetentionInDays, id).toBe(30);
      expect(logGroup?.DeletionPolicy, id).toBe('Retain');
    }
  });

  it('gives every function a role of its own that may write only its own log group and send traces', () => {
    // Assess
    const functions = shopFunctions();
    const roles = new Set(functions.map(([, fn]) => fn.Properties.Role['Fn::GetAtt'][0]));
    expect(roles.size).toBe(functions.length);
    for (const [id, fn] of functions) {
      const role = resources[fn.Properties.Role['Fn::GetAtt'][0]];
      // No AWSLambdaBasicExecutionRole: it may write every log group of the account.
      expect(role?.Properties.ManagedPolicyArns, id).toBeUndefined();
      const baseline = allStatementsOf(id).filter(isBaseline);
      expect(baseline, id).toEqual([
        {
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [fn.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] },
        },
        {
          Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
          Effect: 'Allow',
          Resource: '*',
        },
      ]);
    }
  });

  it('tells every function that may use the table its name (the default would be another table)', () => {
    // Prepare: the functions whose role allows an item action on the table
    const itemActions = /^dynamodb:(GetItem|Query|PutItem|UpdateItem|DeleteItem|Batch\w+)$/;
    const users = ofType('AWS::Lambda::Function').filter(([id]) =>
      allStatementsOf(id).some((s) => actionsOf(s).some((a) => itemActions.test(a))),
    );

    // Assess: the stream consumer was one without (found by the deployment rehearsal)
    expect(users.length).toBe(routeList.length + 6);
    const without = users.filter(
      ([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME?.Ref !== tableId(),
    );
    expect(without.map(([id]) => id)).toEqual([]);
  });

  it('gives the route functions the typed API environment (Cognito: issuer of the pool, no audience)', () => {
    // Prepare
    const env = resources[routeFunctionId('listProducts')]?.Properties.Environment.Variables;

    // Assess
    expect(Object.keys(env).sort()).toEqual(
      [
        'AUTH_AUDIENCE',
        'AUTH_CLIENT_IDS',
        'AUTH_ISSUER',
        'AUTH_JWKS_URI',
        'AUTH_MAX_TOKEN_LIFETIME',
        'AUTH_SCOPE_PREFIX',
        'LEGACY_ACCEPT',
        'LOG_LEVEL',
        'NODE_OPTIONS',
        'RATE_LIMIT_PER_HOUR',
        'TABLE_NAME',
      ].sort(),
    );
    expect(env.AUTH_AUDIENCE).toBe('');
    expect(env.AUTH_SCOPE_PREFIX).toBe('shop-api/');
    expect(env.AUTH_MAX_TOKEN_LIFETIME).toBe('86400');
    expect(env.TABLE_NAME).toEqual({ Ref: tableId() });
    expect(JSON.stringify(env.AUTH_ISSUER)).toMatch(/https:\/\/cognito-idp\./);
    expect(JSON.stringify(env.AUTH_JWKS_URI)).toMatch(/\/\.well-known\/jwks\.json"\]\]\}$/);
    expect(env.LEGACY_ACCEPT).toBe('false');
    expect(env.RATE_LIMIT_PER_HOUR).toBe('6000');
  });
});

describe('shop stack: least privilege', () => {
  // The table and each index by name: no `index/*` wildcard.
  const tableArns = () => [
    { 'Fn::GetAtt': [tableId(), 'Arn'] },
    ...tableDefinition.globalSecondaryIndexes.map((g) => ({
      'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId(), 'Arn'] }, `/index/${g.indexName}`]],
    })),
  ];

  it.each(routeList.map((r) => [r.name, r] as const))(
    '%s may use only the table actions it needs, on this table and its indexes only',
    (_, route) => {
      // Prepare
      const statements = statementsOf(routeFunctionId(route.name));
      const dynamo = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
      const unconditional = dynamo.filter((s) => s.Condition === undefined);
      const conditional = dynamo.filter((s) => s.Condition !== undefined);

      // Assess
      expect(unconditional.length).toBeGreaterThan(0);
      const actions = new Set(unconditional.flatMap(actionsOf));
      expect([...actions].sort()).toEqual([...TABLE_ACTIONS[route.writes ? 'write' : 'read']].sort());
      for (const s of unconditional) expect(s.Resource).toEqual(tableArns());
      if (route.writes) {
        expect(conditional).toEqual([]);
      } else {
        for (const write of ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem']) {
          expect(actions.has(`dynamodb:${write}`)).toBe(false);
        }
        // The one write of a read-only route: its request counter (docs/api-rules.md "Rate limit").
        expect(conditional).toEqual([
          {
            Action: 'dynamodb:UpdateItem',
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
            Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SHOP#demo#RATE#*'] } },
          },
        ]);
      }
      // Beyond the table only the idempotency secret, for idempotent routes, the newsletter secret, for
      // routes with newsletter tokens (both idempotency-secret.suite.ts),
      // and the buckets: media for the image routes (media-storage.suite.ts), exports for the export
      // (export-storage.suite.ts).
      const others = statements.filter(
        (s) => !actionsOf(s).every((a) => a.startsWith('dynamodb:') || a.startsWith('s3:')),
      );
      expect(others.flatMap(actionsOf)).toEqual(
        route.idempotent === 'stored' || route.newsletterTokens ? ['secretsmanager:GetSecretValue'] : [],
      );
    },
  );

  it('derives the rate-limit counter prefix from the key builders', () => {
    // Act
    const prefix = rateLimitKeyPrefix('demo');

    // Assess
    expect(prefix).toBe('SHOP#demo#RATE#');
    expect(keys.rateLimit('demo', 'token-1', 1_763_712_000_000).pk.startsWith(prefix)).toBe(true);
    expect(keys.cart('demo', 'cart-1').pk.startsWith(prefix)).toBe(false);
  });

  it('gives the fallback, the API description and the pre-token trigger no access at all', () => {
    // Prepare
    const fallback = logicalId(stack.node.findChild('routeNotFound').node.findChild('Function'));
    const openApi = logicalId(stack.node.findChild('getOpenApi').node.findChild('Function'));
    const trigger = logicalId(
      stack.node.findChild('Auth').node.findChild('AddShopClaim').node.findChild('Function'),
    );

    // Assess
    expect(statementsOf(fallback)).toEqual([]);
    expect(statementsOf(openApi)).toEqual([]);
    expect(statementsOf(trigger)).toEqual([]);
  });

  it('lets the stream consumer read the stream, use the table (stock events) and put events on its own bus only', () => {
    // Prepare
    const consumer = logicalId(
      stack.node.findChild('Events').node.findChild('Publisher').node.findChild('Function'),
    );
    const bus = ofType('AWS::Events::EventBus')[0]?.[0];
    const queue = ofType('AWS::SQS::Queue')[0]?.[0];

    // Act
    const statements = statementsOf(consumer);

    // Assess
    expect(statements).toEqual(
      expect.arrayContaining([
        { Action: 'events:PutEvents', Effect: 'Allow', Resource: { 'Fn::GetAtt': [bus, 'Arn'] } },
        {
          Action: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
        },
      ]),
    );
    const actions = statements.flatMap(actionsOf);
    // The stock events read the catalog and shards and write the stock views and watchers
    // (docs/inventory.md "Events"): the table's write level, as the routes that write have.
    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual(
      [
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        ...TABLE_ACTIONS.write,
      ].sort(),
    );
    expect(actions.filter((a) => a.startsWith('events:'))).toEqual(['events:PutEvents']);
    expect(
      statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:'))).map((s) => s.Resource),
    ).toEqual([{ 'Fn::GetAtt': [queue, 'Arn'] }]);
  });
});

describe('shop stack: sales tally', () => {
  it('consumes order placements and rejections on a mapping of its own, with retries, bisecting, a dead-letter queue and alarms', () => {
    // Prepare
    const tally = stack.node.findChild('Sales');
    const consumer = logicalId(tally.node.findChild('Tally').node.findChild('Function'));
    const queue = logicalId(tally.node.findChild('DeadLetters'));
    const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => m.Properties.FunctionName.Ref === consumer,
    );
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties.AlarmDescription as string);

    // Assess
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.[1].Properties).toMatchObject({
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: STREAM_RETRY.retryAttempts,
      MaximumRecordAgeInSeconds: STREAM_RETRY.maxRecordAge.toSeconds(),
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
      FilterCriteria: { Filters: SALES_STREAM.filters.map((f) => ({ Pattern: JSON.stringify(f) })) },
    });
    expect(alarms).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/sales totals/),
        expect.stringMatching(/^Order placements/),
      ]),
    );
  });

  it('lets the sales tally read the stream and only put and update items of the table', () => {
    // Prepare
    const consumer = logicalId(
      stack.node.findChild('Sales').node.findChild('Tally').node.findChild('Function'),
    );

    // Act
    const statements = statementsOf(consumer);

    // Assess
    expect(statements).toEqual(
      expect.arrayContaining([
        {
          Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
        },
      ]),
    );
    const tableActions = statements.flatMap(actionsOf).filter((a) => a.startsWith('dynamodb:'));
    expect(tableActions.sort()).toEqual(
      [
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ].sort(),
    );
  });
});

describe('shop stack: webhooks', () => {
  const part = (id: string) => stack.node.findChild('Webhooks').node.findChild(id);

  it('routes the subscribable events of the shop bus to an encrypted queue with a dead-letter queue and an alarm on it', () => {
    // Prepare
    const queue = logicalId(part('Deliveries'));
    const deadLetters = logicalId(part('DeadLetters'));
    const rule = resources[logicalId(part('Events'))];
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);

    // Assess
    expect(resources[queue]?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters, 'Arn'] }, maxReceiveCount: 5 },
    });
    expect(rule?.Properties.EventPattern).toEqual({
      source: ['shop-api.demo'],
      'detail-type': Object.keys(WEBHOOK_TYPE_OF_EVENT),
    });
    expect(rule?.Properties.Targets).toEqual([
      expect.objectContaining({ Arn: { 'Fn::GetAtt': [queue, 'Arn'] } }),
    ]);
    expect(alarms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          AlarmDescription: expect.stringMatching(/^Webhook events or attempts/),
          Threshold: 1,
          Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetters, 'QueueName'] } }],
        }),
      ]),
    );
  });

  it('feeds the deliverer from the queue with partial batch failures, and lets it send only to that queue', () => {
    // Prepare
    const deliverer = logicalId(part('Deliverer').node.findChild('Function'));
    const queue = logicalId(part('Deliveries'));
    const mappings = ofType('AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => m.Properties.FunctionName.Ref === deliverer,
    );

    // Act
    const statements = statementsOf(deliverer);
    const sqsStatements = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:')));

    // Assess
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.[1].Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [queue, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(sqsStatements.length).toBeGreaterThan(0);
    for (const statement of sqsStatements)
      expect(statement.Resource).toEqual({ 'Fn::GetAtt': [queue, 'Arn'] });
    expect(sqsStatements.flatMap(actionsOf)).toEqual(
      expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']),
    );
    expect(resources[deliverer]?.Properties.Environment.Variables).toMatchObject({
      WEBHOOK_QUEUE_URL: { Ref: queue },
    });
  });
});

describe('shop stack: table', () => {
  it('is the one table definition: keys, indexes, on-demand, TTL, stream, PITR, deletion protection, retained', () => {
    // Prepare
    const [[, table]] = ofType('AWS::DynamoDB::Table') as [[string, Resource]];

    // Assess
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: tableDefinition.streamViewType },
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
    });
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      tableDefinition.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        // Keys and a few attributes, never whole items: skipping a list's offset stays cheap.
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...g.nonKeyAttributes] },
      })),
    );
  });
});

describe('shop stack: list counters', () => {
  it("folds the shop's list counters every minute with a function that may write the table", () => {
    // Prepare
    const [[ruleId, rule]] = ofType('AWS::Events::Rule').filter(
      ([, r]) => r.Properties.ScheduleExpression,
    ) as [[string, Resource]];
    const target = rule.Properties.Targets[0];
    const folderId = target.Arn['Fn::GetAtt'][0];

    // Assess
    expect(ruleId).toBeDefined();
    expect(rule.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(JSON.parse(target.Input)).toEqual({ shopId: 'demo' });
    expect(resources[folderId]?.Properties.Handler).toBeDefined();
    const actions = statementsOf(folderId).flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
  });
});

describe('shop stack: catalog log', () => {
  it('prunes the catalog change log every minute, off the request path, with a function that may delete from the table', () => {
    // Prepare
    const [[, rule]] = ofType('AWS::Events::Rule').filter(
      ([, r]) => r.Properties.Description === 'Prunes the catalog change log of shop demo',
    ) as [[string, Resource]];
    const prunerId = rule.Properties.Targets[0].Arn['Fn::GetAtt'][0];

    // Assess
    expect(rule.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(JSON.parse(rule.Properties.Targets[0].Input)).toEqual({ shopId: 'demo' });
    expect(resources[prunerId]?.Properties.Description).toBe(
      'Deletes the catalog change-log entries a new snapshot made unnecessary',
    );
    expect(statementsOf(prunerId).flatMap(actionsOf)).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchWriteItem']),
    );
  });
});

describe('shop stack: HTTP API', () => {
  it('routes exactly the route table, each row to its own function, GET /openapi.json, and the rest to $default', () => {
    // Prepare
    const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration'));
    const targetOf = (route: Resource) => {
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
      return integrations[integrationId]?.Properties.IntegrationUri['Fn::GetAtt'][0];
    };
    const apiRoutes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r);

    // Assess
    expect(apiRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(
      [...routeList.map((r) => `${r.method} ${r.path}`), 'GET /openapi.json', '$default'].sort(),
    );
    for (const route of routeList) {
      const apiRoute = apiRoutes.find((r) => r.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(apiRoute && targetOf(apiRoute), route.name).toBe(routeFunctionId(route.name));
    }
    const fallback = apiRoutes.find((r) => r.Properties.RouteKey === '$default');
    expect(fallback && targetOf(fallback)).toBe(
      logicalId(stack.node.findChild('routeNotFound').node.findChild('Function')),
    );
    for (const [, integration] of Object.entries(integrations)) {
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
    }
  });

  it('serves GET /openapi.json without any authorizer, from a function with nothing but the document', () => {
    // Prepare
    const openApiId = logicalId(stack.node.findChild('getOpenApi').node.findChild('Function'));
    const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration'));
    const [route] = ofType('AWS::ApiGatewayV2::Route')
      .map(([, r]) => r)
      .filter((r) => r.Properties.RouteKey === 'GET /openapi.json');
    const integrationId = route?.Properties.Target['Fn::Join'][1][1].Ref;
    const fn = resources[openApiId] as Resource;

    // Assess
    expect(route?.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(route?.Properties.AuthorizerId).toBeUndefined();
    expect(integrations[integrationId]?.Properties.IntegrationUri['Fn::GetAtt'][0]).toBe(openApiId);
    expect(fn.Properties.Description).toBe('GET /openapi.json (public)');
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(['LOG_LEVEL', 'NODE_OPTIONS']);
  });

  it('writes one JSON access-log line per request (request id, route, status, latencies) to a log group with retention', () => {
    // Prepare
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const { DestinationArn, Format } = stage.Properties.AccessLogSettings;
    const logGroup = resources[DestinationArn['Fn::GetAtt'][0]];

    // Act
    const fields = JSON.parse(Format);

    // Assess
    expect(fields).toEqual(ACCESS_LOG_FIELDS);
    expect(fields).toMatchObject({
      requestId: '$context.requestId',
      route: '$context.routeKey',
      status: '$context.status',
      latency: '$context.responseLatency',
      integrationLatency: '$context.integrationLatency',
    });
    expect(logGroup?.Type).toBe('AWS::Logs::LogGroup');
    expect(logGroup?.Properties.RetentionInDays).toBe(30);
    expect(template.toJSON().Outputs.AccessLogGroup.Value).toEqual({ Ref: DestinationArn['Fn::GetAtt'][0] });
  });

  it('throttles the stage as a safety net and allows the configured origins with the API headers', () => {
    // Assess
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: {
        AllowOrigins: [
          'https://shop.example.com',
          'https://admin.example.com',
          { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [consoleDistributionId(), 'DomainName'] }]] },
        ],
        AllowHeaders: [...CORS_ALLOW_HEADERS],
        ExposeHeaders: [...CORS_EXPOSE_HEADERS],
      },
    });
    expect(CORS_EXPOSE_HEADERS).toEqual(
      expect.arrayContaining([
        'X-Service-Cart-Token',
        'X-RateLimit-Remaining',
        'Retry-After',
        'Server-Timing',
      ]),
    );
  });
});

describe('shop stack: Cognito', () => {
  it('has a resource server whose scopes are exactly the scopes of the route table', () => {
    // Prepare
    const server = ofType('AWS::Cognito::UserPoolResourceServer').find(
      ([, r]) => r.Properties.Identifier === 'shop-api',
    )?.[1];
    const tableScopes = new Set(routeList.flatMap((r) => (r.scope ? [r.scope] : [])));

    // Assess
    const scopes = server?.Properties.Scopes.map((s: { ScopeName: string }) => s.ScopeName);
    expect(new Set(scopes)).toEqual(tableScopes);
    expect(scopes).toHaveLength(tableScopes.size);
    expect(routeScopes(routeList)).toEqual(scopes);
  });

  it('has a back-office client with every scope and a storefront client with no route scope', () => {
    // Prepare
    const clients = Object.fromEntries(
      ofType('AWS::Cognito::UserPoolClient').map(([, c]) => [c.Properties.ClientName, c.Properties]),
    );
    const scopeNames = (c: { AllowedOAuthScopes: { 'Fn::Join': [string, [unknown, string]] }[] }) =>
      c.AllowedOAuthScopes.map((s) => s['Fn::Join'][1][1].slice(1));

    // Assess: the machine clients (the console's is below).
    for (const name of ['back-office', 'storefront']) {
      expect(clients[name]).toMatchObject({
        AllowedOAuthFlows: ['client_credentials'],
        GenerateSecret: true,
      });
    }
    expect(new Set(scopeNames(clients['back-office']))).toEqual(new Set(routeScopes(routeList)));
    expect(scopeNames(clients.storefront)).toEqual(['storefront']);
    expect(routeScopes(routeList)).not.toContain('storefront');
  });

  it('adds the shop claim with a V3 pre-token trigger (Essentials plan) and serves tokens on a prefix domain', () => {
    // Prepare
    const trigger = logicalId(
      stack.node.findChild('Auth').node.findChild('AddShopClaim').node.findChild('Function'),
    );

    // Assess
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'ESSENTIALS',
      LambdaConfig: {
        PreTokenGenerationConfig: { LambdaArn: { 'Fn::GetAtt': [trigger, 'Arn'] }, LambdaVersion: 'V3_0' },
      },
    });
    expect(resources[trigger]?.Properties.Environment.Variables).toMatchObject({
      SHOP_ID: 'demo',
      SHOP_SCOPES: routeScopes(routeList).join(','),
      SCOPE_PREFIX: 'shop-api/',
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: { 'Fn::Join': ['', ['shop-demo-', { Ref: 'AWS::AccountId' }]] },
    });
  });

  it('outputs what a merchant needs: API URL, token URL, client ids, user pool id, table name', () => {
    // Assess
    const outputs = Object.keys(template.toJSON().Outputs);
    expect(outputs).toEqual(
      expect.arrayContaining([
        'ApiUrl',
        'TokenUrl',
        'BackOfficeClientId',
        'StorefrontClientId',
        'UserPoolId',
        'TableName',
        'EventBusName',
        'DashboardUrl',
        'AccessLogGroup',
      ]),
    );
  });
});

describe('shop stack: merchant console', () => {
  it('has a public client for the authorization code grant through the login pages, back to the console', () => {
    // Prepare
    const client = ofType('AWS::Cognito::UserPoolClient').find(
      ([, c]) => c.Properties.ClientName === 'console',
    )?.[1];

    // Assess: no secret (a browser keeps none), openid and email only (the API scopes come by group).
    expect(client?.Properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email'],
      SupportedIdentityProviders: ['COGNITO'],
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: 60,
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
    });
    expect(client?.Properties.CallbackURLs).toEqual([consoleUrl('/admin/callback')]);
    expect(client?.Properties.LogoutURLs).toEqual([consoleUrl('/admin/')]);
  });

  it('has the staff groups the pre-token trigger turns into scopes, and lets staff recover a password by e-mail', () => {
    // Prepare
    const groups = ofType('AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties.GroupName);
    const [, pool] = ofType('AWS::Cognito::UserPool')[0] as [string, Resource];

    // Assess
    expect(groups.sort()).toEqual([STAFF_GROUP, READ_ONLY_GROUP].sort());
    expect(pool.Properties).toMatchObject({
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
    expect(JSON.stringify(pool.Properties.AdminCreateUserConfig.InviteMessageTemplate)).toContain('{####}');
    // The stack's own pool: every client of it may call the API, the console's too.
    expect(resources[routeFunctionId('listOrders')]?.Properties.Environment.Variables.AUTH_CLIENT_IDS).toBe(
      '',
    );
  });

  it('serves the console from a private bucket through CloudFront: origin access control, HTTPS, security headers, the routing function', () => {
    // Prepare
    const distribution = resources[consoleDistributionId()]?.Properties.DistributionConfig;
    const behavior = distribution.DefaultCacheBehavior;
    const [functionId, routing] = ofType('AWS::CloudFront::Function')[0] as [string, Resource];
    const headers = resources[behavior.ResponseHeadersPolicyId.Ref]?.Properties.ResponseHeadersPolicyConfig;
    const bucketId = ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('Console'))?.[0];
    const allows = ofType('AWS::S3::BucketPolicy')
      .filter(([, p]) => p.Properties.Bucket.Ref === bucketId)
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .filter((st: { Effect: string }) => st.Effect === 'Allow');

    // Assess
    expect(behavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD'],
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      ],
    });
    expect(distribution.Origins[0].OriginAccessControlId).toBeDefined();
    expect(routing.Properties.FunctionCode).toBe(CONSOLE_VIEWER_REQUEST);
    expect(headers.SecurityHeadersConfig).toEqual({
      ContentSecurityPolicy: { ContentSecurityPolicy: CONSOLE_CSP, Override: true },
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 63_072_000,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
    });
    expect(allows).toEqual([
      expect.objectContaining({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } }),
    ]);
    expect(resources[bucketId as string]?.Properties.PublicAccessBlockConfiguration).toMatchObject({
      BlockPublicPolicy: true,
      RestrictPublicBuckets: true,
    });
  });

  it('deploys the placeholder page (no build here) and config.json under admin/, not cached, with the deploy-time values', () => {
    // Prepare
    const deployments = ofType('Custom::CDKBucketDeployment');
    const [, pages] = deployments[0] as [string, Resource];
    const markers = JSON.stringify(pages.Properties.SourceMarkers);
    const clientId = ofType('AWS::Cognito::UserPoolClient').find(
      ([, c]) => c.Properties.ClientName === 'console',
    )?.[0];
    const apiId = ofType('AWS::ApiGatewayV2::Api')[0]?.[0];
    const domainId = ofType('AWS::Cognito::UserPoolDomain')[0]?.[0];

    // Assess
    expect(deployments).toHaveLength(1);
    expect(pages.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'admin/',
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
      RetainOnDelete: false,
    });
    for (const id of [clientId, apiId, domainId, consoleDistributionId()])
      expect(markers, id).toContain(`"${id}"`);
    // One deployment handler, in the parent stack, with a log group that has a retention.
    expect(ofType('AWS::Lambda::Function').filter(([id]) => isDeploymentHandler(id))).toHaveLength(1);
  });

  it('outputs the console URL and its client id', () => {
    // Assess
    const outputs = template.toJSON().Outputs;
    expect(outputs.ConsoleUrl.Value).toEqual(consoleUrl('/admin/'));
    expect(outputs.ConsoleClientId).toBeDefined();
  });
});

describe('shop stack: domain events and alarms', () => {
  it('consumes INSERTs of carts, orders, documents and customers, changes of orders, writes of stock shards, catalog log entries of product writes and newsletter sign-ups with retries, bisecting and a dead-letter queue', () => {
    // Assess
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: STREAM_RETRY.retryAttempts,
      MaximumRecordAgeInSeconds: STREAM_RETRY.maxRecordAge.toSeconds(),
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { kind: { S: ['cart', 'order', 'document', 'customer'] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['MODIFY'],
              dynamodb: { NewImage: { kind: { S: ['order'] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT', 'MODIFY'],
              dynamodb: { NewImage: { kind: { S: ['stock'] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { productEvents: [{ exists: true }] } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT', 'MODIFY'],
              dynamodb: {
                NewImage: { kind: { S: ['newsletterSubscriber'] }, confirmToken: [{ exists: true }] },
              },
            }),
          },
        ],
      },
    });
    template.resourceCountIs('AWS::Events::EventBus', 1);
  });

  it('alarms on API 5xx, Lambda errors and throttles of every function, DynamoDB errors, by e-mail', () => {
    // Prepare
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const topic = ofType('AWS::SNS::Topic')[0]?.[0];
    const watched = (metricName: string) =>
      new Set(
        alarms.flatMap((a) =>
          (a.Metrics ?? [])
            .filter((m: any) => m.MetricStat?.Metric.MetricName === metricName)
            .map((m: any) => m.MetricStat.Metric.Dimensions[0].Value.Ref),
        ),
      );
    // The console's deployment handler runs during deploys only, and CloudFormation reports its failures.
    const allFunctions = new Set(shopFunctions().map(([id]) => id));

    // Assess
    expect(watched('Errors')).toEqual(allFunctions);
    expect(watched('Throttles')).toEqual(allFunctions);
    expect(watched('5xx').size).toBe(1);
    expect(watched('SystemErrors').size).toBe(1);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topic }]);
      const metrics = (alarm.Metrics ?? []).filter((m: any) => m.MetricStat);
      expect(metrics.length).toBeLessThanOrEqual(MAX_METRICS_PER_ALARM);
    }
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it('gives every log group of the stack a retention and keeps it when the stack is destroyed', () => {
    // Prepare
    const logGroups = ofType('AWS::Logs::LogGroup');

    // Assess: one per function plus the access log, nothing left to Lambda's implicit groups.
    expect(logGroups).toHaveLength(ofType('AWS::Lambda::Function').length + 1);
    for (const [id, logGroup] of logGroups) {
      expect(logGroup.Properties.RetentionInDays, id).toBe(30);
      expect(logGroup.DeletionPolicy, id).toBe('Retain');
    }
  });

  it('has a dashboard of the shop: API, business metrics (EMF), Lambda, DynamoDB and per-route graphs', () => {
    // Prepare
    const [[dashboardId, dashboard]] = ofType('AWS::CloudWatch::Dashboard') as [[string, Resource]];
    const parts: unknown[] = dashboard.Properties.DashboardBody['Fn::Join'][1];
    const body = JSON.parse(parts.map((p) => (typeof p === 'string' ? p : 'TOKEN')).join(''));
    const lines: unknown[][] = body.widgets.flatMap(
      (w: { properties: { metrics?: unknown[][] } }) => w.properties.metrics ?? [],
    );
    const metrics = new Set(lines.filter((l) => typeof l[0] === 'string').map((l) => `${l[0]} ${l[1]}`));
    const searches = lines.flatMap((l) =>
      typeof l[0] === 'object' ? [(l[0] as { expression: string }).expression] : [],
    );
    const stats = (namespace: string, name: string) =>
      lines
        .filter((l) => l[0] === namespace && l[1] === name)
        .map((l) => (l[l.length - 1] as { stat: string }).stat);

    // Assess: the names the functions' EMF writes (issue "Operations"), exactly.
    expect(METRIC_NAMESPACE).toBe('ShopApi');
    expect(
      [
        ...Object.values(METRIC_NAMES.shop),
        ...Object.values(METRIC_NAMES.route),
        ...Object.values(METRIC_NAMES.currency),
      ].sort(),
    ).toEqual(
      [
        'OrdersPlaced',
        'CartsCreated',
        'OrderValue',
        'CouponsRedeemed',
        'RateLimitRefusals',
        'Latency',
        'ClientErrors',
        'ServerErrors',
        'DynamoCalls',
        'ReadUnits',
        'WriteUnits',
      ].sort(),
    );
    expect(dashboard.Properties.DashboardName).toBe('ShopApi-demo');
    for (const name of ['Count', '4xx', '5xx', 'Latency', 'IntegrationLatency']) {
      expect(metrics).toContain(`AWS/ApiGateway ${name}`);
    }
    expect(stats('AWS/ApiGateway', 'Latency')).toEqual(['p50', 'p99']);
    for (const name of ['Errors', 'Throttles', 'Duration']) expect(metrics).toContain(`AWS/Lambda ${name}`);
    for (const name of [
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ReadThrottleEvents',
      'WriteThrottleEvents',
    ]) {
      expect(metrics).toContain(`AWS/DynamoDB ${name}`);
    }
    for (const name of Object.values(METRIC_NAMES.shop))
      expect(metrics).toContain(`${METRIC_NAMESPACE} ${name}`);
    expect(lines.find((l) => l[1] === METRIC_NAMES.shop.OrdersPlaced)?.slice(2, 4)).toEqual([
      'shopId',
      'demo',
    ]);
    for (const name of Object.values(METRIC_NAMES.route)) {
      expect(searches).toContainEqual(
        expect.stringContaining(`{ShopApi,shopId,route} MetricName="${name}" shopId="demo"`),
      );
    }
    expect(searches).toContainEqual(
      expect.stringContaining(`{ShopApi,shopId,currency} MetricName="${METRIC_NAMES.currency.OrderValue}"`),
    );
    // Every function's errors and throttles are in the sums (ids are per line: METRICS('errors')).
    const functionCount = shopFunctions().length;
    expect(lines.filter((l) => l[0] === 'AWS/Lambda' && l[1] === 'Throttles')).toHaveLength(functionCount);
    expect(lines.filter((l) => l[0] === 'AWS/Lambda' && l[1] === 'Errors')).toHaveLength(functionCount);
    expect(JSON.stringify(template.toJSON().Outputs.DashboardUrl.Value)).toContain(
      '#dashboards:name=ShopApi-demo',
    );
    expect(dashboardId).toBeDefined();
  });

  it('passes the CloudFormation validation of CDK and stays well inside the 500 resources of a stack', () => {
    // Assess
    expect(validationReport?.pluginReports).toEqual([]);
    // About 7 resources a route (function, role, policy, log group, permission, integration, route)
    // would take one template past 500; each route group has a nested stack (infra/route-groups.ts).
    expect(templates.map((t) => t.name)).toEqual([
      'parent',
      ...[...routeGroups(routeList).keys()].map(routeGroupId),
    ]);
    for (const { name, json } of templates)
      expect(Object.keys(json.Resources).length, name).toBeLessThan(400);
  });

  it('keeps the routes in the nested stacks of their groups and the shared resources in the parent', () => {
    // Prepare
    const [parent, ...nested] = templates as [StackTemplate, ...StackTemplate[]];
    const typesOf = (t: StackTemplate) =>
      new Set(Object.values<Resource>(t.json.Resources).map((r) => r.Type));
    const countOf = (t: StackTemplate, type: string) =>
      Object.values<Resource>(t.json.Resources).filter((r) => r.Type === type).length;

    // Assess: the parent has the nine functions outside the route table (and the console's deployment
    // handler) and no route of it.
    expect(countOf(parent, 'AWS::Lambda::Function')).toBe(10);
    expect(countOf(parent, 'AWS::ApiGatewayV2::Route')).toBe(2);
    expect(countOf(parent, 'AWS::CloudFormation::Stack')).toBe(nested.length);
    for (const [i, [, members]] of [...routeGroups(routeList)].entries()) {
      const group = nested[i] as StackTemplate;
      expect(countOf(group, 'AWS::Lambda::Function'), group.name).toBe(members.length);
      expect(countOf(group, 'AWS::ApiGatewayV2::Route'), group.name).toBe(members.length);
      expect(typesOf(group), group.name).toEqual(
        new Set([
          'AWS::Lambda::Function',
          'AWS::IAM::Role',
          'AWS::IAM::Policy',
          'AWS::Logs::LogGroup',
          'AWS::Lambda::Permission',
          'AWS::ApiGatewayV2::Integration',
          'AWS::ApiGatewayV2::Route',
        ]),
      );
    }
  });
});

describe('shop stack with an external issuer', () => {
  it('has no Cognito and hands the given issuer, JWKS and audience to the functions', () => {
    // Prepare
    const { resources: external } = synthShop(
      {
        issuerUrl: 'https://id.example.com/',
        audience: 'shop-api',
        clientIds: 'erp',
        scopePrefix: 'api://shop/',
      },
      { routes: routeList.slice(0, 2) },
    );

    // Act
    const types = new Set(Object.values<Resource>(external).map((r) => r.Type));
    const fn = Object.values<Resource>(external).find(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment.Variables.AUTH_ISSUER,
    );

    // Assess
    expect([...types].filter((t) => t.startsWith('AWS::Cognito::'))).toEqual([]);
    // No console either: it signs staff in through the stack's own pool.
    expect(types.has('Custom::CDKBucketDeployment')).toBe(false);
    expect(types.has('AWS::CloudFront::Function')).toBe(false);
    expect(fn?.Properties.Environment.Variables).toMatchObject({
      AUTH_ISSUER: 'https://id.example.com/',
      AUTH_JWKS_URI: 'https://id.example.com/.well-known/jwks.json',
      AUTH_AUDIENCE: 'shop-api',
      AUTH_CLIENT_IDS: 'erp',
      AUTH_SCOPE_PREFIX: 'api://shop/',
    });
    // The two routes' functions, the fallback, the API description, the stream consumer, the sales
    // tally, the webhook deliverer, the stock-hold sweeper, the cancellation sweeper and the catalog
    // log pruner.
    expect(Object.values<Resource>(external).filter((r) => r.Type === 'AWS::Lambda::Function')).toHaveLength(
      2 + 8,
    );
  });
});
