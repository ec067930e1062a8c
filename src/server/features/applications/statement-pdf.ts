// The statement as a PDF to keep (issue 13, "A statement to keep"): the same view model as the printable page
// (src/shared/finance/statement.ts, buildStatement), so the content and rules cannot drift apart; this file only
// places its strings on A4 pages with pdfkit's built-in Helvetica (no font files, nothing fetched).
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../shared/constants';
import { ANNUAL_RATE_EXPLANATION, quoteFields } from '../../../shared/finance/quote';
import type { StatementView } from '../../../shared/finance/statement';
import { providerLine } from '../../lib/provider-identity';

const GREEN = '#047857';
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const MARGIN = 50;

type Doc = PDFKit.PDFDocument;

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

function pageWidth(doc: Doc): number {
  return doc.page.width - MARGIN * 2;
}

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
function ensureRoom(doc: Doc, needed: number) {
  if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
}

function heading(doc: Doc, title: string) {
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
function payoutPairs(pairs: ReadonlyArray<[string, string | null]>): Array<[string, string]> {
  return pairs.filter((pair): pair is [string, string] => pair[1] !== null);
}

function fields(doc: Doc, pairs: ReadonlyArray<[string, string]>, columns: number) {
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
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + pageWidth(doc), doc.y)
    .lineWidth(header ? 1 : 0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y += 4;
}

/** A table whose header is repeated at the top of each page it runs onto. */
function table(doc: Doc, columns: ReadonlyArray<Column>, rows: ReadonlyArray<ReadonlyArray<string>>) {
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

function paragraph(doc: Doc, text: string) {
  ensureRoom(doc, 30);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(text, MARGIN, doc.y, { width: pageWidth(doc) });
  doc.moveDown(1);
}

/** The statement's PDF; `createdAt` is written as the document's creation date (the injected clock's now). */
export function renderStatementPdf(view: StatementView, createdAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${PRODUCT_NAME} statement ${view.financing.accountNumber}`,
      Author: PRODUCT_NAME,
      Subject: view.brandLine,
      CreationDate: createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = pageWidth(doc);
  // Header: the brand on the left, the title and the day it was made on the right.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(GREEN).text(PRODUCT_NAME, MARGIN, top);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(view.brandLine);
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(INK)
    .text(view.title, MARGIN, top, { width, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Generated on ${view.generatedOn}`, MARGIN, doc.y, { width, align: 'right' });
  doc.y += 6;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();

  const { financing, accountHolder, summary } = view;
  const sections: Array<[title: string, pairs: Array<[string, string]>, columns: number]> = [
    [
      'Financing Information',
      [
        ['Account Number', financing.accountNumber],
        ['Status', financing.status],
        ['Financed Amount', financing.financedAmount],
        ['Initiation Date', financing.initiationDate],
        // Loans from before payouts were recorded keep none: nothing is printed for them.
        ...payoutPairs([
          ['Paid Out On', financing.paidOutOn],
          ['Paid To', financing.paidTo],
          ['Payout Reference', financing.payoutReference],
        ]),
      ],
      4,
    ],
    [
      'Account Holder',
      [
        ['Name', accountHolder.name],
        ['Email', accountHolder.email],
        ['Creator Type', accountHolder.creatorType],
        ['Country', accountHolder.country],
        ['City', accountHolder.city],
      ],
      3,
    ],
  ];
  for (const [title, pairs, columns] of sections) {
    heading(doc, title);
    fields(doc, pairs, columns);
  }

  heading(doc, 'Payment Summary');
  const summaryFields: Array<[string, string]> = [
    ['Total Amount', summary.totalAmount],
    ['Total Paid', summary.totalPaid],
    ['Platform fees paid', summary.feesPaid],
    ['Total handed over', summary.totalPaidWithFees],
    ['Remaining Balance', summary.remainingBalance],
    ['Payment Schedule', summary.paymentSchedule],
    ['Instalment', summary.instalment],
    ['Instalment with its fee', summary.instalmentWithFee],
    ['Next due date', summary.nextDueDate],
  ];
  if (summary.showAmountOverdue) summaryFields.push(['Amount overdue', summary.amountOverdue]);
  if (summary.showMonthlyWithholding) {
    summaryFields.push(['Estimated monthly withholding', summary.monthlyWithholding]);
  }
  fields(doc, summaryFields, 3);

  const quote = view.quote;
  if (quote) {
    heading(doc, 'Cost of Credit');
    fields(doc, quoteFields(quote), 3);
    paragraph(doc, ANNUAL_RATE_EXPLANATION);
    if (quote.ceilingNote) paragraph(doc, quote.ceilingNote);
    table(
      doc,
      [
        { title: 'No.', width: 40 },
        { title: 'Due date', width: 140 },
        { title: 'Amount', width: 105, align: 'right' },
        { title: 'Platform fee', width: 95, align: 'right' },
        { title: 'To pay', width: 105, align: 'right' },
      ],
      quote.instalments.map((i) => [i.number, i.dueDate, i.amount, i.fee, i.total]),
    );
  }

  if (view.showPaymentHistory) {
    heading(doc, 'Payment History');
    table(
      doc,
      [
        { title: 'Date', width: 115 },
        { title: 'Amount', width: 85, align: 'right' },
        { title: 'Platform fee', width: 75, align: 'right' },
        { title: 'Total paid', width: 85, align: 'right' },
        { title: 'Notes', width: width - 360 },
      ],
      view.payments.map((p) => [
        p.date,
        p.amount,
        p.fee,
        p.total,
        p.reversed ? `${p.reversed}. Counts for nothing.` : p.notes,
      ]),
    );
  }

  if (view.history.length > 0 || view.forbearance) {
    heading(doc, 'History');
    for (const line of view.history) paragraph(doc, line);
    if (view.forbearance) paragraph(doc, view.forbearance);
  }

  ensureRoom(doc, 50);
  doc.moveDown(1.5);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y += 8;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(view.footer, MARGIN, doc.y, { width, align: 'center' });
  doc.text(`${PRODUCT_NAME} · ${SUPPORT_EMAIL}`, { width, align: 'center' });
  // Who lends (docs/compliance.md, "Registration and disclosures").
  doc.text(providerLine(), { width, align: 'center' });

  doc.end();
  return done;
}
