// Application Details for admins: the applicant's profile, banking details (the
// server masks the account number to its last 4 digits), platforms, proofs of earnings, the repayment
// schedule with the loan's position and instalments, its payments, and the statement once a
// schedule exists. A loan being serviced offers Add Payment, and one eligible for renegotiation Restructure. A paid-out loan shows where it stands
// under the National Credit Act, with the admin's records (nca-section.tsx). 'View User Details' swaps the body
// for the User Details tabs.
import {
  AlertTriangle,
  ArrowLeft,
  Banknote,
  CalendarCheck,
  FileText,
  Handshake,
  UserRound,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  CREATOR_TYPE_LABELS,
  type CreatorType,
  MIN_REQUESTED_AMOUNT,
  USE_OF_FUNDS_LABELS,
  type UseOfFunds,
} from '../../../shared/constants';
import type { ApplicantView } from '../../../shared/schemas/applications';
import type { LoanServicing } from '../../../shared/schemas/servicing';
import { baseStatus, isServicedStatus, statusLabel } from '../../../shared/status-machine';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { CreditScoreBadge } from '../../components/credit-score-badge';
import { FormDialog, useReturnFocus } from '../../components/form-dialog';
import { ProofStatusBadge } from '../../components/proof-status-badge';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { messageOf } from '../../lib/api';
import {
  formatCount,
  formatDate,
  formatHandle,
  formatPercent,
  formatZar,
  formatZarWhole,
} from '../../lib/format';
import { cn } from '../../lib/utils';
import { UserDetailsTabs } from '../admin-users';
import type { Application, ManualPlatform, RepaymentSchedule } from '../applications';
import { QuoteDocumentButtons } from '../applications';
import {
  DelinquencyBadge,
  InstalmentTable,
  RestructureDialog,
  type RestructureTarget,
  useLoanServicing,
} from '../servicing';
import { AddPaymentDialog } from './add-payment-dialog';
import type { AdminApplication, AdminApplicationDetails, ApplicantSummary } from './admin-types';

import { applicationTypeLabel } from './application-filters';
import { useAdminApplicationDetails } from './applications-api';
import { LossActions } from './loss-actions';
import { hasNcaRecord } from './nca-position';
import { NcaPanel, NcaStageBadge } from './nca-section';
import { PaymentsList } from './payments-list';
import { ProofReviewList } from './proof-review-list';
import { DecisionActions, ScoreSection } from './review-section';

type DetailsApplication = AdminApplicationDetails['application'];

export function AdminApplicationDetailsDialog({
  applicationId,
  onOpenChange,
}: {
  applicationId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={applicationId !== null} onOpenChange={onOpenChange}>
      {applicationId !== null ? <DetailsContent key={applicationId} applicationId={applicationId} /> : null}
    </FormDialog>
  );
}

function DetailsContent({ applicationId }: { applicationId: number }) {
  const details = useAdminApplicationDetails(applicationId);
  const [view, setView] = useState<'application' | 'user'>('application');
  const returnFocus = useReturnFocus();
  const data = details.data;

  let body: ReactNode;
  if (details.isPending) {
    body = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading the application…</span>
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (!data) {
    body = <QueryErrorPanel query={details} />;
  } else if (view === 'user') {
    body = (
      <div className="grid min-w-0 gap-4">
        <div>
          <Button variant="outline" size="sm" onClick={() => setView('application')}>
            <ArrowLeft aria-hidden="true" />
            Back to Application
          </Button>
        </div>
        <UserDetailsTabs userId={data.user.id} />
      </div>
    );
  } else {
    body = <ApplicationBody details={data} onViewUser={() => setView('user')} />;
  }

  const name = data ? personName(data.user) : null;
  return (
    <DialogContent className="max-w-3xl" onCloseAutoFocus={returnFocus}>
      <DialogHeader>
        <DialogTitle>{view === 'user' ? 'User Details' : 'Application Details'}</DialogTitle>
        <DialogDescription>
          {data
            ? view === 'user'
              ? `${name} · ${data.user.username}`
              : `#${data.application.id} · ${name} · applied on ${formatDate(data.application.createdAt)}`
            : `Application #${applicationId}`}
        </DialogDescription>
      </DialogHeader>
      {body}
    </DialogContent>
  );
}

function personName(user: ApplicantSummary): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

function Row({
  label,
  children,
  wrapLabel,
}: {
  label: string;
  children: ReactNode;
  /** A long label may wrap, so an amount beside it keeps its line on a phone. */
  wrapLabel?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-1.5 last:border-b-0">
      <dt className={cn('text-slate-600', wrapLabel ? 'min-w-0' : 'shrink-0')}>{label}</dt>
      <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `details-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={cn('grid content-start gap-2', className)}>
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

const humanize = (value: string | null | undefined) => (value ? value.replaceAll('_', ' ') : '-');
const orDash = (value: string | null | undefined) => (value?.trim() ? value : '-');

function useOfFundsText(application: Application): string {
  const items = (application.useOfFunds ?? []).map((item) =>
    item === 'other' && application.otherUseOfFunds
      ? `Other: ${application.otherUseOfFunds}`
      : (USE_OF_FUNDS_LABELS[item as UseOfFunds] ?? item),
  );
  return items.length > 0 ? items.join(', ') : '-';
}

/** The application's badges, its documents and the way to its user, then Approve and Reject while it waits. */
function DetailsHeader({
  application,
  onViewUser,
}: {
  application: DetailsApplication;
  onViewUser: () => void;
}) {
  const schedule = application.repaymentSchedule;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <ApplicationStatusBadge status={application.status} forgiven={Boolean(schedule?.forgiven)} />
        <CreditScoreBadge score={application.creditScore} />
        <NcaStageBadge applicationId={application.id} status={baseStatus(application.status)} />
        {/* A repaid (or settled) loan keeps its schedule, but nothing is active about it any more; its
            status badge already says Repaid. */}
        {schedule && schedule.status !== 'completed' ? (
          <Badge variant="success">
            <CalendarCheck className="size-3.5" aria-hidden="true" />
            Payment Schedule Active
          </Badge>
        ) : null}
        <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
          <Button variant="outline" size="sm" onClick={onViewUser} className="flex-1 sm:flex-none">
            <UserRound aria-hidden="true" />
            View User Details
          </Button>
          {schedule ? (
            <a
              href={`/statement/${application.id}`}
              target="_blank"
              rel="noopener"
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'flex-1 sm:flex-none')}
            >
              <FileText aria-hidden="true" />
              View Statement
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          <QuoteDocumentButtons application={application} className="flex-1 sm:flex-none" />
        </div>
      </div>
      <DecisionActions application={application} />
    </>
  );
}

/** What was asked for, by whom and why; the decision's reasons. */
function ApplicationFacts({
  application,
  currency,
}: {
  application: DetailsApplication;
  currency: string | null | undefined;
}) {
  const money = (value: string | number | null | undefined) => formatZar(value, { currency });
  return (
    <dl className="text-sm">
      <Row label="Type">{applicationTypeLabel(application.applicationType)}</Row>
      {application.businessName ? <Row label="Business name">{application.businessName}</Row> : null}
      <Row label="Requested amount">{formatZarWhole(application.requestedAmount, { currency })}</Row>
      {application.approvedAmount !== null ? (
        <Row label="Approved amount">{formatZarWhole(application.approvedAmount, { currency })}</Row>
      ) : null}
      {application.topUp ? (
        <Row label="Top-up">
          <span data-testid="admin-top-up">
            Top-up of #{application.topUp.ofApplicationId},{' '}
            {application.topUp.settled ? 'settled' : 'settles'} {money(application.topUp.settlesAmount)}
            <span className="block text-xs text-slate-600">
              {application.topUp.settled
                ? 'Fixed at the payout'
                : 'What settles that loan today; fixed at the payout'}
              {`, no fee; creator ${application.topUp.settled ? 'received' : 'receives'} ${money(application.topUp.creatorReceives)}`}
            </span>
          </span>
        </Row>
      ) : null}
      <Row label="Monthly revenue">{money(application.monthlyRevenue)}</Row>
      <Row label="Use of funds">{useOfFundsText(application)}</Row>
      <ApplicantRows applicant={application.applicant} currency={currency} />
      <Row label="Estimated period">
        {application.estimatedPeriod ? `${application.estimatedPeriod} months` : '-'}
      </Row>
      <Row label="Applied on">{formatDate(application.createdAt)}</Row>
      {application.notes ? <Row label="Notes">{application.notes}</Row> : null}
      {application.rejectionReason ? (
        <Row label="Reason given to the creator">{application.rejectionReason}</Row>
      ) : null}
      {application.cancellationReason ? (
        <Row label="Cancellation reason">{application.cancellationReason}</Row>
      ) : null}
    </dl>
  );
}

function ApplicationBody({
  details,
  onViewUser,
}: {
  details: AdminApplicationDetails;
  onViewUser: () => void;
}) {
  const { application, user, proofFiles } = details;
  const schedule = application.repaymentSchedule;
  const serviced = isServicedStatus(application.status);
  const currency = application.currency ?? schedule?.currency;
  const money = (value: string | number | null | undefined) => formatZar(value, { currency });

  return (
    <div className="grid min-w-0 gap-6">
      <DetailsHeader application={application} onViewUser={onViewUser} />

      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Application">
          <ApplicationFacts application={application} currency={currency} />
        </Section>

        <Section title="Credit score">
          <ScoreSection application={application} />
        </Section>

        <Section title="Applicant">
          <dl className="text-sm">
            <Row label="Name">{personName(user)}</Row>
            <Row label="Email">{user.username}</Row>
            <Row label="Location">{[user.city, user.country].filter(Boolean).join(', ') || '-'}</Row>
            <Row label="Creator type">
              {CREATOR_TYPE_LABELS[user.creatorType as CreatorType] ?? orDash(user.creatorType)}
            </Row>
            <Row label="Account status">
              <span className="capitalize">{user.status}</span>
              {user.verified ? ' · verified' : ' · not verified'}
            </Row>
            <Row label="Member since">{formatDate(user.createdAt)}</Row>
          </dl>
          {user.bio ? <p className="text-sm text-slate-700">{user.bio}</p> : null}
        </Section>

        <Section title="Banking details">
          <dl className="text-sm">
            <Row label="Bank">{orDash(user.bankName)}</Row>
            <Row label="Account number">
              <span className="font-mono" data-testid="masked-account-number">
                {orDash(user.accountNumber)}
              </span>
            </Row>
            <Row label="Branch code">{orDash(user.branchCode)}</Row>
            <Row label="Account type">
              <span className="capitalize">{orDash(user.accountType)}</span>
            </Row>
          </dl>
          <p className="text-xs text-slate-500">Only the last 4 digits of the account number are shown.</p>
        </Section>

        <Section title="Platforms">
          <PlatformList
            connected={application.socialMediaData ?? user.socialMediaData}
            manual={application.manualPlatforms ?? []}
            currency={currency}
          />
        </Section>
      </div>

      <Section title="Proof of earnings">
        <ProofReviewList files={proofFiles} />
      </Section>

      {hasNcaRecord(baseStatus(application.status)) ? (
        <Section title="National Credit Act">
          <NcaPanel
            applicationId={application.id}
            status={baseStatus(application.status)}
            clientName={personName(user)}
          />
        </Section>
      ) : null}

      {schedule ? (
        <Section title="Repayment schedule">
          <LoanServicingPanel
            application={application}
            schedule={schedule}
            clientName={personName(user)}
            currency={currency}
          />
          <dl className="grid gap-x-8 text-sm md:grid-cols-2">
            <Row label="Total repayable">{money(schedule.totalAmount)}</Row>
            <Row label="Total paid">{money(schedule.paidTotal)}</Row>
            <Row label="Remaining balance">
              <span data-testid="details-remaining-balance">{money(schedule.remainingAmount)}</span>
            </Row>
            <Row label="Cost">
              {money(schedule.costAmount)}
              {schedule.costPercentage ? ` (${formatPercent(schedule.costPercentage)})` : ''}
            </Row>
            <Row label="Instalment">
              <span data-testid="details-instalment">{money(schedule.installmentAmount)}</span>
            </Row>
            <Row label="Estimated monthly withholding" wrapLabel>
              <span className="whitespace-nowrap" data-testid="details-estimated-withholding">
                {money(schedule.estimatedMonthlyWithholding)}
              </span>
              {schedule.withholdingPercentage ? (
                <span className="block text-xs font-normal text-slate-500">
                  {formatPercent(schedule.withholdingPercentage)} of monthly revenue
                </span>
              ) : null}
            </Row>
            <Row label="Payment method">
              <span className="capitalize">{humanize(schedule.paymentMethod)}</span>
            </Row>
            <Row label="Frequency">
              <span className="capitalize">{humanize(schedule.frequency)}</span>
            </Row>
            {schedule.paidOutOn ? (
              <Row label="Paid out" wrapLabel>
                <span data-testid="details-paid-out">
                  {schedule.payoutAccount ? `To ${schedule.payoutAccount} on ` : ''}
                  {formatDate(schedule.paidOutOn)}
                </span>
                {schedule.payoutReference ? (
                  <span className="block text-xs font-normal text-slate-500">
                    Reference {schedule.payoutReference}
                  </span>
                ) : null}
              </Row>
            ) : null}
            <Row label="Start date">{formatDate(schedule.startDate)}</Row>
            <Row label="End date">{formatDate(schedule.endDate)}</Row>
            {/* A loan being repaid shows its next due date with its position above. */}
            {serviced ? null : <Row label="Next payment">{formatDate(schedule.nextPaymentDate)}</Row>}
            <Row label="Schedule status">
              {/* The badge's words: 'Repaid' for completed, never the stored code; a forgiven balance says so. */}
              <span data-testid="details-schedule-status">
                {schedule.forgiven ? 'Balance forgiven' : statusLabel(schedule.status)}
              </span>
            </Row>
          </dl>
          <InstalmentsPart
            applicationId={application.id}
            schedule={schedule}
            caption={`Instalments of application #${application.id}`}
            currency={currency}
          />
          <h4 className="mt-2 text-sm font-semibold text-slate-900">Payments</h4>
          <PaymentsList applicationId={application.id} payments={schedule.payments} currency={currency} />
        </Section>
      ) : (
        <p className="text-sm text-slate-600">No repayment schedule has been set up yet.</p>
      )}
    </div>
  );
}

/**
 * Who applies, for the National Credit Act (docs/compliance.md): the identity (masked by the server), a business's
 * figures, whether the Act applies and why, consumer credit. Nothing for applications from before it was kept.
 */
function ApplicantRows({
  applicant,
  currency,
}: {
  applicant: AdminApplication['applicant'];
  currency: string | null | undefined;
}) {
  const money = (value: string | null) => formatZar(value, { currency });
  return (
    <>
      {applicant.identityType ? (
        <Row label="Identity">
          <span data-testid="details-identity">
            {applicant.identityType === 'sa_id' ? 'SA ID' : 'Passport'} {applicant.identityNumberMasked}
            {applicant.dateOfBirth ? `, born ${formatDate(applicant.dateOfBirth)}` : ''}
          </span>
        </Row>
      ) : null}
      {applicant.registrationNumber ? (
        <>
          <Row label="Registration number">{applicant.registrationNumber}</Row>
          <Row label="Annual turnover">{money(applicant.annualTurnover)}</Row>
          <Row label="Assets">{money(applicant.assetValue)}</Row>
        </>
      ) : null}
      {applicant.ncaApplies !== null ? (
        <Row label="National Credit Act" wrapLabel>
          <span data-testid="details-nca-scope">
            {applicant.ncaApplies ? 'Applies' : 'Does not apply'}
            <span className="block text-xs font-normal text-slate-500">{applicant.ncaScope}</span>
          </span>
        </Row>
      ) : null}
      {applicant.consumerCredit ? <Row label="Consumer credit">Yes: living expenses</Row> : null}
      {applicant.affordability ? (
        <Row label="Affordability" wrapLabel>
          <span data-testid="details-affordability">
            <span className={applicant.affordability.passes ? 'text-emerald-800' : 'text-red-700'}>
              {applicant.affordability.passes ? 'Passes' : 'Fails'}
            </span>
            <AffordabilitySum assessment={applicant.affordability} money={money} />
          </span>
        </Row>
      ) : null}
    </>
  );
}

/** The assessment's sum in words, with where its income and other debt came from. */
function AffordabilitySum({
  assessment: a,
  money,
}: {
  assessment: NonNullable<ApplicantView['affordability']>;
  money: (value: string) => string;
}) {
  const income =
    a.incomeSource === 'verified'
      ? `verified: ${money(a.verifiedIncome ?? a.grossMonthlyIncome)} seen, ${money(a.declaredIncome)} declared`
      : 'declared, not verified';
  const debt = a.bureauEnquiry
    ? `bureau ${a.bureauEnquiry.reference}: ${money(a.bureauEnquiry.monthlyRepayments)} on ${a.bureauEnquiry.accounts} account${a.bureauEnquiry.accounts === 1 ? '' : 's'}, ${money(a.declaredDebtRepayments)} declared`
    : 'as declared';
  return (
    <span className="block text-xs font-normal text-slate-600">
      Income {money(a.grossMonthlyIncome)} ({income}) − deductions {money(a.statutoryDeductions)} − expense
      norm {money(a.expenseNorm)} − other debt {money(a.debtRepayments)} ({debt}) ={' '}
      {money(a.discretionaryIncome)} a month; instalment with fee {money(a.instalment)}.
      {a.bureauNote ? <span className="block">{a.bureauNote}</span> : null}
      {!a.passes ? (
        <span className="block font-medium text-red-800">
          {a.largestAffordable !== null
            ? `The largest amount that fits is ${money(a.largestAffordable)}.`
            : `No amount from ${formatZarWhole(MIN_REQUESTED_AMOUNT)} fits this income.`}
        </span>
      ) : null}
    </span>
  );
}

/** Loans being repaid: they have a position (arrears, days past due, next due date). */

/** Anything that changes when the loan does, so the servicing query follows the refreshed application. */
function servicingVersion(schedule: RepaymentSchedule): string {
  return [
    schedule.status,
    schedule.remainingAmount,
    schedule.nextPaymentDate,
    schedule.installmentAmount,
    schedule.estimatedPeriod,
    schedule.payments.length,
  ].join('|');
}

function useScheduleServicing(applicationId: number, schedule: RepaymentSchedule) {
  return useLoanServicing(applicationId, servicingVersion(schedule));
}

function Tile({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5 rounded-md border border-border bg-white px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Where the loan stands today (the server's position: amount due now, arrears, days past due and bucket,
 * next due date) and, when three shortfall months made it eligible, the Restructure action.
 */
function LoanServicingPanel({
  application,
  schedule,
  clientName,
  currency,
}: {
  application: Application;
  schedule: RepaymentSchedule;
  clientName: string;
  currency: string | null | undefined;
}) {
  const servicing = useScheduleServicing(application.id, schedule);
  const [restructure, setRestructure] = useState<RestructureTarget | null>(null);
  const [paying, setPaying] = useState(false);
  // The list's own position is there at once; the servicing call's is the fresher one once it answers.
  const data: LoanServicing | undefined = servicing.data;
  const lossTarget = {
    applicationId: application.id,
    clientName,
    remainingAmount: schedule.remainingAmount ?? '0',
    currency,
  };
  if (!isServicedStatus(application.status)) {
    // A closed loan has no position; one whose balance was forgiven says so.
    return data?.forgiven ? (
      <LossActions status={application.status} servicing={data} target={lossTarget} />
    ) : null;
  }
  const money = (value: string | null | undefined) => formatZar(value, { currency });
  const position = data?.position ?? null;
  const fallback = schedule.servicing;
  const amountDueNow = position?.amountDueNow ?? fallback?.amountDueNow;
  const amountOverdue = position?.amountOverdue ?? fallback?.amountOverdue;
  const daysPastDue = position?.daysPastDue ?? fallback?.daysPastDue ?? 0;
  const bucket = position?.bucket ?? fallback?.delinquencyBucket;
  const nextDue = position ? position.nextPaymentDate : schedule.nextPaymentDate;
  const eligible = data ? data.renegotiationEligible : (fallback?.renegotiationEligible ?? false);

  return (
    <div className="grid gap-3" data-testid="details-position">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Tile label="Amount due now" testId="details-amount-due-now">
          {money(amountDueNow)}
        </Tile>
        <Tile label="Amount overdue" testId="details-amount-overdue">
          <span className={daysPastDue > 0 ? 'text-red-700' : undefined}>{money(amountOverdue)}</span>
        </Tile>
        <Tile label="Days past due" testId="details-days-past-due">
          <span className="flex flex-wrap items-center gap-1.5">
            <span data-testid="details-days">{daysPastDue}</span>
            {bucket ? (
              <span data-testid="bucket">
                <DelinquencyBadge bucket={bucket} daysPastDue={daysPastDue} />
              </span>
            ) : null}
          </span>
        </Tile>
        <Tile label="Next due date" testId="details-next-due">
          {formatDate(nextDue)}
        </Tile>
      </dl>
      <div>
        <Button size="sm" onClick={() => setPaying(true)}>
          <Banknote aria-hidden="true" />
          Add Payment
        </Button>
      </div>
      {data?.restructuredOn ? (
        <p className="text-xs text-slate-600" data-testid="details-restructured-on">
          Restructured on {formatDate(data.restructuredOn)}.
        </p>
      ) : null}
      <LossActions status={application.status} servicing={data} target={lossTarget} />
      {eligible ? (
        <Alert variant="info" data-testid="details-renegotiation">
          <Handshake aria-hidden="true" />
          <div className="grid flex-1 gap-2">
            <AlertTitle>Eligible for renegotiation</AlertTitle>
            <AlertDescription>
              Three consecutive months fell short of their instalment. The remaining balance of{' '}
              {money(schedule.remainingAmount)} can be spread over a new period, at no extra cost.
            </AlertDescription>
            <div>
              <Button
                size="sm"
                onClick={() =>
                  setRestructure({
                    applicationId: application.id,
                    clientName,
                    remainingAmount: schedule.remainingAmount ?? '0',
                    frequency: schedule.frequency,
                    paymentMethod: schedule.paymentMethod,
                    currency,
                  })
                }
              >
                Restructure
              </Button>
            </div>
          </div>
        </Alert>
      ) : null}
      <RestructureDialog target={restructure} onOpenChange={(open) => !open && setRestructure(null)} />
      <AddPaymentDialog applicationId={paying ? application.id : null} onOpenChange={setPaying} />
    </div>
  );
}

function InstalmentsPart({
  applicationId,
  schedule,
  caption,
  currency,
}: {
  applicationId: number;
  schedule: RepaymentSchedule;
  caption: string;
  currency: string | null | undefined;
}) {
  const servicing = useScheduleServicing(applicationId, schedule);
  let body: ReactNode;
  if (servicing.isPending) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading the instalments…</span>
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  } else if (!servicing.data) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertTriangle aria-hidden="true" />
        <div className="grid gap-2">
          <AlertDescription>{messageOf(servicing.error, 'Failed to load the instalments')}</AlertDescription>
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => servicing.refetch()}
              loading={servicing.isFetching}
            >
              Retry
            </Button>
          </div>
        </div>
      </Alert>
    );
  } else {
    body = <InstalmentTable instalments={servicing.data.instalments} currency={currency} caption={caption} />;
  }
  return (
    <div className="grid gap-2" data-testid="details-instalments">
      <h4 className="mt-2 text-sm font-semibold text-slate-900">Instalments</h4>
      {body}
    </div>
  );
}

interface ConnectedPlatform {
  key: string;
  name: string;
  followers: unknown;
  engagement: unknown;
  monthlyEarnings: unknown;
  verified: boolean;
}

function connectedPlatforms(data: Record<string, unknown> | null): ConnectedPlatform[] {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data)
    .filter(
      (entry): entry is [string, Record<string, unknown>] =>
        typeof entry[1] === 'object' && entry[1] !== null,
    )
    .map(([key, entry]) => ({
      key,
      name: String(entry.channelTitle ?? entry.platform ?? key),
      followers: entry.followers,
      engagement: entry.engagement,
      monthlyEarnings: entry.monthlyEarnings,
      verified: entry.verified === true,
    }));
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? formatCount(value) : '-';

function PlatformList({
  connected,
  manual,
  currency,
}: {
  connected: Record<string, unknown> | null;
  manual: ManualPlatform[];
  currency: string | null | undefined;
}) {
  const platforms = connectedPlatforms(connected);
  if (platforms.length === 0 && manual.length === 0) {
    return <p className="text-sm text-slate-600">No platforms connected.</p>;
  }
  return (
    <ul className="grid gap-2 text-sm">
      {platforms.map((platform) => (
        <li key={`c-${platform.key}`} className="rounded-md border border-border p-2.5">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            <span className="capitalize">{platform.key}</span>
            {platform.name !== platform.key ? (
              <span className="font-normal text-slate-600">{platform.name}</span>
            ) : null}
            {platform.verified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="secondary">Connected</Badge>
            )}
          </p>
          <p className="text-slate-600">
            {count(platform.followers)} followers
            {typeof platform.engagement === 'number'
              ? ` · ${formatPercent(platform.engagement)} engagement`
              : ''}{' '}
            · {formatZar(platform.monthlyEarnings as string | number | null, { currency })} a month
          </p>
        </li>
      ))}
      {manual.map((platform) => (
        <li
          key={`m-${platform.platform}-${platform.username}`}
          className="rounded-md border border-border p-2.5"
        >
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {platform.platform}
            <span className="font-normal text-slate-600">{formatHandle(platform.username)}</span>
            <Badge variant="outline">Manual</Badge>
            {platform.proofStatus ? <ProofStatusBadge status={platform.proofStatus} /> : null}
          </p>
          <p className="text-slate-600">
            {count(platform.estimatedFollowers)} followers ·{' '}
            {formatZar(platform.estimatedRevenue, { currency })} a month (estimated)
          </p>
        </li>
      ))}
    </ul>
  );
}
