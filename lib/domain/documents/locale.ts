import { formatMoney, formatPercent, parseMoney } from '../money/money';
import type { DocumentRecord, OrderLine, TaxSummary } from '../orders/order';

/**
 * A finalized document shown in another locale (GET documents `?locale=`): the same snapshot, the
 * same figures and numbers, with the texts of that locale: the PDF's labels, dates and number
 * formats, every Money's `formatted`, and the product and tax class names the order kept for each
 * of the shop's locales at checkout. What the order did not keep per locale (the basket discount's
 * name; product names of orders placed before names were kept) stays in the order's language.
 */
export function documentInLocale(doc: DocumentRecord, locale: string): DocumentRecord {
  if (locale === doc.locale) return doc;
  const lines = doc.lines.map((line) => localizedLine(line, locale));
  const taxes = doc.taxes.map((tax) => ({ ...tax, name: tax.names?.[locale] ?? tax.name }));
  return {
    ...doc,
    locale,
    lines,
    taxes,
    lineItemContainer: localizedContainer(doc.lineItemContainer, locale, lines, taxes),
  };
}

function localizedLine(line: OrderLine, locale: string): OrderLine {
  return {
    ...line,
    name: line.names?.[locale] ?? line.name,
    variationString: line.variationStrings?.[locale] ?? line.variationString,
  };
}

type Json = unknown;

/** The stored lineItemContainer with its display texts in `locale`; amounts are never touched. */
function localizedContainer(
  container: Json,
  locale: string,
  lines: readonly OrderLine[],
  taxes: readonly TaxSummary[],
): Json {
  const lineById = new Map(lines.map((line) => [line.lineItemId, line]));
  const taxById = new Map(taxes.map((tax) => [tax.taxClassId, tax]));
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const node = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walk(child)]));
    if (isMoney(node)) {
      // The amount is the stored decimal; parsed exactly, never through float arithmetic.
      node.formatted = formatMoney(parseMoney(node.amount, node.currency), node.currency, locale);
    } else if (typeof node.percentage === 'number' && typeof node.formatted === 'string') {
      node.formatted = formatPercent(node.percentage, locale);
    }
    const line = typeof node.lineItemId === 'string' ? lineById.get(node.lineItemId) : undefined;
    if (line && 'productId' in node) {
      node.name = line.name;
      node.variationString = line.variationString;
      const taxClass = node.taxClass as { taxClassId?: string } | undefined;
      const tax = taxClass?.taxClassId ? taxById.get(taxClass.taxClassId) : undefined;
      if (tax && taxClass) node.taxClass = { ...taxClass, name: tax.name };
    }
    return node;
  };
  return walk(container);
}

function isMoney(node: Record<string, unknown>): node is Record<string, unknown> & {
  amount: number;
  currency: string;
  formatted: string;
} {
  return (
    typeof node.taxType === 'string' &&
    typeof node.amount === 'number' &&
    typeof node.currency === 'string' &&
    typeof node.formatted === 'string'
  );
}
