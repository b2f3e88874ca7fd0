import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConcurrentChange, StateConflict } from '../../domain/errors';
import type { OrderRecord } from '../../domain/orders/order';
import type { CancellationWork } from '../../domain/orders/order-cancellation';
import { isCheckoutNumber, orderNumberTaken } from '../../domain/orders/order-number';
import { dynamo, tableName } from '../client';
import { isTransientDependencyError } from '../dependency-errors';
import { newId } from '../ids';
import { keys } from '../keys';
import { cancellationItem } from './cancellations';
import { orderFeedSort, orderStatusSet } from './order-feed';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The order was changed by another request since it was read: read it again and decide again. */
export class OrderChanged extends ConcurrentChange {
  constructor() {
    super('The order was changed by another request; try again');
  }
}

/** One change of an order as PATCH decided it on the version it read. */
export interface OrderSave {
  before: OrderRecord;
  version: number;
  after: OrderRecord;
  /** The patch's paths that changed (OrderUpdated.changedFields, raised from the stream). */
  changedFields: string[];
  /** Set when this change rejects the order: its cancellation work, stored with it. */
  cancellation?: CancellationWork;
}

/**
 * Stores a changed order only if it is still at the version the change was decided on (else
 * OrderChanged), so no race between two PATCHes breaks a transition rule: each decided on what it
 * read, and only one of two writers of one version gets through. The order item is updated, not
 * replaced: what it does not change stays as it is (its feed bucket among them). Beside it, in one
 * transaction when there are any: a new merchant-set number's guard (taken: 409) and the old one's
 * release, and a rejection's cancellation item, so the work of cancelling is never lost (docs/orders.md).
 * Returns the new version.
 */
export async function saveOrder(save: OrderSave): Promise<number> {
  const next = save.version + 1;
  // Marks this write, so a retry of the SDK after an answer lost in transit knows its own change.
  const changeId = newId();
  const update = orderUpdate(save, next, changeId);
  const items: TransactItem[] = [{ Update: update }];
  const { before, after } = save;
  const shopId = after.shopId;
  let guardIndex = -1;
  if (before.orderNumber !== after.orderNumber) {
    if (!isCheckoutNumber(after.orderNumber)) {
      guardIndex = items.length;
      items.push({
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.orderNumber(shopId, after.orderNumber),
            kind: 'orderNumberGuard',
            orderId: after.orderId,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
    if (!isCheckoutNumber(before.orderNumber)) {
      items.push({
        Delete: {
          TableName: tableName(),
          Key: keys.orderNumber(shopId, before.orderNumber),
          ConditionExpression: 'attribute_not_exists(pk) OR orderId = :orderId',
          ExpressionAttributeValues: { ':orderId': after.orderId },
        },
      });
    }
  }
  if (save.cancellation) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: cancellationItem(after, save.cancellation, after.timestamps.rejectedOn as string),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  try {
    // A transaction's retry is safe by itself: the SDK sends the same ClientRequestToken again.
    if (items.length === 1)
      await dynamo().send(new UpdateCommand({ ...update, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
    else await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      // The order already holds this very change: the first attempt was applied, its answer lost.
      if (storedChangeId(error.Item) === changeId) return next;
      throw new OrderChanged();
    }
    if (!(error instanceof TransactionCanceledException) || isTransientDependencyError(error)) throw error;
    const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
    if (codes[0] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict'))
      throw new OrderChanged();
    if (guardIndex >= 0 && codes[guardIndex] === 'ConditionalCheckFailed')
      throw new StateConflict('Order number taken', [orderNumberTaken(after.orderNumber)]);
    throw new OrderChanged();
  }
  return next;
}

/** The change id of an order item as a failed condition returns it (marshalled). */
function storedChangeId(item: Record<string, unknown> | undefined): string | undefined {
  const change = item?.lastChange as { M?: { changeId?: { S?: string } } } | undefined;
  return change?.M?.changeId?.S;
}

function orderUpdate(save: OrderSave, next: number, changeId: string) {
  const { after, version } = save;
  // The order feed (order-feed.ts) follows: the time of this change and the statuses set now.
  const status = orderStatusSet(after);
  return {
    TableName: tableName(),
    Key: keys.order(after.shopId, after.orderId),
    UpdateExpression: `SET #data = :data, orderNumber = :number, version = :next, lastChange = :change, gsi4sk = :feedSort${status ? ', os = :status' : ' REMOVE os'}`,
    // Orders never changed have no version yet (version 0).
    ConditionExpression:
      version === 0 ? 'attribute_exists(pk) AND attribute_not_exists(version)' : 'version = :version',
    ExpressionAttributeNames: { '#data': 'data' },
    ExpressionAttributeValues: {
      ':data': after,
      ':number': after.orderNumber,
      ':next': next,
      // The stream tells OrderUpdated by this: a change of this version, with its paths.
      ':change': { version: next, changedFields: save.changedFields, changedAt: after.updatedAt, changeId },
      ':feedSort': orderFeedSort(after),
      ...(status ? { ':status': status } : {}),
      ...(version === 0 ? {} : { ':version': version }),
    },
  };
}
