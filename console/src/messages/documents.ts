/** The words of an order's documents (invoice, credit note, PDF). */
export const DOCUMENTS_EN = {
  'documents.title': 'Documents',
  'documents.none': 'No invoice yet.',
  'documents.invoice': 'Invoice {number}',
  'documents.creditNote': 'Credit note {number}',
  'documents.pdf': 'Download PDF',
  'documents.pdfSaved': 'Saved as {name}.',
  'documents.createInvoice': 'Create invoice',
  'documents.invoiceCreated': 'Invoice {number} created.',
} as const;

export const DOCUMENTS_DE: Partial<Record<keyof typeof DOCUMENTS_EN, string>> = {
  'documents.title': 'Belege',
  'documents.none': 'Noch keine Rechnung.',
  'documents.invoice': 'Rechnung {number}',
  'documents.creditNote': 'Gutschrift {number}',
  'documents.pdf': 'PDF herunterladen',
  'documents.pdfSaved': 'Gespeichert als {name}.',
  'documents.createInvoice': 'Rechnung erstellen',
  'documents.invoiceCreated': 'Rechnung {number} erstellt.',
};
