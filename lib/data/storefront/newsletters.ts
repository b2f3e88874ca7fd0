import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConcurrentChange, NotFoundError, StateConflict } from '../../domain/errors';
import type { NewsletterCampaign, NewsletterSubscriber } from '../../domain/storefront/newsletters';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { countedPage } from '../counted-page';
import { keys } from '../keys';
import { queryAll } from '../query-all';

/**
 * Newsletter campaigns and subscribers (docs/catalog.md "Newsletters"). A campaign item counts its
 * addresses and those subscribed now; every sign-up and unsubscribe changes the subscriber item and
 * those counts in one transaction, conditioned on the state it read, so each address is counted
 * once however requests race. A shop counter gives the campaign list's total.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const CAMPAIGN_COUNTER = 'newsletterCampaigns';
/** Rounds lost to a racing sign-up of the same address before the client is asked to try again. */
const MAX_ROUNDS = 5;

/** Stores a new campaign; an identifier the shop already has (any case) is StateConflict (409). */
export async function createCampaign(shopId: string, campaign: NewsletterCampaign): Promise<void> {
  const put = (Item: Record<string, unknown>): TransactItem => ({
    Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          put({
            ...keys.newsletterIdentifier(shopId, campaign.identifier),
            kind: 'newsletterIdentifier',
            campaignId: campaign.campaignId,
          }),
          put({
            ...keys.newsletter(shopId, campaign.campaignId),
            kind: 'newsletterCampaign',
            ...campaign,
            gsi1pk: keys.newsletters(shopId),
            gsi1sk: `${campaign.createdOn}#${campaign.campaignId}`,
          }),
          {
            Update: {
              TableName: tableName(),
              Key: keys.counter(shopId, CAMPAIGN_COUNTER),
              UpdateExpression: 'ADD #value :one',
              ExpressionAttributeNames: { '#value': 'value' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    )
      throw new StateConflict('Identifier taken', [
        { field: 'identifier', message: `the shop already has a campaign "${campaign.identifier}"` },
      ]);
    throw error;
  }
}

/** A page of the shop's campaigns, oldest first, and their total: reads the page, never more. */
export async function listCampaigns(
  shopId: string,
  page: number,
  perPage: number,
): Promise<{ results: number; items: NewsletterCampaign[] }> {
  const found = await countedPage(
    shopId,
    { gsi1pk: keys.newsletters(shopId), counter: CAMPAIGN_COUNTER },
    page,
    perPage,
  );
  return { results: found.results, items: found.items.map(campaignOf) };
}

/** A campaign, strongly consistent; NotFoundError when the shop has none of that id. */
export async function requireCampaign(shopId: string, campaignId: string): Promise<NewsletterCampaign> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.newsletter(shopId, campaignId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new NotFoundError('Newsletter campaign');
  return campaignOf(Item);
}

/** A page of a campaign's subscribers by address, and how many addresses it knows. */
export async function listSubscribers(
  shopId: string,
  campaignId: string,
  page: number,
  perPage: number,
): Promise<{ results: number; items: NewsletterSubscriber[] }> {
  const [campaign, found] = await Promise.all([
    requireCampaign(shopId, campaignId),
    queryAll(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sub)',
        ExpressionAttributeValues: { ':pk': keys.newsletter(shopId, campaignId).pk, ':sub': 'SUB#' },
        ConsistentRead: true,
        Limit: page * perPage,
      },
      page * perPage,
    ),
  ]);
  return {
    results: campaign.addresses,
    items: found.slice((page - 1) * perPage, page * perPage).map(subscriberOf),
  };
}

/**
 * Subscribes an address (compared in any case): a new one is stored and counted; a known one is
 * subscribed again (counted again if it had left) and its name replaced when one is sent. Returns
 * the subscriber as stored and whether the address is new.
 */
export async function subscribe(
  shopId: string,
  campaignId: string,
  email: string,
  name: string | undefined,
): Promise<{ subscriber: NewsletterSubscriber; created: boolean }> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const known = await readSubscriber(shopId, campaignId, email);
    const subscriber = {
      email: known?.email ?? email,
      name: name ?? known?.name ?? '',
      subscribed: true,
    };
    const write = subscriberWrite(shopId, campaignId, subscriber, known);
    const counts = known?.subscribed ? null : countChange(shopId, campaignId, 1, known ? 0 : 1);
    if (await tryWrite(counts ? [write, counts] : [write])) return { subscriber, created: !known };
  }
  throw new ConcurrentChange('The address was changed by another request meanwhile; try again');
}

/** Unsubscribes an address; one the campaign does not know, or that already left, changes nothing. */
export async function unsubscribe(shopId: string, campaignId: string, email: string): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const known = await readSubscriber(shopId, campaignId, email);
    if (!known?.subscribed) return;
    const write = subscriberWrite(shopId, campaignId, { ...known, subscribed: false }, known);
    if (await tryWrite([write, countChange(shopId, campaignId, -1, 0)])) return;
  }
  throw new ConcurrentChange('The address was changed by another request meanwhile; try again');
}

/**
 * The campaign and the address as they are now (one strongly consistent read); NotFoundError for
 * an unknown campaign, so a sign-up never creates an address under no campaign.
 */
async function readSubscriber(
  shopId: string,
  campaignId: string,
  email: string,
): Promise<NewsletterSubscriber | null> {
  const [campaign, subscriber] = await batchGetItems([
    keys.newsletter(shopId, campaignId),
    keys.newsletterSubscriber(shopId, campaignId, email),
  ]);
  if (!campaign) throw new NotFoundError('Newsletter campaign');
  return subscriber ? subscriberOf(subscriber) : null;
}

/** Puts the subscriber only if it is still as read (absent, or subscribed as it was). */
function subscriberWrite(
  shopId: string,
  campaignId: string,
  subscriber: NewsletterSubscriber,
  known: NewsletterSubscriber | null,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.newsletterSubscriber(shopId, campaignId, subscriber.email),
        kind: 'newsletterSubscriber',
        ...subscriber,
      },
      ConditionExpression: known ? 'subscribed = :was' : 'attribute_not_exists(pk)',
      ...(known ? { ExpressionAttributeValues: { ':was': known.subscribed } } : {}),
    },
  };
}

function countChange(
  shopId: string,
  campaignId: string,
  subscribers: number,
  addresses: number,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.newsletter(shopId, campaignId),
      UpdateExpression: 'ADD subscribers :s, addresses :a',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': subscribers, ':a': addresses },
    },
  };
}

/** Writes the items together; false when one was no longer as read (the caller reads again). */
async function tryWrite(items: TransactItem[]): Promise<boolean> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    return false;
  }
}

function campaignOf(item: Record<string, unknown>): NewsletterCampaign {
  return {
    campaignId: item.campaignId as string,
    identifier: item.identifier as string,
    name: item.name as string,
    language: item.language as string,
    subject: item.subject as string,
    description: item.description as string,
    createdOn: item.createdOn as string,
    subscribers: Math.max(0, (item.subscribers as number | undefined) ?? 0),
    addresses: (item.addresses as number | undefined) ?? 0,
  };
}

function subscriberOf(item: Record<string, unknown>): NewsletterSubscriber {
  return { email: item.email as string, name: item.name as string, subscribed: item.subscribed === true };
}
