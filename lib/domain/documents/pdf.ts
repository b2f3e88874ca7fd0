import type { DocumentRecord } from '../orders/order';
import { fillLabel } from './labels';
import { type DocumentContext, documentContext, documentTitle } from './pdf-context';
import { senderLine } from './pdf-format';
import { GREY, LEFT, PdfCanvas, RIGHT } from './pdf-layout';
import { drawLetterhead } from './pdf-letterhead';
import { drawLineTable } from './pdf-table';
import { drawTotals } from './pdf-totals';
import { PdfWriter } from './pdf-writer';

/**
 * The PDF of an invoice or credit note, drawn from the document snapshot alone (so the same
 * document always renders the same bytes) in the document's language.
 */

export interface RenderOptions {
  /** Called with every string drawn, as printed: lets tests read the PDF without a text extractor. */
  onText?: (text: string) => void;
}

/** Renders a finalized document as an A4 PDF (one or more pages). */
export async function renderDocumentPdf(
  doc: DocumentRecord,
  options: RenderOptions = {},
): Promise<Uint8Array> {
  const pdf = new PdfWriter();
  const canvas = new PdfCanvas(pdf, options.onText);
  const ctx = documentContext(doc, canvas);
  canvas.addPage();
  const tableTop = drawLetterhead(ctx);
  const tableEnd = drawLineTable(ctx, tableTop);
  drawTotals(ctx, tableEnd);
  drawFooters(ctx);
  setMetadata(pdf, ctx);
  return pdf.save();
}

/**
 * The PDF as one base64 line, as the API returns it in documentPdf (no line breaks:
 * docs/carts-and-orders.md).
 */
export function pdfBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The seller's sender line and "Page n of m" at the foot of every page. */
function drawFooters(ctx: DocumentContext): void {
  const { canvas, doc, labels, tag } = ctx;
  const pages = canvas.pages.length;
  const seller = senderLine(doc.seller.name, doc.seller.address, tag);
  canvas.pages.forEach((_, index) => {
    canvas.usePage(index);
    canvas.rule(LEFT, RIGHT, 56);
    canvas.textFit(seller, LEFT, 42, RIGHT - LEFT - 100, { size: 7.5, color: GREY });
    const page = fillLabel(labels.pageOf, { page: String(index + 1), pages: String(pages) });
    canvas.textRight(page, RIGHT, 42, { size: 8, color: GREY });
  });
}

/** Title, author, subject and language; dated by the issue date, never "now" (same bytes every time). */
function setMetadata(pdf: PdfWriter, ctx: DocumentContext): void {
  const { doc, labels, tag } = ctx;
  const issued = new Date(doc.issueDate);
  const date = Number.isNaN(issued.getTime()) ? undefined : issued;
  pdf.setInfo({
    title: documentTitle(ctx),
    author: doc.seller.name,
    subject: `${labels.orderNumber} ${doc.orderNumber}`,
    producer: 'shop-api',
    language: tag,
    creationDate: date,
    modificationDate: date,
  });
}
