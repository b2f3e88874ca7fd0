import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';

/** GET /search/product-suggest (docs/catalog.md "Product suggest") on the demo shop. */

const suggest = (query: string) => call(`/demo/search/product-suggest?${query}`);
const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);

describe('GET /search/product-suggest', () => {
  it('suggests products every query word starts a word of, names starting with the query first, then by name', async () => {
    // Act
    const titanium = await suggest('query=TITAN');
    const words = await suggest('query=ti%20mu');
    const german = await suggest('query=titan&locale=de_DE');

    // Assess: the hidden prototype ("Prototype: Titanium Wood Stove") is not visible
    expect(titanium.status).toBe(200);
    expect(names(titanium.body)).toEqual(['Titanium Mug 450 ml', 'Titanium Pot 750 ml', 'Titanium Spork']);
    expect(names(words.body)).toEqual(['Titanium Mug 450 ml']);
    expect(names(german.body)).toEqual(['Titan-Löffelgabel', 'Titanbecher 450 ml', 'Titantopf 750 ml']);
  });

  it('ranks a name that starts with the query before one that only contains a word starting with it', async () => {
    // "Merino": two names start with it, two more hold the word later
    const merino = await suggest('query=merino');

    expect(names(merino.body)).toEqual([
      'Merino Rib Beanie',
      'Merino Trekking Socks (pair)',
      'Trail Merino T-Shirt',
    ]);
  });

  it('matches product numbers, answers each suggestion with its number, images and link, and honours the limit', async () => {
    // Act
    const byNumber = await suggest('query=nw-70');
    const limited = await suggest('query=a&limit=2');

    // Assess
    expect(byNumber.body.products).toEqual([
      {
        name: 'Fjell 2 Dome Tent',
        productNumber: 'NW-7020',
        images: expect.any(Array),
        link: { rel: 'product', href: expect.stringMatching(/\/demo\/products\/dome-tent-2p$/) },
      },
      expect.objectContaining({ productNumber: 'NW-7060-AUS' }),
    ]);
    expect(limited.body.products).toHaveLength(2);
  });

  it('leaves variations out and answers an empty list when nothing matches', async () => {
    const shirt = await suggest('query=trail%20merino');
    const none = await suggest('query=zeppelin');

    expect(names(shirt.body)).toEqual(['Trail Merino T-Shirt']);
    expect(none.body).toEqual({ products: [] });
  });

  it('answers 400 for a missing or blank query and a limit outside 1..20, 403 without products_read', async () => {
    const answers = [
      await suggest(''),
      await suggest('query=%20%20'),
      await suggest('query=tent&limit=0'),
      await suggest('query=tent&limit=21'),
      await suggest('query=tent&limit=x'),
      await call('/demo/search/product-suggest?query=tent', { token: tokenFor('demo', []) }),
    ];

    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 403]);
  });
});
