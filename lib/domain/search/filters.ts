import type { CatalogProjection } from '../catalog/catalog-projection';
import type { FieldError } from '../errors';
import { minorDigits } from '../money/money';

/** An attribute filter as a client sends it (docs/catalog.md "Search and facets": attributeFilters). */
export interface AttributeFilterInput {
  fieldName: string;
  attributeValue?: string | number | null | undefined;
  attributeRange?: { min?: number | undefined; max?: number | undefined } | undefined;
}

/** The standard filter fields (docs/catalog.md "Search and facets"). */
export const CATEGORY_FIELD = 'CategoryID';
export const MANUFACTURER_FIELD = 'Manufacturer';
export const PRICE_FIELD = 'ListPrice';
const PREDEF = /^PreDefString_([A-Za-z]{2})_(.+)$/;

/** The facet a filter narrows: which kind, and for attributes which one (index into facetAttributes). */
export type FacetField =
  | { kind: 'category' }
  | { kind: 'manufacturer' }
  | { kind: 'price' }
  | { kind: 'attribute'; attribute: number };

/** A price range in minor units, both ends included, with the bounds as the client sent them. */
export interface PriceRange {
  min: number;
  max: number;
  requested: { min?: number | undefined; max?: number | undefined };
}

/**
 * The active filters of one field: values of one field are alternatives (OR), filters of different
 * fields must all hold (AND) — standard faceting.
 */
export interface ActiveFilter {
  field: FacetField;
  /** Selected value indexes (categories, manufacturers or predefined values). */
  values: Set<number>;
  ranges: PriceRange[];
}

/** Stable key of a field, to group filters. */
export function fieldKey(field: FacetField): string {
  return field.kind === 'attribute' ? `attribute:${field.attribute}` : field.kind;
}

/**
 * Resolves the client's filters against the catalog. Structural mistakes (unknown field, a range on a
 * field that takes values, no value at all, min above max) are returned as errors for a 400; a value
 * the catalog does not have simply matches nothing, as a stale facet link should.
 */
export function parseFilters(
  projection: CatalogProjection,
  inputs: readonly AttributeFilterInput[],
  currency: string,
): { filters: ActiveFilter[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const byField = new Map<string, ActiveFilter>();
  inputs.forEach((input, i) => {
    const at = `attributeFilters[${i}]`;
    const field = resolveField(projection, input.fieldName);
    if (!field) {
      errors.push({
        field: `${at}.fieldName`,
        message: `unknown filter field ${input.fieldName}: use ${CATEGORY_FIELD}, ${MANUFACTURER_FIELD}, ${PRICE_FIELD} or PreDefString_<language>_<attribute key>`,
      });
      return;
    }
    const key = fieldKey(field);
    const active = byField.get(key) ?? { field, values: new Set<number>(), ranges: [] };
    byField.set(key, active);
    if (field.kind === 'price') {
      const range = input.attributeRange;
      if (!range || (range.min === undefined && range.max === undefined)) {
        errors.push({
          field: `${at}.attributeRange`,
          message: `${PRICE_FIELD} takes attributeRange {min, max}`,
        });
        return;
      }
      const min =
        range.min === undefined ? Number.NEGATIVE_INFINITY : toMinorBound(range.min, currency, 'up');
      const max =
        range.max === undefined ? Number.POSITIVE_INFINITY : toMinorBound(range.max, currency, 'down');
      if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
        errors.push({ field: `${at}.attributeRange`, message: 'min must not be above max' });
        return;
      }
      active.ranges.push({ min, max, requested: range });
      return;
    }
    if (input.attributeRange) {
      errors.push({
        field: `${at}.attributeRange`,
        message: `${input.fieldName} takes attributeValue, not a range`,
      });
      return;
    }
    if (input.attributeValue === undefined || input.attributeValue === null || input.attributeValue === '') {
      errors.push({ field: `${at}.attributeValue`, message: 'attributeValue is required' });
      return;
    }
    const value = resolveValue(projection, field, String(input.attributeValue));
    if (value !== undefined) active.values.add(value);
  });
  return { filters: [...byField.values()], errors };
}

function resolveField(projection: CatalogProjection, fieldName: string): FacetField | undefined {
  const lower = fieldName.toLowerCase();
  if (lower === CATEGORY_FIELD.toLowerCase()) return { kind: 'category' };
  if (lower === MANUFACTURER_FIELD.toLowerCase()) return { kind: 'manufacturer' };
  if (lower === PRICE_FIELD.toLowerCase()) return { kind: 'price' };
  const predef = PREDEF.exec(fieldName);
  if (!predef) return undefined;
  const attribute = projection.facetAttributes.findIndex((a) => a.key === predef[2]);
  return attribute < 0 ? undefined : { kind: 'attribute', attribute };
}

/** A value by id (category id, manufacturer name, predefined value) or by its display text. */
function resolveValue(projection: CatalogProjection, field: FacetField, value: string): number | undefined {
  const lower = value.toLowerCase();
  switch (field.kind) {
    case 'category':
      return projection.categoryIndex.get(value);
    case 'manufacturer': {
      const i = projection.manufacturers.findIndex((m) => m.toLowerCase() === lower);
      return i < 0 ? undefined : i;
    }
    case 'attribute': {
      const attribute = projection.facetAttributes[field.attribute];
      if (!attribute) return undefined;
      const exact = attribute.valueIndex.get(value);
      if (exact !== undefined) return exact;
      const i = attribute.definition.values.findIndex(
        (v) =>
          v.value.toLowerCase() === lower ||
          Object.values(v.displayValue).some((text) => text.toLowerCase() === lower),
      );
      return i < 0 ? undefined : i;
    }
    default:
      return undefined;
  }
}

/**
 * A client's price bound (a JSON number in major units) in minor units: a lower bound rounds up and
 * an upper bound rounds down to the currency's minor unit, so "min 10, max 24.999" means 10.00–24.99.
 * The decimal text of the number is read digit by digit; no float arithmetic on the amount.
 */
export function toMinorBound(value: number, currency: string, direction: 'up' | 'down'): number {
  if (!Number.isFinite(value)) return value > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  const digits = minorDigits(currency);
  const text = String(Math.abs(value));
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) {
    // Exponent notation: magnitudes no price has, or fractions of a minor unit.
    if (Math.abs(value) >= 1) return value > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    if (direction === 'up') return value > 0 ? 1 : 0;
    return value > 0 ? 0 : -1;
  }
  const whole = match[1] as string;
  const fraction = match[2] ?? '';
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const dropped = /[1-9]/.test(fraction.slice(digits));
  let minor = Number(`${whole}${kept}`);
  const negative = value < 0;
  if (negative) minor = -minor;
  if (dropped) {
    // Truncation moved toward zero; move one step further when the direction asks for it.
    if (direction === 'up' && !negative) minor += 1;
    if (direction === 'down' && negative) minor -= 1;
  }
  return minor;
}
