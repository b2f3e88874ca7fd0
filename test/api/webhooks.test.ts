import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { billedCart } from '../support/carts';
import { privateDemoShop } from '../support/shops';
import { type Received, startReceiver } from '../support/webhook-receiver';

/** Webhooks (docs/webhooks.md): the resource, its rules, and deliveries to real local receivers. */

const create = (shop: string, body: unknown) => call(`/${shop}/webhooks`, { method: 'POST', body });
const patch = (shop: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`/${shop}/webhooks/${id}`, { method: 'PATCH', body, headers });
const api = (path: string, options = {}) => call(path, options);

/** The signature a receiver recomputes (docs/webhooks.md). */
function verified(secret: string, request: Received): boolean {
  const timestamp = String(request.headers['x-service-webhook-timestamp']);
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(request.raw).digest('base64');
  return (
    mac === request.headers['x-service-hmac-sha256'] && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300
  );
}

describe('webhooks: the resource', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('webhooks');
  });

  it('creates a webhook with its secret shown once, reads, patches with If-Match and deletes it', async () => {
    // Act
    const created = await create(shop, {
      callbackUrl: 'https://erp.example.com/hooks/shop',
      eventTypes: ['ORDER_CREATE'],
    });
    const id = created.body.webhookId;
    const read = await call(`/${shop}/webhooks/${id}`);
    const listed = await call(`/${shop}/webhooks`);
    const stale = await patch(shop, id, [{ op: 'replace', path: '/active', value: false }], {
      'If-Match': '"999"',
    });
    const patched = await patch(
      shop,
      id,
      [{ op: 'add', path: '/eventTypes', value: ['ORDER_CREATE', 'STOCK_OUT'] }],
      {
        'If-Match': read.headers.get('etag') as string,
      },
    );
    const deleted = await call(`/${shop}/webhooks/${id}`, { method: 'DELETE' });
    const after = await Promise.all([
      call(`/${shop}/webhooks/${id}`),
      patch(shop, id, []),
      call(`/${shop}/webhooks/${id}`, { method: 'DELETE' }),
      call(`/${shop}/webhooks/${id}/deliveries`),
      call(`/${shop}/webhooks/${id}/test`, { method: 'POST' }),
    ]);

    // Assert
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/${shop}/webhooks/${id}`);
    expect(created.body).toEqual({
      webhookId: expect.any(String),
      callbackUrl: 'https://erp.example.com/hooks/shop',
      eventTypes: ['ORDER_CREATE'],
      active: true,
      deactivatedReason: null,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/),
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedOn: created.body.createdOn,
      links: [
        { rel: 'self', href: expect.stringMatching(new RegExp(`/${shop}/webhooks/${id}$`)) },
        { rel: 'deliveries', href: expect.stringMatching(new RegExp(`/${shop}/webhooks/${id}/deliveries$`)) },
      ],
    });
    const { secret: _secret, ...shown } = created.body;
    expect(read.status).toBe(200);
    expect(read.body).toEqual(shown);
    expect(read.headers.get('etag')).toMatch(/^"\d+"$/);
    expect(listed.body.items).toEqual([shown]);
    expect(stale.status).toBe(412);
    expect(patched.status).toBe(200);
    expect(patched.body.eventTypes).toEqual(['ORDER_CREATE', 'STOCK_OUT']);
    expect(patched.headers.get('etag')).not.toBe(read.headers.get('etag'));
    expect(deleted.status).toBe(204);
    expect(after.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
  });

  it.each([
    [
      'http outside the twin',
      { callbackUrl: 'http://erp.example.com/h', eventTypes: ['ORDER_CREATE'] },
      'callbackUrl',
    ],
    [
      'user info',
      { callbackUrl: 'https://user:pw@erp.example.com/h', eventTypes: ['ORDER_CREATE'] },
      'callbackUrl',
    ],
    ['a private address', { callbackUrl: 'https://10.0.0.7/h', eventTypes: ['ORDER_CREATE'] }, 'callbackUrl'],
    [
      'the metadata address',
      { callbackUrl: 'https://169.254.169.254/latest', eventTypes: ['ORDER_CREATE'] },
      'callbackUrl',
    ],
    ['IPv6 loopback', { callbackUrl: 'https://[::1]/h', eventTypes: ['ORDER_CREATE'] }, 'callbackUrl'],
    [
      'IPv4-mapped loopback',
      { callbackUrl: 'https://[::ffff:127.0.0.1]/h', eventTypes: ['ORDER_CREATE'] },
      'callbackUrl',
    ],
    [
      'unique-local IPv6',
      { callbackUrl: 'https://[fd12::1]/h', eventTypes: ['ORDER_CREATE'] },
      'callbackUrl',
    ],
    [
      'carrier-grade NAT',
      { callbackUrl: 'https://100.64.1.2/h', eventTypes: ['ORDER_CREATE'] },
      'callbackUrl',
    ],
    [
      'localhost by name',
      { callbackUrl: 'https://localhost:8443/h', eventTypes: ['ORDER_CREATE'] },
      'callbackUrl',
    ],
    [
      '127.0.0.1 over https',
      { callbackUrl: 'https://127.0.0.1:8443/h', eventTypes: ['ORDER_CREATE'] },
      'callbackUrl',
    ],
    ['no callbackUrl', { eventTypes: ['ORDER_CREATE'] }, 'callbackUrl'],
    ['no event types', { callbackUrl: 'https://erp.example.com/h', eventTypes: [] }, 'eventTypes'],
    [
      'an unknown type',
      { callbackUrl: 'https://erp.example.com/h', eventTypes: ['ORDER_EXPLODE'] },
      'eventTypes',
    ],
    [
      'a repeated type',
      { callbackUrl: 'https://erp.example.com/h', eventTypes: ['STOCK_LOW', 'STOCK_LOW'] },
      'eventTypes',
    ],
    [
      'PING as a subscription',
      { callbackUrl: 'https://erp.example.com/h', eventTypes: ['PING'] },
      'eventTypes',
    ],
    [
      'active not a boolean',
      { callbackUrl: 'https://erp.example.com/h', eventTypes: ['STOCK_LOW'], active: 'yes' },
      'active',
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, body, field) => {
    // Act
    const answer = await create(shop, body);
    const listed = await call(`/${shop}/webhooks`);

    // Assert
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(
      listed.body.items.filter(
        (w: { callbackUrl: string }) => w.callbackUrl === (body as { callbackUrl?: string }).callbackUrl,
      ),
    ).toEqual([]);
  });

  it('refuses a bad patch with 400 naming the operation, and changes nothing', async () => {
    // Prepare
    const created = await create(shop, {
      callbackUrl: 'https://erp.example.com/p',
      eventTypes: ['STOCK_LOW'],
    });
    const id = created.body.webhookId;

    // Act
    const answers = await Promise.all([
      patch(shop, id, [{ op: 'remove', path: '/active' }]),
      patch(shop, id, [{ op: 'add', path: '/secret', value: 'x' }]),
      patch(shop, id, [
        { op: 'add', path: '/active', value: false },
        { op: 'replace', path: '/callbackUrl', value: 'https://192.168.1.1/h' },
      ]),
      patch(shop, id, { op: 'add', path: '/active', value: false }),
    ]);
    const read = await call(`/${shop}/webhooks/${id}`);

    // Assert
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(answers[0]?.body.errors[0].field).toBe('[0].op');
    expect(answers[1]?.body.errors[0].field).toBe('[0].path');
    expect(answers[2]?.body.errors[0].field).toBe('[1].value');
    expect(answers[3]?.text).toContain('Request body must be a JSON Patch array');
    expect(read.body).toEqual((({ secret, ...rest }) => rest)(created.body));
  });

  it('holds at most 20 webhooks per shop, even when 25 are created at once', async () => {
    // Prepare
    const own = await privateDemoShop('webhooks-limit');

    // Act
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        create(own, { callbackUrl: `https://erp.example.com/${i}`, eventTypes: ['STOCK_LOW'] }),
      ),
    );
    const listed = await call(`/${own}/webhooks`);

    // Assert
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(listed.body.items).toHaveLength(20);
  });

  it('needs webhooks_write to manage and webhooks_read to read (403)', async () => {
    // Act
    const write = await call(`/${shop}/webhooks`, {
      method: 'POST',
      body: { callbackUrl: 'https://erp.example.com/h', eventTypes: ['STOCK_LOW'] },
      token: tokenFor(shop, ['webhooks_read']),
    });
    const read = await call(`/${shop}/webhooks`, { token: tokenFor(shop, ['webhooks_write']) });

    // Assert
    expect([write.status, read.status]).toEqual([403, 403]);
  });

  it('needs the read scope of the data it delivers: webhooks_write alone receives no orders or customers (403)', async () => {
    // Prepare
    const writeOnly = tokenFor(shop, ['webhooks_write']);
    const withOrders = tokenFor(shop, ['webhooks_write', 'orders_read']);
    const asUser = (token: string, body: unknown) =>
      call(`/${shop}/webhooks`, { method: 'POST', body, token });
    const callbackUrl = 'https://erp.example.com/scoped';
    const existing = await create(shop, { callbackUrl, eventTypes: ['ORDER_CREATE', 'CUSTOMER_CREATE'] });

    // Act
    const answers = await Promise.all([
      asUser(writeOnly, { callbackUrl, eventTypes: ['ORDER_CREATE', 'ORDER_UPDATE', 'CUSTOMER_CREATE'] }),
      asUser(writeOnly, { callbackUrl, eventTypes: ['STOCK_BACK'] }),
      asUser(withOrders, { callbackUrl, eventTypes: ['ORDER_CREATE', 'CUSTOMER_CREATE'] }),
      asUser(withOrders, { callbackUrl, eventTypes: ['ORDER_UPDATE'] }),
      // Taking over an existing feed: a new URL, or one more event type, on a webhook of orders.
      call(`/${shop}/webhooks/${existing.body.webhookId}`, {
        method: 'PATCH',
        body: [{ op: 'replace', path: '/callbackUrl', value: 'https://attacker.example.com/hook' }],
        token: writeOnly,
      }),
      call(`/${shop}/webhooks/${existing.body.webhookId}`, {
        method: 'PATCH',
        body: [{ op: 'replace', path: '/active', value: false }],
        token: withOrders,
      }),
    ]);
    const after = await call(`/${shop}/webhooks/${existing.body.webhookId}`);

    // Assert
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 201, 403, 403]);
    expect(answers[0]?.body).toMatchObject({
      status: '403',
      message: expect.stringContaining('orders_read, customers_read'),
    });
    expect(answers[1]?.body.message).toContain('products_read');
    expect(answers[2]?.body.message).toMatch(/scope customers_read$/);
    expect(answers[4]?.body.message).toContain('orders_read');
    expect(after.body).toEqual((({ secret, ...rest }) => rest)(existing.body));
  });

  it('gives a webhook whose callbackUrl changes a new secret, shown once in that answer', async () => {
    // Prepare
    const created = await create(shop, {
      callbackUrl: 'https://erp.example.com/old',
      eventTypes: ['STOCK_LOW'],
    });
    const id = created.body.webhookId;

    // Act
    const moved = await patch(shop, id, [
      { op: 'replace', path: '/callbackUrl', value: 'https://erp.example.com/new' },
    ]);
    const toggled = await patch(shop, id, [{ op: 'replace', path: '/active', value: false }]);
    const read = await call(`/${shop}/webhooks/${id}`);

    // Assert
    expect(moved.status).toBe(200);
    expect(moved.body.secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(moved.body.secret).not.toBe(created.body.secret);
    expect(toggled.status).toBe(200);
    expect(toggled.body).not.toHaveProperty('secret');
    expect(read.body).not.toHaveProperty('secret');
  });
});

describe('webhooks: deliveries to a local receiver', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('webhook-sends');
  });

  it('sends ORDER_CREATE signed, with the order as GET /orders/{o} answers it', async () => {
    // Prepare
    const receiver = await startReceiver();
    const created = await create(shop, { callbackUrl: receiver.url, eventTypes: ['ORDER_CREATE'] });

    // Act
    const checkout = await (
      await billedCart(api, shop, [{ productId: 'espresso-beans', quantity: 1 }])
    ).checkout();
    const orderId = checkout.body.orderId as string;
    const [delivery] = await receiver.waitFor(
      (r) => (r.body.entity as { orderId?: string })?.orderId === orderId,
    );
    const order = await call(`/${shop}/orders/${orderId}`);
    await receiver.close();

    // Assert
    expect(checkout.status).toBe(201);
    if (!delivery) throw new Error('no delivery');
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-service-webhook-id']).toBe(created.body.webhookId);
    expect(verified(created.body.secret, delivery)).toBe(true);
    expect(delivery.body).toEqual({
      id: expect.stringMatching(/^evt_/),
      baseUrl: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${shop}$`)),
      entityUrl: expect.stringMatching(new RegExp(`/${shop}/orders/${orderId}$`)),
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      eventType: 'ORDER_CREATE',
      entity: order.body,
    });
  });

  it('sends each order event with the state its change wrote: ORDER_CREATE without the note a PATCH added at once', async () => {
    // Prepare
    const receiver = await startReceiver();
    await create(shop, { callbackUrl: receiver.url, eventTypes: ['ORDER_CREATE', 'ORDER_UPDATE'] });
    const entityOf = (orderId: string, type: string) => (r: Received) =>
      r.body.eventType === type && (r.body.entity as { orderId?: string }).orderId === orderId;

    // Act: three checkouts at once, each patched the moment its answer comes (before the stream's fan-out)
    const orderIds = await Promise.all(
      [0, 1, 2].map(async (round) => {
        const checkout = await (
          await billedCart(api, shop, [{ productId: 'espresso-beans', quantity: 1 }])
        ).checkout();
        const orderId = checkout.body.orderId as string;
        const patched = await call(`/${shop}/orders/${orderId}`, {
          method: 'PATCH',
          body: [{ op: 'add', path: '/internalNote', value: `note ${round}` }],
        });
        expect(patched.status).toBe(200);
        return orderId;
      }),
    );
    const created = await Promise.all(orderIds.map((o) => receiver.waitFor(entityOf(o, 'ORDER_CREATE'))));
    const updated = await Promise.all(orderIds.map((o) => receiver.waitFor(entityOf(o, 'ORDER_UPDATE'))));
    const now = await Promise.all(orderIds.map((o) => call(`/${shop}/orders/${o}`)));
    await receiver.close();

    // Assert: the creation as checkout wrote it, the update with its note, as GET renders each
    orderIds.forEach((_, round) => {
      const [creation] = created[round] as Received[];
      const [update] = updated[round] as Received[];
      expect(creation?.body.entity).toMatchObject({ internalNote: null });
      expect(update?.body.entity).toEqual(now[round]?.body);
      expect(creation?.body.entity).toEqual({
        ...now[round]?.body,
        internalNote: null,
        lastUpdatedOnDate: now[round]?.body.creationDate,
      });
    });
  });

  it('sends CUSTOMER_CREATE with the customer as created, not as a PATCH right after left it', async () => {
    // Prepare
    const receiver = await startReceiver();
    await create(shop, { callbackUrl: receiver.url, eventTypes: ['CUSTOMER_CREATE'] });
    const billingAddress = {
      firstName: 'Lena',
      lastName: 'Vogel',
      street: 'Bertoldstraße 8',
      zipCode: '79098',
      city: 'Freiburg im Breisgau',
      country: 'DE',
      emailAddress: 'lena.vogel@example.com',
    };

    // Act
    const created = await call(`/${shop}/customers`, {
      method: 'POST',
      body: { billingAddress, internalNote: 'Met at the fair' },
    });
    const patched = await call(`/${shop}/customers/${created.body.customerId}`, {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/internalNote', value: 'Prefers Saturdays' }],
    });
    const [delivery] = await receiver.waitFor(
      (r) => (r.body.entity as { customerId?: string })?.customerId === created.body.customerId,
    );
    await receiver.close();

    // Assert
    expect([created.status, patched.status]).toEqual([201, 200]);
    expect(delivery?.body.eventType).toBe('CUSTOMER_CREATE');
    expect(delivery?.body.entity).toEqual(created.body);
  });

  it('sends PRODUCT_CREATE and each PRODUCT_UPDATE with the product its write left, not a later one', async () => {
    // Prepare
    const own = await privateDemoShop('whproduct');
    const receiver = await startReceiver();
    await create(own, { callbackUrl: receiver.url, eventTypes: ['PRODUCT_CREATE', 'PRODUCT_UPDATE'] });

    // Act: a product created, then renamed twice the moment each answer comes (before the fan-out)
    const made = await call(`/${own}/products`, {
      method: 'POST',
      body: { name: 'Kettle, as created', productNumber: 'KETTLE-1', price: 30 },
    });
    const productId = made.body.productId as string;
    const rename = (name: string) =>
      call(`/${own}/products/${productId}`, {
        method: 'PATCH',
        body: [{ op: 'add', path: '/name', value: name }],
      });
    const renamed = [await rename('Kettle, renamed once'), await rename('Kettle, renamed twice')];
    const deliveries = await receiver.waitFor(
      (r) => (r.body.entity as { productId?: string })?.productId === productId,
      3,
    );
    await receiver.close();

    // Assert: each event shows the name its own write set
    expect([made.status, ...renamed.map((r) => r.status)]).toEqual([201, 200, 200]);
    const names = deliveries
      .map((d) => [d.body.eventType, (d.body.entity as { name: string }).name])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(names).toEqual([
      ['PRODUCT_CREATE', 'Kettle, as created'],
      ['PRODUCT_UPDATE', 'Kettle, renamed once'],
      ['PRODUCT_UPDATE', 'Kettle, renamed twice'],
    ]);
  });

  it('retries a failing receiver on the schedule with the same id and a new signature, and logs each attempt', async () => {
    // Prepare: fails the first two attempts of every event
    const counts = new Map<string, number>();
    const receiver = await startReceiver((request) => {
      const n = (counts.get(request.body.id) ?? 0) + 1;
      counts.set(request.body.id, n);
      return n <= 2 ? 503 : 200;
    });
    const created = await create(shop, { callbackUrl: receiver.url, eventTypes: ['ORDER_CREATE'] });
    const id = created.body.webhookId;

    // Act
    await (await billedCart(api, shop, [{ productId: 'espresso-beans', quantity: 1 }])).checkout();
    const attempts = await receiver.waitFor(() => true, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = await call(`/${shop}/webhooks/${id}/deliveries`);
    await receiver.close();

    // Assert
    expect(new Set(attempts.map((a) => a.body.id)).size).toBe(1);
    expect(attempts.every((a) => verified(created.body.secret, a))).toBe(true);
    expect(log.status).toBe(200);
    expect(log.body.items.map((a: { attempt: number; status: string }) => [a.attempt, a.status])).toEqual([
      [3, 'DELIVERED'],
      [2, 'FAILED'],
      [1, 'FAILED'],
    ]);
    expect(log.body.items[2]).toEqual({
      eventId: attempts[0]?.body.id,
      eventType: 'ORDER_CREATE',
      attempt: 1,
      status: 'FAILED',
      time: expect.stringMatching(/^\d{4}-/),
      answerCode: 503,
      error: 'bad status',
      nextAttemptAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(log.body.items[0].nextAttemptAt).toBeNull();
  });

  it('deactivates a webhook whose receiver fails an event 12 times, with the reason, and sends it nothing more', async () => {
    // Prepare
    const receiver = await startReceiver(() => ({
      status: 302,
      headers: { Location: 'https://elsewhere.example.com/' },
    }));
    const created = await create(shop, { callbackUrl: receiver.url, eventTypes: ['ORDER_CREATE'] });
    const id = created.body.webhookId;

    // Act: the whole schedule, scaled down by WEBHOOK_RETRY_SCALE in the twin (about 9 s)
    await (await billedCart(api, shop, [{ productId: 'espresso-beans', quantity: 1 }])).checkout();
    const attempts = await receiver.waitFor(() => true, 12, 40_000);
    let read = await call(`/${shop}/webhooks/${id}`);
    for (let i = 0; i < 20 && read.body.active; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = await call(`/${shop}/webhooks/${id}`);
    }
    await (await billedCart(api, shop, [{ productId: 'espresso-beans', quantity: 1 }])).checkout();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const log = await call(`/${shop}/webhooks/${id}/deliveries`);
    const reactivated = await patch(shop, id, [{ op: 'replace', path: '/active', value: true }]);
    await receiver.close();

    // Assert
    expect(attempts).toHaveLength(12);
    expect(receiver.received).toHaveLength(12);
    expect(read.body.active).toBe(false);
    expect(read.body.deactivatedReason).toBe(
      `12 failed attempts for event ${attempts[0]?.body.id}; last answer 302`,
    );
    expect(log.body.items[0]).toMatchObject({
      attempt: 12,
      status: 'FAILED',
      error: 'redirect',
      nextAttemptAt: null,
    });
    expect(reactivated.body).toMatchObject({ active: true, deactivatedReason: null });
  }, 60_000);

  it('pings at once with a PING, also an inactive webhook, and never retries a failed ping', async () => {
    // Prepare
    const receiver = await startReceiver((_request, index) => (index === 0 ? 200 : 500));
    const created = await create(shop, {
      callbackUrl: receiver.url,
      eventTypes: ['STOCK_OUT'],
      active: false,
    });
    const id = created.body.webhookId;

    // Act
    const first = await call(`/${shop}/webhooks/${id}/test`, { method: 'POST' });
    const second = await call(`/${shop}/webhooks/${id}/test`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const read = await call(`/${shop}/webhooks/${id}`);
    await receiver.close();

    // Assert
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      eventType: 'PING',
      attempt: 1,
      status: 'DELIVERED',
      answerCode: 200,
      error: null,
    });
    expect(second.body).toMatchObject({
      status: 'FAILED',
      answerCode: 500,
      error: 'bad status',
      nextAttemptAt: null,
    });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.body).toMatchObject({ eventType: 'PING', entity: {}, entityUrl: null });
    expect(verified(created.body.secret, receiver.received[0] as Received)).toBe(true);
    expect(read.body.active).toBe(false);
    expect(read.body.deactivatedReason).toBeNull();
  });

  it('signs with the new secret once the callbackUrl moved: the old one no longer verifies', async () => {
    // Prepare
    const [before, after] = [await startReceiver(), await startReceiver()];
    const created = await create(shop, { callbackUrl: before.url, eventTypes: ['STOCK_OUT'] });
    const id = created.body.webhookId;

    // Act
    const moved = await patch(shop, id, [{ op: 'replace', path: '/callbackUrl', value: after.url }]);
    const ping = await call(`/${shop}/webhooks/${id}/test`, { method: 'POST' });
    await Promise.all([before.close(), after.close()]);

    // Assert
    expect([moved.status, ping.status, ping.body.status]).toEqual([200, 200, 'DELIVERED']);
    expect(before.received).toHaveLength(0);
    const [delivery] = after.received;
    if (!delivery) throw new Error('no delivery');
    expect(verified(moved.body.secret, delivery)).toBe(true);
    expect(verified(created.body.secret, delivery)).toBe(false);
  });

  it('answers a ping to a receiver that never answers within its 5 s budget, as a timeout', async () => {
    // Prepare
    const receiver = await startReceiver(() => 'hang');
    const created = await create(shop, { callbackUrl: receiver.url, eventTypes: ['STOCK_OUT'] });

    // Act
    const started = Date.now();
    const ping = await call(`/${shop}/webhooks/${created.body.webhookId}/test`, { method: 'POST' });
    const took = Date.now() - started;
    await receiver.close();

    // Assess: 5 s for the ping, not the 10 s of an event's attempt
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ status: 'FAILED', error: 'timeout', answerCode: null });
    expect(took).toBeGreaterThanOrEqual(4900);
    expect(took).toBeLessThan(10_000);
  });

  it('records a refused connection without an answer code', async () => {
    // Prepare: a receiver that is closed again, so its port refuses connections
    const receiver = await startReceiver();
    await receiver.close();
    const created = await create(shop, { callbackUrl: receiver.url, eventTypes: ['STOCK_OUT'] });

    // Act
    const ping = await call(`/${shop}/webhooks/${created.body.webhookId}/test`, { method: 'POST' });

    // Assert
    expect(ping.body).toMatchObject({ status: 'FAILED', answerCode: null, error: 'connection refused' });
  });
});

afterAll(() => {});
