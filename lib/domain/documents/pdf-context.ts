import { formatMoney, type Minor } from '../money/money';
import type { DocumentRecord } from '../orders/order';
import { type DocumentLabels, documentLabels } from './labels';
import { localeTag } from './pdf-format';
import { GREY, LEFT, type PdfCanvas, RIGHT, TOP } from './pdf-layout';

/** What every part of a document PDF needs: the document, where to draw, and its language. */
export interface DocumentContext {
  doc: DocumentRecord;
  canvas: PdfCanvas;
  labels: DocumentLabels;
  /** The BCP 47 tag of the document's locale, for Intl. */
  tag: string;
  /** An amount of the document's currency as the locale writes it. */
  money: (minor: Minor) => string;
}

/** The context of one document rendered onto a canvas. */
export function documentContext(doc: DocumentRecord, canvas: PdfCanvas): DocumentContext {
  const tag = localeTag(doc.locale);
  return {
    doc,
    canvas,
    labels: documentLabels(doc.locale),
    tag,
    money: (minor) => formatMoney(minor, doc.currency, tag),
  };
}

/** "Invoice 2024-0001": the document's title with its number. */
export function documentTitle({ doc, labels }: DocumentContext): string {
  return `${labels.title[doc.documentType]} ${doc.documentNumber}`;
}

/**
 * Starts a follow-up page with a short header (title and seller) instead of the letterhead;
 * answers the y where content continues.
 */
export function continuationPage(ctx: DocumentContext): number {
  const { canvas } = ctx;
  canvas.addPage();
  const half = (RIGHT - LEFT) / 2 - 10;
  canvas.textFit(documentTitle(ctx), LEFT, TOP, half, { size: 11, bold: true });
  canvas.textRightFit(ctx.doc.seller.name, RIGHT, TOP, half, { size: 9, color: GREY });
  canvas.rule(LEFT, RIGHT, TOP - 8);
  return TOP - 30;
}
