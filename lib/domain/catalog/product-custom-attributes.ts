import type { FieldError } from '../errors';
import { type Catalog, localize } from './catalog';
import type { ShopAttributeDefinition, ShopProduct } from './catalog-types';
import type { CustomAttributeOperation } from './custom-attribute-operation';

/** A custom attribute (docs/catalog.md "Custom attributes"). */
export interface CustomAttribute {
  key: string;
  displayKey: string;
  singleValue: boolean;
  type: string;
  values: { displayValue: string; value: string | null }[];
}

/**
 * A product's custom attributes in a locale, in the order of the shop's attribute definitions. An
 * attribute removed through PATCH is kept on the product as an empty list, and shows as
 * `values: [{"displayValue": "", "value": null}]` (docs/catalog.md "Custom attributes").
 */
export function customAttributesView(
  catalog: Catalog,
  product: ShopProduct,
  locale: string,
): CustomAttribute[] {
  const keys = Object.keys(product.attributes);
  const order = [...catalog.attributeDefinitions.keys()];
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i < 0 ? order.length : i;
  };
  return keys
    .map((key, i) => ({ key, i }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.i - b.i)
    .map(({ key }) => {
      const definition = catalog.attributeDefinitions.get(key);
      const raw = product.attributes[key];
      const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      return {
        key,
        displayKey: localize(catalog, definition?.displayKey, locale) ?? key,
        singleValue: definition?.singleValue ?? true,
        type: definition?.type ?? 'String',
        values:
          values.length === 0
            ? [{ displayValue: '', value: null }]
            : values.map((value) => ({
                displayValue: displayValue(catalog, definition, value, locale),
                value,
              })),
      };
    });
}

function displayValue(
  catalog: Catalog,
  definition: ShopAttributeDefinition | undefined,
  value: string,
  locale: string,
): string {
  const predefined = definition?.values.find((v) => v.value === value);
  return predefined ? (localize(catalog, predefined.displayValue, locale) ?? value) : value;
}

/**
 * Applies a custom-attribute JSON Patch to a product (docs/catalog.md "Custom attributes"): `add` sets a
 * single-value attribute (replacing its value) or adds a value to a multi-value one; `remove` unsets the
 * attribute and remembers it as removed. Keys must be defined in the shop's attribute definitions, values
 * must fit the attribute's type (a predefined value by id or display text); a variation keeps the
 * attributes that tell it apart from its siblings. Returns the changed product or the problems.
 */
export function applyAttributePatch(
  catalog: Catalog,
  product: ShopProduct,
  operations: readonly CustomAttributeOperation[],
): { product: ShopProduct; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const attributes: ShopProduct['attributes'] = { ...product.attributes };
  const master = product.masterId ? catalog.products.get(product.masterId) : undefined;
  const selects = new Set(master?.variationAttributeKeys ?? []);
  operations.forEach((operation, i) => {
    const at = `[${i}].value`;
    const { key } = operation.value;
    const definition = catalog.attributeDefinitions.get(key);
    if (!definition) {
      errors.push({
        field: `${at}.key`,
        message: `unknown attribute ${key}: not in the shop's attribute definitions`,
      });
      return;
    }
    if (operation.op === 'remove') {
      if (selects.has(key)) {
        errors.push({
          field: `${at}.key`,
          message: `${key} tells this variation apart from its siblings; change it instead`,
        });
        return;
      }
      attributes[key] = [];
      return;
    }
    const value = storedValue(definition, operation.value.displayValue ?? '');
    if (value === null) {
      errors.push({ field: `${at}.displayValue`, message: expectation(definition) });
      return;
    }
    if (definition.singleValue || selects.has(key)) {
      attributes[key] = value;
      return;
    }
    const current = attributes[key];
    const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
    attributes[key] = list.includes(value) ? list : [...list, value];
  });
  return { product: errors.length === 0 ? { ...product, attributes } : product, errors };
}

/** The value to store for a display value, or null when it does not fit the attribute's type. */
function storedValue(definition: ShopAttributeDefinition, text: string): string | null {
  const trimmed = text.trim();
  switch (definition.type) {
    case 'PreDefString': {
      const lower = trimmed.toLowerCase();
      const found = definition.values.find(
        (v) =>
          v.value === trimmed ||
          v.value.toLowerCase() === lower ||
          Object.values(v.displayValue).some((d) => d.toLowerCase() === lower),
      );
      return found?.value ?? null;
    }
    case 'Integer':
      return /^-?\d{1,15}$/.test(trimmed) ? String(Number(trimmed)) : null;
    case 'Float':
      return /^-?\d{1,15}(\.\d{1,10})?$/.test(trimmed) ? trimmed : null;
    case 'Boolean':
      return /^(true|false)$/i.test(trimmed) ? trimmed.toLowerCase() : null;
    case 'Date':
      return /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(trimmed) &&
        !Number.isNaN(Date.parse(trimmed))
        ? trimmed
        : null;
    default:
      return text;
  }
}

function expectation(definition: ShopAttributeDefinition): string {
  switch (definition.type) {
    case 'PreDefString':
      return `${definition.key} takes one of: ${definition.values.map((v) => v.value).join(', ')}`;
    case 'Integer':
      return `${definition.key} takes a whole number`;
    case 'Float':
      return `${definition.key} takes a decimal number like 12.5`;
    case 'Boolean':
      return `${definition.key} takes true or false`;
    case 'Date':
      return `${definition.key} takes a date like 2026-03-01`;
    default:
      return `${definition.key} takes text`;
  }
}
