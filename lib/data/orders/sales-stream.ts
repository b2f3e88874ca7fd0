import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import type { OrderRecord } from '../../domain/orders/order';
import { salesContribution } from '../../domain/orders/sales-contribution';
import type { SalesChange } from './sales-writes';

/**
 * The sales change a stream record of an order item makes (docs/orders.md "Sales figures"): an
 * INSERT places the order (+1; an order stored already rejected, as an import may, counts
 * nothing), a MODIFY where `rejectedOn` goes from null to set rejects it (−1; REJECT_IS_FINAL
 * makes that happen once per order). Every other record changes nothing.
 */
export function salesChangeOf(record: DynamoDBRecord): SalesChange | undefined {
  const now = record.dynamodb?.NewImage;
  if (now?.kind?.S !== 'order' || !now.data?.M) return undefined;
  const rejectedNow = rejectedOn(now) !== undefined;
  let change: SalesChange['change'];
  if (record.eventName === 'INSERT' && !rejectedNow) change = 'PLACED';
  else if (
    record.eventName === 'MODIFY' &&
    rejectedNow &&
    rejectedOn(record.dynamodb?.OldImage) === undefined
  )
    change = 'REJECTED';
  else return undefined;
  const order = plain({ M: now.data.M }) as OrderRecord;
  return {
    shopId: order.shopId,
    orderId: order.orderId,
    change,
    contribution: salesContribution(order, change === 'PLACED' ? 1 : -1),
  };
}

function rejectedOn(image: Record<string, AttributeValue> | undefined): string | undefined {
  return image?.data?.M?.timestamps?.M?.rejectedOn?.S;
}

/** A stream image value as plain data (numbers from their decimal text). */
function plain(value: AttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.L !== undefined) return value.L.map(plain);
  if (value.M !== undefined)
    return Object.fromEntries(Object.entries(value.M).map(([name, v]) => [name, plain(v)]));
  if (value.SS !== undefined) return [...value.SS];
  if (value.NS !== undefined) return value.NS.map(Number);
  return undefined;
}
