import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CustomerRecord } from '../domain/customer';
import { Conflict } from '../http/errors';
import { dynamo, tableName } from './client';
import { nextCounterValue } from './counters';
import { customerItems } from './customer-items';
import { newId } from './ids';
import { keys } from './keys';

/**
 * Customers: one item each, with guard items keeping customer numbers unique per shop
 * (attribute_not_exists in the same transaction) and mapping e-mail addresses to customers.
 */

/** A customer by id, or null. */
export async function getCustomer(shopId: string, customerId: string): Promise<CustomerRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.customer(shopId, customerId) }),
  );
  return Item ? (Item.data as CustomerRecord) : null;
}

/** The id of the customer an e-mail address belongs to, or null. */
export async function customerIdByEmail(shopId: string, email: string): Promise<string | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.customerEmail(shopId, email) }),
  );
  return Item ? (Item.customerId as string) : null;
}

/** Every customer of the shop, newest first. */
export async function listCustomers(shopId: string): Promise<CustomerRecord[]> {
  const found: CustomerRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.customersByCreation(shopId) },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) found.push(item.data as CustomerRecord);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** A new customer record; its number is the one given or the next free generated one. */
export async function newCustomer(
  shopId: string,
  input: {
    billingAddress: CustomerRecord['billingAddress'];
    customerNumber?: string;
    internalNote?: string | null;
  },
): Promise<CustomerRecord> {
  return {
    customerId: newId(),
    customerNumber: input.customerNumber ?? `C-${10000 + (await nextCounterValue(shopId, 'customer'))}`,
    creationDate: new Date().toISOString(),
    billingAddress: input.billingAddress,
    internalNote: input.internalNote ?? null,
  };
}

/**
 * The transaction items that create a customer: the customer and its number guard, both only if
 * new. The e-mail guard is written separately (best effort) because another customer may already
 * own the address.
 */
export function createCustomerTransactItems(shopId: string, customer: CustomerRecord) {
  const { customer: item, numberGuard } = customerItems(shopId, customer);
  return [
    { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: tableName(), Item: numberGuard, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** Points the customer's e-mail address at it unless another customer has it already. */
export async function claimCustomerEmail(shopId: string, customer: CustomerRecord): Promise<void> {
  const { emailGuard } = customerItems(shopId, customer);
  if (!emailGuard) return;
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: emailGuard,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Stores a new customer. A given customer number that is taken is 409; a generated one that
 * collides with an imported number is skipped for the next.
 */
export async function createCustomer(
  shopId: string,
  input: Parameters<typeof newCustomer>[1],
): Promise<CustomerRecord> {
  for (let attempt = 1; ; attempt++) {
    const customer = await newCustomer(shopId, input);
    try {
      await dynamo().send(
        new TransactWriteCommand({ TransactItems: createCustomerTransactItems(shopId, customer) }),
      );
      await claimCustomerEmail(shopId, customer);
      return customer;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      if (input.customerNumber !== undefined || attempt === 5) {
        throw new Conflict(`Customer number ${customer.customerNumber} is taken`);
      }
    }
  }
}

/**
 * Replaces a customer. A changed customer number moves its guard in the same transaction (409 when
 * the new number is taken); a changed e-mail address claims the new address.
 */
export async function saveCustomer(
  shopId: string,
  before: CustomerRecord,
  after: CustomerRecord,
): Promise<void> {
  const { customer } = customerItems(shopId, after);
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    { Put: { TableName: tableName(), Item: customer, ConditionExpression: 'attribute_exists(pk)' } },
  ];
  if (before.customerNumber !== after.customerNumber) {
    items.push(
      { Delete: { TableName: tableName(), Key: keys.customerNumber(shopId, before.customerNumber) } },
      { ...createCustomerTransactItems(shopId, after)[1] } as (typeof items)[number],
    );
  }
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (error instanceof TransactionCanceledException)
      throw new Conflict(`Customer number ${after.customerNumber} is taken`);
    throw error;
  }
  if (before.billingAddress.emailAddress !== after.billingAddress.emailAddress)
    await claimCustomerEmail(shopId, after);
}
