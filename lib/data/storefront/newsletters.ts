import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { NotFoundError, StateConflict } from '../../domain/errors';
import { NEWSLETTER_SUBSCRIBER_KIND } from '../../domain/storefront/newsletter-events';
import type { NewsletterCampaign, NewsletterSubscriber } from '../../domain/storefront/newsletters';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { countedPage } from '../counted-page';
import { keys } from '../keys';
import { queryAll } from '../query-all';

/**
 * Newsletter campaigns and subscribers (docs/catalog.md "Newsletters"). A campaign item counts its
 * addresses and those subscribed (confirmed) now; every change of an address writes the subscriber
 * item and those counts in one transaction, conditioned on the version it read, so each address is
 * counted once however requests race. A shop counter gives the campaign list's total. A write that
 * leaves a confirm token on the item raises the confirm mail's event through the stream
 * (lib/domain/storefront/newsletter-events.ts).
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const CAMPAIGN_COUNTER = 'newsletterCampaigns';

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
 * The address as it is now (one strongly consistent read, with the campaign); NotFoundError for an
 * unknown campaign, so nothing is ever stored under no campaign.
 */
export async function readSubscriber(
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

/**
 * Stores an address's next state and the campaign's counts with it, in one transaction conditioned
 * on the address as read (`known`): false when another request changed it meanwhile (the caller
 * reads and decides again), so each address is counted once however requests race.
 */
export async function storeSubscriber(
  shopId: string,
  campaignId: string,
  next: NewsletterSubscriber,
  known: NewsletterSubscriber | null,
): Promise<boolean> {
  const subscribers = Number(next.subscribed) - Number(known?.subscribed ?? false);
  const addresses = known ? 0 : 1;
  const write = subscriberWrite(shopId, campaignId, next, known);
  const counts =
    subscribers !== 0 || addresses !== 0 ? countChange(shopId, campaignId, subscribers, addresses) : null;
  return tryWrite(counts ? [write, counts] : [write]);
}

/**
 * Puts the subscriber only if it is still as read: absent, or at the version read (an item written
 * before versions existed has none). The item carries its shop and campaign for the stream's event.
 */
function subscriberWrite(
  shopId: string,
  campaignId: string,
  subscriber: NewsletterSubscriber,
  known: NewsletterSubscriber | null,
): TransactItem {
  const condition = !known
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : known.version === 0
      ? { ConditionExpression: 'attribute_not_exists(version)' }
      : { ConditionExpression: 'version = :was', ExpressionAttributeValues: { ':was': known.version } };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.newsletterSubscriber(shopId, campaignId, subscriber.email),
        kind: NEWSLETTER_SUBSCRIBER_KIND,
        shopId,
        campaignId,
        ...subscriber,
      },
      ...condition,
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
  const optional = (name: string) => (typeof item[name] === 'string' ? { [name]: item[name] as string } : {});
  return {
    email: item.email as string,
    name: item.name as string,
    subscribed: item.subscribed === true,
    pending: item.pending === true,
    ...optional('requestedOn'),
    ...optional('confirmToken'),
    ...optional('expiresOn'),
    version: typeof item.version === 'number' ? item.version : 0,
  };
}
