import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { privateDemoShop } from '../support/shops';

/** Script tags (docs/catalog.md "Script tags"), each test on a shop of its own. */

const post = (shop: string, scriptUrl: unknown) =>
  call(`/${shop}/script-tags`, { method: 'POST', body: { scriptUrl } });

describe('script tags', () => {
  let shop: string;
  beforeAll(async () => {
    shop = await privateDemoShop('scripttags');
  });

  it('adds a tag (201 with Location), lists them oldest first, and deletes one (204, then 404)', async () => {
    // Act
    const first = await post(shop, 'https://cdn.example.com/reviews/widget.js');
    const worker = await post(shop, 'https://cdn.example.com/push/service-worker.js?v=2');
    const listed = await call(`/${shop}/script-tags`);
    const deleted = await call(`/${shop}/script-tags/${first.body.scriptTagId}`, { method: 'DELETE' });
    const again = await call(`/${shop}/script-tags/${first.body.scriptTagId}`, { method: 'DELETE' });
    const after = await call(`/${shop}/script-tags`);

    // Assess
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe(`/${shop}/script-tags/${first.body.scriptTagId}`);
    expect(first.body).toEqual({
      scriptTagId: expect.any(String),
      scriptUrl: 'https://cdn.example.com/reviews/widget.js',
      scriptType: 'NORMAL',
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedOn: first.body.createdOn,
      links: [
        {
          rel: 'self',
          href: expect.stringMatching(new RegExp(`/${shop}/script-tags/${first.body.scriptTagId}$`)),
        },
      ],
    });
    expect(worker.body.scriptType).toBe('SERVICE_WORKER');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((t: { scriptTagId: string }) => t.scriptTagId)).toEqual([
      first.body.scriptTagId,
      worker.body.scriptTagId,
    ]);
    expect([deleted.status, again.status]).toEqual([204, 404]);
    expect(after.body.items).toEqual([worker.body]);
  });

  it('answers 400 for a URL that is not absolute https or longer than 2,048 characters, a missing one or an unknown field', async () => {
    // Act
    const answers = await Promise.all([
      post(shop, 'http://cdn.example.com/a.js'),
      post(shop, '/scripts/a.js'),
      post(shop, `https://cdn.example.com/${'a'.repeat(2030)}.js`),
      post(shop, 42),
      call(`/${shop}/script-tags`, { method: 'POST', body: {} }),
      call(`/${shop}/script-tags`, {
        method: 'POST',
        body: { scriptUrl: 'https://a.example/a.js', async: true },
      }),
    ]);
    const listed = await call(`/${shop}/script-tags`);

    // Assess
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[0]?.body.errors).toEqual([expect.objectContaining({ field: 'scriptUrl' })]);
    expect(listed.body.items.map((t: { scriptUrl: string }) => t.scriptUrl)).not.toContain(
      'http://cdn.example.com/a.js',
    );
  });

  it('stores and answers the normalised URL, and refuses user info and IP literals (400)', async () => {
    // Act
    const taken = await Promise.all([
      post(shop, 'https:cdn.example.com/no-slashes.js'),
      post(shop, '  https://CDN.Example.com/spaced.js'),
      post(shop, 'https://cdn.example.com/a.js"><script>alert(1)</script>'),
    ]);
    const refused = await Promise.all([
      post(shop, 'https://user:secret@cdn.example.com/a.js'),
      post(shop, 'https://203.0.113.7/a.js'),
      post(shop, 'https://0x7f.1/a.js'),
      post(shop, 'https://[2001:db8::1]/a.js'),
    ]);
    const listed = await call(`/${shop}/script-tags`);

    // Assess
    expect(taken.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(taken.map((a) => a.body.scriptUrl)).toEqual([
      'https://cdn.example.com/no-slashes.js',
      'https://cdn.example.com/spaced.js',
      'https://cdn.example.com/a.js%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    ]);
    expect(refused.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    for (const answer of refused)
      expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'scriptUrl' })]);
    const stored = listed.body.items.map((t: { scriptUrl: string }) => t.scriptUrl);
    expect(stored).toEqual(expect.arrayContaining(taken.map((a) => a.body.scriptUrl)));
    expect(
      stored.some((url: string) => url.includes('"') || url.includes('secret') || url.startsWith(' ')),
    ).toBe(false);
  });

  it('holds at most 20 tags, however many POSTs race: the others get 409', async () => {
    // Prepare
    const full = await privateDemoShop('scripttagsfull');

    // Act: 25 at once, then one at a time until refused
    const raced = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post(full, `https://cdn.example.com/tag-${i}.js`)),
    );
    const afterRace = await call(`/${full}/script-tags`);
    let last = await post(full, 'https://cdn.example.com/more-0.js');
    for (let i = 1; last.status === 201 && i < 25; i++)
      last = await post(full, `https://cdn.example.com/more-${i}.js`);
    const listed = await call(`/${full}/script-tags`);

    // Assess: never more than 20; a racer refused is 409 (the limit, or lost races: try again)
    const added = raced.filter((a) => a.status === 201).length;
    expect(added).toBeLessThanOrEqual(20);
    expect(added).toBeGreaterThan(0);
    expect(raced.filter((a) => a.status !== 201).map((a) => a.status)).toEqual(Array(25 - added).fill(409));
    expect(afterRace.body.items).toHaveLength(added);
    expect(last.status).toBe(409);
    expect(last.body.errors).toEqual([expect.objectContaining({ field: 'scriptUrl' })]);
    expect(listed.body.items).toHaveLength(20);
  });

  it('needs scripttags_read to list and scripttags_write to add or delete', async () => {
    const readOnly = tokenFor(shop, ['scripttags_read']);
    const listed = await call(`/${shop}/script-tags`, { token: readOnly });
    const added = await call(`/${shop}/script-tags`, {
      method: 'POST',
      body: { scriptUrl: 'https://a.example/a.js' },
      token: readOnly,
    });
    const unlisted = await call(`/${shop}/script-tags`, { token: tokenFor(shop, ['products_read']) });

    expect(listed.status).toBe(200);
    expect(added.status).toBe(403);
    expect(unlisted.status).toBe(403);
  });
});
