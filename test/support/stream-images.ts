import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';

/** A stored item as a stream image (DynamoDB JSON), as Lambda hands it to a consumer. */
export function toImage(item: Record<string, unknown>): Record<string, AttributeValue> {
  return Object.fromEntries(
    Object.entries(item).flatMap(([name, value]) => (value === undefined ? [] : [[name, toValue(value)]])),
  );
}

function toValue(value: unknown): AttributeValue {
  if (value === null) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map(toValue) };
  if (typeof value === 'object') return { M: toImage(value as Record<string, unknown>) };
  throw new Error(`no attribute value for ${typeof value}`);
}

let sequence = 1_000_000;

/** A stream record of an item's INSERT, or of a MODIFY from `old` to it. */
export function streamRecord(item: Record<string, unknown>, old?: Record<string, unknown>): DynamoDBRecord {
  sequence += 1;
  return {
    eventName: old ? 'MODIFY' : 'INSERT',
    dynamodb: {
      Keys: { pk: { S: String(item.pk) }, sk: { S: String(item.sk) } },
      NewImage: toImage(item),
      ...(old ? { OldImage: toImage(old) } : {}),
      SequenceNumber: String(sequence).padStart(21, '0'),
    },
  };
}
