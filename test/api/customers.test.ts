import { beforeAll, describe, expect, it } from 'vitest';
import { readShopFile } from '../../infra/local/import-file';
import { importShop } from '../../lib/data/import-shop';
import { call, tokenFor } from '../support/api';
import { useLocalTable } from '../support/local-env';

/** Customers, in a private copy of the demo shop (its two seed customers, nobody else's). */

const shop = `cust-${Date.now().toString(36)}`;
const address = {
  firstName: 'Lena',
  lastName: 'Vogel',
  street: 'Bertoldstraße 8',
  zipCode: '79098',
  city: 'Freiburg im Breisgau',
  country: 'DE',
  emailAddress: 'lena.vogel@example.com',
};

/** Creates a customer through the API; returns its body. */
async function createCustomer(body: Record<string, unknown> = { billingAddress: address }) {
  const response = await call(`/${shop}/customers`, { method: 'POST', body });
  if (response.status !== 201)
    throw new Error(`customer creation failed: ${response.status} ${response.text}`);
  return response.body;
}

/** PATCH with a JSON Patch document. */
function patch(customerId: string, operations: unknown, contentType = 'application/json-patch+json') {
  return call(`/${shop}/customers/${customerId}`, {
    method: 'PATCH',
    rawBody: JSON.stringify(operations),
    contentType,
  });
}

beforeAll(async () => {
  useLocalTable();
  await importShop(shop, await readShopFile('infra/local/seed/demo.json'));
});

describe('GET /{shopId}/customers', () => {
  it('pages the customers newest first in the envelope', async () => {
    // Act
    const response = await call(`/${shop}/customers?resultsPerPage=100`);

    // Assess
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, resultsPerPage: 100 });
    const numbers = response.body.items.map((c: { customerNumber: string }) => c.customerNumber);
    expect(numbers.slice(-2)).toEqual(['C-1002', 'C-1001']);
    expect(response.body.results).toBe(response.body.items.length);
    const dates = response.body.items.map((c: { creationDate: string }) => c.creationDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages with page and resultsPerPage, 400 outside the limits', async () => {
    const all = await call(`/${shop}/customers?resultsPerPage=100`);
    const second = await call(`/${shop}/customers?resultsPerPage=1&page=2`);
    const invalid = await Promise.all(
      ['resultsPerPage=0', 'resultsPerPage=101', 'page=0', 'page=x', 'resultsPerPage=1.5'].map((q) =>
        call(`/${shop}/customers?${q}`),
      ),
    );

    expect(second.body.items).toEqual([all.body.items[1]]);
    expect(second.body).toMatchObject({ page: 2, resultsPerPage: 1, results: all.body.results });
    expect(invalid.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
  });

  it('needs customers_read', async () => {
    const refused = await call(`/${shop}/customers`, { token: tokenFor(shop, ['customers_write']) });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('customers_read');
  });
});

describe('GET /{shopId}/customers/{customerId}', () => {
  it('renders the customer resource', async () => {
    const response = await call(`/${shop}/customers/jonas-weber`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      customerId: 'jonas-weber',
      customerNumber: 'C-1002',
      creationDate: '2026-02-03T16:40:05Z',
      billingAddress: expect.objectContaining({ firstName: 'Jonas', vatId: 'DE298765431' }),
      internalNote: 'Trade customer: restaurant, gets trade prices on kitchen knives.',
      links: [{ rel: 'self', href: expect.stringMatching(new RegExp(`/${shop}/customers/jonas-weber$`)) }],
    });
  });

  it('answers 404 for an unknown customer, 403 without customers_read', async () => {
    const unknown = await call(`/${shop}/customers/nobody`);
    const refused = await call(`/${shop}/customers/anna-schmidt`, {
      token: tokenFor(shop, ['products_read']),
    });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: '404', message: 'Customer not found' });
    expect(refused.status).toBe(403);
  });
});

describe('POST /{shopId}/customers', () => {
  it('creates a customer with a generated number, readable at once and first in the list', async () => {
    // Act
    const response = await call(`/${shop}/customers`, {
      method: 'POST',
      body: { billingAddress: { ...address, company: null }, internalNote: 'Met at the fair' },
    });

    // Assess
    expect(response.status).toBe(201);
    const { customerId } = response.body;
    expect(response.headers.get('location')).toBe(`/${shop}/customers/${customerId}`);
    expect(response.body).toMatchObject({
      customerId: expect.stringMatching(/^[0-9A-Z]{26}$/),
      customerNumber: expect.stringMatching(/^C-\d+$/),
      billingAddress: { ...address, company: null },
      internalNote: 'Met at the fair',
    });
    expect(Date.parse(response.body.creationDate)).toBeGreaterThan(Date.now() - 60_000);
    const read = await call(`/${shop}/customers/${customerId}`);
    expect(read.body).toEqual(response.body);
    const list = await call(`/${shop}/customers`);
    expect(list.body.items[0].customerId).toBe(customerId);
  });

  it('generates a different number each time and keeps a given one', async () => {
    const a = await createCustomer();
    const b = await createCustomer();
    const given = await createCustomer({ billingAddress: address, customerNumber: 'K-77.a_1' });

    expect(a.customerNumber).not.toBe(b.customerNumber);
    expect(given.customerNumber).toBe('K-77.a_1');
    expect(given.internalNote).toBeNull();
  });

  it('answers 409 for a customer number that is taken', async () => {
    const seed = await call(`/${shop}/customers`, {
      method: 'POST',
      body: { billingAddress: address, customerNumber: 'C-1001' },
    });

    expect(seed.status).toBe(409);
    expect(seed.body).toMatchObject({ status: '409', message: expect.stringContaining('C-1001') });
  });

  it('answers 400 for a missing billing address, unknown or overlong fields and bad numbers', async () => {
    const cases = [
      {},
      { billingAddress: address, extra: true },
      { billingAddress: { ...address, nickname: 'Leni' } },
      { billingAddress: { ...address, city: 'x'.repeat(256) } },
      { billingAddress: { ...address, zipCode: 79098 } },
      { billingAddress: address, customerNumber: 'has space' },
      { billingAddress: address, customerNumber: '' },
      { billingAddress: 'Freiburg' },
    ];

    const responses = await Promise.all(
      cases.map((body) => call(`/${shop}/customers`, { method: 'POST', body })),
    );

    expect(responses.map((r) => r.status)).toEqual(cases.map(() => 400));
    expect(responses[0]?.body.errors).toEqual([{ field: 'billingAddress', message: expect.any(String) }]);
    expect(responses[3]?.body.errors).toEqual([
      { field: 'billingAddress.city', message: expect.any(String) },
    ]);
    expect(responses[5]?.body.errors).toEqual([{ field: 'customerNumber', message: expect.any(String) }]);
  });

  it('needs customers_write', async () => {
    const refused = await call(`/${shop}/customers`, {
      method: 'POST',
      body: { billingAddress: address },
      token: tokenFor(shop, ['customers_read']),
    });

    expect(refused.status).toBe(403);
  });
});

describe('PATCH /{shopId}/customers/{customerId}', () => {
  it('applies add, replace and remove on the allowed paths, in order, and shows at once', async () => {
    // Prepare
    const customer = await createCustomer();

    // Act
    const response = await patch(customer.customerId, [
      { op: 'replace', path: '/internalNote', value: 'Prefers Saturdays' },
      { op: 'add', path: '/billingAddress/phoneNumber', value: '+49 761 555' },
      { op: 'replace', path: '/billingAddress/street', value: 'Kaiser-Joseph-Straße 1' },
      { op: 'remove', path: '/billingAddress/zipCode' },
      { op: 'replace', path: '/billingAddress/company', value: null },
    ]);

    // Assess
    expect(response.status).toBe(200);
    const { zipCode: _, ...rest } = address;
    expect(response.body).toMatchObject({
      customerId: customer.customerId,
      internalNote: 'Prefers Saturdays',
    });
    expect(response.body.billingAddress).toEqual({
      ...rest,
      street: 'Kaiser-Joseph-Straße 1',
      phoneNumber: '+49 761 555',
      company: null,
    });
    expect((await call(`/${shop}/customers/${customer.customerId}`)).body).toEqual(response.body);
  });

  it('shows the change in the list, which had shown the customer before', async () => {
    // Prepare: the list's instance has shown (and kept) the customer as created.
    const customer = await createCustomer();
    const before = await call(`/${shop}/customers?resultsPerPage=1`);

    // Act
    const response = await patch(customer.customerId, [
      { op: 'add', path: '/internalNote', value: 'Listed as changed' },
    ]);
    const after = await call(`/${shop}/customers?resultsPerPage=1`);

    // Assess
    expect([before.status, response.status, after.status]).toEqual([200, 200, 200]);
    expect(before.body.items[0]).toMatchObject({ customerId: customer.customerId, internalNote: null });
    expect(after.body.results).toBe(before.body.results);
    expect(after.body.items[0]).toEqual(response.body);
  });

  it('replaces the whole billing address, removes the note and takes application/json too', async () => {
    const customer = await createCustomer({ billingAddress: address, internalNote: 'old' });

    const response = await patch(
      customer.customerId,
      [
        { op: 'replace', path: '/billingAddress', value: { lastName: 'Adler', country: 'AT' } },
        { op: 'remove', path: '/internalNote' },
      ],
      'application/json',
    );

    expect(response.status).toBe(200);
    expect(response.body.billingAddress).toEqual({ lastName: 'Adler', country: 'AT' });
    expect(response.body.internalNote).toBeNull();
  });

  it('changes the customer number; the old one becomes free and a taken one is 409', async () => {
    const customer = await createCustomer({ billingAddress: address, customerNumber: 'MOVE-1' });

    const moved = await patch(customer.customerId, [
      { op: 'replace', path: '/customerNumber', value: 'MOVE-2' },
    ]);
    const reused = await call(`/${shop}/customers`, {
      method: 'POST',
      body: { billingAddress: address, customerNumber: 'MOVE-1' },
    });
    const taken = await patch(customer.customerId, [{ op: 'add', path: '/customerNumber', value: 'C-1002' }]);

    expect(moved.status).toBe(200);
    expect(moved.body.customerNumber).toBe('MOVE-2');
    expect(reused.status).toBe(201);
    expect(taken.status).toBe(409);
    expect((await call(`/${shop}/customers/${customer.customerId}`)).body.customerNumber).toBe('MOVE-2');
  });

  it('answers 400 naming the operation index for anything else, and changes nothing', async () => {
    // Prepare
    const customer = await createCustomer();
    const bad = async (operations: unknown) => {
      const response = await patch(customer.customerId, operations);
      expect(response.status).toBe(400);
      return response.body.errors;
    };

    // Act and assess
    expect(
      await bad([
        { op: 'replace', path: '/internalNote', value: 'ok' },
        { op: 'replace', path: '/customerId', value: 'x' },
      ]),
    ).toEqual([{ field: '[1].path', message: expect.stringContaining('/customerId') }]);
    expect(await bad([{ op: 'move', from: '/internalNote', path: '/billingAddress/city' }])).toEqual([
      { field: '[0].op', message: expect.stringContaining('move') },
    ]);
    expect(await bad([{ op: 'remove', path: '/customerNumber' }])).toEqual([
      { field: '[0].path', message: 'customerNumber cannot be removed' },
    ]);
    expect(await bad([{ op: 'remove', path: '/billingAddress' }])).toEqual([
      { field: '[0].path', message: 'billingAddress cannot be removed' },
    ]);
    expect(await bad([{ op: 'add', path: '/billingAddress/nickname', value: 'x' }])).toEqual([
      { field: '[0].path', message: 'nickname is not an Address field' },
    ]);
    expect(await bad([{ op: 'add', path: '/billingAddress', value: { city: 7 } }])).toEqual([
      { field: '[0].value.city', message: expect.any(String) },
    ]);
    expect(await bad([{ op: 'replace', path: '/internalNote' }])).toEqual([
      { field: '[0].value', message: 'replace needs a value' },
    ]);
    expect(await bad([{ op: 'replace', path: '/customerNumber', value: 'with space' }])).toEqual([
      { field: '[0].value', message: expect.any(String) },
    ]);
    expect(await bad([{ op: 'replace', path: 'internalNote', value: 'x' }])).toEqual([
      { field: '[0].path', message: expect.any(String) },
    ]);
    expect(await bad({ op: 'replace', path: '/internalNote', value: 'x' })).toHaveLength(1);
    expect(await bad([{ path: '/internalNote', value: 'x' }])).toEqual([
      { field: '[0].op', message: expect.any(String) },
    ]);
    expect((await call(`/${shop}/customers/${customer.customerId}`)).body).toEqual(customer);
  });

  it('answers 404 for an unknown customer, 415 for other content types, 403 without customers_write', async () => {
    const operations = [{ op: 'replace', path: '/internalNote', value: 'x' }];

    const unknown = await patch('nobody', operations);
    const text = await patch('anna-schmidt', operations, 'text/plain');
    const refused = await call(`/${shop}/customers/anna-schmidt`, {
      method: 'PATCH',
      body: operations,
      token: tokenFor(shop, ['customers_read']),
    });

    expect(unknown.status).toBe(404);
    expect(text.status).toBe(415);
    expect(refused.status).toBe(403);
  });

  it('keeps both of two simultaneous patches of different fields (no lost update)', async () => {
    const customer = await createCustomer();

    const responses = await Promise.all([
      patch(customer.customerId, [{ op: 'replace', path: '/internalNote', value: 'note' }]),
      patch(customer.customerId, [{ op: 'replace', path: '/billingAddress/city', value: 'Basel' }]),
      patch(customer.customerId, [{ op: 'add', path: '/billingAddress/state', value: 'BW' }]),
    ]);

    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    const read = await call(`/${shop}/customers/${customer.customerId}`);
    expect(read.body).toMatchObject({ internalNote: 'note', billingAddress: { city: 'Basel', state: 'BW' } });
  });
});
