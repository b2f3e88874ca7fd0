import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ShopFile } from '../../lib/schemas/shop-file';
import { shopFileProblems } from '../../lib/schemas/shop-file-rules';

const readSeed = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../infra/local/seed/${name}.json`, import.meta.url), 'utf8'));

const demo = ShopFile.parse(readSeed('demo'));
const other = ShopFile.parse(readSeed('other'));

/** A deep copy of the demo shop, changed by `change`, and the paths of the problems it has. */
function problemPathsAfter(change: (file: ShopFile) => void): string[] {
  const file = structuredClone(demo);
  change(file);
  return shopFileProblems(file).map((p) => p.path);
}

const indexOf = <T>(items: T[], predicate: (item: T) => boolean): number => {
  const i = items.findIndex(predicate);
  if (i < 0) throw new Error('fixture not found in the demo seed');
  return i;
};

describe('seed files', () => {
  it.each([
    ['demo', demo],
    ['other', other],
  ])('%s parses and has no cross-reference problems', (_name, file) => {
    // Act
    const problems = shopFileProblems(file);

    // Assess
    expect(problems).toEqual([]);
  });

  it('the demo shop has the catalogue the API tests rely on', () => {
    const { products, categories } = demo;
    const masters = products.filter((p) => p.variationAttributeKeys.length > 0);
    const variationsOf = (masterId: string) => products.filter((p) => p.masterId === masterId);
    const regular = products.filter((p) => p.masterId === null && p.variationAttributeKeys.length === 0);

    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(masters.length).toBeGreaterThanOrEqual(2);
    for (const master of masters) {
      expect(master.variationAttributeKeys).toEqual(['Color', 'Size']);
      expect(variationsOf(master.productId).filter((v) => v.visible).length).toBeGreaterThanOrEqual(3);
      expect(variationsOf(master.productId).some((v) => !v.visible)).toBe(true);
    }
    expect(regular.filter((p) => !p.visible).map((p) => p.productId)).toEqual(['hidden-prototype']);
    expect(regular.filter((p) => !p.forSale).map((p) => p.productId)).toEqual(['display-only-sample']);
    expect(new Set(products.map((p) => p.taxClassId))).toEqual(new Set(['standard', 'reduced']));
    expect(products.find((p) => p.productId === 'socks-pair-pack')).toMatchObject({
      minOrder: 2,
      intervalOrder: 2,
    });
    expect(products.some((p) => p.bulkPrices.length >= 2)).toBe(true);

    expect(demo.coupons.map((c) => c.code)).toEqual(expect.arrayContaining(['WELCOME10', 'TENOFF']));
    expect(demo.shippingMethods.some((s) => s.price === null)).toBe(true);
    expect(demo.customers.map((c) => c.customerNumber)).toEqual(['C-1001', 'C-1002']);

    const root = categories.find((c) => c.parentId === null);
    const topLevel = categories.filter((c) => c.parentId === root?.categoryId);
    const secondLevel = categories.filter((c) => topLevel.some((t) => t.categoryId === c.parentId));
    expect(root?.alias).toBe('root');
    expect(topLevel.length).toBeGreaterThanOrEqual(4);
    expect(secondLevel.length).toBeGreaterThanOrEqual(2 * topLevel.length);
    expect(categories.filter((c) => !c.visible)).toHaveLength(1);
  });

  it('the demo shop sells in EUR and GBP and has a figure in each for every price and money rule', () => {
    const inBoth = (amounts: unknown, where: string) => {
      expect(Object.keys(amounts as object).sort(), where).toEqual(['EUR', 'GBP']);
    };

    expect(demo.settings.currencies).toEqual(['EUR', 'GBP']);
    inBoth(demo.settings.minimumCartAmount, 'settings.minimumCartAmount');
    for (const p of demo.products) {
      inBoth(p.prices, p.productId);
      for (const tier of p.bulkPrices) inBoth(tier.price, `${p.productId} bulk`);
      for (const group of p.customerSpecificPrices)
        for (const tier of group.tiers) inBoth(tier.price, `${p.productId} customer group`);
      const [eur, gbp] = [p.prices.EUR, p.prices.GBP];
      // Same fields set in both, and GBP written as a decimal price, not a float conversion.
      expect(Object.keys(gbp ?? {}).filter((k) => gbp?.[k as 'price'] !== null)).toEqual(
        Object.keys(eur ?? {}).filter((k) => eur?.[k as 'price'] !== null),
      );
      expect(gbp?.price, p.productId).toMatch(/^\d+\.\d\d$/);
    }
    for (const m of demo.shippingMethods) {
      if (m.price !== null) inBoth(m.price, m.shippingMethodId);
      if (m.minimumSubtotal !== null) inBoth(m.minimumSubtotal, m.shippingMethodId);
    }
    for (const c of demo.coupons) {
      if (c.kind === 'absolute') inBoth(c.value, c.code);
      if (c.minimumSubtotal !== null) inBoth(c.minimumSubtotal, c.code);
    }
    for (const d of demo.basketDiscounts) {
      if (d.kind === 'absolute') inBoth(d.value, d.basketDiscountId);
      inBoth(d.minimumAmount, d.basketDiscountId);
    }
  });

  it('the two shops share no product ids', () => {
    const demoIds = new Set(demo.products.map((p) => p.productId));

    expect(other.products.filter((p) => demoIds.has(p.productId))).toEqual([]);
  });
});

describe('shopFileProblems', () => {
  it('names an unknown tax class', () => {
    const paths = problemPathsAfter((file) => {
      (file.products[3] as ShopFile['products'][number]).taxClassId = 'no-such-class';
    });

    expect(paths).toEqual(['products[3].taxClassId']);
  });

  it('names a duplicate productId at its second occurrence', () => {
    const paths = problemPathsAfter((file) => {
      (file.products[5] as ShopFile['products'][number]).productId = file.products[4]?.productId ?? '';
    });

    expect(paths).toContain('products[5].productId');
  });

  it('names a text that lacks the default locale', () => {
    const paths = problemPathsAfter((file) => {
      (file.products[2] as ShopFile['products'][number]).name = { de_DE: 'Nur Deutsch' };
    });

    expect(paths).toEqual(['products[2].name']);
  });

  it('names a text in a locale the shop does not have', () => {
    const i = indexOf(demo.categories, (c) => c.categoryId === 'maps');

    const paths = problemPathsAfter((file) => {
      const category = file.categories[i] as ShopFile['categories'][number];
      category.name = { ...category.name, fr_FR: 'Cartes' };
    });

    expect(paths).toEqual([`categories[${i}].name.fr_FR`]);
  });

  it('names the categories on a cycle', () => {
    const top = indexOf(demo.categories, (c) => c.categoryId === 'camping');
    const sub = indexOf(demo.categories, (c) => c.categoryId === 'camp-kitchen');

    const paths = problemPathsAfter((file) => {
      (file.categories[top] as ShopFile['categories'][number]).parentId = 'camp-kitchen';
    });

    expect(paths.sort()).toEqual([`categories[${sub}].parentId`, `categories[${top}].parentId`].sort());
  });

  it('names an unknown masterId', () => {
    const i = indexOf(demo.products, (p) => p.productId === 'trail-tshirt-red-m');

    const paths = problemPathsAfter((file) => {
      (file.products[i] as ShopFile['products'][number]).masterId = 'no-such-master';
    });

    expect(paths).toEqual([`products[${i}].masterId`]);
  });

  it('names a masterId that points at a product that is not a master', () => {
    const i = indexOf(demo.products, (p) => p.productId === 'trail-tshirt-red-m');

    const paths = problemPathsAfter((file) => {
      (file.products[i] as ShopFile['products'][number]).masterId = 'enamel-mug';
    });

    expect(paths).toEqual([`products[${i}].masterId`]);
  });

  it('names a variation without a value for one of its master’s keys', () => {
    const i = indexOf(demo.products, (p) => p.productId === 'rain-jacket-black-m');

    const paths = problemPathsAfter((file) => {
      delete (file.products[i] as ShopFile['products'][number]).attributes.Size;
    });

    expect(paths).toEqual([`products[${i}].attributes`]);
  });

  it('names undefined attribute keys and unknown predefined values', () => {
    const i = indexOf(demo.products, (p) => p.productId === 'enamel-mug');

    const paths = problemPathsAfter((file) => {
      const product = file.products[i] as ShopFile['products'][number];
      product.attributes = { ...product.attributes, Color: 'purple', Flavour: 'mint' };
    });

    expect(paths.sort()).toEqual([`products[${i}].attributes.Color`, `products[${i}].attributes.Flavour`]);
  });

  it('names coupon codes that differ only in case, and a missing default-currency price', () => {
    const paths = problemPathsAfter((file) => {
      file.coupons.push({ ...(file.coupons[0] as ShopFile['coupons'][number]), code: 'welcome10' });
      (file.products[0] as ShopFile['products'][number]).bulkPrices = [{ quantity: 10, price: {} }];
    });

    expect(paths.sort()).toEqual([`coupons[${demo.coupons.length}].code`, 'products[0].bulkPrices[0].price']);
  });

  it('names money amounts in a currency the shop does not sell, without the default one, or a percent per currency', () => {
    const tenOff = indexOf(demo.coupons, (c) => c.code === 'TENOFF');
    const welcome = indexOf(demo.coupons, (c) => c.code === 'WELCOME10');
    const paths = problemPathsAfter((file) => {
      file.settings.minimumCartAmount = { GBP: '5.00', USD: '6.00' };
      (file.coupons[tenOff] as ShopFile['coupons'][number]).minimumSubtotal = { EUR: '30.00', CHF: '30.00' };
      (file.coupons[welcome] as ShopFile['coupons'][number]).value = { EUR: '10' };
      (file.basketDiscounts[0] as ShopFile['basketDiscounts'][number]).minimumAmount = { GBP: '85.00' };
    });

    expect(paths.sort()).toEqual(
      [
        'settings.minimumCartAmount',
        'settings.minimumCartAmount.USD',
        `coupons[${tenOff}].minimumSubtotal.CHF`,
        `coupons[${welcome}].value`,
        'basketDiscounts[0].minimumAmount',
      ].sort(),
    );
  });

  it('takes plain amounts (the default currency only), as files from before several currencies', () => {
    const paths = problemPathsAfter((file) => {
      file.settings.minimumCartAmount = '5.00';
      for (const c of file.coupons) if (c.minimumSubtotal !== null) c.minimumSubtotal = '30.00';
      for (const d of file.basketDiscounts) Object.assign(d, { value: '10.00', minimumAmount: '100.00' });
    });

    expect(paths).toEqual([]);
  });

  it('names unknown references in settings and the category tree', () => {
    const paths = problemPathsAfter((file) => {
      file.settings.defaultTaxClassId = 'gone';
      file.settings.defaultLocale = 'fr_FR';
      file.categories.push({
        ...(file.categories[1] as ShopFile['categories'][number]),
        categoryId: 'x',
        parentId: 'nowhere',
      });
    });

    expect(paths).toContain('settings.defaultTaxClassId');
    expect(paths).toContain('settings.defaultLocale');
    expect(paths).toContain(`categories[${demo.categories.length}].parentId`);
    expect(paths).toContain('legal.contactInformation');
  });
});

describe('legal pages in the shop file', () => {
  it('takes the five pages by name and refuses any other page or a missing field', () => {
    // Prepare
    const page = { name: 'Imprint', title: '', navigationCaption: '', shortDescription: '', description: '' };
    const withPages = (pages: unknown) => ({
      ...(readSeed('demo') as object),
      legal: { ...demo.legal, pages },
    });

    // Act
    const good = ShopFile.safeParse(withPages({ 'cookie-policy': { en_GB: page } }));
    const unknownPage = ShopFile.safeParse(withPages({ imprint: { en_GB: page } }));
    const missingField = ShopFile.safeParse(withPages({ 'cookie-policy': { en_GB: { name: 'x' } } }));

    // Assess
    expect(good.success).toBe(true);
    expect(unknownPage.success).toBe(false);
    expect(JSON.stringify(unknownPage.error?.issues)).toContain('privacy-policy');
    expect(missingField.success).toBe(false);
  });
});
