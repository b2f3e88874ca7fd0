import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Config, config } from '../config';
import { meterRequests } from '../telemetry/dynamo-meter';
import { DYNAMO_CLIENT_SETTINGS, DYNAMO_MARSHALL_OPTIONS } from './client-settings';

let cached: { client: DynamoDBDocumentClient; raw: DynamoDBClient; from: Config } | undefined;

/**
 * The document client, configured once per configuration: the regional endpoint in AWS, the
 * DYNAMODB_ENDPOINT override (with dummy credentials) for DynamoDB Local.
 */
export function dynamo(): DynamoDBDocumentClient {
  return clients().client;
}

/** The low-level client (table administration). */
export function dynamoRaw(): DynamoDBClient {
  return clients().raw;
}

/** The configured table name. */
export function tableName(): string {
  return config().TABLE_NAME;
}

function clients() {
  const cfg = config();
  if (cached?.from !== cfg) {
    const local = cfg.DYNAMODB_ENDPOINT !== undefined;
    const raw = new DynamoDBClient({
      region: cfg.AWS_REGION,
      ...DYNAMO_CLIENT_SETTINGS,
      ...(local
        ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    // Every call of every request asks for its consumed capacity and is metered (Server-Timing, metrics).
    meterRequests(raw.middlewareStack);
    const client = DynamoDBDocumentClient.from(raw, { marshallOptions: DYNAMO_MARSHALL_OPTIONS });
    cached = { client, raw, from: cfg };
  }
  return cached;
}
