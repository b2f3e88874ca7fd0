import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { dynamoRaw, tableName } from './client';
import { createTableInput, tableDefinition } from './table';

/** Creates the configured table (with TTL) unless it exists: the local twin and the tests. */
export async function createTableIfMissing(): Promise<void> {
  const client = dynamoRaw();
  const name = tableName();
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(name)));
  await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1 }, { TableName: name });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
  );
}
