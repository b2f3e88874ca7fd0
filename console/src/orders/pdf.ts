/**
 * A document's PDF as the API sends it (base64, `includePdf=true`) turned into a file the browser
 * opens or saves: the API answers JSON, so there is no URL to link to.
 */
export function pdfFile(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'application/pdf' });
}

/** The file name a saved document gets: `invoice-12.pdf`, `credit-note-13.pdf`. */
export function pdfName(documentType: string, documentNumber: string): string {
  const kind = documentType === 'CreditNote' ? 'credit-note' : documentType.toLowerCase();
  return `${kind}-${documentNumber.replace(/[^\w-]/g, '_')}.pdf`;
}
