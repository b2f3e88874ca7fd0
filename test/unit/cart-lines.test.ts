import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../lib/domain/cart/cart';
import { MAX_LINE_ITEMS } from '../../lib/domain/cart/cart';
import {
  addLines,
  convertPrice,
  isMaster,
  productProblem,
  quantityProblem,
  snapshotLine,
} from '../../lib/domain/cart/cart-lines';
import { demoCatalog, productOf, withProduct } from './support/demo-catalog';

const catalog = demoCatalog();
const grossEur = { currency: 'EUR', taxType: 'GROSS' as const };

/** Line ids in the order they are handed out. */
function idSequence(prefix = 'line') {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

describe('productProblem', () => {
  it('accepts a visible, buyable product with a price in the currency', () => {
    // Prepare
    const product = productOf(catalog, 'merino-beanie');

    // Act
    const problem = productProblem(product, 'EUR', 'merino-beanie');

    // Assess
    expect(problem).toBeNull();
  });

  it('calls unknown and invisible products not found, naming the productId', () => {
    // Prepare
    const hidden = productOf(catalog, 'hidden-prototype');

    // Act
    const unknown = productProblem(undefined, 'EUR', 'no-such-product');
    const invisible = productProblem(hidden, 'EUR', 'hidden-prototype');

    // Assess
    expect(unknown).toBe('Product no-such-product not found');
    expect(invisible).toBe('Product hidden-prototype not found');
  });

  it('refuses products that are not for sale', () => {
    // Prepare
    const product = productOf(catalog, 'display-only-sample');

    // Act
    const problem = productProblem(product, 'EUR', 'display-only-sample');

    // Assess
    expect(problem).toContain('display-only-sample');
    expect(problem).toContain('not for sale');
  });

  it('refuses variation masters but accepts their variations', () => {
    // Prepare
    const master = productOf(catalog, 'trail-tshirt');
    const variation = productOf(catalog, 'trail-tshirt-red-m');

    // Act
    const masterProblem = productProblem(master, 'EUR', 'trail-tshirt');
    const variationProblem = productProblem(variation, 'EUR', 'trail-tshirt-red-m');

    // Assess
    expect(isMaster(master)).toBe(true);
    expect(isMaster(variation)).toBe(false);
    expect(masterProblem).toContain('trail-tshirt');
    expect(masterProblem).toContain('master');
    expect(variationProblem).toBeNull();
  });

  it('refuses products without a price in the cart currency', () => {
    // Prepare
    const product = productOf(catalog, 'merino-beanie');

    // Act
    const problem = productProblem(product, 'USD', 'merino-beanie');

    // Assess
    expect(problem).toBe('Product merino-beanie has no price in USD');
  });
});

describe('quantityProblem', () => {
  const rules = { minOrder: 2, intervalOrder: 2 };

  it('accepts quantities at or above minOrder in whole intervals', () => {
    // Prepare
    const quantities = [2, 4, 100];

    // Act
    const problems = quantities.map((quantity) => quantityProblem(rules, quantity, 'socks'));

    // Assess
    expect(problems).toEqual([null, null, null]);
  });

  it('refuses zero, negative, non-numbers and more than three decimals', () => {
    // Prepare
    const quantities = [0, -2, 2.0005, Number.NaN];

    // Act
    const problems = quantities.map((quantity) =>
      quantityProblem({ minOrder: 1, intervalOrder: 1 }, quantity, 'p'),
    );

    // Assess
    for (const problem of problems)
      expect(problem).toBe('Quantity of p must be a positive number with at most 3 decimals');
  });

  it('refuses a fraction of a product sold in whole units as not a multiple of 1', () => {
    expect(quantityProblem({ minOrder: 1, intervalOrder: 1 }, 2.5, 'p')).toBe(
      'Quantity of p must be a multiple of 1',
    );
  });

  it('refuses quantities below minOrder', () => {
    // Prepare
    const quantity = 1;

    // Act
    const problem = quantityProblem({ minOrder: 3, intervalOrder: 1 }, quantity, 'p');

    // Assess
    expect(problem).toBe('Quantity of p must be at least 3');
  });

  it('refuses quantities that are not a whole multiple of intervalOrder', () => {
    // Prepare
    const quantity = 5;

    // Act
    const problem = quantityProblem(rules, quantity, 'socks');

    // Assess
    expect(problem).toBe('Quantity of socks must be a multiple of 2');
  });
});

describe('convertPrice', () => {
  it('keeps the amount when shop model and cart tax type agree', () => {
    // Prepare
    const amount = 3490;

    // Act
    const gross = convertPrice(amount, 'GROSS', 'GROSS', '19');
    const net = convertPrice(amount, 'NET', 'NET', '19');

    // Assess
    expect(gross).toBe(3490);
    expect(net).toBe(3490);
  });

  it('takes the tax out of a GROSS catalog price for a NET cart', () => {
    // Prepare
    const amount = 3490;

    // Act
    const net = convertPrice(amount, 'GROSS', 'NET', '19');

    // Assess: 34.90 / 1.19 = 29.327 → 29.33
    expect(net).toBe(2933);
  });

  it('adds the tax to a NET catalog price for a GROSS cart', () => {
    // Prepare
    const amount = 2933;

    // Act
    const gross = convertPrice(amount, 'NET', 'GROSS', '19');

    // Assess: 29.33 × 1.19 = 34.9027 → 34.90
    expect(gross).toBe(3490);
  });

  it('rounds a half cent of tax away from zero', () => {
    // Prepare: 7 % of 250 is 17.5
    const amount = 250;

    // Act
    const gross = convertPrice(amount, 'NET', 'GROSS', '7');

    // Assess
    expect(gross).toBe(268);
  });
});

describe('snapshotLine', () => {
  it('keeps a variation with its price, tax class and variation string', () => {
    // Prepare
    const product = productOf(catalog, 'trail-tshirt-red-m');

    // Act
    const line = snapshotLine(catalog, grossEur, product, 'line-1', 2);

    // Assess
    expect(line).toMatchObject({
      lineItemId: 'line-1',
      productId: 'trail-tshirt-red-m',
      quantity: 2,
      sku: product.productNumber,
      unitPrice: 3490,
      bulkTiers: [],
      priceOverride: null,
      taxClass: { taxClassId: 'standard', name: 'Standard rate', percentage: '19' },
      variationString: { en_GB: 'Colour: Red, Size: M', de_DE: 'Farbe: Rot, Größe: M' },
    });
  });

  it('converts prices and bulk tiers into a NET cart, tiers ascending', () => {
    // Prepare
    const product = productOf(catalog, 'gas-cartridge');
    const reversed = { ...product, bulkPrices: [...product.bulkPrices].reverse() };

    // Act
    const line = snapshotLine(catalog, { currency: 'EUR', taxType: 'NET' }, reversed, 'line-1', 1);

    // Assess: 5.49, 4.99, 4.49 gross at 19 %
    expect(line.unitPrice).toBe(461);
    expect(line.bulkTiers).toEqual([
      { quantity: 10, unitPrice: 419 },
      { quantity: 50, unitPrice: 377 },
    ]);
    expect(line.variationString).toBeNull();
  });
});

describe('addLines', () => {
  it('adds new products as new lines', () => {
    // Prepare
    const cart = { ...grossEur, lineItems: [] };

    // Act
    const { lineItems, problems } = addLines(
      catalog,
      cart,
      [
        { productId: 'merino-beanie', quantity: 1 },
        { productId: 'espresso-beans', quantity: 3 },
      ],
      idSequence(),
    );

    // Assess
    expect(problems).toEqual([]);
    expect(lineItems.map((l) => [l.lineItemId, l.productId, l.quantity, l.taxClass.percentage])).toEqual([
      ['line-1', 'merino-beanie', 1, '19'],
      ['line-2', 'espresso-beans', 3, '7'],
    ]);
  });

  it('raises the quantity of a product already in the cart, without changing the input', () => {
    // Prepare
    const first = addLines(
      catalog,
      { ...grossEur, lineItems: [] },
      [{ productId: 'merino-beanie', quantity: 1 }],
      idSequence(),
    );
    const cart = { ...grossEur, lineItems: first.lineItems };

    // Act
    const { lineItems, problems } = addLines(
      catalog,
      cart,
      [
        { productId: 'merino-beanie', quantity: 2 },
        { productId: 'merino-beanie', quantity: 1 },
      ],
      idSequence('other'),
    );

    // Assess
    expect(problems).toEqual([]);
    expect(lineItems).toHaveLength(1);
    expect(lineItems[0]).toMatchObject({ lineItemId: 'line-1', quantity: 4 });
    expect((cart.lineItems[0] as CartLine).quantity).toBe(1);
  });

  it('checks minOrder and intervalOrder against the raised total', () => {
    // Prepare: socks come in pairs, at least 2
    const cart = { ...grossEur, lineItems: [] };

    // Act
    const { lineItems, problems } = addLines(
      catalog,
      cart,
      [
        { productId: 'socks-pair-pack', quantity: 2 },
        { productId: 'socks-pair-pack', quantity: 1 },
        { productId: 'socks-pair-pack', quantity: 2 },
      ],
      idSequence(),
    );

    // Assess
    expect(problems).toEqual([
      { index: 1, field: 'quantity', message: 'Quantity of socks-pair-pack must be a multiple of 2' },
    ]);
    expect(lineItems).toHaveLength(1);
    expect(lineItems[0]?.quantity).toBe(4);
  });

  it('reports each refused request by its position and keeps the good ones', () => {
    // Prepare
    const cart = { ...grossEur, lineItems: [] };

    // Act
    const { lineItems, problems } = addLines(
      catalog,
      cart,
      [
        { productId: 'no-such-product', quantity: 1 },
        { productId: 'merino-beanie', quantity: 1 },
        { productId: 'trail-tshirt', quantity: 1 },
        { productId: 'display-only-sample', quantity: 1 },
        { productId: 'hidden-prototype', quantity: 1 },
        { productId: 'socks-pair-pack', quantity: 1 },
      ],
      idSequence(),
    );

    // Assess
    expect(lineItems.map((l) => l.productId)).toEqual(['merino-beanie']);
    expect(problems.map((p) => [p.index, p.field])).toEqual([
      [0, 'productId'],
      [2, 'productId'],
      [3, 'productId'],
      [4, 'productId'],
      [5, 'quantity'],
    ]);
    expect(problems[0]?.message).toContain('no-such-product');
    expect(problems[3]?.message).toBe('Product hidden-prototype not found');
    expect(problems[4]?.message).toBe('Quantity of socks-pair-pack must be at least 2');
  });

  it(`refuses a new product once the cart holds ${MAX_LINE_ITEMS} lines, but still raises quantities`, () => {
    // Prepare
    const template = snapshotLine(catalog, grossEur, productOf(catalog, 'merino-beanie'), 'x', 1);
    const lineItems = Array.from({ length: MAX_LINE_ITEMS }, (_, i) => ({
      ...template,
      lineItemId: `full-${i}`,
      productId: i === 0 ? 'merino-beanie' : `filler-${i}`,
    }));
    const cart = { ...grossEur, lineItems };

    // Act
    const result = addLines(
      catalog,
      cart,
      [
        { productId: 'fleece-pullover', quantity: 1 },
        { productId: 'merino-beanie', quantity: 1 },
      ],
      idSequence(),
    );

    // Assess
    expect(result.problems).toEqual([
      { index: 0, field: 'productId', message: `A cart holds at most ${MAX_LINE_ITEMS} line items` },
    ]);
    expect(result.lineItems).toHaveLength(MAX_LINE_ITEMS);
    expect(result.lineItems[0]?.quantity).toBe(2);
  });

  it('snapshots a product as it was: later catalog changes do not touch the line', () => {
    // Prepare
    const first = addLines(
      catalog,
      { ...grossEur, lineItems: [] },
      [{ productId: 'merino-beanie', quantity: 1 }],
      idSequence(),
    );
    const beanie = productOf(catalog, 'merino-beanie');
    const repriced = withProduct(catalog, {
      ...beanie,
      prices: {
        EUR: { ...(beanie.prices.EUR as NonNullable<(typeof beanie.prices)['EUR']>), price: '99.00' },
      },
    });

    // Act
    const { lineItems } = addLines(
      repriced,
      { ...grossEur, lineItems: first.lineItems },
      [{ productId: 'merino-beanie', quantity: 1 }],
      idSequence(),
    );

    // Assess
    expect(lineItems[0]).toMatchObject({ quantity: 2, unitPrice: 2490 });
  });
});
