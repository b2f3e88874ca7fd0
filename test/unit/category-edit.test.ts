import { describe, expect, it } from 'vitest';
import {
  newCategory,
  siblingAliases,
  updatedCategory,
  withText,
} from '../../lib/domain/categories/category-edit';
import { writeLocale } from '../../lib/domain/shop-locale';
import type { ShopCategory } from '../../lib/schemas/shop-file';
import { demoCatalog } from './support/demo-catalog';

const catalog = demoCatalog();
const cookware = catalog.categories.get('cookware') as ShopCategory;

describe('withText', () => {
  it('sets one locale, removes it with null or "", and gives undefined when none is left', () => {
    expect(withText({ en_GB: 'a' }, 'de_DE', 'b')).toEqual({ en_GB: 'a', de_DE: 'b' });
    expect(withText({ en_GB: 'a', de_DE: 'b' }, 'de_DE', null)).toEqual({ en_GB: 'a' });
    expect(withText({ en_GB: 'a' }, 'en_GB', '')).toBeUndefined();
    expect(withText(null, 'en_GB', 'x')).toEqual({ en_GB: 'x' });
  });
});

describe('newCategory', () => {
  const base = {
    categoryId: 'new-id',
    parentId: 'kitchen',
    locale: 'de_DE',
    defaultLocale: 'en_GB',
    takenAliases: siblingAliases(catalog.categories.values(), 'kitchen'),
  };

  it('is invisible, derives a free alias from the name and writes texts in both locales', () => {
    const category = newCategory({ ...base, body: { name: 'Cookware', pageTitle: 'Töpfe' } });

    expect(category).toMatchObject({
      categoryId: 'new-id',
      parentId: 'kitchen',
      alias: 'cookware1',
      name: { de_DE: 'Cookware', en_GB: 'Cookware' },
      pageTitle: { de_DE: 'Töpfe', en_GB: 'Töpfe' },
      navigationCaption: undefined,
      description: null,
      visible: false,
      visibleInNavigation: true,
    });
  });

  it('fills in a name and alias for an empty body', () => {
    const category = newCategory({ ...base, locale: 'en_GB', body: {} });

    expect(category).toMatchObject({ alias: 'new-category', name: { en_GB: 'New category' } });
  });
});

describe('updatedCategory', () => {
  it('changes only what the body names, texts in the given locale', () => {
    const next = updatedCategory(cookware, { name: 'Kochtöpfe', visible: false }, 'de_DE');

    expect(next).toEqual({
      ...cookware,
      name: { en_GB: 'Pots & Pans', de_DE: 'Kochtöpfe' },
      visible: false,
    });
    expect(updatedCategory(cookware, {}, 'de_DE')).toEqual(cookware);
  });
});

describe('writeLocale', () => {
  const settings = { locales: ['en_GB', 'de_DE'], defaultLocale: 'en_GB' };

  it('takes a shop locale or the default, and names the problem otherwise', () => {
    expect(writeLocale(settings, undefined)).toEqual({ locale: 'en_GB' });
    expect(writeLocale(settings, 'de_DE')).toEqual({ locale: 'de_DE' });
    expect(writeLocale(settings, 'fr_FR')).toEqual({ problem: expect.stringContaining('fr_FR') });
  });
});
