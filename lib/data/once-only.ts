import { type AttributeValue, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './client';
import { newId } from './ids';

/**
 * An UpdateItem that counts once, for relative changes (`ADD`, `x = x - :n`): it stores a token of
 * its own (`lastWrite`) and is conditioned on not finding it. When DynamoDB applied the update but
 * its answer was lost, the SDK sends it again: without the token a relative change would count
 * twice, or its retry's failed condition would read as a short item or a lost race. The failed
 * condition returns the item, and finding our token there means the first attempt was applied.
 *
 * Returns the attributes the update asked for (`ReturnValues`), or the item as stored (its
 * top-level numbers and strings) when the first attempt was the one applied; undefined when the
 * update's own condition failed.
 */
export async function updateOnceOnly(
  write: UpdateCommandInput & { UpdateExpression: string },
): Promise<Record<string, unknown> | undefined> {
  const token = newId();
  const notYet = '(attribute_not_exists(lastWrite) OR lastWrite <> :writeToken)';
  const set = /\bSET\b/.test(write.UpdateExpression) ? ',' : ' SET';
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        ...write,
        // A SET clause must come last in the expression (every caller's does, or has none).
        UpdateExpression: `${write.UpdateExpression}${set} lastWrite = :writeToken`,
        ConditionExpression: write.ConditionExpression
          ? `(${write.ConditionExpression}) AND ${notYet}`
          : notYet,
        ExpressionAttributeValues: { ...write.ExpressionAttributeValues, ':writeToken': token },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const stored = error.Item;
    return stored?.lastWrite?.S === token ? plainValues(stored) : undefined;
  }
}

/** The top-level numbers and strings of a marshalled item, as the document client reads them. */
function plainValues(item: Record<string, AttributeValue>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    if (value.N !== undefined) plain[name] = Number(value.N);
    else if (value.S !== undefined) plain[name] = value.S;
  }
  return plain;
}
