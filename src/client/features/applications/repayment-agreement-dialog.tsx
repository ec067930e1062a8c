// The 'Repayment Agreement': a scrollable contract with the figures the creator is about to
// accept: their own plan's (the preview's terms and its stored quote) or an admin's offer (the stored quote alone,
// whose withholding and period the admin chose). It names a payout day only once a payout is recorded.
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { BRAND_LINE, PRODUCT_NAME } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { formatDateLong, formatZar, formatZarWhole } from '../../lib/format';
import { providerSentence, useProvider } from '../../lib/provider-api';
import { InstalmentDates } from './instalment-dates';
import { monthsText, percentText, type QuoteText, quoteText } from './plan-figures';
import { applicationDisplayName, financedAmount } from './selectors';
import type { ListedApplication, PreviewTermsAnswer, StoredQuote } from './types';

/**
 * What the agreement is of: the creator's own plan (its preview, undefined while it loads), or an admin's offer (its
 * stored quote).
 */
export type AgreementSource =
  | { kind: 'plan'; terms: PreviewTermsAnswer | undefined }
  | { kind: 'offer'; quote: StoredQuote };

function Clause({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1.5">
      <h3 className="font-semibold text-slate-900">
        {number}. {title}
      </h3>
      <div className="grid gap-2 text-slate-700">{children}</div>
    </section>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline text-slate-600">{label}: </dt>
      <dd className="inline font-medium">{children}</dd>
    </div>
  );
}

/** How often an offer's instalment falls due, in words. */
function cadence(frequency: StoredQuote['frequency']): string {
  if (frequency === 'biweekly') return 'every two weeks';
  if (frequency === 'weekly') return 'every week';
  return 'each month';
}

/** Clause 2 for the creator's own plan: its instalment follows from their revenue. */
function PlanRepayment({
  terms,
  money,
}: {
  terms: PreviewTermsAnswer | undefined;
  money: (value: string | undefined) => string;
}) {
  return (
    <>
      <p>Repayments are withheld from your platform earnings as they arrive. Two figures describe them:</p>
      <dl className="grid gap-1.5">
        <div>
          <dt className="inline font-medium text-slate-900">Instalment: </dt>
          <dd className="inline">
            <strong>{terms ? money(terms.installmentAmount ?? terms.monthlyWithholding) : '-'}</strong>, what
            falls due each month: the larger of one twelfth of the total repayable and{' '}
            {terms ? percentText(terms.withholdingPercentage) : 'the agreed share'} of your monthly revenue,
            rounded up to the rand. The last instalment may be smaller.
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-900">Estimated monthly withholding: </dt>
          <dd className="inline">
            <strong>
              {terms?.estimatedMonthlyWithholding ? money(terms.estimatedMonthlyWithholding) : '-'}
            </strong>
            , {terms ? percentText(terms.withholdingPercentage) : 'the agreed share'} of your monthly revenue:
            what your earnings are expected to repay each month. It follows your actual earnings.
          </dd>
        </div>
      </dl>
      <p>
        The financing is repaid in <strong>{terms ? terms.estimatedPeriod : '-'}</strong> monthly instalments,
        an estimated period of <strong>{terms ? monthsText(terms.estimatedPeriod) : '-'}</strong>. Each
        payment pays the oldest instalment due first.
      </p>
    </>
  );
}

/** Clause 2 for an admin's offer: the instalment and count the offer states. */
function OfferRepayment({ offer, quote }: { offer: StoredQuote; quote: QuoteText }) {
  return (
    <>
      <dl className="grid gap-1.5">
        <div>
          <dt className="inline font-medium text-slate-900">Instalment: </dt>
          <dd className="inline">
            <strong>{quote.instalmentAmount}</strong>, what falls due {cadence(offer.frequency)}. The last
            instalment may be smaller.
          </dd>
        </div>
        {quote.estimatedMonthlyWithholding ? (
          <div>
            <dt className="inline font-medium text-slate-900">Estimated monthly withholding: </dt>
            <dd className="inline">
              <strong>{quote.estimatedMonthlyWithholding}</strong>, withheld from your platform earnings as
              they arrive: what your earnings are expected to repay each month. It follows your actual
              earnings.
            </dd>
          </div>
        ) : null}
      </dl>
      <p>
        The financing is repaid in <strong>{quote.instalmentCount}</strong>. Each payment pays the oldest
        instalment due first.
      </p>
    </>
  );
}

export function RepaymentAgreementDialog({
  application,
  source,
}: {
  application: ListedApplication;
  source: AgreementSource;
}) {
  const currency = application.currency;
  const money = (value: string | undefined) => formatZar(value, { currency });
  const terms = source.kind === 'plan' ? source.terms : undefined;
  const offer = source.kind === 'offer' ? source.quote : undefined;
  const stored = offer ?? terms?.quote;
  const quote = stored ? quoteText(stored, currency) : null;
  // The day the money left, once an admin recorded it; until then the due dates assume a payout on the quote's day.
  const paidOutOn = application.repaymentSchedule?.paidOutOn ?? null;
  const costOfFinancing = offer
    ? money(offer.financeCharge)
    : terms
      ? `${percentText(terms.costPercentage)} (${money(terms.costAmount)})`
      : '-';
  const totalRepayable = offer ? money(offer.totalRepayable) : terms ? money(terms.totalAmount) : '-';
  // An offer repaid from earnings carries an estimated withholding; one paid by debit or by hand has none.
  const fromEarnings = offer ? offer.estimatedMonthlyWithholding !== null : true;
  // Who lends, as an agreement must say (docs/compliance.md, "Who lends").
  const provider = useProvider().data;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto justify-start px-0">
          <FileText aria-hidden="true" />
          Read the Repayment Agreement
        </Button>
      </DialogTrigger>
      <DialogContent hideClose className="max-w-2xl gap-0 p-0">
        <DialogHeader className="border-b border-border p-6 pr-6">
          <DialogTitle>Repayment Agreement</DialogTitle>
          <DialogDescription>
            Between {PRODUCT_NAME} and {applicationDisplayName(application)}, prepared on{' '}
            {formatDateLong(new Date())}.
          </DialogDescription>
        </DialogHeader>
        <section
          aria-label="Agreement text"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
          tabIndex={0}
          className="grid max-h-[55dvh] gap-5 overflow-y-auto px-6 py-5 text-sm leading-relaxed focus-visible:outline-offset-[-2px]"
        >
          <p className="text-slate-700">
            This agreement sets out how the financing below is repaid. {PRODUCT_NAME} ({BRAND_LINE}) provides
            it through its capital arm. Figures marked as estimates depend on your future platform earnings.
          </p>
          {provider ? (
            <p className="text-slate-700" data-testid="agreement-provider">
              The credit provider: {providerSentence(provider)} {provider.address}.
            </p>
          ) : null}
          <Clause number={1} title="The financing">
            <dl className="grid gap-1 sm:grid-cols-2">
              <Term label="Amount financed">
                {quote ? quote.amountFinanced : formatZarWhole(financedAmount(application), { currency })}
              </Term>
              <Term label="Cost of financing">{costOfFinancing}</Term>
              <Term label="Total repayable">{totalRepayable}</Term>
              <Term label="Repayment plan">
                {fromEarnings ? 'Platform Earnings' : 'Instalments on their due dates'}
              </Term>
              <Term label="Platform fees">
                {quote ? `${quote.platformFees} (${quote.platformFeeRate} of each repayment)` : '-'}
              </Term>
              <Term label="Total cost of credit">{quote ? quote.costOfCredit : '-'}</Term>
              <Term label="Total payable with fees">{quote ? quote.totalPayable : '-'}</Term>
              <Term label="Annualised cost rate">{quote ? quote.annualCostRate : '-'}</Term>
              <Term label="Paid out on">{paidOutOn ? formatDateLong(paidOutOn) : 'Not paid out yet'}</Term>
            </dl>
            <p>
              The cost is fixed when you accept this agreement and does not grow with time. The total cost of
              credit is the cost of financing plus the platform fee charged on each repayment. The annualised
              cost rate is the yearly rate at which the instalments below and the fee on each, paid on their
              due dates, repay the amount financed on the day it is paid out (an internal rate of return,
              counted in calendar days); it is given so that you can compare this financing with others.
            </p>
            {paidOutOn || !quote ? null : (
              <p>
                Nothing is paid out until you accept and {PRODUCT_NAME} records the payout to your bank
                account. The due dates below assume a payout on {quote.disbursementDate}; they count from the
                day the payout is made, with the same amounts.
              </p>
            )}
          </Clause>
          <Clause number={2} title="How you repay">
            {offer && quote ? (
              <OfferRepayment offer={offer} quote={quote} />
            ) : (
              <PlanRepayment terms={terms} money={money} />
            )}
            {quote ? <InstalmentDates quote={quote} /> : null}
            <p>
              A platform fee of {quote ? quote.platformFeeRate : 'the agreed rate'} of each repayment is
              charged with it
              {quote ? `: ${quote.instalmentFee} on a full instalment, ${quote.platformFees} in all` : ''}.
              Your statement shows the fee of every payment.
            </p>
          </Clause>
          <Clause number={3} title="Early repayment">
            <p>
              You may repay all or part of the balance early at any time, free of any penalty or fee. A
              payment larger than what is due pays your coming instalments in the order they fall due, so
              nothing more falls due until they are used up and the financing ends sooner. Settling the whole
              balance early costs only the charge earned to that day.
            </p>
          </Clause>
          <Clause number={4} title="Shortfalls and renegotiation">
            <p>
              If your payments fall short of the instalment for three consecutive months, you may ask to
              renegotiate the repayment terms, and {PRODUCT_NAME} will consider the request in good faith.
            </p>
          </Clause>
          <Clause number={5} title="Default">
            <p>
              You are in default when a payment remains unpaid for more than 90 days. {PRODUCT_NAME} will
              contact you before taking any further step.
            </p>
          </Clause>
          <Clause number={6} title="Governing law">
            <p>This agreement is governed by the laws of the Republic of South Africa.</p>
          </Clause>
        </section>
        <DialogFooter className="border-t border-border p-4">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
