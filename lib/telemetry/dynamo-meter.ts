import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { currentRequest } from './request-telemetry';

/** The data-plane operations that accept ReturnConsumedCapacity (table administration does not). */
const METERED =
  /^(?:(?:Get|Put|Update|Delete|BatchGet|BatchWrite)(?:Item)?|Query|Scan|Transact(?:Get|Write)(?:Items)?|(?:Batch)?Execute(?:Statement|Transaction))Command$/;
const WRITES = /Put|Update|Delete|Write/;

interface Capacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

/**
 * Read and write units a DynamoDB answer reports (ConsumedCapacity, one entry or one per table).
 * Writes report CapacityUnits only; a transaction reports both kinds.
 */
export function consumedUnits(output: unknown, isWrite: boolean): { read: number; write: number } {
  const consumed = (output as { ConsumedCapacity?: Capacity | Capacity[] } | undefined)?.ConsumedCapacity;
  let read = 0;
  let write = 0;
  for (const capacity of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
    const units = capacity.CapacityUnits ?? 0;
    read += capacity.ReadCapacityUnits ?? (isWrite ? 0 : units);
    write += capacity.WriteCapacityUnits ?? (isWrite ? units : 0);
  }
  return { read, write };
}

/** Whether a command (GetCommand, QueryCommand, ...) writes. */
export const isWriteCommand = (command: string) => WRITES.test(command);

/**
 * Puts the per-request meter on a DynamoDB client's middleware stack (lib/data/client.ts, the one
 * place clients are made): every data-plane call asks for ReturnConsumedCapacity=TOTAL, and the
 * running request (request-telemetry.ts) gets its call, its units, and the wall time during which
 * at least one of its calls was in flight (calls running side by side count once).
 */
export function meterRequests(stack: DynamoDBClient['middlewareStack']): void {
  stack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '';
      if (!METERED.test(command)) return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'TOTAL';
      const work = currentRequest()?.dynamo;
      if (!work) return next(args);
      work.calls++;
      if (work.inFlight++ === 0) work.busySince = performance.now();
      try {
        const result = await next(args);
        const units = consumedUnits(result.output, isWriteCommand(command));
        work.readUnits += units.read;
        work.writeUnits += units.write;
        return result;
      } finally {
        if (--work.inFlight === 0) work.busyMs += performance.now() - work.busySince;
      }
    },
    { step: 'initialize', priority: 'high', name: 'requestDynamoMeter' },
  );
}
