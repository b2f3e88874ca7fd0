import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { nativePlatformFromContext } from './bundling-options';
import { functionCode } from './function-code';
import { tableResources } from './shop-table';

/**
 * The runtime configuration every API function gets (lib/config.ts reads it at cold start).
 * AUTH_AUDIENCE '' = no audience check: Cognito access tokens carry no `aud`.
 */
export interface ApiEnvironment {
  TABLE_NAME: string;
  AUTH_ISSUER: string;
  AUTH_AUDIENCE: string;
  AUTH_JWKS_URI: string;
  /** Only this scope prefix is stripped (the stack's Cognito resource server: `shop-api/`). */
  AUTH_SCOPE_PREFIX: string;
  /** The clients whose tokens open the shop ('' = any client of the issuer). */
  AUTH_CLIENT_IDS: string;
  /** The longest a token may live, in seconds. */
  AUTH_MAX_TOKEN_LIFETIME: string;
  LEGACY_ACCEPT: 'true' | 'false';
  LOG_LEVEL: string;
  /** docs/api-rules.md "Rate limit": read by the rate-limit middleware. */
  RATE_LIMIT_PER_HOUR: string;
}

/**
 * DynamoDB actions per level of table access, on the table and its indexes only. Transactions
 * need no action of their own: IAM authorizes each item of TransactWriteItems by its PutItem,
 * UpdateItem, DeleteItem or ConditionCheckItem action, and TransactGetItems by GetItem.
 */
export const TABLE_ACTIONS = {
  none: [],
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const satisfies Record<string, readonly string[]>;

export type TableAccess = keyof typeof TABLE_ACTIONS;

export interface ApiFunctionProps {
  /** Handler module relative to the repository root (a route's `handler`); exports `handler`. */
  entry: string;
  description: string;
  /** Environment beyond NODE_OPTIONS: the typed API environment, or another function's own. */
  environment: Readonly<Record<string, string>>;
  table?: ITable;
  access: TableAccess;
  /**
   * Partition-key prefix of the shop's rate-limit counters: every API route counts its requests
   * (docs/api-rules.md "Rate limit"), so a read-only route may also UpdateItem, but only items under it.
   */
  rateLimitKeyPrefix?: string;
  logRetention: RetentionDays;
  memorySize?: number;
  timeout?: Duration;
}

/** Defaults of every function: enough memory for a fast cold start, well under API Gateway's 30 s. */
export const FUNCTION_DEFAULTS = { memorySize: 1024, timeout: Duration.seconds(10) } as const;

/**
 * The runtime every function is pinned to (docs/deploy.md "Decisions for the cloud stack"); bundling targets
 * it too (`nodeTarget`).
 */
export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X;

/**
 * One Lambda function with the project's defaults (Node.js 22 on arm64, the shared bundling
 * options, its own log group with retention, source maps on, active X-Ray tracing) and exactly the
 * access it declares: its own role may write its own log group, send traces, and use the table as
 * `access` says. Every function of the stack is made by this construct, so none can drift.
 */
export class ApiFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      // Logs outlive the stack until their retention ends (docs/deploy.md: tearing a shop down).
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Its own role instead of AWSLambdaBasicExecutionRole (logs on every log group of the account):
    // the function may write only its own log group, which exists before the function does.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Function ${id} of the shop API`,
    });
    this.logGroup.grantWrite(this.role);
    this.fn = new LambdaFunction(this, 'Function', {
      code: functionCode(props.entry, nativePlatformFromContext(this.node.tryGetContext('nativePlatform'))),
      handler: 'index.handler',
      description: props.description.slice(0, 256),
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? FUNCTION_DEFAULTS.memorySize,
      timeout: props.timeout ?? FUNCTION_DEFAULTS.timeout,
      logGroup: this.logGroup,
      role: this.role,
      // The X-Ray statements (xray:PutTraceSegments, PutTelemetryRecords) land on the role.
      tracing: Tracing.ACTIVE,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    });
    const actions = TABLE_ACTIONS[props.access];
    if (actions.length > 0) {
      if (!props.table) throw new Error(`${id}: table access '${props.access}' needs a table`);
      this.fn.addToRolePolicy(
        new PolicyStatement({ actions: [...actions], resources: tableResources(props.table) }),
      );
    }
    if (props.rateLimitKeyPrefix !== undefined && props.access === 'read') {
      if (!props.table) throw new Error(`${id}: rate-limit counters need a table`);
      this.fn.addToRolePolicy(rateLimitCounterStatement(props.table, props.rateLimitKeyPrefix));
    }
    NagSuppressions.addResourceSuppressions(this.fn, [
      {
        id: 'AwsSolutions-L1',
        reason: `Pinned to ${FUNCTION_RUNTIME.name} on purpose (docs/deploy.md): the bundles target it and the cold-start budget was measured on it; a runtime upgrade is a reviewed change, not drift.`,
      },
    ]);
    NagSuppressions.addResourceSuppressions(
      this.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so X-Ray requires Resource "*".',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
  }
}

/** UpdateItem on the rate-limit counters only: IAM checks the partition key of the item written. */
export function rateLimitCounterStatement(table: ITable, keyPrefix: string): PolicyStatement {
  return new PolicyStatement({
    actions: ['dynamodb:UpdateItem'],
    resources: [table.tableArn],
    conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${keyPrefix}*`] } },
  });
}
