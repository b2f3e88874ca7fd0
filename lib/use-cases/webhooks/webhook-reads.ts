import { getWebhook, listWebhooks, type StoredWebhook } from '../../data/webhooks/webhook-repository';

/** How the fan-out and an attempt read a shop's webhooks (strongly consistent either way). */
export interface WebhookReads {
  list(shopId: string): Promise<StoredWebhook[]>;
  get(shopId: string, webhookId: string): Promise<StoredWebhook | undefined>;
}

/** Each read straight from the table. */
export const EACH_READ: WebhookReads = {
  list: (shopId) => listWebhooks(shopId),
  get: (shopId, webhookId) => getWebhook(shopId, webhookId),
};

/**
 * The reads of one batch of queue messages, each made once: a shop's webhooks are one partition,
 * and a burst of events (a sale: thousands a second) would otherwise read it once per event and
 * once per attempt, past what a partition serves (3,000 RCU a second). The messages of a batch
 * arrived together, so one read serves them all as well as one each. A failed read is not kept.
 */
export function readsOfOneBatch(): WebhookReads {
  const lists = new Map<string, Promise<StoredWebhook[]>>();
  const gets = new Map<string, Promise<StoredWebhook | undefined>>();
  const once = <T>(memo: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
    let found = memo.get(key);
    if (!found) {
      found = read();
      memo.set(key, found);
      found.catch(() => memo.delete(key));
    }
    return found;
  };
  return {
    list: (shopId) => once(lists, shopId, () => listWebhooks(shopId)),
    get: (shopId, webhookId) => {
      const listed = lists.get(shopId);
      if (listed) return listed.then((all) => all.find((w) => w.webhookId === webhookId));
      return once(gets, `${shopId}|${webhookId}`, () => getWebhook(shopId, webhookId));
    },
  };
}
