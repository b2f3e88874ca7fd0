import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';

type Image = Record<string, AttributeValue>;

/**
 * A record as the Streams API's JSON carries it (GetRecords read as JSON, streams-api.ts): already the
 * shape Lambda hands a function (attribute values as they are, binaries in base64, epoch seconds),
 * but for the stream's ARN.
 */
export type StreamApiRecord = Omit<DynamoDBRecord, 'eventSourceARN'>;

/**
 * A record of the Streams API in the shape a Lambda event source mapping hands to its function
 * (DynamoDBStreamEvent.Records[]): the same JSON, with the creation time in whole epoch seconds and
 * the stream's ARN as eventSourceARN. The images are mended in place (DynamoDB Local's empty maps).
 */
export function toLambdaRecord(record: StreamApiRecord, streamArn: string): DynamoDBRecord {
  const stream = record.dynamodb ?? {};
  const created = stream.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: record.eventSource,
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    ...(record.userIdentity ? { userIdentity: { ...record.userIdentity } } : {}),
    dynamodb: {
      ...(created !== undefined ? { ApproximateCreationDateTime: Math.floor(created) } : {}),
      ...(stream.Keys ? { Keys: withEmptyMaps(stream.Keys) } : {}),
      ...(stream.NewImage ? { NewImage: withEmptyMaps(stream.NewImage) } : {}),
      ...(stream.OldImage ? { OldImage: withEmptyMaps(stream.OldImage) } : {}),
      SequenceNumber: stream.SequenceNumber,
      SizeBytes: stream.SizeBytes,
      StreamViewType: stream.StreamViewType,
    },
  };
}

/** DynamoDB Local's stream writes an empty map as {} where DynamoDB writes {"M":{}}. */
function withEmptyMaps(image: Image): Image {
  for (const name in image) image[name] = mended(image[name] as AttributeValue);
  return image;
}

function mended(value: AttributeValue): AttributeValue {
  if (value.M) withEmptyMaps(value.M);
  else if (value.L) value.L = value.L.map(mended);
  else if (Object.keys(value).length === 0) return { M: {} };
  return value;
}
