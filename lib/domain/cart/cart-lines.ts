import type { Catalog } from '../catalog/catalog';
import type { ShopProduct } from '../catalog/catalog-types';
import { productImagesView } from '../catalog/slideshow';
import { type Minor, netFromGross, parseMoney, taxOnNet } from '../money/money';
import {
  addQuantities,
  isExactQuantity,
  isMultipleOf,
  QUANTITY_DECIMALS,
  quantityAtLeast,
} from '../quantity';
import { type CartLine, type CartRecord, MAX_LINE_ITEMS, MAX_QUANTITY } from './cart';

/**
 * Rules for putting products into a cart (docs/carts-and-orders.md): which products can be bought, which
 * quantities are allowed, and the snapshot a line keeps.
 */

/** Why a product cannot go into a cart of this currency, or null when it can. */
export function productProblem(
  product: ShopProduct | undefined,
  currency: string,
  productId: string,
): string | null {
  if (!product?.visible) return `Product ${productId} not found`;
  if (!product.forSale) return `Product ${productId} is not for sale`;
  if (isMaster(product)) return `Product ${productId} is a variation master: add one of its variations`;
  if (!product.prices[currency]) return `Product ${productId} has no price in ${currency}`;
  return null;
}

/**
 * Why a quantity is not allowed for a product, or null (minOrder, intervalOrder: docs/carts-and-orders.md).
 */
export function quantityProblem(
  rules: Pick<ShopProduct, 'minOrder' | 'intervalOrder'>,
  quantity: number,
  productId: string,
): string | null {
  if (!isExactQuantity(quantity) || quantity <= 0)
    return `Quantity of ${productId} must be a positive number with at most ${QUANTITY_DECIMALS} decimals`;
  // The request limit holds for the line too, however many adds raise it (money stays exact).
  if (quantity > MAX_QUANTITY) return `Quantity of ${productId} must be at most ${MAX_QUANTITY}`;
  if (!quantityAtLeast(quantity, rules.minOrder))
    return `Quantity of ${productId} must be at least ${rules.minOrder}`;
  if (!isMultipleOf(quantity, rules.intervalOrder))
    return `Quantity of ${productId} must be a multiple of ${rules.intervalOrder}`;
  return null;
}

/** A master is sold only through its variations. */
export function isMaster(product: ShopProduct): boolean {
  return product.masterId === null && product.variationAttributeKeys.length > 0;
}

/**
 * The snapshot of a product as a cart line: prices converted into the cart's currency and tax
 * type (catalog prices are in the shop's tax model).
 */
export function snapshotLine(
  catalog: Catalog,
  cart: Pick<CartRecord, 'currency' | 'taxType'>,
  product: ShopProduct,
  lineItemId: string,
  quantity: number,
): CartLine {
  const taxClass = catalog.taxClasses.get(product.taxClassId);
  if (!taxClass) throw new Error(`product ${product.productId} has unknown tax class ${product.taxClassId}`);
  const convert = (decimal: string) =>
    convertPrice(
      parseMoney(decimal, cart.currency),
      catalog.settings.taxModel.model,
      cart.taxType,
      taxClass.percentage,
    );
  const price = product.prices[cart.currency];
  if (!price) throw new Error(`product ${product.productId} has no price in ${cart.currency}`);
  return {
    lineItemId,
    productId: product.productId,
    quantity,
    sku: product.productNumber,
    name: product.name,
    variationString: variationString(catalog, product),
    essentialFeatures: product.essentialFeatures,
    unitPrice: convert(price.price),
    bulkTiers: product.bulkPrices
      .filter((tier) => tier.price[cart.currency] !== undefined)
      .map((tier) => ({ quantity: tier.quantity, unitPrice: convert(tier.price[cart.currency] as string) }))
      .sort((a, b) => a.quantity - b.quantity),
    priceOverride: null,
    taxClass: {
      taxClassId: taxClass.taxClassId,
      name: taxClass.name[catalog.settings.defaultLocale] ?? taxClass.taxClassId,
      names: taxClass.name,
      percentage: taxClass.percentage,
    },
    minOrder: product.minOrder,
    intervalOrder: product.intervalOrder,
    priceQuantity: product.priceQuantity,
    orderUnit: product.orderUnit,
    images: productImagesView(product).images,
    deliveryWeight: product.deliveryWeight,
    energyLabelsString: product.energyLabelsString,
    energyLabelsMaxEfficiencyString: product.energyLabelsMaxEfficiencyString,
    energyLabelSourceFile: product.energyLabelSourceFile,
    productDataSheetSourceFile: product.productDataSheet,
  };
}

/** A catalog price in the shop's model, expressed in the cart's tax type. */
export function convertPrice(
  amount: Minor,
  shopModel: 'GROSS' | 'NET',
  cartTaxType: 'GROSS' | 'NET',
  percentage: string,
): Minor {
  if (shopModel === cartTaxType) return amount;
  return cartTaxType === 'NET' ? netFromGross(amount, percentage) : amount + taxOnNet(amount, percentage);
}

/** "Color: Red, Size: M" per locale for a variation; null for other products. */
function variationString(catalog: Catalog, product: ShopProduct): Record<string, string> | null {
  const master = product.masterId ? catalog.products.get(product.masterId) : undefined;
  if (!master) return null;
  const result: Record<string, string> = {};
  for (const locale of catalog.settings.locales) {
    result[locale] = master.variationAttributeKeys
      .map((key) => {
        const definition = catalog.attributeDefinitions.get(key);
        const raw = product.attributes[key];
        const value = Array.isArray(raw) ? raw.join(', ') : (raw ?? '');
        const shown = definition?.values.find((v) => v.value === value)?.displayValue;
        const label =
          definition?.displayKey[locale] ?? definition?.displayKey[catalog.settings.defaultLocale] ?? key;
        return `${label}: ${shown?.[locale] ?? shown?.[catalog.settings.defaultLocale] ?? value}`;
      })
      .join(', ');
  }
  return result;
}

/** A problem with one requested line, named by its position in the request. */
export interface LineProblem {
  index: number;
  field: 'productId' | 'quantity';
  message: string;
}

/**
 * Adds requested products to a cart's lines (adding a product already in the cart raises
 * that line's quantity: docs/carts-and-orders.md). Returns the new lines and the problems of the requests
 * that were refused; the caller decides whether one problem refuses all (no forceCreate) or only itself.
 */
export function addLines(
  catalog: Catalog,
  cart: Pick<CartRecord, 'currency' | 'taxType' | 'lineItems'>,
  requests: readonly { productId: string; quantity: number }[],
  newLineId: () => string,
): { lineItems: CartLine[]; problems: LineProblem[] } {
  const lineItems = cart.lineItems.map((line) => ({ ...line }));
  const problems: LineProblem[] = [];
  requests.forEach(({ productId, quantity }, index) => {
    const product = catalog.products.get(productId);
    const refused = productProblem(product, cart.currency, productId);
    if (refused || !product) {
      problems.push({ index, field: 'productId', message: refused ?? `Product ${productId} not found` });
      return;
    }
    const existing = lineItems.find((line) => line.productId === productId);
    // A malformed quantity is reported as itself (below), never summed.
    const total =
      existing && isExactQuantity(quantity) ? addQuantities(existing.quantity, quantity) : quantity;
    const badQuantity = quantityProblem(product, total, productId);
    if (badQuantity) {
      problems.push({ index, field: 'quantity', message: badQuantity });
      return;
    }
    if (existing) {
      existing.quantity = total;
    } else if (lineItems.length >= MAX_LINE_ITEMS) {
      problems.push({
        index,
        field: 'productId',
        message: `A cart holds at most ${MAX_LINE_ITEMS} line items`,
      });
    } else {
      lineItems.push(snapshotLine(catalog, cart, product, newLineId(), total));
    }
  });
  return { lineItems, problems };
}

/**
 * The cart's lines with one line's quantity set, or the reason it cannot be (quantity rules:
 * docs/carts-and-orders.md).
 */
export function setLineQuantity(
  lineItems: readonly CartLine[],
  lineItemId: string,
  quantity: number,
): { lineItems: CartLine[] } | { missing: true } | { problem: string } {
  const line = lineItems.find((l) => l.lineItemId === lineItemId);
  if (!line) return { missing: true };
  const problem = quantityProblem(line, quantity, line.productId);
  if (problem) return { problem };
  return { lineItems: lineItems.map((l) => (l.lineItemId === lineItemId ? { ...l, quantity } : l)) };
}
