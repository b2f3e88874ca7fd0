import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StackScope, Template, TemplateResource } from './intrinsics';

/**
 * What the rehearsal needs of a synthesized cloud assembly (`cdk.out`): the shop stack's template and
 * its nested stacks' templates, read into the functions (asset folder, handler, environment as
 * written), the HTTP API's routes, the event source mappings, the rules and the queues. Nothing here
 * comes from the sources: what the template does not say, the rehearsal does not do.
 */

export interface AssemblyFunction {
  /** The construct path without the stack and `/Function/Resource`: `CartsRoutes/createCart`. */
  name: string;
  /** As Lambda would name it: `ShopApi-demo-CartsRoutes-createCart` (at most 64 characters). */
  functionName: string;
  logicalId: string;
  scope: StackScope;
  /** The asset folder, absolute: the function's code and nothing else. */
  assetDir: string;
  /** Lambda's handler setting: `index.handler`. */
  handler: string;
  /** The template's environment variables, unevaluated (intrinsics inside). */
  environment: Record<string, unknown>;
  timeoutSeconds: number;
  memoryMb: number;
  runtime: string;
}

export interface EventSourceMapping {
  function: AssemblyFunction;
  /** The table's stream or a queue (its logical id and stack). */
  source: { kind: 'table-stream' | 'queue'; logicalId: string; scope: StackScope };
  batchSize: number;
  /** Event patterns, parsed from FilterCriteria (stream mappings). */
  filters: unknown[];
  reportsItemFailures: boolean;
}

export interface ScheduleTarget {
  function: AssemblyFunction;
  expression: string;
  /** The event the schedule sends (Input), parsed. */
  input: Record<string, unknown>;
}

export interface BusRule {
  logicalId: string;
  pattern: Record<string, unknown>;
  /** Queues the rule sends matching events to, by logical id (its stack's). */
  queues: string[];
}

export interface AssemblyQueue {
  logicalId: string;
  visibilityTimeoutSeconds: number;
  /** After this many receives a message goes to `deadLetterQueue`. */
  maxReceiveCount?: number;
  deadLetterQueue?: string;
}

export interface Assembly {
  directory: string;
  stackName: string;
  stacks: StackScope[];
  /** The parameters the parent passes each nested stack, unevaluated (in the parent's scope). */
  nestedParameters: Map<StackScope, Record<string, unknown>>;
  functions: AssemblyFunction[];
  /** `GET /{shopId}/carts/{cartId}` → its function; `$default` too. */
  routes: Map<string, AssemblyFunction>;
  mappings: EventSourceMapping[];
  schedules: ScheduleTarget[];
  busRules: BusRule[];
  queues: AssemblyQueue[];
  /** Logical ids, with their stack, of the resources the twin must provide, by type. */
  resources(type: string): { logicalId: string; scope: StackScope; resource: TemplateResource }[];
}

interface Manifest {
  artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
}

/** Reads the one shop stack of an assembly folder, nested stacks included (their parameters unevaluated). */
export function readAssembly(directory: string): Assembly {
  const manifestFile = join(directory, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${directory} holds no cloud assembly (no manifest.json)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const stacks = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack');
  if (stacks.length !== 1) throw new Error(`${directory}: expected one shop stack, found ${stacks.length}`);
  const [stackName, artifact] = stacks[0] as [string, { properties?: { templateFile?: string } }];
  const readTemplate = (file: string) => JSON.parse(readFileSync(join(directory, file), 'utf8')) as Template;
  const root: StackScope = {
    name: stackName,
    template: readTemplate(artifact.properties?.templateFile ?? `${stackName}.template.json`),
    parameters: {},
  };
  const scopes = [root];
  const nestedParameters = new Map<StackScope, Record<string, unknown>>();
  for (const [id, resource] of Object.entries(root.template.Resources)) {
    if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
    const nested = {
      name: `${stackName}-${id}`,
      template: readTemplate(String(resource.Metadata?.['aws:asset:path'])),
      parameters: {},
    };
    scopes.push(nested);
    nestedParameters.set(nested, (resource.Properties?.Parameters as Record<string, unknown>) ?? {});
  }
  const all = (type: string) =>
    scopes.flatMap((scope) =>
      Object.entries(scope.template.Resources)
        .filter(([, r]) => r.Type === type)
        .map(([logicalId, resource]) => ({ logicalId, scope, resource })),
    );
  const functions = all('AWS::Lambda::Function').map(({ logicalId, scope, resource }) =>
    functionOf(directory, stackName, logicalId, scope, resource),
  );
  const functionIn = (scope: StackScope, logicalId: string) => {
    const found = functions.find((f) => f.scope === scope && f.logicalId === logicalId);
    if (!found) throw new Error(`${scope.name}: no function ${logicalId}`);
    return found;
  };
  return {
    directory,
    stackName,
    stacks: scopes,
    nestedParameters,
    functions,
    routes: routesOf(all('AWS::ApiGatewayV2::Route'), functionIn),
    mappings: all('AWS::Lambda::EventSourceMapping').map(({ scope, resource }) =>
      mappingOf(scope, resource, functionIn),
    ),
    schedules: all('AWS::Events::Rule').flatMap(({ scope, resource }) =>
      schedulesOf(scope, resource, functionIn),
    ),
    busRules: all('AWS::Events::Rule').flatMap(({ logicalId, resource }) => busRuleOf(logicalId, resource)),
    queues: all('AWS::SQS::Queue').map(({ logicalId, resource }) => queueOf(logicalId, resource)),
    resources: all,
  };
}

function functionOf(
  directory: string,
  stackName: string,
  logicalId: string,
  scope: StackScope,
  resource: TemplateResource,
): AssemblyFunction {
  const props = resource.Properties ?? {};
  const path = String(resource.Metadata?.['aws:cdk:path'] ?? logicalId);
  const asset = resource.Metadata?.['aws:asset:path'];
  if (typeof asset !== 'string')
    throw new Error(`${path}: no asset path in its metadata (synthesized without assets?)`);
  const environment =
    (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  const name = path
    .split('/')
    .slice(1)
    .filter((part) => part !== 'Function' && part !== 'Resource')
    .map((part) => part.replace(/\.NestedStack$/, ''))
    .filter((part, i, parts) => parts.indexOf(part) === i)
    .join('/');
  return {
    name,
    functionName: `${stackName}-${name.replaceAll('/', '-')}`.slice(0, 64),
    logicalId,
    scope,
    assetDir: join(directory, asset),
    handler: String(props.Handler ?? 'index.handler'),
    environment,
    timeoutSeconds: Number(props.Timeout ?? 3),
    memoryMb: Number(props.MemorySize ?? 128),
    runtime: String(props.Runtime ?? ''),
  };
}

/** The logical id a `{Ref: X}` or `{Fn::GetAtt: [X, …]}` names, wherever CDK nests it. */
export function referencedId(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.Ref === 'string') return record.Ref;
  const getAtt = record['Fn::GetAtt'];
  if (Array.isArray(getAtt)) return String(getAtt[0]);
  const join = record['Fn::Join'];
  if (Array.isArray(join) && Array.isArray(join[1])) {
    for (const part of join[1]) {
      const found = referencedId(part);
      if (found) return found;
    }
  }
  return undefined;
}

function routesOf(
  routes: { scope: StackScope; resource: TemplateResource }[],
  functionIn: (scope: StackScope, id: string) => AssemblyFunction,
): Map<string, AssemblyFunction> {
  const table = new Map<string, AssemblyFunction>();
  for (const { scope, resource } of routes) {
    const key = String(resource.Properties?.RouteKey);
    const integrationId = referencedId(resource.Properties?.Target);
    const integration = integrationId ? scope.template.Resources[integrationId] : undefined;
    const functionId = referencedId(integration?.Properties?.IntegrationUri);
    if (!functionId) throw new Error(`${scope.name}: route ${key} has no Lambda integration`);
    table.set(key, functionIn(scope, functionId));
  }
  return table;
}

function mappingOf(
  scope: StackScope,
  resource: TemplateResource,
  functionIn: (scope: StackScope, id: string) => AssemblyFunction,
): EventSourceMapping {
  const props = resource.Properties ?? {};
  const sourceId = referencedId(props.EventSourceArn) as string;
  const sourceType = scope.template.Resources[sourceId]?.Type;
  if (sourceType !== 'AWS::DynamoDB::Table' && sourceType !== 'AWS::SQS::Queue')
    throw new Error(
      `${scope.name}: an event source mapping reads a ${sourceType}, which the rehearsal cannot run`,
    );
  const filters = (props.FilterCriteria as { Filters?: { Pattern: string }[] } | undefined)?.Filters ?? [];
  return {
    function: functionIn(scope, referencedId(props.FunctionName) as string),
    source: { kind: sourceType === 'AWS::SQS::Queue' ? 'queue' : 'table-stream', logicalId: sourceId, scope },
    batchSize: Number(props.BatchSize ?? 10),
    filters: filters.map((f) => JSON.parse(f.Pattern) as unknown),
    reportsItemFailures: ((props.FunctionResponseTypes as string[] | undefined) ?? []).includes(
      'ReportBatchItemFailures',
    ),
  };
}

type Targets = { Arn: unknown; Input?: string }[];

function schedulesOf(
  scope: StackScope,
  resource: TemplateResource,
  functionIn: (scope: StackScope, id: string) => AssemblyFunction,
): ScheduleTarget[] {
  const props = resource.Properties ?? {};
  if (typeof props.ScheduleExpression !== 'string') return [];
  return ((props.Targets as Targets | undefined) ?? []).map((target) => ({
    function: functionIn(scope, referencedId(target.Arn) as string),
    expression: props.ScheduleExpression as string,
    input: target.Input ? (JSON.parse(target.Input) as Record<string, unknown>) : {},
  }));
}

function busRuleOf(logicalId: string, resource: TemplateResource): BusRule[] {
  const props = resource.Properties ?? {};
  if (!props.EventPattern) return [];
  return [
    {
      logicalId,
      pattern: props.EventPattern as Record<string, unknown>,
      queues: ((props.Targets as Targets | undefined) ?? []).map((t) => referencedId(t.Arn) as string),
    },
  ];
}

function queueOf(logicalId: string, resource: TemplateResource): AssemblyQueue {
  const props = resource.Properties ?? {};
  const redrive = props.RedrivePolicy as
    | { maxReceiveCount?: number; deadLetterTargetArn?: unknown }
    | undefined;
  return {
    logicalId,
    visibilityTimeoutSeconds: Number(props.VisibilityTimeout ?? 30),
    ...(redrive?.maxReceiveCount ? { maxReceiveCount: Number(redrive.maxReceiveCount) } : {}),
    ...(redrive?.deadLetterTargetArn ? { deadLetterQueue: referencedId(redrive.deadLetterTargetArn) } : {}),
  };
}
