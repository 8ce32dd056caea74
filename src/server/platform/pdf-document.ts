/// <reference types="pdfkit" />
/**
 * A new PDFKit document. PDFKit (with its fonts' metrics) is loaded on the first document, not at
 * start: most processes never print one, and it weighs about 13 MB of resting memory.
 */
import { createRequire } from 'node:module';

type PdfDocumentClass = new (options?: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;

const load = createRequire(import.meta.url);
let PdfDocument: PdfDocumentClass | undefined;

export const newPdfDocument = (options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument => {
  PdfDocument ??= load('pdfkit') as PdfDocumentClass;
  return new PdfDocument(options);
};
