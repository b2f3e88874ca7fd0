/**
 * The floor of `npm run bench`, in a process of its own: a bare node:http server that answers each
 * benchmarked endpoint with only the DynamoDB calls it cannot avoid, through a client with the API's
 * SDK settings (retries, timeouts, marshalling) but without its meter (infra/bench/floor-client.ts),
 * and with the body the API answered (the bench hands it over with `reply`), so the API's figures
 * can be set against one HTTP round trip plus those calls:
 * - a cart read: the cart and the shop's catalog version in one BatchGetItem (a cart is rendered on
 *   the catalog of the current version, so no cart request can skip reading it; one batch is one
 *   round trip, which in AWS is what a second read would cost: docs/performance.md);
 * - a cart change: that read, then PutItem of the next version on a version condition;
 * - a checkout: that read; side by side, its order number (an ADD on a counter of the floor's own
 *   hands out 64 at a time, as the API takes blocks under load) and the GetItem of the buyer's e-mail
 *   guard (which needs the cart's e-mail address, hence a round trip of its own); TransactWriteItems
 *   (cart flipped on its version, order put);
 * - anything else (catalog reads): GetItem of the shop's meta item (the catalog version), as the data
 *   layer's catalogVersion() asks for it.
 * No JWT, no validation, no rendering. DynamoDB calls are counted; the process's CPU time is taken
 * with each count, so the bench can set the API's CPU per request against the floor's.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { backoff } from '../../lib/data/backoff';
import { tableName } from '../../lib/data/client';
import { newId } from '../../lib/data/ids';
import { type Key, keys } from '../../lib/data/keys';
import { applyLocalEnv } from '../local/local-env';
import { failStart, serveParent } from './child-process';
import { cpuMeter } from './cpu-meter';
import { floorDynamo } from './floor-client';
import { answerProfileMessage, cpuProfiler } from './profiler';
import { countRequests } from './request-counter';

type Item = Record<string, unknown>;

/** The answer the floor gives: the API's own answer to the same request. */
let reply = { status: 200, body: '{}', contentType: 'application/json' };

const CART_PATH = /^\/([^/?]+)\/carts\/([^/?]+)(\/line-items(?:\/[^/?]+)?|\/order)?\/?(?:\?.*)?$/;
const SHOP_PATH = /^\/([^/?]+)/;
/** The floor's own order counter, apart from the API's, and the block of numbers taken from it. */
const FLOOR_COUNTER = 'benchfloororder';
const FLOOR_BLOCK = 64;
let numbers = { next: 1, last: 0 };

let floor: ReturnType<typeof floorDynamo>;
const dynamo = () => floor.client;

try {
  const endpoint = process.env.BENCH_DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('BENCH_DYNAMODB_ENDPOINT is not set');
  // The table name of the configuration; the client is the floor's own.
  applyLocalEnv({ endpoint });
  floor = floorDynamo(endpoint);
  const served = countRequests();
  const cpu = cpuMeter();
  const profiler = cpuProfiler();
  const server = createServer({ keepAlive: true }, (req, res) => {
    handle(req).then(
      (status) => {
        const answer = status === 200 ? reply : { ...reply, status, body: `{"status":${status}}` };
        res.writeHead(answer.status, {
          'content-type': answer.contentType,
          'content-length': String(Buffer.byteLength(answer.body)),
        });
        res.end(answer.body);
      },
      (error: unknown) => {
        const body = JSON.stringify({ error: String(error) });
        res.writeHead(500, { 'content-type': 'application/json', 'content-length': String(body.length) });
        res.end(body);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serveParent(
    { url: `http://127.0.0.1:${port}` },
    async (message) => {
      if (message.type === 'usage') {
        const requests = await served.settle();
        return { usage: floor.take(), requests, cpuMs: cpu.take() };
      }
      if (message.type === 'reply') {
        reply = {
          status: Number(message.status),
          body: String(message.body),
          contentType: String(message.contentType),
        };
        return {};
      }
      const profiled = await answerProfileMessage(profiler, message);
      if (profiled) return profiled;
      throw new Error(`unknown message ${message.type}`);
    },
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
} catch (error) {
  failStart(error);
}

/** Does the unavoidable DynamoDB work of the request; 200 = answer with the API's reply. */
async function handle(req: IncomingMessage): Promise<number> {
  for await (const _chunk of req) {
    // the body is read, as any server must, and not used
  }
  const url = req.url ?? '/';
  const cart = CART_PATH.exec(url);
  if (cart) {
    const [, shopId, cartId, rest] = cart as unknown as [string, string, string, string | undefined];
    if (!rest && req.method === 'GET') return (await readCart(shopId, cartId)) ? 200 : 404;
    if (rest === '/order') return checkout(shopId, cartId);
    return changeCart(shopId, cartId);
  }
  // The read the API makes for it (catalogVersion() in lib/data/catalog/catalog-repository.ts).
  await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.shopMeta(SHOP_PATH.exec(url)?.[1] ?? ''),
      ProjectionExpression: 'catalogVersion',
      ConsistentRead: true,
    }),
  );
  return 200;
}

async function get(key: Key): Promise<Item | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return Item;
}

/** The cart with the catalog version, as the API reads them (getCartWithCatalogVersion). */
async function readCart(shopId: string, cartId: string): Promise<Item | undefined> {
  const cartKey = keys.cart(shopId, cartId);
  const { Responses, UnprocessedKeys } = await dynamo().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: [cartKey, keys.shopMeta(shopId)], ConsistentRead: true } },
    }),
  );
  // DynamoDB Local never leaves two small items unprocessed; were it to, the run shows failures.
  if (Object.keys(UnprocessedKeys ?? {}).length > 0) throw new Error('unprocessed keys');
  return Responses?.[tableName()]?.find((item) => item.pk === cartKey.pk && item.sk === cartKey.sk);
}

async function changeCart(shopId: string, cartId: string): Promise<number> {
  for (let attempt = 1; attempt <= 10; attempt++) {
    const item = await readCart(shopId, cartId);
    if (!item) return 404;
    const version = item.version as number;
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...item, version: version + 1, updatedAt: new Date().toISOString() },
          ConditionExpression: 'version = :expected AND #status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':expected': version, ':open': 'open' },
        }),
      );
      return 200;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      await backoff(attempt);
    }
  }
  return 409;
}

/** The next order number: one ADD per block of FLOOR_BLOCK (the fastest honest numbering). */
async function orderNumber(shopId: string): Promise<number> {
  if (numbers.next > numbers.last) {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.counter(shopId, FLOOR_COUNTER),
        UpdateExpression: 'ADD #value :block',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':block': FLOOR_BLOCK },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const last = Attributes?.value as number;
    numbers = { next: last - FLOOR_BLOCK + 1, last };
  }
  return numbers.next++;
}

async function checkout(shopId: string, cartId: string): Promise<number> {
  let cart = await readCart(shopId, cartId);
  if (!cart) return 404;
  if (cart.status !== 'open') return 410;
  const email = ((cart.billingAddress as { emailAddress?: string } | null)?.emailAddress ?? '') || 'none';
  const [number] = await Promise.all([orderNumber(shopId), get(keys.customerEmail(shopId, email))]);
  for (let attempt = 1; attempt <= 100; attempt++) {
    if (!cart) return 404;
    if (cart.status !== 'open') return 410;
    const version = cart.version as number;
    const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ...order } = cart;
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.cart(shopId, cartId),
                UpdateExpression: 'SET #status = :ordered, version = :next',
                ConditionExpression: 'version = :version AND #status = :open',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':ordered': 'ordered',
                  ':open': 'open',
                  ':version': version,
                  ':next': version + 1,
                },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...order,
                  ...keys.order(shopId, newId()),
                  kind: 'benchFloorOrder',
                  number,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return 200;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      cart = await readCart(shopId, cartId);
      await backoff(attempt);
    }
  }
  return 503;
}
