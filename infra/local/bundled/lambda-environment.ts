import type { AssemblyFunction } from './assembly';
import type { TwinPlaces } from './stand-ins';

/**
 * A function's whole environment in the rehearsal, in three layers and nothing else (not the
 * twin's own environment): what Lambda's runtime sets, the template's variables resolved to the
 * twin's stand-ins, and the endpoints of the twin's services. A variable the template forgot is
 * missing here as it would be in AWS.
 */

/**
 * Twin settings a developer or a test may set for the rehearsal as for `npm start` (README
 * "Configuration"); each replaces the template's value only when set.
 */
export const PASSED_SETTINGS = [
  'LOG_LEVEL',
  'LOG_SAMPLE_RATE',
  'METRICS',
  'RATE_LIMIT_PER_HOUR',
  'WEBHOOK_ALLOW_LOCAL',
  'WEBHOOK_RETRY_SCALE',
] as const;

export function lambdaEnvironment(
  fn: AssemblyFunction,
  template: Record<string, string>,
  places: TwinPlaces,
  from: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const runtime: Record<string, string> = {
    AWS_REGION: 'local',
    AWS_DEFAULT_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: fn.functionName,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    LAMBDA_TASK_ROOT: fn.assetDir,
    _HANDLER: fn.handler,
    TZ: ':UTC',
  };
  const services: Record<string, string> = {
    DYNAMODB_ENDPOINT: places.dynamoEndpoint,
    S3_ENDPOINT: places.s3Endpoint,
    AWS_ENDPOINT_URL_SQS: places.awsEndpoint,
    AWS_ENDPOINT_URL_EVENTBRIDGE: places.awsEndpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: places.awsEndpoint,
    // Node 20 runs the bundles here (Lambda runs 22): the SDK's upgrade notice is noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const passed = Object.fromEntries(
    PASSED_SETTINGS.flatMap((name) => (from[name] !== undefined ? [[name, from[name] as string]] : [])),
  );
  return { ...runtime, ...template, ...services, ...passed };
}
