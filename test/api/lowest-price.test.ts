import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { privateDemoShop, withStock } from '../support/shops';

/**
 * GET /products/{p}/lowest-price (docs/catalog.md "Product detail, variations, cross-selling") on the demo
 * shop's masters.
 */

const lowest = (shop: string, productId: string, query = '') =>
  call(`/${shop}/products/${productId}/lowest-price${query}`);
const linkedId = (body: { links: { rel: string; href: string }[] }) =>
  body.links
    .find((l) => l.rel === 'product')
    ?.href.split('/')
    .at(-1);

describe('GET /products/{p}/lowest-price', () => {
  it('answers the lowest price a variation can be bought for now, linking it; a tie goes to the first', async () => {
    // Act
    const shirt = await lowest('demo', 'trail-tshirt', '?locale=de_DE');
    const jacket = await lowest('demo', 'rain-jacket');

    // Assess
    expect(shirt.status).toBe(200);
    expect(shirt.body).toEqual({
      priceInfo: {
        quantity: { amount: expect.any(Number), unit: expect.any(String) },
        price: expect.objectContaining({ amount: 34.9, currency: 'EUR' }),
      },
      links: [{ rel: 'product', href: expect.stringMatching(/\/demo\/products\/trail-tshirt-red-m$/) }],
    });
    expect(jacket.body.priceInfo.price.amount).toBe(159);
    expect(linkedId(jacket.body)).toBe('rain-jacket-orange-m');
  });

  it('skips a variation that sold out (live stock) and one not for sale', async () => {
    // Prepare: the cheapest jacket sold out in a shop of its own
    const shop = await privateDemoShop('lowest', withStock({ 'rain-jacket-orange-m': { stock: 0 } }));

    // Act
    const jacket = await lowest(shop, 'rain-jacket');

    // Assess
    expect(jacket.body.priceInfo.price.amount).toBe(159);
    expect(linkedId(jacket.body)).toBe('rain-jacket-orange-l');
  });

  it('answers 404 for a product with no variation (regular or a variation itself) or unknown, 400 for a currency the shop lacks', async () => {
    const answers = [
      await lowest('demo', 'espresso-beans'),
      await lowest('demo', 'trail-tshirt-red-m'),
      await lowest('demo', 'no-such-product'),
      await lowest('demo', 'trail-tshirt', '?currency=JPY'),
      await call('/demo/products/trail-tshirt/lowest-price', { token: tokenFor('demo', []) }),
    ];

    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 400, 403]);
  });
});
