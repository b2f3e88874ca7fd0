import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handler as getItem } from './cold-floor';

/**
 * The cold-start floor of a function that also reaches S3 (images, exports; infra/bench/cold-start.ts):
 * the floor's GetItem, then one S3 call with a client built as lib/data/objects/s3-client.ts builds
 * it, on first use. The S3 client's code is the platform's cost of that work, not ours.
 */
let s3: S3Client | undefined;

/** Reads the item the path names, then deletes the object of that name. */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const answer = await getItem(event);
  s3 ??= new S3Client({
    region: process.env.AWS_REGION,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await s3.send(new DeleteObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: event.rawPath }));
  return answer;
}
