// The repayment plans: one expandable card per active,
// defaulted or repaid application with a schedule, under three headings (Active Repayment Plans, Financing in
// Default, Repaid Financing): totals, balance, what is due now and whether it is late, the instalments, early
// settlement, the payoff what-if, recent payments, and the statement.
import Decimal from 'decimal.js';
import {
  AlertTriangle,
  Banknote,
  CalendarClock,
  FileText,
  Handshake,
  History,
  Landmark,
  ListChecks,
  PiggyBank,
  Scale,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { PAYMENT_HISTORY_PREVIEW, PRODUCT_NAME, SUPPORT_EMAIL } from '../../../shared/constants';
import { toDecimal } from '../../../shared/finance/money';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Pager } from '../../components/ui/pager';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { messageOf } from '../../lib/api';
import { formatCountOf, formatDate, formatZar } from '../../lib/format';
import { cn } from '../../lib/utils';
import { HelpRequestPanel } from '../collections';
import { DebitMandatePanel } from '../debit-orders';
import {
  DelinquencyBadge,
  HowToPay,
  InstalmentTable,
  instalmentCountText,
  instalmentsLeftText,
  overdueText,
  SettleEarlyDialog,
  useLoanServicing,
} from '../servicing';
import { useOwnPayments } from './api';
import { CreditDocumentButton } from './credit-document-button';
import { planServicingVersion, repaymentPlanGroups } from './list-order';
import { percentText } from './plan-figures';
import {
  applicationDisplayName,
  instalmentWindow,
  isBeingRepaid,
  isDefaulted,
  isRepaid,
  nextPayment,
  paidOutText,
  paymentsInForce,
  paymentsNewestFirst,
  remainingBalance,
  reversalNote,
} from './selectors';
import { openStatement } from './statement-link';
import type { ListedApplication, Payment, RepaymentSchedule } from './types';

type PlanApplication = ListedApplication & { repaymentSchedule: RepaymentSchedule };

// The what-if projection brings a form library and its schema: loaded with the first plan that shows it,
// not with the dashboard (whose first paint is the cards above the plans).
const PayoffProjection = lazy(() =>
  import('./payoff-projection').then((m) => ({ default: m.PayoffProjection })),
);

function Tile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1 rounded-lg border border-border bg-slate-50/60 p-4">
      <h4 className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <span className="text-emerald-700 [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
        {title}
      </h4>
      {children}
    </div>
  );
}

function paidShare(paid: string, total: string): number {
  const totalAmount = toDecimal(total);
  const paidAmount = toDecimal(paid);
  if (!totalAmount || !paidAmount || totalAmount.lte(0)) return 0;
  return Decimal.min(100, paidAmount.div(totalAmount).times(100)).toDecimalPlaces(0).toNumber();
}

function PaymentsTable({
  payments,
  currency,
  caption,
}: {
  payments: Payment[];
  currency: string | null | undefined;
  caption: string;
}) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col">Date</TableHead>
          <TableHead scope="col" className="text-right">
            Amount
          </TableHead>
          <TableHead scope="col" className="text-right">
            Fee
          </TableHead>
          <TableHead scope="col">Notes</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {payments.map((payment) => (
          <TableRow key={payment.id}>
            <TableCell className="whitespace-nowrap">{formatDate(payment.paymentDate)}</TableCell>
            <TableCell
              className={cn(
                'whitespace-nowrap text-right tabular-nums',
                payment.reversedOn && 'line-through',
              )}
            >
              {formatZar(payment.amount, { currency })}
            </TableCell>
            {/* The platform fee paid with it: what was handed over is the amount plus this. */}
            <TableCell className="whitespace-nowrap text-right tabular-nums text-slate-600">
              {formatZar(payment.platformFee ?? '0', { currency })}
            </TableCell>
            <TableCell className="text-slate-600">
              {/* A reversed payment (bounced, or recorded in error) stays listed and counts for nothing. */}
              {payment.reversedOn ? (
                <span className="font-medium text-red-700" data-testid="payment-reversed">
                  {reversalNote(payment)}. It no longer counts.
                </span>
              ) : (
                payment.notes?.trim() || '-'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const isPositive = (value: string | null | undefined) => toDecimal(value)?.gt(0) ?? false;

/** How often the instalment falls due, in words, for the figure's one-line explanation. */
function cadence(frequency: string | null): string {
  if (frequency === 'biweekly') return 'every two weeks';
  if (frequency === 'weekly') return 'every week';
  return 'each month';
}

/** A named figure with its one-line meaning: the same two names on every screen (docs/lending.md). */
function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="grid content-start gap-0.5 rounded-lg border border-border p-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="grid gap-0.5">
        <span className="text-lg font-semibold tabular-nums text-slate-900">{value}</span>
        <span className="text-xs text-slate-600">{note}</span>
      </dd>
    </div>
  );
}

/** The late and default notices; nothing when the loan is up to date. */
function ArrearsNotice({
  application,
  schedule,
  currency,
}: {
  application: PlanApplication;
  schedule: RepaymentSchedule;
  currency: string | null | undefined;
}) {
  const servicing = schedule.servicing;
  const defaulted = isDefaulted(application);
  const late = servicing !== undefined && servicing.daysPastDue > 0;
  if (!late && !defaulted) return null;
  return (
    <Alert variant="destructive" role="alert" data-testid="overdue-notice">
      <AlertTriangle aria-hidden="true" />
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <AlertTitle>{defaulted ? 'Financing in default' : 'Payment overdue'}</AlertTitle>
          {servicing && late ? (
            <DelinquencyBadge bucket={servicing.delinquencyBucket} daysPastDue={servicing.daysPastDue} />
          ) : null}
        </div>
        <AlertDescription className="grid gap-1">
          {servicing && late ? <p className="font-medium">{overdueText(servicing, currency)}</p> : null}
          <p>
            {defaulted
              ? `Your financing is in default because a payment has been unpaid for more than 90 days. Please pay the overdue amount, or write to ${SUPPORT_EMAIL} so we can agree a way forward.`
              : 'Please pay it as soon as you can. A payment unpaid for more than 90 days puts your financing in default.'}
          </p>
          {/* The one thing a payment needs to reach this loan, said where the creator is told to pay. */}
          <p>
            Pay by EFT with the reference{' '}
            <span className="font-semibold tabular-nums">{application.paymentReference}</span>: our bank
            details are below.
          </p>
        </AlertDescription>
      </div>
    </Alert>
  );
}

/**
 * Paid ahead: nothing is due now and the coming instalments are covered, so the creator is told
 * when the next one falls due. Paying ahead never makes anyone late: payments fill the instalments oldest first.
 */
function AheadNotice({
  schedule,
  currency,
}: {
  schedule: RepaymentSchedule;
  currency: string | null | undefined;
}) {
  const servicing = schedule.servicing;
  if (!servicing || servicing.daysPastDue > 0 || servicing.currentInstalment || !servicing.nextInstalment)
    return null;
  if (isPositive(servicing.amountDueNow)) return null;
  const next = servicing.nextInstalment;
  return (
    <Alert variant="info" data-testid="ahead-notice">
      <PiggyBank aria-hidden="true" />
      <div className="grid gap-1">
        <AlertTitle>You are ahead of your plan</AlertTitle>
        <AlertDescription>
          Your payments already cover the instalments due so far: nothing is due before{' '}
          {formatDate(next.dueDate)}, when {formatZar(next.total, { currency })} falls due (
          {formatZar(next.outstanding, { currency })} and the {formatZar(next.fee, { currency })} platform
          fee). Paying ahead never makes you late, and keeping up your payments ends your plan sooner.
        </AlertDescription>
      </div>
    </Alert>
  );
}

function RenegotiationNotice() {
  return (
    <Alert variant="info" data-testid="renegotiation-notice">
      <Handshake aria-hidden="true" />
      <div className="grid gap-1">
        <AlertTitle>Your plan can be renegotiated</AlertTitle>
        <AlertDescription>
          Your payments fell short of your instalment three months in a row, so under your agreement your plan
          is eligible for renegotiation: a new period for the remaining balance, at no extra cost.{' '}
          {PRODUCT_NAME} will contact you, or tell us now with “I can't pay this month” below.
        </AlertDescription>
      </div>
    </Alert>
  );
}

/** The Next Payment tile's body: what to pay and by when, from the server's position. */
function NextPaymentBody({
  schedule,
  money,
}: {
  schedule: RepaymentSchedule;
  money: (value: string | null | undefined) => string;
}) {
  const next = nextPayment(schedule);
  const overdue = isPositive(next.amountOverdue);
  const hasCurrent = schedule.servicing?.currentInstalment != null;
  const note = next.estimated ? (
    <p className="text-sm text-slate-600">Estimated: withheld from your platform earnings</p>
  ) : next.assumed ? (
    <p className="text-sm text-slate-600">Estimated</p>
  ) : null;
  if (next.amountDueNow === null || (!overdue && !isPositive(next.amountDueNow))) {
    // No position from the server, or nothing open before the next due date: the date is the news.
    return (
      <>
        <p className="text-2xl font-bold text-slate-900">{formatDate(next.date)}</p>
        {next.amountDueNow !== null ? (
          <p className="text-sm text-slate-600">Nothing due before then</p>
        ) : null}
        {next.nextInstalment ? (
          <p className="text-sm text-slate-600" data-testid="next-instalment-parts">
            Then {money(next.nextInstalment.total)}: {money(next.nextInstalment.outstanding)} +{' '}
            {money(next.nextInstalment.fee)} platform fee
          </p>
        ) : null}
        {note}
      </>
    );
  }
  return (
    <>
      <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="amount-due-now">
        {money(next.totalDueNow ?? next.amountDueNow)}
      </p>
      {next.feeDueNow !== null ? (
        <p className="text-sm text-slate-600" data-testid="amount-due-now-parts">
          {money(next.amountDueNow)} to your financing + {money(next.feeDueNow)} platform fee
        </p>
      ) : null}
      {overdue ? (
        <p className="text-sm font-medium text-red-700">
          {money(next.amountOverdue)} overdue now
          {hasCurrent ? `, the rest due ${formatDate(next.date)}` : ''}
        </p>
      ) : (
        <p className="text-sm text-slate-700">Due {formatDate(next.date)}</p>
      )}
      {note}
    </>
  );
}

/** The instalment table with its loading and error states; long tables open on a window of rows. */
function InstalmentsSection({
  query,
  name,
  currency,
}: {
  query: ReturnType<typeof useLoanServicing>;
  name: string;
  currency: string | null | undefined;
}) {
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  const data = query.data;
  const windowed = data ? instalmentWindow(data.instalments) : null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <ListChecks className="size-4 text-emerald-700" aria-hidden="true" />
          Instalments
        </h4>
        {data ? <p className="text-xs text-slate-600">{instalmentCountText(data.instalments)}</p> : null}
      </div>
      {query.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading instalments…</span>
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-5/6" />
        </div>
      ) : !data ? (
        <Alert variant="destructive" role="alert">
          <AlertTriangle aria-hidden="true" />
          <div className="grid gap-2">
            <AlertDescription>
              Could not load your instalments. {messageOf(query.error, 'Please try again.')}
            </AlertDescription>
            <div>
              <Button
                variant="outline"
                size="sm"
                loading={query.isFetching}
                onClick={() => void query.refetch()}
              >
                Retry
              </Button>
            </div>
          </div>
        </Alert>
      ) : (
        <>
          <InstalmentTable
            instalments={showAll || !windowed ? data.instalments : windowed.rows}
            currency={currency}
            caption={`Instalments of ${name}`}
          />
          {windowed && windowed.hidden > 0 ? (
            <div>
              <Button
                variant="link"
                className="h-auto px-0"
                aria-expanded={showAll}
                onClick={() => setShowAll((value) => !value)}
              >
                {showAll ? 'Show fewer instalments' : `Show all ${data.instalments.length} instalments`}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function PlanCard({ application }: { application: PlanApplication }) {
  const schedule = application.repaymentSchedule;
  const currency = application.currency ?? schedule.currency;
  const money = (value: string | null | undefined) => formatZar(value, { currency });
  const payments = paymentsNewestFirst(schedule.payments);
  const paid = schedule.paidTotal;
  const fees = schedule.feesTotal;
  const remaining = remainingBalance(schedule);
  // The last payment that counts: a reversed one is listed below, not named as the last payment.
  const lastPayment = paymentsInForce(payments)[0];
  const repaid = isRepaid(application);
  const share = paidShare(paid, schedule.totalAmount);
  // A loan settled early was repaid with less than its total (the charge not earned was rebated): it is repaid in
  // full, not '96% repaid'. A forgiven one says what was forgiven.
  const progress = schedule.forgiven
    ? { value: share, label: `${share}% repaid, the rest forgiven` }
    : repaid
      ? { value: 100, label: 'Repaid in full' }
      : { value: share, label: `${share}% repaid` };
  const name = applicationDisplayName(application);
  const headingId = `plan-${application.id}-heading`;
  const position = schedule.servicing;
  // Read again whenever the polled list shows the loan changed, not every second with the list (the router
  // starts the same read with the page's code: list-order.ts).
  const servicing = useLoanServicing(application.id, planServicingVersion(application));
  const canSettle = isBeingRepaid(application) && isPositive(remaining);
  // The withholding percentage when the plan has one: only then is there a withholding to show or project.
  const withholding = toDecimal(schedule.withholdingPercentage)?.gt(0)
    ? String(schedule.withholdingPercentage)
    : null;
  const withholds = withholding !== null;
  const renegotiable = position?.renegotiationEligible ?? servicing.data?.renegotiationEligible ?? false;
  const paidOut = paidOutText(schedule);
  // Counted from the instalments, so it names the same month as the payoff projection below it.
  const timeLeft =
    repaid || !servicing.data
      ? null
      : instalmentsLeftText({
          today: servicing.data.today,
          instalmentsRemaining: servicing.data.position.instalmentsRemaining,
          lastDueDate: servicing.data.instalments.at(-1)?.dueDate,
        });

  return (
    <AccordionItem value={String(application.id)} className="border-b-0" asChild>
      <li data-testid={`plan-card-${application.id}`}>
        {/* A container: the card sits full width or beside the score column, so its header lays out by the
            card's own width, not the screen's (the actions go beside the name only where both fit). */}
        <Card className="@container overflow-hidden">
          <div className="flex flex-col gap-3 p-4 sm:p-5 @3xl:flex-row @3xl:items-center @3xl:gap-4">
            <div className="min-w-0 flex-1">
              <AccordionTrigger headingLevel="h3" className="py-0 hover:text-inherit">
                <span className="grid min-w-0 gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span id={headingId} className="truncate font-semibold text-slate-900">
                      {name}
                    </span>
                    <ApplicationStatusBadge
                      status={application.status}
                      forgiven={Boolean(application.repaymentSchedule?.forgiven)}
                    />
                    {position && position.daysPastDue > 0 ? (
                      <DelinquencyBadge
                        bucket={position.delinquencyBucket}
                        daysPastDue={position.daysPastDue}
                      />
                    ) : null}
                  </span>
                  <span className="text-sm font-normal text-slate-600">
                    {money(remaining)} remaining of {money(schedule.totalAmount)}
                  </span>
                </span>
              </AccordionTrigger>
            </div>
            <div className="flex flex-wrap gap-2 self-start @3xl:self-center">
              {canSettle ? (
                <SettleEarlyDialog
                  applicationId={application.id}
                  name={name}
                  headingId={headingId}
                  remaining={remaining}
                  openQuote={servicing.data?.settlementQuote}
                  currency={currency}
                />
              ) : null}
              <Button
                variant="outline"
                size="sm"
                aria-describedby={headingId}
                onClick={() => openStatement(application.id)}
              >
                <FileText aria-hidden="true" />
                View Statement
              </Button>
              {/* The credit agreement (s93) the creator accepted, to keep (docs/compliance.md). */}
              <CreditDocumentButton applicationId={application.id} label="Agreement (PDF)" />
            </div>
          </div>
          <AccordionContent className="grid gap-4 border-t border-border p-4 sm:p-5">
            {paidOut ? (
              <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="paid-out">
                <Banknote className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                {paidOut}
              </p>
            ) : null}
            <ArrearsNotice application={application} schedule={schedule} currency={currency} />
            {repaid ? null : <AheadNotice schedule={schedule} currency={currency} />}
            {renegotiable && !repaid ? <RenegotiationNotice /> : null}
            {!repaid && servicing.data ? <HowToPay servicing={servicing.data} currency={currency} /> : null}
            {/* A loan repaid by debit order: its mandate, or the form that authorises it. */}
            {!repaid && schedule.paymentMethod === 'bank_debit' ? (
              <DebitMandatePanel applicationId={application.id} />
            ) : null}
            {/* "I can't pay this month": a case in the collections worklist, answered within two business days. */}
            {isBeingRepaid(application) ? <HelpRequestPanel applicationId={application.id} /> : null}
            <div className="grid gap-1.5">
              <Progress value={progress.value} aria-label={progress.label} />
              <p className="text-xs text-slate-600">{progress.label}</p>
            </div>
            <PlanTiles
              schedule={schedule}
              money={money}
              paid={paid}
              fees={fees}
              remaining={remaining}
              timeLeft={timeLeft}
              lastPayment={lastPayment}
              repaid={repaid}
            />
            <RepaymentFigures application={application} money={money} withholds={withholds} />
            <InstalmentsSection query={servicing} name={name} currency={currency} />
            {withholding !== null && !repaid && servicing.data ? (
              // About as tall as the projection with its chart, so the payments below move little.
              <Suspense fallback={<Skeleton className="h-[26rem] w-full rounded-lg" />}>
                <PayoffProjection
                  instalments={servicing.data.instalments}
                  today={servicing.data.today}
                  withholdingPercentage={withholding}
                  defaultEarnings={application.monthlyRevenue}
                  inArrears={isPositive(servicing.data.position.amountOverdue)}
                  currency={currency}
                />
              </Suspense>
            ) : null}
            <PaymentHistory
              application={application}
              payments={payments}
              name={name}
              headingId={headingId}
              currency={currency}
            />
          </AccordionContent>
        </Card>
      </li>
    </AccordionItem>
  );
}

export function ActiveRepaymentPlans({
  applications,
  className,
}: {
  applications: ListedApplication[] | undefined;
  className?: string;
}) {
  const groups = applications ? repaymentPlanGroups(applications) : [];
  // Open by default (most creators have one plan and come here to see it, and a loan settled a moment ago
  // keeps its card open under its new heading); what was closed is remembered while the page stays.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  if (groups.length === 0) return null;

  return (
    <div className={cn('grid content-start gap-8', className)}>
      {groups.map((group) => {
        const ids = group.plans.map((plan) => String(plan.id));
        const value = ids.filter((id) => !collapsed.has(id));
        const onValueChange = (next: string[]) =>
          setCollapsed((before) => {
            const after = new Set(before);
            for (const id of ids) {
              if (next.includes(id)) after.delete(id);
              else after.add(id);
            }
            return after;
          });
        const headingId = `repayment-plans-${group.key}-heading`;
        return (
          <section key={group.key} aria-labelledby={headingId} className="grid gap-4">
            <h2 id={headingId} className="text-xl font-semibold text-slate-900">
              {group.title}
            </h2>
            <Accordion type="multiple" value={value} onValueChange={onValueChange} asChild>
              <ul className="grid gap-4">
                {group.plans.map((plan) => (
                  <PlanCard key={plan.id} application={plan} />
                ))}
              </ul>
            </Accordion>
          </section>
        );
      })}
    </div>
  );
}

type Money = (value: string | null | undefined) => string;

function PlanTiles({
  schedule,
  money,
  paid,
  fees,
  remaining,
  timeLeft,
  lastPayment,
  repaid,
}: {
  schedule: PlanApplication['repaymentSchedule'];
  money: Money;
  paid: string;
  fees: string;
  remaining: string | null;
  timeLeft: string | null;
  lastPayment: PlanApplication['repaymentSchedule']['payments'][number] | undefined;
  repaid: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Tile icon={<Landmark />} title="Total Amount">
        <p className="text-2xl font-bold tabular-nums text-slate-900">{money(schedule.totalAmount)}</p>
        <p className="text-sm text-slate-600" data-testid="total-paid">
          Total paid: {money(new Decimal(paid).plus(fees).toFixed(2))} ({money(paid)} to your financing +{' '}
          {money(fees)} platform fees)
        </p>
      </Tile>
      <Tile icon={<PiggyBank />} title="Remaining Balance">
        <p className="text-2xl font-bold tabular-nums text-slate-900">{money(remaining)}</p>
        {timeLeft ? (
          <p className="text-sm text-slate-600" data-testid="instalments-left">
            {timeLeft}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          {lastPayment
            ? `Last payment: ${money(new Decimal(lastPayment.amount).plus(lastPayment.platformFee ?? '0').toFixed(2))} on ${formatDate(lastPayment.paymentDate)}`
            : 'No payments yet'}
        </p>
      </Tile>
      <Tile icon={<CalendarClock />} title="Next Payment">
        {repaid ? (
          <p className="text-lg font-semibold text-emerald-800">Repaid in full</p>
        ) : (
          <NextPaymentBody schedule={schedule} money={money} />
        )}
      </Tile>
    </div>
  );
}

/** The instalment and, where the plan withholds, the withholding, each with its fee. */
function RepaymentFigures({
  application,
  money,
  withholds,
}: {
  application: PlanApplication;
  money: Money;
  withholds: boolean;
}) {
  const schedule = application.repaymentSchedule;
  return (
    <div className="grid gap-2">
      <h4 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Scale className="size-4 text-emerald-700" aria-hidden="true" />
        Your repayment figures
      </h4>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Figure
          label="Instalment"
          value={money(schedule.installmentAmount)}
          note={`What falls due ${cadence(schedule.frequency)}, plus the ${money(schedule.installmentFee)} platform fee: ${money(new Decimal(schedule.installmentAmount).plus(schedule.installmentFee).toFixed(2))} to pay each time. The last instalment may be smaller.`}
        />
        {withholds ? (
          <Figure
            label="Estimated monthly withholding"
            value={money(schedule.estimatedMonthlyWithholding)}
            note={`${percentText(schedule.withholdingPercentage)} of your monthly revenue of ${money(application.monthlyRevenue)}, plus the ${money(schedule.estimatedMonthlyWithholdingFee)} platform fee on it: ${money(new Decimal(schedule.estimatedMonthlyWithholding).plus(schedule.estimatedMonthlyWithholdingFee).toFixed(2))} of your earnings in all.`}
          />
        ) : null}
      </dl>
    </div>
  );
}

/** The latest payments, and all of them in a dialog. */
function PaymentHistory({
  application,
  payments,
  name,
  headingId,
  currency,
}: {
  application: PlanApplication;
  /** The latest payments, newest first (the polled list sends only these). */
  payments: PlanApplication['repaymentSchedule']['payments'];
  name: string;
  headingId: string;
  currency: PlanApplication['currency'];
}) {
  const [showAll, setShowAll] = useState(false);
  const schedule = application.repaymentSchedule;
  return (
    <>
      <div className="grid gap-2">
        <h4 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <History className="size-4 text-emerald-700" aria-hidden="true" />
          Payment History
        </h4>
        {payments.length === 0 ? (
          <p className="text-sm text-slate-600">No payments recorded yet.</p>
        ) : (
          <>
            <PaymentsTable
              payments={payments.slice(0, PAYMENT_HISTORY_PREVIEW)}
              currency={currency}
              caption={`Latest payments of ${name}`}
            />
            {schedule.paymentCount > PAYMENT_HISTORY_PREVIEW ? (
              <div>
                <Button
                  variant="link"
                  className="h-auto px-0"
                  aria-describedby={headingId}
                  onClick={() => setShowAll(true)}
                >
                  View all payments
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
      <Dialog open={showAll} onOpenChange={setShowAll}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>All Payments</DialogTitle>
            <DialogDescription>
              {name}: {formatCountOf(schedule.paymentCount, 'payment', 'payments')},{' '}
              {formatZar(schedule.paidTotal, { currency })} in total.
            </DialogDescription>
          </DialogHeader>
          {showAll ? <AllPayments application={application} name={name} currency={currency} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Every payment, a page at a time from the server, newest first. */
function AllPayments({
  application,
  name,
  currency,
}: {
  application: PlanApplication;
  name: string;
  currency: PlanApplication['currency'];
}) {
  const [page, setPage] = useState(1);
  const query = useOwnPayments(application.id, page, true);
  if (query.isPending) {
    return (
      <div role="status" aria-live="polite" className="grid gap-2">
        <span className="sr-only">Loading the payments…</span>
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-5/6" />
      </div>
    );
  }
  if (!query.data) return <QueryErrorPanel query={query} fallback="Could not load the payments" />;
  const { rows, total, pageSize } = query.data;
  return (
    <div
      className={cn('grid gap-3', query.isPlaceholderData && 'opacity-60')}
      aria-busy={query.isPlaceholderData}
    >
      <PaymentsTable payments={rows} currency={currency} caption={`All payments of ${name}`} />
      {total > pageSize ? (
        <Pager
          label="Payment pages"
          page={page}
          pageSize={pageSize}
          total={total}
          rowsShown={rows.length}
          noun={['payment', 'payments']}
          busy={query.isPlaceholderData}
          onPageChange={setPage}
        />
      ) : null}
    </div>
  );
}
