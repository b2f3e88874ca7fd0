/**
 * The product form's fields (texts in one locale, the price in one currency) and what saving sends:
 * a JSON Patch of only the fields changed (docs/catalog.md "Product writes"), or the body of a new
 * product's POST.
 */
export interface ProductForm {
  name: string;
  productNumber: string;
  shortDescription: string;
  description: string;
  /** As typed: a decimal with `.` or `,`; empty = no price in this currency. */
  price: string;
  taxClassId: string;
  visible: boolean;
}

type Operation = { op: string; path: string; value?: unknown };

/** A typed amount as a number (up to 3 decimals, `,` taken as `.`), null when empty, undefined when not a number. */
export function parseAmount(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,3})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** The operations that turn `before` into `after` (texts emptied are removed in that locale). */
export function productPatch(before: ProductForm, after: ProductForm): Operation[] {
  const ops: Operation[] = [];
  for (const field of ['name', 'shortDescription', 'description'] as const) {
    const value = after[field].trim();
    if (value === before[field].trim()) continue;
    ops.push(value === '' ? { op: 'remove', path: `/${field}` } : { op: 'add', path: `/${field}`, value });
  }
  if (after.productNumber.trim() !== before.productNumber.trim() && after.productNumber.trim() !== '')
    ops.push({ op: 'add', path: '/productNumber', value: after.productNumber.trim() });
  const price = parseAmount(after.price);
  if (price !== undefined && price !== parseAmount(before.price))
    ops.push(
      price === null
        ? { op: 'remove', path: '/priceInfo/price/amount' }
        : { op: 'add', path: '/priceInfo/price/amount', value: price },
    );
  if (after.taxClassId !== before.taxClassId && after.taxClassId !== '')
    ops.push({ op: 'replace', path: '/priceInfo/taxClass/taxClassId', value: after.taxClassId });
  if (after.visible !== before.visible) ops.push({ op: 'add', path: '/visible', value: after.visible });
  return ops;
}

/** The body of POST /products from the form and an optional starting stock. */
export function newProductBody(form: ProductForm, stocklevel: number | null) {
  const price = parseAmount(form.price);
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const body = {
    name: text(form.name),
    productNumber: text(form.productNumber),
    shortDescription: text(form.shortDescription),
    description: text(form.description),
    price: price ?? undefined,
    taxClassId: text(form.taxClassId),
    visible: form.visible,
    stocklevel: stocklevel ?? undefined,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as {
    name?: string;
    productNumber?: string;
    shortDescription?: string;
    description?: string;
    price?: number;
    taxClassId?: string;
    visible: boolean;
    stocklevel?: number;
  };
}

/** Which problem of the form to say before anything is sent, if any. */
export function formProblem(form: ProductForm): 'nameOrNumber' | 'price' | undefined {
  if (form.name.trim() === '' && form.productNumber.trim() === '') return 'nameOrNumber';
  if (parseAmount(form.price) === undefined) return 'price';
  return undefined;
}
