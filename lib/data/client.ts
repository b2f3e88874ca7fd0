import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type Config, config } from '../config';

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
      // Retries with exponential backoff and jitter (throttling, 5xx, broken connections), all
      // within the function's time budget: 3 attempts of at most 2 s each plus the backoff.
      maxAttempts: 3,
      retryMode: 'standard',
      requestHandler: { connectionTimeout: 1000, requestTimeout: 2000 },
      ...(local
        ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    const client = DynamoDBDocumentClient.from(raw, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    });
    cached = { client, raw, from: cfg };
  }
  return cached;
}
