// The pre-agreement statement and quotation (s92, Form 20) and the credit agreement (s93) as PDFs: the content is
// src/shared/compliance/credit-documents.ts's; this file only places it on A4 pages in the statement's house style
// (lib/pdf-document.ts).
import type { CreditDocumentView } from '../../../shared/compliance/credit-documents';
import {
  documentFooter,
  documentHeader,
  fields,
  heading,
  instalmentTable,
  paragraph,
  startPdf,
} from '../../lib/pdf-document';

/** One of the two documents; `createdAt` is written as the document's creation date (the injected clock's now). */
export function renderCreditDocumentPdf(view: CreditDocumentView, createdAt: Date): Promise<Buffer> {
  const { doc, done } = startPdf({ title: view.documentTitle, subject: view.title, createdAt });
  documentHeader(doc, { brandLine: view.brandLine, title: view.title, titleSize: 16, notes: view.notes });
  for (const section of view.sections) {
    heading(doc, section.title);
    if (section.fields) fields(doc, section.fields, section.columns ?? 3);
    for (const text of section.paragraphs ?? []) paragraph(doc, text);
    if (section.instalments) instalmentTable(doc, section.instalments);
  }
  documentFooter(doc, view.footer);
  doc.end();
  return done;
}
