import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DYNAMO_CLIENT_SETTINGS, DYNAMO_MARSHALL_OPTIONS } from '../../lib/data/client-settings';

/**
 * The cold-start floor (infra/bench/cold-start.ts): the least a Lambda function of this stack can
 * be: a bare handler making one GetItem with the same SDK client and settings as lib/data/client.ts,
 * bundled with the same options. What our bundles import beyond it is what our code costs.
 */
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: process.env.AWS_REGION, ...DYNAMO_CLIENT_SETTINGS }),
  { marshallOptions: DYNAMO_MARSHALL_OPTIONS },
);

/** Reads the item the path names. */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const { Item } = await client.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: event.rawPath, sk: 'floor' } }),
  );
  return { statusCode: Item ? 200 : 404, body: JSON.stringify(Item ?? null) };
}
