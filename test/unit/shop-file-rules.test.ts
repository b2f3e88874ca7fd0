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
