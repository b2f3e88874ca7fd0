import { fillLabel } from './labels';
import { type DocumentContext, documentTitle } from './pdf-context';
import { addressLines, formatIssueDate, senderLine } from './pdf-format';
import { GREY, LEFT, RIGHT, TOP } from './pdf-layout';

/**
 * The first page's head, laid out like a German business letter (DIN 5008): the seller top right,
 * a small sender line above the recipient's address window, the document facts beside it, then
 * the title.
 */

const ADDRESS_TOP = 700;
const FACTS_LEFT = 330;
const ADDRESS_WIDTH = FACTS_LEFT - LEFT - 20;

/** Draws the letterhead; answers the y where the line table starts. */
export function drawLetterhead(ctx: DocumentContext): number {
  drawSeller(ctx);
  const addressEnd = drawRecipient(ctx);
  const factsEnd = drawFacts(ctx);
  return drawTitle(ctx, Math.min(addressEnd, factsEnd) - 26);
}

function drawSeller({ canvas, doc, tag }: DocumentContext): void {
  const width = RIGHT - FACTS_LEFT;
  canvas.textRightFit(doc.seller.name, RIGHT, TOP, width, { size: 15, bold: true });
  let y = TOP - 16;
  for (const line of addressLines({ ...doc.seller.address, company: null }, tag)) {
    canvas.textRightFit(line, RIGHT, y, width, { size: 9, color: GREY });
    y -= 11;
  }
}

/** The sender line and the billing address block; answers the y below it. */
function drawRecipient({ canvas, doc, tag }: DocumentContext): number {
  const sender = senderLine(doc.seller.name, doc.seller.address, tag);
  const senderStyle = { size: 7, color: GREY };
  canvas.textFit(sender, LEFT, ADDRESS_TOP, ADDRESS_WIDTH, senderStyle);
  canvas.rule(LEFT, LEFT + Math.min(ADDRESS_WIDTH, canvas.width(sender, senderStyle)), ADDRESS_TOP - 3);
  const lines = addressLines(doc.address, tag).flatMap((line) =>
    canvas.wrap(line, ADDRESS_WIDTH, { size: 10.5 }, 2),
  );
  return canvas.lines(lines, LEFT, ADDRESS_TOP - 20, 13, { size: 10.5 });
}

/** Number, date, order and customer number, and a differing delivery address; answers the y below. */
function drawFacts(ctx: DocumentContext): number {
  const { canvas, doc, labels, tag } = ctx;
  const facts: [string, string][] = [
    [labels.documentNumber[doc.documentType], doc.documentNumber],
    [labels.issueDate, formatIssueDate(doc.issueDate, tag)],
    [labels.orderNumber, doc.orderNumber],
    [labels.customerNumber, doc.customerNumber],
  ];
  let y = ADDRESS_TOP;
  for (const [label, value] of facts) {
    const labelStyle = { size: 9, color: GREY };
    canvas.text(label, FACTS_LEFT, y, labelStyle);
    const valueLeft = FACTS_LEFT + canvas.width(label, labelStyle) + 8;
    canvas.textRightFit(value, RIGHT, y, RIGHT - valueLeft, { size: 9 });
    y -= 13;
  }
  return drawDeliveryAddress(ctx, y - 8);
}

function drawDeliveryAddress({ canvas, doc, labels, tag }: DocumentContext, y: number): number {
  if (!doc.shippingAddress) return y;
  const lines = addressLines(doc.shippingAddress, tag);
  if (lines.join('\n') === addressLines(doc.address, tag).join('\n')) return y;
  canvas.text(labels.shippingAddress, FACTS_LEFT, y, { size: 9, bold: true });
  const wrapped = lines.flatMap((line) => canvas.wrap(line, RIGHT - FACTS_LEFT, { size: 9 }, 2));
  return canvas.lines(wrapped, FACTS_LEFT, y - 12, 11, { size: 9 });
}

/** The title with the document number and, for a credit note, what it refers to. */
function drawTitle(ctx: DocumentContext, y: number): number {
  const { canvas, doc, labels } = ctx;
  canvas.textFit(documentTitle(ctx), LEFT, y, RIGHT - LEFT, { size: 16, bold: true });
  if (doc.documentType !== 'CreditNote') return y - 28;
  const sentence = fillLabel(labels.creditNoteRefersTo, { order: doc.orderNumber });
  const lines = canvas.wrap(sentence, RIGHT - LEFT, { size: 10 }, 4);
  return canvas.lines(lines, LEFT, y - 20, 13, { size: 10 }) - 10;
}
