// Printable statement. Opened in a
// new tab from a repayment plan. Every figure and rule comes from buildStatement; this page only places it.
import { ArrowLeft, Download, FileWarning, Printer } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../shared/constants';
import { ANNUAL_RATE_EXPLANATION, quoteFields } from '../../../shared/finance/quote';
import { buildStatement, type StatementView } from '../../../shared/finance/statement';
import { BrandMark } from '../../components/brand-logo';
import { Button, buttonVariants } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { providerSentence, useProvider } from '../../lib/provider-api';
import { isStaffUser, useUser } from '../../lib/session';
import { InstalmentTable, useDownloadStatementPdf, useStatement } from '../applications';
import './statement.css';

const VALID_ID = /^[1-9]\d{0,9}$/;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-3 break-inside-avoid">
      <h2 className="border-b-2 border-emerald-700 pb-1 text-base font-semibold tracking-wide text-slate-900 uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Field({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 grid content-start gap-0.5' : 'grid content-start gap-0.5'}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The way back from a statement, which has no site header (it is made to print): to the Admin Panel for staff, who
 * open it from Application Details, and to the dashboard for a creator.
 */
function BackLink({ className }: { className?: string }) {
  const staff = isStaffUser(useUser());
  return (
    <Link to={staff ? '/admin' : '/dashboard'} className={buttonVariants({ variant: 'outline', className })}>
      <ArrowLeft aria-hidden="true" />
      {staff ? 'Back to the Admin Panel' : 'Back to dashboard'}
    </Link>
  );
}

function Unavailable() {
  return (
    <main
      id="main"
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center gap-3 px-4 py-24 text-center"
    >
      <FileWarning className="size-10 text-slate-400" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-slate-900">Statement unavailable</h1>
      <p className="text-sm text-slate-600">
        No statement can be generated for this financing. It may not have a repayment schedule yet.
      </p>
      <BackLink />
    </main>
  );
}

function StatementDocument({ view, applicationId }: { view: StatementView; applicationId: string }) {
  const provider = useProvider().data;
  const { financing, accountHolder, summary, quote } = view;
  const pdf = useDownloadStatementPdf();
  const downloadPdf = () =>
    pdf.mutate(applicationId, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Download failed',
          description: messageOf(error, 'Could not make the PDF statement'),
        }),
    });
  return (
    <main
      id="main"
      className="mx-auto w-full max-w-[210mm] px-3 py-6 sm:px-6 sm:py-10 print:max-w-none print:p-0"
    >
      <div className="mb-4 flex flex-wrap justify-end gap-2 print:hidden">
        <BackLink className="mr-auto" />
        <Button variant="outline" onClick={downloadPdf} loading={pdf.isPending}>
          <Download aria-hidden="true" />
          Download PDF
        </Button>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print Statement
        </Button>
      </div>

      <article
        aria-labelledby="statement-title"
        className="grid gap-7 rounded-xl border border-border bg-white p-5 shadow-sm sm:p-10 print:rounded-none print:border-0 print:p-0 print:shadow-none"
      >
        <header className="flex flex-col gap-4 border-b border-border pb-6 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex items-center gap-3">
            <BrandMark className="size-10 text-emerald-700" />
            <div>
              <p className="text-lg font-bold text-slate-900">{PRODUCT_NAME}</p>
              <p className="text-sm text-slate-600">{view.brandLine}</p>
            </div>
          </div>
          <div className="sm:text-right">
            <h1 id="statement-title" className="text-3xl font-bold tracking-tight text-slate-900">
              {view.title}
            </h1>
            <p className="text-sm text-slate-600">Generated on {view.generatedOn}</p>
          </div>
        </header>

        <div className="grid gap-7 sm:grid-cols-2 print:grid-cols-2">
          <Section title="Financing Information">
            <dl className="grid grid-cols-2 gap-3">
              <Field label="Account Number" value={financing.accountNumber} />
              <Field label="Payment Reference" value={financing.paymentReference} />
              <Field label="Status" value={financing.status} />
              <Field label="Financed Amount" value={financing.financedAmount} />
              <Field label="Initiation Date" value={financing.initiationDate} />
              {/* Loans from before payouts were recorded keep no payout: nothing is shown for them. */}
              {financing.paidOutOn ? <Field label="Paid Out On" value={financing.paidOutOn} /> : null}
              {financing.paidTo ? <Field label="Paid To" value={financing.paidTo} /> : null}
              {financing.payoutReference ? (
                <Field label="Payout Reference" value={financing.payoutReference} />
              ) : null}
            </dl>
          </Section>
          <Section title="Account Holder">
            <dl className="grid grid-cols-2 gap-3">
              <Field label="Name" value={accountHolder.name} wide />
              <Field label="Email" value={accountHolder.email} wide />
              <Field label="Country" value={accountHolder.country} />
              <Field label="City" value={accountHolder.city} />
              <Field label="Creator Type" value={accountHolder.creatorType} />
            </dl>
          </Section>
        </div>

        <Section title="Payment Summary">
          <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-3 print:grid-cols-3 print:bg-transparent print:p-0">
            <Field label="Total Amount" value={summary.totalAmount} />
            <Field label="Total Paid" value={summary.totalPaid} />
            <Field label="Platform fees paid" value={summary.feesPaid} />
            <Field label="Total handed over" value={summary.totalPaidWithFees} />
            <Field label="Remaining Balance" value={summary.remainingBalance} />
            <Field label="Payment Schedule" value={summary.paymentSchedule} />
            <Field label="Instalment" value={summary.instalment} />
            <Field label="Instalment with its fee" value={summary.instalmentWithFee} />
            <Field label={summary.dueDateLabel} value={summary.nextDueDate} />
            {summary.showAmountOverdue ? (
              <Field label="Amount overdue" value={summary.amountOverdue} />
            ) : null}
            {summary.showMonthlyWithholding ? (
              <Field label="Estimated monthly withholding" value={summary.monthlyWithholding} />
            ) : null}
          </dl>
        </Section>

        {quote ? (
          <Section title="Cost of Credit">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 print:grid-cols-3">
              {quoteFields(quote).map(([label, value]) => (
                <Field key={label} label={label} value={value} />
              ))}
            </dl>
            <p className="text-xs text-slate-500">{ANNUAL_RATE_EXPLANATION}</p>
            {quote.ceilingNote ? <p className="text-xs text-slate-700">{quote.ceilingNote}</p> : null}
            <InstalmentTable quote={quote} className="[&_td]:px-0 [&_td]:py-1.5 [&_th]:px-0" />
          </Section>
        ) : null}

        {view.showPaymentHistory ? <StatementPayments payments={view.payments} /> : null}

        {view.history.length > 0 || view.forbearance ? (
          <Section title="History">
            <ul className="grid gap-1.5 text-sm text-slate-700">
              {view.history.map((line) => (
                <li key={line}>{line}</li>
              ))}
              {view.forbearance ? <li>{view.forbearance}</li> : null}
            </ul>
          </Section>
        ) : null}

        <footer className="border-t border-border pt-4 text-center text-xs text-slate-500">
          <p>{view.footer}</p>
          <p>
            {PRODUCT_NAME} · {SUPPORT_EMAIL}
          </p>
          {provider ? (
            <p data-testid="statement-provider">
              {providerSentence(provider)} {provider.address}.
            </p>
          ) : null}
        </footer>
      </article>
    </main>
  );
}

export function StatementPage() {
  useDocumentTitle('Statement');
  const { id = '' } = useParams();
  const validId = VALID_ID.test(id);
  const query = useStatement(id, validId);
  const data = query.data;
  const view = useMemo(
    () =>
      data
        ? buildStatement(data.application, data.schedule, data.payments, data.user, new Date(), data.quote, {
            restructures: data.restructures,
            forbearance: data.forbearance,
          })
        : null,
    [data],
  );

  // Nothing is generated and the failure is only logged when the statement cannot be built.
  useEffect(() => {
    if (!validId) console.error(`Statement not generated: "${id}" is not an application id`);
    else if (query.isError)
      console.error(`Statement not generated: ${messageOf(query.error, 'request failed')}`);
    else if (data && !view) {
      console.error(
        `Statement not generated: application ${id} ${data.application ? 'has no repayment schedule' : 'was not found'}`,
      );
    }
  }, [validId, id, query.isError, query.error, data, view]);

  if (validId && query.isPending) {
    return (
      <main id="main" className="flex flex-1">
        <PageSpinner label="Preparing your statement…" />
      </main>
    );
  }
  if (!view || !data) return <Unavailable />;
  return <StatementDocument view={view} applicationId={id} />;
}

/** The payments: one card each at phone width (five columns do not fit 390 px), the table from 640 px and in print. */
function StatementPayments({ payments }: { payments: StatementView['payments'] }) {
  return (
    <Section title="Payment History">
      {/* At phone width one card per payment (five columns do not fit 390 px); the table from 640 px and in print. */}
      <ul className="grid gap-2 text-sm sm:hidden print:hidden" data-testid="statement-payments-list">
        {payments.map((payment, index) => (
          // Payments carry no id in the view model; their order is fixed by buildStatement.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static, ordered list
          <li key={index} className="grid gap-0.5 rounded-md border border-border p-2.5">
            <span className="flex justify-between gap-3">
              <span>{payment.date}</span>
              <span className="font-semibold tabular-nums">{payment.total}</span>
            </span>
            <span className="text-xs text-slate-600">
              {payment.amount} + {payment.fee} platform fee
            </span>
            {payment.reversed ? (
              <span className="text-xs font-medium text-red-700">
                {payment.reversed}. Counts for nothing.
              </span>
            ) : payment.notes !== '-' ? (
              <span className="text-xs text-slate-700 [overflow-wrap:anywhere]">{payment.notes}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm sm:table print:table">
        <thead>
          <tr className="border-b border-slate-300 text-left text-xs tracking-wide text-slate-500 uppercase">
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Platform fee
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Total paid
            </th>
            <th scope="col" className="py-2 font-medium">
              Notes
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment, index) => (
            // Payments carry no id in the view model; their order is fixed by buildStatement.
            // biome-ignore lint/suspicious/noArrayIndexKey: a static, ordered list
            <tr key={index} className="border-b border-slate-100 break-inside-avoid">
              <td className="py-2 pr-3 whitespace-nowrap">{payment.date}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{payment.amount}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{payment.fee}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{payment.total}</td>
              <td className="py-2 break-words text-slate-700">
                {payment.reversed ? (
                  <span className="font-medium text-red-700">{payment.reversed}. Counts for nothing.</span>
                ) : (
                  payment.notes
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
