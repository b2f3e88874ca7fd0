import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_COUPON_CAMPAIGN } from '../../infra/local/seed/coupon-campaign';
import { call, tokenFor } from '../support/api';
import { privateDemoShop } from '../support/shops';

/** Coupon campaigns and their codes (docs/catalog.md "Coupon campaigns"), on a shop of this file's own. */

let shop: string;
const campaigns = () => `/${shop}/coupon-campaigns`;
const create = (body: Record<string, unknown>, query = '') =>
  call(`${campaigns()}${query}`, { method: 'POST', body });
const putCode = (campaignId: string, code: string) =>
  call(`${campaigns()}/${campaignId}/coupons`, { method: 'PUT', body: { code } });
const spring: Record<string, unknown> = SAMPLE_COUPON_CAMPAIGN;

beforeAll(async () => {
  shop = await privateDemoShop('coupons');
});

describe('coupon campaigns', () => {
  it('creates one (201 with Location, minimumOrderValue as Money), reads it and lists campaigns oldest first', async () => {
    // Act
    const created = await create(spring);
    const read = await call(`${campaigns()}/${created.body.campaignId}`);
    const german = await create(
      {
        identifier: 'versandfrei',
        name: 'Versandkostenfrei',
        currency: 'GBP',
        type: { name: 'SHIPPING' },
        validFrom: '2026-01-01T00:00:00Z',
        validUntil: '2099-01-01',
      },
      '?locale=de_DE',
    );
    const all = await call(`${campaigns()}?resultsPerPage=100`);
    const page = await call(`${campaigns()}?resultsPerPage=1&page=2`);

    // Assess
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${campaigns()}/${created.body.campaignId}`);
    expect(created.body).toEqual({
      campaignId: expect.any(String),
      identifier: 'spring-10',
      name: 'Spring 10 %',
      currency: 'EUR',
      minimumOrderValue: { amount: 30, currency: 'EUR', taxType: 'GROSS', formatted: '€30.00' },
      type: { name: 'PERCENT', amount: 10, waiveShippingCosts: false },
      validFrom: null,
      validUntil: null,
      usesPerCode: 1,
      usesTotal: 500,
      timesUsed: 0,
      links: [{ rel: 'self', href: expect.stringContaining(`/coupon-campaigns/${created.body.campaignId}`) }],
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect(german.status).toBe(201);
    expect(german.body).toMatchObject({
      name: 'Versandkostenfrei',
      currency: 'GBP',
      minimumOrderValue: { amount: 0, currency: 'GBP' },
      type: { name: 'SHIPPING', waiveShippingCosts: true },
      validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: '2099-01-01T00:00:00.000Z',
      usesPerCode: null,
      usesTotal: null,
    });
    expect(german.body.type).not.toHaveProperty('amount');
    // The demo file's coupons came in as campaigns of their own (docs/catalog.md "Coupon campaigns").
    expect(all.body.items.map((c: { identifier: string }) => c.identifier)).toEqual([
      'WELCOME10',
      'TENOFF',
      'spring-10',
      'versandfrei',
    ]);
    expect(all.body.items[1]).toMatchObject({
      type: { name: 'FIX', amount: 10, waiveShippingCosts: false },
      minimumOrderValue: { amount: 30, currency: 'EUR' },
    });
    expect(page.body).toMatchObject({ results: 4, page: 2, resultsPerPage: 1 });
    expect(page.body.items).toEqual([all.body.items[1]]);
  });

  it('refuses a taken identifier in any case (409) and every bad field with 400 naming it', async () => {
    // Act
    const taken = await create({ ...spring, identifier: 'SPRING-10' });
    const bad = await Promise.all(
      [
        [{ ...spring, identifier: undefined }, 'identifier'],
        [{ ...spring, name: '' }, 'name'],
        [{ ...spring, currency: 'USD' }, 'currency'],
        [{ ...spring, currency: 'euro' }, 'currency'],
        [{ ...spring, minimumOrderValue: -1 }, 'minimumOrderValue'],
        [{ ...spring, minimumOrderValue: 1.005 }, 'minimumOrderValue'],
        [{ ...spring, type: { name: 'BOGO', amount: 1 } }, 'type.name'],
        [{ ...spring, type: { name: 'PERCENT' } }, 'type.amount'],
        [{ ...spring, type: { name: 'PERCENT', amount: 0 } }, 'type.amount'],
        [{ ...spring, type: { name: 'PERCENT', amount: 100.5 } }, 'type.amount'],
        [{ ...spring, type: { name: 'FIX', amount: 0 } }, 'type.amount'],
        [{ ...spring, type: { name: 'FIX', amount: 2.555 } }, 'type.amount'],
        [{ ...spring, type: { name: 'SHIPPING', amount: 5 } }, 'type.amount'],
        [
          { ...spring, type: { name: 'FIX', amount: 5, waiveShippingCosts: 'yes' } },
          'type.waiveShippingCosts',
        ],
        [{ ...spring, validFrom: 'soon' }, 'validFrom'],
        [{ ...spring, validFrom: '2026-02-01', validUntil: '2026-01-01' }, 'validUntil'],
        [{ ...spring, validFrom: '2026-01-01', validUntil: '2026-01-01' }, 'validUntil'],
        [{ ...spring, usesPerCode: 0 }, 'usesPerCode'],
        [{ ...spring, usesTotal: 1.5 }, 'usesTotal'],
        // An unknown key is the body's problem (its message names the key).
        [{ ...spring, colour: 'red' }, 'body'],
      ].map(async ([body, field]) => ({
        field,
        answer: await create({
          ...(body as object),
          identifier: (body as { identifier?: string }).identifier && 'other',
        }),
      })),
    );
    const badLocale = await create({ ...spring, identifier: 'other' }, '?locale=fr_FR');
    const listed = await call(campaigns());

    // Assess
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([expect.objectContaining({ field: 'identifier' })]);
    for (const { field, answer } of bad) {
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.errors).toEqual([expect.objectContaining({ field: 'locale' })]);
    expect(listed.body.results).toBe(4);
  });

  it('adds codes (form or JSON, 204; its own again 204), keeps them unique in any case (409) and deletes them', async () => {
    // Prepare
    const first = await create({ ...spring, identifier: 'codes-a' });
    const second = await create({ ...spring, identifier: 'codes-b' });
    const a = first.body.campaignId as string;
    const b = second.body.campaignId as string;

    // Act
    const json = await putCode(a, 'Spring-Ada_1');
    const form = await call(`${campaigns()}/${a}/coupons`, {
      method: 'PUT',
      rawBody: 'code=SPRING-BOB',
      contentType: 'application/x-www-form-urlencoded',
    });
    const again = await putCode(a, 'SPRING-ADA_1');
    const elsewhere = await putCode(b, 'spring-ada_1');
    const badCodes = await Promise.all(['', 'has space', 'x'.repeat(65), 'ümlaut'].map((c) => putCode(a, c)));
    const noCode = await call(`${campaigns()}/${a}/coupons`, { method: 'PUT', body: {} });
    const unknownCampaign = await putCode('nope', 'FRESH');
    const removed = await call(`${campaigns()}/${a}/coupons/spring-bob`, { method: 'DELETE' });
    const removedAgain = await call(`${campaigns()}/${a}/coupons/SPRING-BOB`, { method: 'DELETE' });
    const notItsCode = await call(`${campaigns()}/${b}/coupons/SPRING-ADA_1`, { method: 'DELETE' });
    const freed = await putCode(b, 'spring-bob');
    await putCode(a, 'AAA-FIRST');
    const listed = await call(`${campaigns()}/${a}/coupons`);
    const paged = await call(`${campaigns()}/${a}/coupons?resultsPerPage=1&page=2`);
    const listUnknown = await call(`${campaigns()}/nope/coupons`);

    // Assess
    expect([json.status, form.status, again.status]).toEqual([204, 204, 204]);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
    expect(badCodes.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(badCodes[1]?.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
    expect(noCode.status).toBe(400);
    expect(unknownCampaign.status).toBe(404);
    expect(removed.status).toBe(204);
    expect(removedAgain.status).toBe(404);
    expect(notItsCode.status).toBe(404);
    expect(freed.status).toBe(204);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      results: 2,
      page: 1,
      resultsPerPage: 10,
      items: [
        { code: 'AAA-FIRST', timesUsed: 0 },
        { code: 'Spring-Ada_1', timesUsed: 0 },
      ],
    });
    expect(paged.body.items).toEqual([{ code: 'Spring-Ada_1', timesUsed: 0 }]);
    expect(listUnknown.status).toBe(404);
  });

  it('deletes a campaign (204): it and its codes are gone, the codes free again; unknown ids 404', async () => {
    // Prepare
    const made = await create({ ...spring, identifier: 'short-lived' });
    const id = made.body.campaignId as string;
    await putCode(id, 'GONE-SOON');

    // Act
    const deleted = await call(`${campaigns()}/${id}`, { method: 'DELETE' });
    const read = await call(`${campaigns()}/${id}`);
    const again = await call(`${campaigns()}/${id}`, { method: 'DELETE' });
    const codeOfGone = await call(`${campaigns()}/${id}/coupons/GONE-SOON`, { method: 'DELETE' });
    const putOnGone = await putCode(id, 'ANOTHER');
    const unknown = await call(`${campaigns()}/nope`);
    const other = await create({ ...spring, identifier: 'short-lived' });
    const reused = await putCode(other.body.campaignId, 'gone-soon');

    // Assess
    expect(deleted.status).toBe(204);
    expect([read.status, again.status, codeOfGone.status, putOnGone.status, unknown.status]).toEqual([
      404, 404, 404, 404, 404,
    ]);
    expect(other.status).toBe(201);
    expect(reused.status).toBe(204);
  });

  it('refuses bad paging (400) and needs coupons_read to read and coupons_write to change', async () => {
    // Prepare
    const reader = tokenFor(shop, ['coupons_read']);
    const writer = tokenFor(shop, ['coupons_write']);
    const id = (await call(`${campaigns()}?resultsPerPage=1`)).body.items[0].campaignId as string;

    // Act
    const badPages = await Promise.all(
      ['page=0', 'resultsPerPage=101', 'resultsPerPage=x'].map((q) => call(`${campaigns()}?${q}`)),
    );
    const listed = await call(campaigns(), { token: reader });
    const readOne = await call(`${campaigns()}/${id}`, { token: reader });
    const refused = await Promise.all([
      call(campaigns(), { method: 'POST', body: { ...spring, identifier: 'x1' }, token: reader }),
      call(`${campaigns()}/${id}`, { method: 'DELETE', token: reader }),
      call(`${campaigns()}/${id}/coupons`, { method: 'PUT', body: { code: 'X1' }, token: reader }),
      call(`${campaigns()}/${id}/coupons/X1`, { method: 'DELETE', token: reader }),
      call(campaigns(), { token: writer }),
      call(`${campaigns()}/${id}`, { token: writer }),
    ]);

    // Assess
    expect(badPages.map((r) => r.status)).toEqual([400, 400, 400]);
    expect([listed.status, readOne.status]).toEqual([200, 200]);
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
  });
});
