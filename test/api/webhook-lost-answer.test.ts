import { afterEach, describe, expect, it } from 'vitest';
import { clearLostAnswers, loseAnswers } from '../support/faults';
import { ownServer } from '../support/own-server';
import { privateDemoShop } from '../support/shops';

/**
 * A webhook PATCH whose write reached DynamoDB but whose answer did not: the SDK sends the
 * conditional put again, which must find its own write (not another writer's) and answer 200,
 * not 412. This file runs its own server, so the lost answers stay in this process.
 */
const api = ownServer();
afterEach(() => clearLostAnswers());

describe('a webhook PATCH with If-Match whose first answer was lost', () => {
  it('answers 200 with the patched webhook, once at the next version', async () => {
    // Prepare: a webhook and its ETag
    const shop = await privateDemoShop('hooklost');
    const created = await api(`/${shop}/webhooks`, {
      method: 'POST',
      body: { callbackUrl: 'https://erp.example.com/hooks/lost', eventTypes: ['ORDER_CREATE'] },
    });
    const id = created.body.webhookId;
    const etag = created.headers.get('etag') ?? (await api(`/${shop}/webhooks/${id}`)).headers.get('etag');
    const lost = loseAnswers({ commands: ['PutCommand', 'PutItemCommand'], times: 1 });

    // Act
    const patched = await api(`/${shop}/webhooks/${id}`, {
      method: 'PATCH',
      headers: { 'If-Match': etag as string },
      body: [{ op: 'replace', path: '/active', value: false }],
    });
    clearLostAnswers();
    const read = await api(`/${shop}/webhooks/${id}`);

    // Assert
    expect(lost.lost()).toBe(1);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ webhookId: id, active: false });
    expect(read.body).toEqual(patched.body);
    expect(read.headers.get('etag')).toBe(patched.headers.get('etag'));
    expect(read.headers.get('etag')).not.toBe(etag);
  });
});
