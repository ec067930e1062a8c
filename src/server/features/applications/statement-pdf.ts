// The statement as a PDF to keep ("A statement to keep"): the same view model as the printable page
// (src/shared/finance/statement.ts, buildStatement), so the content and rules cannot drift apart; this file only
// places its strings on A4 pages (the drawing, pdfkit's built-in Helvetica, is lib/pdf-document.ts's, shared with the
// pre-agreement statement and the agreement).
import { PRODUCT_NAME } from '../../../shared/constants';
import { ANNUAL_RATE_EXPLANATION, quoteFields } from '../../../shared/finance/quote';
import type { StatementView } from '../../../shared/finance/statement';
import {
  documentFooter,
  documentHeader,
  fields,
  heading,
  instalmentTable,
  pageWidth,
  paragraph,
  startPdf,
  table,
} from '../../lib/pdf-document';

/** The payout's label-value pairs that are known: loans from before payouts were recorded keep none. */
function payoutPairs(pairs: ReadonlyArray<[string, string | null]>): Array<[string, string]> {
  return pairs.filter((pair): pair is [string, string] => pair[1] !== null);
}

/** The statement's PDF; `createdAt` is written as the document's creation date (the injected clock's now). */
export function renderStatementPdf(view: StatementView, createdAt: Date): Promise<Buffer> {
  const { doc, done } = startPdf({
    title: `${PRODUCT_NAME} statement ${view.financing.accountNumber}`,
    subject: view.brandLine,
    createdAt,
  });
  const width = pageWidth(doc);
  documentHeader(doc, {
    brandLine: view.brandLine,
    title: view.title,
    notes: [`Generated on ${view.generatedOn}`],
  });

  const { financing, accountHolder, summary } = view;
  const sections: Array<[title: string, pairs: Array<[string, string]>, columns: number]> = [
    [
      'Financing Information',
      [
        ['Account Number', financing.accountNumber],
        ['Payment Reference', financing.paymentReference],
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
    [summary.dueDateLabel, summary.nextDueDate],
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
    instalmentTable(doc, quote.instalments);
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

  documentFooter(doc, [view.footer]);

  doc.end();
  return done;
}
