import { RefusedInput } from '../errors';
import { foldStockOperation, noStockChange, STOCK_PATHS, type StockPatch } from '../inventory/stock-patch';
import { opField, type PatchOperation, type PatchProblem } from '../json-patch';
import type { LocalizedText, ShopPriceSet, ShopProduct } from './catalog-types';
import { priceOnly } from './product-defaults';
import { withMainImage } from './product-image-patch';
import {
  booleanValue,
  type Checked,
  eanValue,
  keywordsValue,
  measureValue,
  priceValue,
  productNumberValue,
  taxClassValue,
  textValue,
} from './product-values';

/**
 * The rules of `PATCH /products/{p}` (docs/api-rules.md "JSON Patch", the path table in
 * docs/catalog.md "Product writes"): which op
 * each path takes, what value, and what it does. The patch is checked whole first (every problem
 * named `[i].op`, `[i].path`, `[i].value`); its operations then apply in order to the product as the
 * catalog holds it, each against what the previous ones left. The stock paths fold into one stock
 * change (lib/domain/inventory/stock-patch.ts): the level lives in the shards, not in the record.
 * `/productImage` makes a slideshow image the main one (lib/domain/catalog/product-image-patch.ts).
 */

/** Where a patch writes and what the shop has: the request's locale and currency, resolved. */
export interface ProductWriteContext {
  locale: string;
  currency: string;
  currencies: readonly string[];
  taxClassIds: ReadonlySet<string>;
  defaultTaxClassId: string;
}

/** One operation, checked: it changes the product, or names why it cannot (on this product). */
type Step = (product: ShopProduct) => ShopProduct | { member: string; message: string };

/** A checked patch: the record's steps in order, the stock change, the paths it touches. */
export interface ProductPatch {
  steps: { index: number; apply: Step }[];
  stock: StockPatch;
  /** The paths of its operations, each once, in order (ProductUpdated's changedFields). */
  changedFields: string[];
}

type Op = 'add' | 'remove' | 'replace';
interface PathRule {
  ops: readonly Op[];
  /** The step of an add or replace with a checked value, or of a remove. */
  step: (op: Op, value: unknown, ctx: ProductWriteContext) => Checked<Step>;
}

const LOCALIZED = ['name', 'shortDescription', 'description', 'essentialFeatures', 'deliveryPeriod'] as const;
const PLAIN = ['manufacturer', 'manufacturerProductNumber', 'upc'] as const;
const LONG_TEXTS: ReadonlySet<string> = new Set(['description', 'shortDescription', 'essentialFeatures']);
const DIMENSIONS = { productLength: 'length', productWidth: 'width', productHeight: 'height' } as const;
const PRICE_FIELDS = { manufacturerPrice: 'manufacturerPrice', depositPrice: 'depositPrice' } as const;

const set = <T>(value: T): Checked<T> => ({ ok: true, value });

/** A rule whose add sets a checked value and whose remove (when allowed) unsets it. */
function valueRule<T>(
  ops: readonly Op[],
  check: (value: unknown, ctx: ProductWriteContext) => Checked<T>,
  write: (product: ShopProduct, value: T | null, ctx: ProductWriteContext) => ShopProduct | string,
): PathRule {
  return {
    ops,
    step: (op, value, ctx) => {
      const checked: Checked<T | null> = op === 'remove' ? set(null) : check(value, ctx);
      if (!checked.ok) return checked;
      return set((product: ShopProduct) => {
        const next = write(product, checked.value, ctx);
        return typeof next === 'string' ? { member: 'path', message: next } : next;
      });
    },
  };
}

/** Text in one locale: null (remove) drops that locale's text, and the whole text when none is left. */
function localized(text: LocalizedText | null | undefined, locale: string, value: string | null) {
  const next: LocalizedText = { ...(text ?? {}) };
  if (value === null) delete next[locale];
  else next[locale] = value;
  return Object.keys(next).length > 0 ? next : null;
}

/** The price set of a currency after a change of one of its amounts. */
function withPrices(product: ShopProduct, currency: string, priceSet: ShopPriceSet | null): ShopProduct {
  const prices = { ...product.prices };
  if (priceSet === null) delete prices[currency];
  else prices[currency] = priceSet;
  // "forSale once it has a price"; without any price it cannot be sold.
  return { ...product, prices, forSale: Object.keys(prices).length > 0 };
}

function setPrice(product: ShopProduct, currency: string, price: string | null): ShopProduct {
  if (price === null) return withPrices(product, currency, null);
  const current = product.prices[currency];
  return withPrices(product, currency, current ? { ...current, price } : priceOnly(price));
}

const RULES = new Map<string, PathRule>([
  [
    '/productNumber',
    valueRule(['add'], productNumberValue, (p, v) => ({ ...p, productNumber: v as string })),
  ],
  ...LOCALIZED.map((field): [string, PathRule] => [
    `/${field}`,
    valueRule(
      ['add', 'remove'],
      (v) => textValue(v, LONG_TEXTS.has(field)),
      (p, v, ctx) => ({
        ...p,
        [field]: localized(p[field], ctx.locale, v) ?? (field === 'name' ? {} : null),
      }),
    ),
  ]),
  ...PLAIN.map((field): [string, PathRule] => [
    `/${field}`,
    valueRule(
      ['add', 'remove'],
      (v) => textValue(v),
      (p, v) => ({ ...p, [field]: v }),
    ),
  ]),
  ['/ean', valueRule(['add', 'remove'], eanValue, (p, v) => ({ ...p, ean: v }))],
  [
    '/searchKeywords',
    valueRule(['add', 'remove'], keywordsValue, (p, v) => ({ ...p, searchKeywords: v ?? [] })),
  ],
  [
    '/priceInfo/price/amount',
    valueRule(
      ['add', 'remove'],
      (v, ctx) => priceValue(v, ctx.currency),
      (p, v, ctx) => setPrice(p, ctx.currency, v),
    ),
  ],
  ...Object.entries(PRICE_FIELDS).map(([path, field]): [string, PathRule] => [
    `/priceInfo/${path}/amount`,
    valueRule(
      ['add', 'remove'],
      (v, ctx) => priceValue(v, ctx.currency),
      (p, v, ctx) => {
        const current = p.prices[ctx.currency];
        if (current) return withPrices(p, ctx.currency, { ...current, [field]: v });
        if (v === null) return p;
        return `the product has no price in ${ctx.currency}: set /priceInfo/price/amount first`;
      },
    ),
  ]),
  [
    '/priceInfo/taxClass/taxClassId',
    valueRule(
      ['add', 'remove', 'replace'],
      (v, ctx) => taxClassValue(v, ctx.taxClassIds),
      (p, v, ctx) => ({ ...p, taxClassId: v ?? ctx.defaultTaxClassId }),
    ),
  ],
  ...Object.entries(DIMENSIONS).map(([path, field]): [string, PathRule] => [
    `/${path}`,
    valueRule(['add', 'remove'], measureValue, (p, v) => {
      const dimensions = { length: null, width: null, height: null, ...p.dimensions, [field]: v };
      const empty = Object.values(dimensions).every((d) => d === null);
      return { ...p, dimensions: empty ? null : dimensions };
    }),
  ]),
  ['/visible', valueRule(['add'], booleanValue, (p, v) => ({ ...p, visible: v as boolean }))],
  ['/productImage', { ops: ['add'], step: (_op, value) => set(mainImageStep(value)) }],
]);

/** `/productImage`: the named slideshow image becomes the main one; another name is `[i].value`. */
function mainImageStep(value: unknown): Step {
  return (product) => {
    try {
      return withMainImage(product, value, 0);
    } catch (error) {
      if (!(error instanceof RefusedInput)) throw error;
      return { member: 'value', message: error.errors?.[0]?.message ?? error.message };
    }
  };
}

/** `/prices/{CUR}`: add and replace set the price in that shop currency, remove unsets it. */
function pricesRule(currency: string): PathRule {
  return valueRule(
    ['add', 'remove', 'replace'],
    (v) => priceValue(v, currency),
    (p, v) => setPrice(p, currency, v),
  );
}

const PATHS_HINT =
  'one of /productNumber, /name, /shortDescription, /description, /manufacturer, /essentialFeatures, ' +
  '/deliveryPeriod, /manufacturerProductNumber, /upc, /ean, /searchKeywords, /priceInfo/price/amount, ' +
  '/priceInfo/manufacturerPrice/amount, /priceInfo/depositPrice/amount, /prices/{currency}, ' +
  '/priceInfo/taxClass/taxClassId, /productLength, /productWidth, /productHeight, /stocklevel, ' +
  '/minStocklevel, /visible, /productImage';

/** The patch checked whole, or every problem named by its operation's index. */
export function parseProductPatch(
  operations: readonly PatchOperation[],
  ctx: ProductWriteContext,
): { patch: ProductPatch } | { problems: PatchProblem[] } {
  const patch: ProductPatch = { steps: [], stock: noStockChange(), changedFields: [] };
  const problems: PatchProblem[] = [];
  operations.forEach((operation, index) => {
    const problem = (member: string, message: string) =>
      problems.push({ field: opField(index, member), message });
    if (!patch.changedFields.includes(operation.path)) patch.changedFields.push(operation.path);
    if (STOCK_PATHS.has(operation.path)) {
      const refused = foldStockOperation(patch.stock, operation, index);
      if (refused) problems.push(refused);
      return;
    }
    const currency = /^\/prices\/([A-Z]{3})$/.exec(operation.path)?.[1];
    const rule =
      RULES.get(operation.path) ??
      (currency && ctx.currencies.includes(currency) ? pricesRule(currency) : undefined);
    if (!rule) {
      problem('path', `cannot patch ${operation.path}; allowed: ${PATHS_HINT}`);
      return;
    }
    if (!rule.ops.includes(operation.op as Op)) {
      problem('op', `${operation.path} takes ${rule.ops.join(', ')}, not ${operation.op}`);
      return;
    }
    const step = rule.step(operation.op as Op, operation.value, ctx);
    if (!step.ok) {
      problem('value', operation.value === undefined ? 'a value is required' : step.message);
      return;
    }
    patch.steps.push({ index, apply: step.value });
  });
  return problems.length > 0 ? { problems } : { patch };
}

/** The product after the patch's record steps, in order, or the problems of those that cannot apply. */
export function applyProductPatch(
  product: ShopProduct,
  patch: ProductPatch,
): { product: ShopProduct } | { problems: PatchProblem[] } {
  let current = product;
  const problems: PatchProblem[] = [];
  for (const { index, apply } of patch.steps) {
    const next = apply(current);
    if ('member' in next) problems.push({ field: opField(index, next.member), message: next.message });
    else current = next;
  }
  return problems.length > 0 ? { problems } : { product: current };
}
