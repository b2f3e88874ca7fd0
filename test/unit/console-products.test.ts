import { describe, expect, it } from 'vitest';
import { campaignBody } from '../../console/src/coupons/campaign-form';
import { moved, shownSize } from '../../console/src/images/sequence';
import { bulkPatch, inTurn, parseAdjustment, summarize } from '../../console/src/products/bulk';
import {
  formProblem,
  newProductBody,
  type ProductForm,
  parseAmount,
  productPatch,
} from '../../console/src/products/form';
import { stockState } from '../../console/src/products/stock';

/** The products screens' pure logic (docs/console.md "Products"). */

const form: ProductForm = {
  name: 'Mug',
  productNumber: 'MUG-1',
  shortDescription: 'A mug',
  description: '',
  price: '9.50',
  taxClassId: 'standard',
  visible: false,
};

describe('the product form', () => {
  it('sends only what changed: a text emptied is removed, the price in the currency, visibility', () => {
    // Act
    const ops = productPatch(form, {
      ...form,
      shortDescription: ' ',
      price: '12,5',
      visible: true,
      taxClassId: 'reduced',
    });

    // Assess
    expect(ops).toEqual([
      { op: 'remove', path: '/shortDescription' },
      { op: 'add', path: '/priceInfo/price/amount', value: 12.5 },
      { op: 'replace', path: '/priceInfo/taxClass/taxClassId', value: 'reduced' },
      { op: 'add', path: '/visible', value: true },
    ]);
    expect(productPatch(form, { ...form })).toEqual([]);
    expect(productPatch(form, { ...form, price: '' })).toEqual([
      { op: 'remove', path: '/priceInfo/price/amount' },
    ]);
  });

  it('makes a POST body of the fields given, and says what is wrong before sending', () => {
    expect(newProductBody({ ...form, description: '' }, 12)).toEqual({
      name: 'Mug',
      productNumber: 'MUG-1',
      shortDescription: 'A mug',
      price: 9.5,
      taxClassId: 'standard',
      visible: false,
      stocklevel: 12,
    });
    expect(formProblem({ ...form, name: '', productNumber: '' })).toBe('nameOrNumber');
    expect(formProblem({ ...form, price: '9.5.0' })).toBe('price');
    expect(formProblem(form)).toBeUndefined();
    expect([parseAmount(''), parseAmount('1,25'), parseAmount('-1'), parseAmount('1.2345')]).toEqual([
      null,
      1.25,
      undefined,
      undefined,
    ]);
  });
});

describe('bulk actions and stock', () => {
  it('patches visibility or stock by a non-zero amount, and sums up what succeeded and what not', async () => {
    expect(bulkPatch({ kind: 'hide' })).toEqual([{ op: 'add', path: '/visible', value: false }]);
    expect(bulkPatch({ kind: 'adjust', by: -2 })).toEqual([{ op: 'add', path: '/stocklevel', value: -2 }]);
    expect([
      parseAdjustment('+5'),
      parseAdjustment('-0,5'),
      parseAdjustment('0'),
      parseAdjustment('x'),
    ]).toEqual([5, -0.5, undefined, undefined]);
    const results = [
      { productId: 'a', name: 'A', ok: true },
      { productId: 'b', name: 'B', ok: false, reason: 'Product not found' },
    ];
    expect(summarize(results)).toEqual({ done: [results[0]], failed: [results[1]] });
    expect(await inTurn([3, 1, 2], 2, async (n) => n * 2)).toEqual([6, 2, 4]);
  });

  it('says untracked, sold out and low stock by the API’s availability', () => {
    expect(stockState({ stocklevel: null, availability: 'OnStock' })).toBe('untracked');
    expect(stockState({ stocklevel: 0, availability: 'OutStock' })).toBe('soldOut');
    expect(stockState({ stocklevel: 2, availability: 'WarnStock' })).toBe('low');
    expect(stockState({ stocklevel: 20, availability: 'OnStock' })).toBe('inStock');
  });
});

describe('the new coupon campaign form', () => {
  it('sends the fields given, amounts with a comma too, dates as local midnights, and no amount for free shipping', () => {
    // Prepare
    const form = {
      identifier: ' winter ',
      name: 'Winter',
      currency: 'EUR',
      kind: 'FIX' as const,
      amount: '5,50',
      minimumOrderValue: '',
      validFrom: '2026-12-01',
      validUntil: '',
      usesPerCode: '1',
      usesTotal: '',
    };

    // Act / Assess
    expect(campaignBody(form)).toEqual({
      identifier: 'winter',
      name: 'Winter',
      currency: 'EUR',
      type: { name: 'FIX', amount: 5.5 },
      validFrom: new Date(2026, 11, 1).toISOString(),
      usesPerCode: 1,
    });
    expect(campaignBody({ ...form, kind: 'SHIPPING' }).type).toEqual({ name: 'SHIPPING' });
  });
});

describe('the product images screen', () => {
  it('moves an image one place, never past an end, and shows the Small size', () => {
    expect(moved(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b'], 'a', 1)).toEqual(['b', 'a']);
    expect(
      shownSize([{ classifier: 'Large' }, { classifier: 'Small' }, { classifier: 'Thumbnail' }]),
    ).toEqual({
      classifier: 'Small',
    });
  });
});
