// The 'Repayment Agreement' (spec sections 2 and 9): a scrollable contract with the figures of the plan
// the creator is about to accept.
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
import { InstalmentDates } from './instalment-dates';
import { monthsText, percentText, quoteText } from './plan-figures';
import { applicationDisplayName } from './selectors';
import type { ListedApplication, PreviewTermsAnswer } from './types';

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

export function RepaymentAgreementDialog({
  application,
  terms,
}: {
  application: ListedApplication;
  terms: PreviewTermsAnswer | undefined;
}) {
  const money = (value: string | undefined) => formatZar(value, { currency: application.currency });
  const quote = terms?.quote ? quoteText(terms.quote, application.currency) : null;
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
          <Clause number={1} title="The financing">
            <dl className="grid gap-1 sm:grid-cols-2">
              <div>
                <dt className="inline text-slate-600">Amount financed: </dt>
                <dd className="inline font-medium">
                  {formatZarWhole(application.requestedAmount, { currency: application.currency })}
                </dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Cost of financing: </dt>
                <dd className="inline font-medium">
                  {terms ? `${percentText(terms.costPercentage)} (${money(terms.costAmount)})` : '-'}
                </dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Total repayable: </dt>
                <dd className="inline font-medium">{terms ? money(terms.totalAmount) : '-'}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Repayment plan: </dt>
                <dd className="inline font-medium">Platform Earnings</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Platform fees: </dt>
                <dd className="inline font-medium">
                  {quote ? `${quote.platformFees} (${quote.platformFeeRate} of each repayment)` : '-'}
                </dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Total cost of credit: </dt>
                <dd className="inline font-medium">{quote ? quote.costOfCredit : '-'}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Total payable with fees: </dt>
                <dd className="inline font-medium">{quote ? quote.totalPayable : '-'}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Annualised cost rate: </dt>
                <dd className="inline font-medium">{quote ? quote.annualCostRate : '-'}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Paid out on: </dt>
                <dd className="inline font-medium">{quote ? quote.disbursementDate : '-'}</dd>
              </div>
            </dl>
            <p>
              The cost is fixed when the plan is set up and does not grow with time. The total cost of credit
              is the cost of financing plus the platform fee charged on each repayment. The annualised cost
              rate is the yearly rate at which the instalments below and the fee on each, paid on their due
              dates, repay the amount financed paid out on the day the plan is set up (an internal rate of
              return, counted in calendar days); it is given so that you can compare this financing with
              others.
            </p>
          </Clause>
          <Clause number={2} title="How you repay">
            <p>
              Repayments are withheld from your platform earnings as they arrive. Two figures describe them:
            </p>
            <dl className="grid gap-1.5">
              <div>
                <dt className="inline font-medium text-slate-900">Instalment: </dt>
                <dd className="inline">
                  <strong>{terms ? money(terms.installmentAmount ?? terms.monthlyWithholding) : '-'}</strong>,
                  what falls due each month: the larger of one twelfth of the total repayable and{' '}
                  {terms ? percentText(terms.withholdingPercentage) : 'the agreed share'} of your monthly
                  revenue, rounded up to the rand. The last instalment may be smaller.
                </dd>
              </div>
              <div>
                <dt className="inline font-medium text-slate-900">Estimated monthly withholding: </dt>
                <dd className="inline">
                  <strong>
                    {terms?.estimatedMonthlyWithholding ? money(terms.estimatedMonthlyWithholding) : '-'}
                  </strong>
                  , {terms ? percentText(terms.withholdingPercentage) : 'the agreed share'} of your monthly
                  revenue: what your earnings are expected to repay each month. It follows your actual
                  earnings.
                </dd>
              </div>
            </dl>
            <p>
              The financing is repaid in <strong>{terms ? terms.estimatedPeriod : '-'}</strong> monthly
              instalments, an estimated period of{' '}
              <strong>{terms ? monthsText(terms.estimatedPeriod) : '-'}</strong>. Each payment pays the oldest
              instalment due first.
            </p>
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
              payment larger than what is due pays your last instalments first, so the financing ends sooner.
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
