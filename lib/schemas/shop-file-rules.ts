import { type CurrencyAmounts, LocalizedText, ShopFile, type ShopProduct } from './shop-file';
import type * as z from './zod';

/** One cross-reference problem, located by its JSON path in the file (e.g. `products[3].taxClassId`). */
export interface ShopFileProblem {
  path: string;
  message: string;
}

/**
 * The checks zod cannot do on one field: references between collections, uniqueness, the category tree,
 * masters and variations, attribute values and locales. Call it after `ShopFile.parse`; a good file
 * gives `[]`.
 */
export function shopFileProblems(file: ShopFile): ShopFileProblem[] {
  const problems: ShopFileProblem[] = [];
  const report: Report = (path, message) => {
    problems.push({ path, message });
  };
  const { settings } = file;

  // Settings first: every other locale and currency check leans on them.
  if (!settings.locales.includes(settings.defaultLocale)) {
    report('settings.defaultLocale', `default locale ${settings.defaultLocale} is not in settings.locales`);
  }
  if (!settings.currencies.includes(settings.defaultCurrency)) {
    report(
      'settings.defaultCurrency',
      `default currency ${settings.defaultCurrency} is not in settings.currencies`,
    );
  }
  checkLocalizedTexts(ShopFile, file, '', settings, report);
  checkLocaleKeys(file.legal.contactInformation, 'legal.contactInformation', settings, report);

  // Ids are looked up by the API and used in URLs, so each must name exactly one record.
  unique(file.taxClasses, 'taxClasses', 'taxClassId', (t) => t.taxClassId, report);
  unique(file.shippingMethods, 'shippingMethods', 'shippingMethodId', (s) => s.shippingMethodId, report);
  // Shoppers type coupon codes in any case, so WELCOME10 and welcome10 would be the same code.
  unique(file.coupons, 'coupons', 'code', (c) => c.code.toUpperCase(), report);
  unique(file.basketDiscounts, 'basketDiscounts', 'basketDiscountId', (d) => d.basketDiscountId, report);
  unique(file.attributeDefinitions, 'attributeDefinitions', 'key', (a) => a.key, report);
  unique(file.productTypes, 'productTypes', 'productTypeId', (t) => t.productTypeId, report);
  unique(file.categories, 'categories', 'categoryId', (c) => c.categoryId, report);
  unique(file.products, 'products', 'productId', (p) => p.productId, report);
  unique(file.products, 'products', 'productNumber', (p) => p.productNumber, report);
  unique(file.customers, 'customers', 'customerId', (c) => c.customerId, report);
  unique(file.customers, 'customers', 'customerNumber', (c) => c.customerNumber, report);
  file.attributeDefinitions.forEach((a, i) => {
    unique(a.values, `attributeDefinitions[${i}].values`, 'value', (v) => v.value, report);
  });

  const taxClassIds = new Set(file.taxClasses.map((t) => t.taxClassId));
  if (!taxClassIds.has(settings.defaultTaxClassId)) {
    report('settings.defaultTaxClassId', `unknown tax class ${settings.defaultTaxClassId}`);
  }
  file.shippingMethods.forEach((s, i) => {
    if (s.price) checkCurrencies(s.price, `shippingMethods[${i}].price`, settings, report);
    checkAmounts(s.minimumSubtotal, `shippingMethods[${i}].minimumSubtotal`, settings, report);
  });
  checkAmounts(settings.minimumCartAmount, 'settings.minimumCartAmount', settings, report);
  file.coupons.forEach((c, i) => {
    checkRuleValue(c, `coupons[${i}].value`, settings, report);
    checkAmounts(c.minimumSubtotal, `coupons[${i}].minimumSubtotal`, settings, report);
  });
  file.basketDiscounts.forEach((d, i) => {
    checkRuleValue(d, `basketDiscounts[${i}].value`, settings, report);
    checkAmounts(d.minimumAmount, `basketDiscounts[${i}].minimumAmount`, settings, report);
  });

  checkCategoryTree(file, report);

  const attributes = new Map(file.attributeDefinitions.map((a) => [a.key, a]));
  const checkAttributeKey = (key: string, path: string) => {
    if (!attributes.has(key)) report(path, `unknown attribute ${key}`);
  };
  file.productTypes.forEach((t, i) => {
    t.attributeKeys.forEach((key, j) => {
      checkAttributeKey(key, `productTypes[${i}].attributeKeys[${j}]`);
    });
  });

  const productTypeIds = new Set(file.productTypes.map((t) => t.productTypeId));
  const categoryIds = new Set(file.categories.map((c) => c.categoryId));
  const productsById = new Map(file.products.map((p) => [p.productId, p]));
  file.products.forEach((p, i) => {
    const at = `products[${i}]`;
    if (!taxClassIds.has(p.taxClassId)) report(`${at}.taxClassId`, `unknown tax class ${p.taxClassId}`);
    if (p.productTypeId !== null && !productTypeIds.has(p.productTypeId)) {
      report(`${at}.productTypeId`, `unknown product type ${p.productTypeId}`);
    }
    p.categoryIds.forEach((id, j) => {
      if (!categoryIds.has(id)) report(`${at}.categoryIds[${j}]`, `unknown category ${id}`);
    });
    p.crossSellingProductIds.forEach((id, j) => {
      if (!productsById.has(id)) report(`${at}.crossSellingProductIds[${j}]`, `unknown product ${id}`);
    });

    checkCurrencies(p.prices, `${at}.prices`, settings, report);
    p.bulkPrices.forEach((tier, j) => {
      checkCurrencies(tier.price, `${at}.bulkPrices[${j}].price`, settings, report);
    });
    p.customerSpecificPrices.forEach((group, j) => {
      group.tiers.forEach((tier, k) => {
        checkCurrencies(tier.price, `${at}.customerSpecificPrices[${j}].tiers[${k}].price`, settings, report);
      });
    });

    for (const [key, value] of Object.entries(p.attributes)) {
      const definition = attributes.get(key);
      if (!definition) {
        report(`${at}.attributes.${key}`, `unknown attribute ${key}`);
      } else if (definition.singleValue && Array.isArray(value) && value.length > 1) {
        report(`${at}.attributes.${key}`, `attribute ${key} takes a single value`);
      } else if (definition.type === 'PreDefString') {
        // Predefined values become search facets; a value outside the list would be a facet nobody can pick.
        const allowed = new Set(definition.values.map((v) => v.value));
        const values = Array.isArray(value) ? value : [value];
        values.forEach((v, j) => {
          const path = Array.isArray(value) ? `${at}.attributes.${key}[${j}]` : `${at}.attributes.${key}`;
          if (!allowed.has(v)) report(path, `${v} is not a predefined value of ${key}`);
        });
      }
    }
    p.variationAttributeKeys.forEach((key, j) => {
      checkAttributeKey(key, `${at}.variationAttributeKeys[${j}]`);
    });
    checkVariation(p, at, productsById, report);
  });

  return problems;
}

type Report = (path: string, message: string) => void;
type Locales = Pick<ShopFile['settings'], 'defaultLocale' | 'locales'>;

/**
 * Walks the file alongside its zod schema and checks every value whose schema is LocalizedText, so a
 * text field added to the format later is covered without touching this file.
 */
function checkLocalizedTexts(
  schema: z.core.$ZodType,
  value: unknown,
  path: string,
  settings: Locales,
  report: Report,
) {
  if (value === null || value === undefined) return;
  const def = (schema as z.core.$ZodTypes)._zod.def;
  if (schema === LocalizedText) {
    checkLocaleKeys(value as LocalizedText, path, settings, report);
  } else if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') {
    checkLocalizedTexts(def.innerType, value, path, settings, report);
  } else if (def.type === 'object' && typeof value === 'object') {
    for (const [key, child] of Object.entries(def.shape)) {
      const childValue = (value as Record<string, unknown>)[key];
      checkLocalizedTexts(child, childValue, path ? `${path}.${key}` : key, settings, report);
    }
  } else if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((item, i) => {
      checkLocalizedTexts(def.element, item, `${path}[${i}]`, settings, report);
    });
  } else if (def.type === 'record' && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      checkLocalizedTexts(def.valueType, child, `${path}.${key}`, settings, report);
    }
  }
}

/** A per-locale record must hold the default locale (the fallback for every request) and only shop locales. */
function checkLocaleKeys(record: Record<string, unknown>, path: string, settings: Locales, report: Report) {
  if (!(settings.defaultLocale in record))
    report(path, `missing the default locale ${settings.defaultLocale}`);
  for (const locale of Object.keys(record)) {
    if (!settings.locales.includes(locale))
      report(`${path}.${locale}`, `locale ${locale} is not in settings.locales`);
  }
}

/** Prices are read in the default currency when a request names none, and only in the shop's currencies. */
function checkCurrencies(
  prices: Record<string, unknown>,
  path: string,
  settings: Pick<ShopFile['settings'], 'defaultCurrency' | 'currencies'>,
  report: Report,
) {
  if (!(settings.defaultCurrency in prices)) report(path, `missing a price in ${settings.defaultCurrency}`);
  for (const currency of Object.keys(prices)) {
    if (!settings.currencies.includes(currency)) {
      report(`${path}.${currency}`, `currency ${currency} is not in settings.currencies`);
    }
  }
}

type Currencies = Pick<ShopFile['settings'], 'defaultCurrency' | 'currencies'>;

/** Amounts per currency follow the rules of prices; a plain string is the default currency's. */
function checkAmounts(amounts: CurrencyAmounts | null, path: string, settings: Currencies, report: Report) {
  if (amounts !== null && typeof amounts === 'object') checkCurrencies(amounts, path, settings, report);
}

/** A percent is one number whatever the currency; an absolute value is an amount per currency. */
function checkRuleValue(
  rule: { kind: 'percent' | 'absolute'; value: CurrencyAmounts },
  path: string,
  settings: Currencies,
  report: Report,
) {
  if (rule.kind === 'percent' && typeof rule.value !== 'string')
    report(path, 'a percent is one decimal string, not amounts per currency');
  else checkAmounts(rule.value, path, settings, report);
}

/** Reports every repeat of a key after its first occurrence. */
function unique<T>(items: T[], listPath: string, field: string, keyOf: (item: T) => string, report: Report) {
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, i);
    else report(`${listPath}[${i}].${field}`, `duplicate ${field} ${key} (first at ${listPath}[${seen}])`);
  });
}

/** One root, known parents, no cycles, unique aliases among siblings (aliases form the category URLs). */
function checkCategoryTree(file: ShopFile, report: Report) {
  const roots = file.categories.flatMap((c, i) => (c.parentId === null ? [i] : []));
  if (roots.length === 0) report('categories', 'there is no root category (parentId null)');
  for (const i of roots.slice(1))
    report(`categories[${i}].parentId`, 'a second root category; only one may have parentId null');

  const parentOf = new Map(file.categories.map((c) => [c.categoryId, c.parentId]));
  const aliasesByParent = new Map<string | null, Set<string>>();
  file.categories.forEach((c, i) => {
    if (c.parentId !== null && !parentOf.has(c.parentId)) {
      report(`categories[${i}].parentId`, `unknown parent category ${c.parentId}`);
    }
    // Follow the parents up; coming back to this category means it sits on a cycle.
    const seen = new Set<string>();
    let current: string | null | undefined = c.parentId;
    while (current !== null && current !== undefined && !seen.has(current)) {
      if (current === c.categoryId) {
        report(`categories[${i}].parentId`, `category ${c.categoryId} is its own ancestor`);
        break;
      }
      seen.add(current);
      current = parentOf.get(current);
    }

    const siblings = aliasesByParent.get(c.parentId) ?? new Set<string>();
    if (siblings.has(c.alias))
      report(`categories[${i}].alias`, `alias ${c.alias} is taken by a sibling category`);
    siblings.add(c.alias);
    aliasesByParent.set(c.parentId, siblings);
  });
}

/** A variation hangs under a real master and carries a value for each attribute the master varies in. */
function checkVariation(p: ShopProduct, at: string, productsById: Map<string, ShopProduct>, report: Report) {
  if (p.masterId === null) return;
  if (p.variationAttributeKeys.length > 0) {
    report(`${at}.variationAttributeKeys`, 'a variation (masterId set) cannot be a master itself');
  }
  const master = productsById.get(p.masterId);
  if (!master) {
    report(`${at}.masterId`, `unknown product ${p.masterId}`);
  } else if (master.variationAttributeKeys.length === 0 || master.masterId !== null) {
    report(
      `${at}.masterId`,
      `product ${p.masterId} is not a master (needs variationAttributeKeys and no masterId)`,
    );
  } else {
    for (const key of master.variationAttributeKeys) {
      const value = p.attributes[key];
      if (typeof value !== 'string') {
        report(
          `${at}.attributes`,
          `missing a single ${key} value, a variation attribute of master ${p.masterId}`,
        );
      }
    }
  }
}
