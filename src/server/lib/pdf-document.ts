// The house style of the documents the server makes as PDFs (the statement, the pre-agreement statement and quotation,
// the credit agreement): pdfkit with its built-in Helvetica on A4 (no font files, nothing fetched), a green rule under
// each heading, small grey labels above bold values, tables whose header repeats on each page, and the provider line
// at the foot. Each document only decides what goes where; the drawing is here, once.
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../shared/constants';
import { providerLine } from './provider-identity';

const GREEN = '#047857';
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const MARGIN = 50;

export type Doc = PDFKit.PDFDocument;

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A new A4 document and the promise of its bytes once `doc.end()` is called. */
export function startPdf(info: { title: string; subject: string; createdAt: Date }): {
  doc: Doc;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: info.title, Author: PRODUCT_NAME, Subject: info.subject, CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export function pageWidth(doc: Doc): number {
  return doc.page.width - MARGIN * 2;
}

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
function ensureRoom(doc: Doc, needed: number) {
  if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
}

function rule(doc: Doc, width: number) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + pageWidth(doc), doc.y)
    .lineWidth(width)
    .strokeColor(RULE)
    .stroke();
}

/**
 * The top of the first page: the brand and its line on the left, the title (and under it `notes`, each a line, such as
 * the day it was made) on the right.
 */
export function documentHeader(
  doc: Doc,
  header: { brandLine: string; title: string; titleSize?: number; notes: string[] },
) {
  const width = pageWidth(doc);
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(GREEN).text(PRODUCT_NAME, MARGIN, top);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(header.brandLine);
  const below = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(header.titleSize ?? 24)
    .fillColor(INK)
    .text(header.title, MARGIN + width * 0.3, top, { width: width * 0.7, align: 'right' });
  for (const note of header.notes) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(note, MARGIN, doc.y, { width, align: 'right' });
  }
  doc.y = Math.max(doc.y, below) + 6;
  rule(doc, 0.5);
}

export function heading(doc: Doc, title: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(title.toUpperCase(), MARGIN, doc.y, {
    characterSpacing: 0.5,
  });
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + pageWidth(doc), y)
    .lineWidth(1.5)
    .strokeColor(GREEN)
    .stroke();
  doc.y = y + 8;
}

/** Label-value pairs in `columns` columns, each label small and grey above its value. */
export function fields(doc: Doc, pairs: ReadonlyArray<readonly [string, string]>, columns: number) {
  const width = pageWidth(doc) / columns;
  for (let start = 0; start < pairs.length; start += columns) {
    ensureRoom(doc, 34);
    const top = doc.y;
    let bottom = top;
    pairs.slice(start, start + columns).forEach(([label, value], i) => {
      const x = MARGIN + i * width;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(label.toUpperCase(), x, top, { width: width - 10 });
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(INK)
        .text(value, x, doc.y + 1, { width: width - 10 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 8;
  }
  doc.x = MARGIN;
}

function tableRow(doc: Doc, columns: ReadonlyArray<Column>, cells: ReadonlyArray<string>, header: boolean) {
  const top = doc.y;
  let bottom = top;
  let x = MARGIN;
  columns.forEach((column, i) => {
    doc
      .font(header ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(header ? 8 : 9)
      .fillColor(header ? MUTED : INK)
      .text(header ? column.title.toUpperCase() : (cells[i] ?? ''), x + 2, top, {
        width: column.width - 8,
        align: column.align ?? 'left',
      });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc.y = bottom + 3;
  rule(doc, header ? 1 : 0.5);
  doc.y += 4;
}

/** A table whose header is repeated at the top of each page it runs onto. */
export function table(doc: Doc, columns: ReadonlyArray<Column>, rows: ReadonlyArray<ReadonlyArray<string>>) {
  ensureRoom(doc, 40);
  tableRow(doc, columns, [], true);
  for (const row of rows) {
    if (doc.y + 18 > doc.page.height - MARGIN) {
      doc.addPage();
      tableRow(doc, columns, [], true);
    }
    tableRow(doc, columns, row, false);
  }
  doc.x = MARGIN;
}

/** The instalments of a quote: number, due date, amount, platform fee and what is handed over for it. */
export function instalmentTable(
  doc: Doc,
  instalments: ReadonlyArray<{ number: string; dueDate: string; amount: string; fee: string; total: string }>,
) {
  table(
    doc,
    [
      { title: 'No.', width: 40 },
      { title: 'Due date', width: 140 },
      { title: 'Amount', width: 105, align: 'right' },
      { title: 'Platform fee', width: 95, align: 'right' },
      { title: 'To pay', width: 105, align: 'right' },
    ],
    instalments.map((i) => [i.number, i.dueDate, i.amount, i.fee, i.total]),
  );
}

/** A paragraph of small grey text; `strong` sets it in the ink colour and bold. */
export function paragraph(doc: Doc, text: string, options: { strong?: boolean } = {}) {
  ensureRoom(doc, 30);
  doc
    .font(options.strong ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(8.5)
    .fillColor(options.strong ? INK : MUTED)
    .text(text, MARGIN, doc.y, { width: pageWidth(doc) });
  doc.moveDown(1);
}

/**
 * The foot of the document: `lines` (centred), the product and its support address, and who lends (the provider's
 * name, NCR registration number and address: docs/compliance.md, "Registration and disclosures").
 */
export function documentFooter(doc: Doc, lines: string[]) {
  const width = pageWidth(doc);
  ensureRoom(doc, 50);
  doc.moveDown(1.5);
  rule(doc, 0.5);
  doc.y += 8;
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  for (const line of lines) doc.text(line, MARGIN, doc.y, { width, align: 'center' });
  doc.text(`${PRODUCT_NAME} · ${SUPPORT_EMAIL}`, MARGIN, doc.y, { width, align: 'center' });
  doc.text(providerLine(), { width, align: 'center' });
}
