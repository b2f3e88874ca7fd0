import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { AWS_REQUEST_HANDLER } from '../../lib/data/client-settings';
import type { BusEntry } from '../../lib/domain/domain-events';

/**
 * The one EventBridge call the stream consumer needs (PutEvents), behind an interface shaped like
 * an SDK client's `send`, so tests inject a plain object; in AWS it is the official client.
 */

export interface PutEventsInput {
  Entries: BusEntry[];
}

export interface PutEventsOutput {
  FailedEntryCount?: number;
  Entries?: { EventId?: string; ErrorCode?: string; ErrorMessage?: string }[];
}

export interface EventBusClient {
  send(input: PutEventsInput): Promise<PutEventsOutput>;
}

/** An EventBridge client for the function's region (credentials from the function's role). */
export function eventBridgeClient(region: string): EventBusClient {
  const client = new EventBridgeClient({ region, maxAttempts: 3, requestHandler: AWS_REQUEST_HANDLER });
  return { send: (input) => client.send(new PutEventsCommand(input)) };
}
