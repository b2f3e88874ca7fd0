import { devIssuer } from '../../../lib/config';
import type { Assembly, AssemblyFunction } from './assembly';
import { evaluate, PSEUDO, type ResourceStandIn, type StackScope } from './intrinsics';

/**
 * What each resource of the template is on the twin, and so what a function's environment holds
 * there (docs/rehearsal.md "What stands in for what"). Names come from logical ids, so they differ
 * from the configuration's defaults: a variable the template forgot fails the rehearsal instead of
 * falling back to the twin's usual table or bucket.
 */

/** Where the twin's parts listen, known once they run. */
export interface TwinPlaces {
  /** The DynamoDB Local table standing in for the template's one table. */
  tableName: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The local AWS endpoint (SQS, EventBridge, Secrets Manager: local-aws.ts). */
  awsEndpoint: string;
  /** The front door (the HTTP API's stand-in). */
  apiUrl: string;
  /** The dev issuer's public keys (the user pool's stand-in). */
  jwksFile: string;
}

const ACCOUNT = PSEUDO['AWS::AccountId'];
const REGION = PSEUDO['AWS::Region'];
/** Values that only say "this came from X": replaced per variable (VARIABLE_STAND_INS) or refused. */
const marker = (type: string) => `⟪${type}⟫`;

/** The bucket standing in for a template bucket: its logical id, as S3 spells bucket names. */
export const bucketName = (logicalId: string) => logicalId.toLowerCase();

/** The buckets the twin's object server must hold for the assembly. */
export function bucketStandIns(assembly: Assembly): string[] {
  return assembly.resources('AWS::S3::Bucket').map((b) => bucketName(b.logicalId));
}

/** The DynamoDB Local table standing in for the template's one table (named after it). */
export function tableStandIn(assembly: Assembly): string {
  const tables = assembly.resources('AWS::DynamoDB::Table');
  if (tables.length !== 1)
    throw new Error(`The rehearsal serves one table; the template has ${tables.length}`);
  const [table] = tables as [(typeof tables)[number]];
  return `${table.scope.name}-${table.logicalId}`;
}
/** The queue URL standing in for a template queue (the local AWS endpoint serves it). */
export const queueUrl = (places: TwinPlaces, logicalId: string) =>
  `${places.awsEndpoint}/${ACCOUNT}/${logicalId}`;
/** The ARN standing in for a template secret. */
export const secretArn = (logicalId: string) =>
  `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${logicalId}`;

/** The stand-in of each resource type the functions' environments reference. */
export function resourceStandIn(places: TwinPlaces): ResourceStandIn {
  return (scope, logicalId, attribute) => {
    const type = scope.template.Resources[logicalId]?.Type;
    const arn = (service: string, rest: string) => `arn:aws:${service}:${REGION}:${ACCOUNT}:${rest}`;
    switch (type) {
      case 'AWS::DynamoDB::Table': {
        const tableArn = arn('dynamodb', `table/${places.tableName}`);
        return attribute === 'StreamArn'
          ? `${tableArn}/stream/local`
          : attribute
            ? tableArn
            : places.tableName;
      }
      case 'AWS::S3::Bucket':
        return attribute === 'Arn' ? `arn:aws:s3:::${bucketName(logicalId)}` : bucketName(logicalId);
      case 'AWS::SQS::Queue':
        return attribute === 'Arn' ? arn('sqs', logicalId) : queueUrl(places, logicalId);
      case 'AWS::Events::EventBus':
        return attribute === 'Arn' ? arn('events', `event-bus/${logicalId}`) : logicalId;
      case 'AWS::SecretsManager::Secret':
        return secretArn(logicalId);
      case 'AWS::Lambda::Function':
        return attribute === 'Arn' ? arn('lambda', `function:${logicalId}`) : logicalId;
      case 'AWS::Cognito::UserPool':
      case 'AWS::CloudFront::Distribution':
      case 'AWS::ApiGatewayV2::Api':
        return marker(type);
    }
    throw new Error(`${scope.name}: the rehearsal has no stand-in for ${logicalId} (${type})`);
  };
}

type VariableStandIn = (env: Record<string, string>, places: TwinPlaces) => Record<string, string>;

/**
 * Variables whose value points at a service the twin has in another shape: the user pool is the dev
 * issuer (whose keys are a file, as `npm start` verifies them), the CDN is the object server's bucket
 * URL, the HTTP API is the front door.
 */
const VARIABLE_STAND_INS: Readonly<Record<string, Record<string, VariableStandIn>>> = {
  'AWS::Cognito::UserPool': {
    AUTH_ISSUER: () => ({ AUTH_ISSUER: devIssuer.issuer }),
    AUTH_JWKS_URI: (_, places) => ({ AUTH_JWKS_FILE: places.jwksFile }),
  },
  'AWS::CloudFront::Distribution': {
    MEDIA_BASE_URL: (env, places) => ({ MEDIA_BASE_URL: `${places.s3Endpoint}/${env.MEDIA_BUCKET}` }),
  },
  'AWS::ApiGatewayV2::Api': {
    API_BASE_URL: (_, places) => ({ API_BASE_URL: `${places.apiUrl}/` }),
  },
};

/** Evaluates each nested stack's parameters in its parent's scope (once the places are known). */
export function bindNestedParameters(assembly: Assembly, standIn: ResourceStandIn): void {
  const [root] = assembly.stacks as [StackScope];
  for (const [scope, parameters] of assembly.nestedParameters) {
    for (const [name, value] of Object.entries(parameters))
      scope.parameters[name] = evaluate(value, root, standIn, `${scope.name} parameter ${name}`);
  }
}

/** A function's template environment with every reference resolved to the twin's stand-in. */
export function templateEnvironment(
  fn: AssemblyFunction,
  standIn: ResourceStandIn,
  places: TwinPlaces,
): Record<string, string> {
  const env: Record<string, string> = {};
  const pending: [string, VariableStandIn][] = [];
  for (const [name, value] of Object.entries(fn.environment)) {
    const text = evaluate(value, fn.scope, standIn, `${fn.name} variable ${name}`);
    const type = /⟪([^⟫]+)⟫/.exec(text)?.[1];
    if (!type) {
      env[name] = text;
      continue;
    }
    const replace = VARIABLE_STAND_INS[type]?.[name];
    if (!replace)
      throw new Error(`${fn.name}: variable ${name} points at a ${type} the rehearsal cannot stand in for`);
    pending.push([name, replace]);
  }
  for (const [, replace] of pending) Object.assign(env, replace(env, places));
  return env;
}
