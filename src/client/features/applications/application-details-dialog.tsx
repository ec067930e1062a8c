// 'View Details': the application, its explainable score and, once set up, its schedule figures.
import { CalendarCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { DECISION_WITHIN_HOURS, USE_OF_FUNDS_LABELS, type UseOfFunds } from '../../../shared/constants';
import { scoreBand } from '../../../shared/scoring/credit-score';
import { baseStatus } from '../../../shared/status-machine';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { formatDate, formatDateTimeSast, formatZar, formatZarWhole } from '../../lib/format';
import { cn } from '../../lib/utils';
import { overdueText } from '../servicing';
import { monthsText, percentText } from './plan-figures';
import { PlatformEvidence } from './platform-evidence';
import { ApplicationScoreBreakdown } from './score-breakdown';
import {
  applicationDisplayName,
  financedAmount,
  isRepaid,
  nextPayment,
  remainingBalance,
  rowActions,
} from './selectors';
import { TopUpNote } from './top-up-note';
import type { ListedApplication } from './types';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-1.5 last:border-b-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

const humanize = (value: string | null | undefined) => (value ? value.replaceAll('_', ' ') : '-');

function useOfFundsText(application: ListedApplication): string {
  const items = (application.useOfFunds ?? []).map((item) =>
    item === 'other' && application.otherUseOfFunds
      ? `Other: ${application.otherUseOfFunds}`
      : (USE_OF_FUNDS_LABELS[item as UseOfFunds] ?? item),
  );
  return items.length > 0 ? items.join(', ') : '-';
}

/**
 * Where an application under review stands: received (when), under review (now), and the decision due by the time
 * the product promises (DECISION_WITHIN_HOURS after it was received).
 */
function ReviewTimeline({ application }: { application: ListedApplication }) {
  const received = new Date(application.createdAt);
  const dueBy = new Date(received.getTime() + DECISION_WITHIN_HOURS * 60 * 60 * 1000);
  const steps = [
    { title: 'Received', detail: formatDateTimeSast(received), state: 'done' as const },
    { title: 'Under review', detail: 'We are checking your application now.', state: 'current' as const },
    {
      title: 'Decision due by',
      detail: `${formatDateTimeSast(dueBy)}, ${DECISION_WITHIN_HOURS} hours after we received it. We e-mail you when it is made.`,
      state: 'next' as const,
    },
  ];
  return (
    <section aria-labelledby="details-review" className="grid gap-2">
      <h3 id="details-review" className="font-semibold text-slate-900">
        Review
      </h3>
      <ol className="grid gap-3" data-testid="review-timeline">
        {steps.map((step) => (
          <li
            key={step.title}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className="flex gap-3"
          >
            <span
              aria-hidden="true"
              className={cn(
                'mt-1 size-3 shrink-0 rounded-full border-2',
                step.state === 'done' && 'border-emerald-600 bg-emerald-600',
                step.state === 'current' && 'border-amber-500 bg-amber-100',
                step.state === 'next' && 'border-slate-300 bg-white',
              )}
            />
            <div className="grid gap-0.5 text-sm">
              <p className="font-medium text-slate-900">{step.title}</p>
              <p className="text-slate-600">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ApplicationDetailsDialog({
  application,
  onOpenChange,
  onCloseAutoFocus,
}: {
  application: ListedApplication | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (it has no trigger to return to). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={application !== null} onOpenChange={onOpenChange}>
      {application ? <DetailsContent application={application} onCloseAutoFocus={onCloseAutoFocus} /> : null}
    </Dialog>
  );
}

function DetailsContent({
  application,
  onCloseAutoFocus,
}: {
  application: ListedApplication;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const schedule = application.repaymentSchedule;
  const currency = application.currency ?? schedule?.currency;
  const money = (value: string | null | undefined) => formatZar(value, { currency });
  const band = scoreBand(application.creditScore);
  const next = schedule && !isRepaid(application) ? nextPayment(schedule) : null;

  return (
    <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Application Details</DialogTitle>
        <DialogDescription>
          {applicationDisplayName(application)} · applied on {formatDate(application.createdAt)}
        </DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap items-center gap-2">
        <ApplicationStatusBadge
          status={application.status}
          forgiven={Boolean(application.repaymentSchedule?.forgiven)}
        />
        {/* Only while the loan is being repaid: never beside Repaid or defaulted. */}
        {rowActions(application).scheduleActive ? (
          <Badge variant="success">
            <CalendarCheck className="size-3.5" aria-hidden="true" />
            Payment Schedule Active
          </Badge>
        ) : null}
      </div>
      {application.topUp ? <TopUpNote topUp={application.topUp} /> : null}
      {baseStatus(application.status) === 'pending_review' ? (
        <ReviewTimeline application={application} />
      ) : null}

      <section aria-labelledby="details-application" className="grid gap-2">
        <h3 id="details-application" className="font-semibold text-slate-900">
          Application
        </h3>
        <dl className="text-sm">
          <Row label="Requested amount">{formatZarWhole(application.requestedAmount, { currency })}</Row>
          {application.approvedAmount !== null &&
          application.approvedAmount !== application.requestedAmount ? (
            <Row label="Approved amount">{formatZarWhole(financedAmount(application), { currency })}</Row>
          ) : null}
          <Row label="Monthly revenue">{money(application.monthlyRevenue)}</Row>
          <Row label="Use of funds">{useOfFundsText(application)}</Row>
          <Row label="Application date">{formatDate(application.createdAt)}</Row>
          {application.rejectionReason && baseStatus(application.status) === 'rejected' ? (
            <Row label="Reason for the decision">{application.rejectionReason}</Row>
          ) : null}
          {application.cancellationReason ? (
            <Row label="Cancellation reason">{application.cancellationReason}</Row>
          ) : null}
        </dl>
      </section>

      <PlatformEvidence application={application} />

      <section aria-labelledby="details-score" className="grid gap-3">
        <h3 id="details-score" className="font-semibold text-slate-900">
          Credit score
        </h3>
        {application.creditScore === null ? (
          <p className="text-sm text-slate-600">This application has not been scored yet.</p>
        ) : (
          <>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-bold tabular-nums text-slate-900">
                {application.creditScore}
              </span>
              <span className="text-sm text-slate-600">/ 100 · {band}</span>
            </p>
            <ApplicationScoreBreakdown applicationId={application.id} showFactors />
          </>
        )}
      </section>

      {schedule ? (
        <section aria-labelledby="details-schedule" className="grid gap-2">
          <h3 id="details-schedule" className="font-semibold text-slate-900">
            Repayment schedule
          </h3>
          <dl className="text-sm">
            <Row label="Total amount">{money(schedule.totalAmount)}</Row>
            <Row label="Total paid">{money(schedule.paidTotal)}</Row>
            <Row label="Remaining balance">{money(remainingBalance(schedule))}</Row>
            <Row label="Cost">
              {schedule.costAmount ? money(schedule.costAmount) : '-'}
              {schedule.costPercentage ? ` (${percentText(schedule.costPercentage)})` : ''}
            </Row>
            <Row label="Instalment">{money(schedule.installmentAmount)}</Row>
            {schedule.withholdingPercentage ? (
              <>
                <Row label="Estimated monthly withholding">{money(schedule.estimatedMonthlyWithholding)}</Row>
                <Row label="Withholding">
                  {percentText(schedule.withholdingPercentage)} of monthly revenue
                </Row>
              </>
            ) : null}
            <Row label="Payment method">
              <span className="capitalize">{humanize(schedule.paymentMethod)}</span>
            </Row>
            <Row label="Frequency">
              <span className="capitalize">{humanize(schedule.frequency)}</span>
            </Row>
            {schedule.paidOutOn ? (
              <Row label="Paid out">
                {schedule.payoutAccount ? `To ${schedule.payoutAccount} on ` : ''}
                {formatDate(schedule.paidOutOn)}
              </Row>
            ) : null}
            <Row label="Start date">{formatDate(schedule.startDate)}</Row>
            <Row label="End date">{formatDate(schedule.endDate)}</Row>
            {next ? (
              <Row label="Next payment">
                {formatDate(next.date)}
                {next.assumed ? ' (estimated)' : ''}
              </Row>
            ) : null}
            {schedule.servicing && schedule.servicing.daysPastDue > 0 ? (
              <Row label="Amount overdue">
                <span className="text-red-700">{overdueText(schedule.servicing, currency)}</span>
              </Row>
            ) : null}
            <Row label="Estimated remaining duration">{monthsText(schedule.estimatedRemainingDuration)}</Row>
          </dl>
        </section>
      ) : null}
    </DialogContent>
  );
}
