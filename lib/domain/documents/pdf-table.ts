import type { OrderLine } from '../orders/order';
import { continuationPage, type DocumentContext } from './pdf-context';
import { formatQuantity } from './pdf-format';
import { BOTTOM, GREY, LEFT, RIGHT, type TextStyle } from './pdf-layout';

/**
 * The table of ordered lines: position, name with variation, SKU, quantity with unit, unit price
 * and amount, figures right-aligned. A row that does not fit starts a new page that repeats the
 * table header.
 */

const COLUMNS = {
  position: LEFT,
  description: LEFT + 24,
  descriptionWidth: 186,
  sku: LEFT + 218,
  skuWidth: 80,
  quantityRight: RIGHT - 124,
  unitPriceRight: RIGHT - 64,
  amountRight: RIGHT,
  /** The widest a figure may be before it is shrunk to fit. */
  figureWidth: 56,
} as const;

const TEXT: TextStyle = { size: 9 };
const SMALL: TextStyle = { size: 8, color: GREY };
const LEADING = 11;

/** A row's wrapped texts and its height. */
interface RowLayout {
  name: string[];
  variation: string[];
  sku: string[];
  height: number;
}

/** Draws the header and every line, breaking pages as needed; answers the y below the table. */
export function drawLineTable(ctx: DocumentContext, top: number): number {
  let y = drawTableHeader(ctx, top);
  ctx.doc.lines.forEach((line, index) => {
    const row = layoutRow(ctx, line);
    if (y - row.height < BOTTOM) y = drawTableHeader(ctx, continuationPage(ctx));
    drawRow(ctx, line, index + 1, row, y);
    y -= row.height;
  });
  return y;
}

function drawTableHeader({ canvas, labels }: DocumentContext, y: number): number {
  const style: TextStyle = { size: 8.5, bold: true };
  canvas.text(labels.position, COLUMNS.position, y, style);
  canvas.text(labels.description, COLUMNS.description, y, style);
  canvas.text(labels.sku, COLUMNS.sku, y, style);
  canvas.textRight(labels.quantity, COLUMNS.quantityRight, y, style);
  canvas.textRight(labels.unitPrice, COLUMNS.unitPriceRight, y, style);
  canvas.textRight(labels.amount, COLUMNS.amountRight, y, style);
  canvas.rule(LEFT, RIGHT, y - 5, 0.8, GREY);
  return y - 5;
}

function layoutRow({ canvas }: DocumentContext, line: OrderLine): RowLayout {
  const name = canvas.wrap(line.name, COLUMNS.descriptionWidth, TEXT, 6);
  const variation = line.variationString
    ? canvas.wrap(line.variationString, COLUMNS.descriptionWidth, SMALL, 3)
    : [];
  const sku = canvas.wrap(line.sku, COLUMNS.skuWidth, SMALL, 3);
  const lines = Math.max(name.length + variation.length, sku.length, 1);
  return { name, variation, sku, height: lines * LEADING + 8 };
}

/** Draws one row below the rule at `top`. */
function drawRow(ctx: DocumentContext, line: OrderLine, position: number, row: RowLayout, top: number): void {
  const { canvas, money, tag } = ctx;
  const y = top - 13;
  canvas.text(String(position), COLUMNS.position, y, TEXT);
  const afterName = canvas.lines(row.name, COLUMNS.description, y, LEADING, TEXT);
  canvas.lines(row.variation, COLUMNS.description, afterName, LEADING, SMALL);
  canvas.lines(row.sku, COLUMNS.sku, y, LEADING, SMALL);
  const figures: [string, number][] = [
    [formatQuantity(line.quantity, line.unit, tag), COLUMNS.quantityRight],
    [money(line.unitPrice), COLUMNS.unitPriceRight],
    [money(line.amount), COLUMNS.amountRight],
  ];
  for (const [text, right] of figures) canvas.textRightFit(text, right, y, COLUMNS.figureWidth, TEXT);
  canvas.rule(LEFT, RIGHT, top - row.height);
}
