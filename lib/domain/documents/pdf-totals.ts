import type { Minor } from '../money/money';
import { fillLabel } from './labels';
import { continuationPage, type DocumentContext } from './pdf-context';
import { formatRate } from './pdf-format';
import { BOTTOM, GREY, RIGHT, type TextStyle } from './pdf-layout';

/**
 * The totals under the line table: subtotal, shipping, payment and discounts (when not zero),
 * taxes per rate with their net base, total before tax, total tax and the grand total in bold.
 * The block is never split over two pages.
 */

interface TotalRow {
  label: string;
  amount: Minor;
  bold?: boolean;
}

const LABEL_LEFT = 300;
const ROW_HEIGHT = 15;
const VALUE_WIDTH = 70;

/** The rows in print order. NET documents show the net total before the tax added to it. */
export function totalRows({ doc, labels, money, tag }: DocumentContext): TotalRow[] {
  const { totals } = doc;
  const optional = (label: string, amount: Minor): TotalRow[] => (amount !== 0 ? [{ label, amount }] : []);
  const taxLabel = doc.taxModel === 'NET' ? labels.taxAdded : labels.taxIncluded;
  const taxes = doc.taxes.map((tax) => ({
    label: fillLabel(taxLabel, { rate: formatRate(tax.percentage, tag), net: money(tax.net) }),
    amount: tax.tax,
  }));
  const beforeTax = { label: labels.totalBeforeTax, amount: totals.totalBeforeTax };
  return [
    { label: labels.subtotal, amount: totals.lineItemsSubTotal },
    { label: labels.shipping, amount: totals.shipping },
    ...optional(labels.payment, totals.payment),
    ...optional(labels.coupon, totals.coupon),
    ...optional(labels.basketDiscount, totals.basketDiscount),
    ...(doc.taxModel === 'NET' ? [beforeTax, ...taxes] : [...taxes, beforeTax]),
    { label: labels.totalTax, amount: totals.totalTax },
    { label: labels.grandTotal[doc.documentType], amount: totals.grandTotal, bold: true },
  ];
}

/** Draws the totals block below `top` (on a new page when it does not fit); answers the y below it. */
export function drawTotals(ctx: DocumentContext, top: number): number {
  const rows = totalRows(ctx);
  const height = rows.length * ROW_HEIGHT + 30;
  let y = top - 18;
  if (top - height < BOTTOM) y = continuationPage(ctx) - 6;
  for (const row of rows) {
    if (row.bold) {
      // The grand total stands apart: a rule and some air above it.
      y -= 6;
      ctx.canvas.rule(LABEL_LEFT, RIGHT, y + ROW_HEIGHT - 3, 0.8, GREY);
    }
    drawTotalRow(ctx, row, y);
    y -= ROW_HEIGHT;
  }
  return y;
}

function drawTotalRow({ canvas, money }: DocumentContext, row: TotalRow, y: number): void {
  const style: TextStyle = { size: row.bold ? 10.5 : 9, bold: row.bold };
  const labelWidth = RIGHT - LABEL_LEFT - VALUE_WIDTH - 6;
  canvas.textFit(row.label, LABEL_LEFT, y, labelWidth, style);
  canvas.textRightFit(money(row.amount), RIGHT, y, VALUE_WIDTH, style);
}
