import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { dynamoRaw, tableName } from './client';
import { BULK_CALL } from './client-settings';
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
  try {
    await client.send(new CreateTableCommand(createTableInput(name)), BULK_CALL);
  } catch (error) {
    // An attempt the SDK gave up on (timeout) may have created it before the retry: that is fine.
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1 }, { TableName: name });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
    BULK_CALL,
  );
}
