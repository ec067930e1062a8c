// Active Repayment Plans (spec section 2, "/dashboard"): one expandable card per active or repaid
// application with a schedule: totals, balance, recent payments, next payment, and the statement.
import Decimal from 'decimal.js';
import { CalendarClock, FileText, History, Landmark, PiggyBank } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PAYMENT_HISTORY_PREVIEW } from '../../../shared/constants';
import { toDecimal } from '../../../shared/finance/money';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Progress } from '../../components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate, formatZar } from '../../lib/format';
import { ApplicationStatusBadge } from './application-status-badge';
import { monthsText } from './plan-figures';
import {
  applicationDisplayName,
  isRepaid,
  nextPayment,
  paymentsNewestFirst,
  remainingBalance,
  repaymentPlanApplications,
  totalPaid,
} from './selectors';
import { openStatement } from './statement-link';
import type { Application, Payment, RepaymentSchedule } from './types';

type PlanApplication = Application & { repaymentSchedule: RepaymentSchedule };

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

function PaymentsTable({ payments, currency }: { payments: Payment[]; currency: string | null | undefined }) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col">Date</TableHead>
          <TableHead scope="col" className="text-right">
            Amount
          </TableHead>
          <TableHead scope="col">Notes</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {payments.map((payment) => (
          <TableRow key={payment.id}>
            <TableCell className="whitespace-nowrap">{formatDate(payment.paymentDate)}</TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums">
              {formatZar(payment.amount, { currency })}
            </TableCell>
            <TableCell className="text-slate-600">{payment.notes?.trim() || '-'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PlanCard({ application }: { application: PlanApplication }) {
  const [showAll, setShowAll] = useState(false);
  const schedule = application.repaymentSchedule;
  const currency = application.currency ?? schedule.currency;
  const money = (value: string | null | undefined) => formatZar(value, { currency });
  const payments = paymentsNewestFirst(schedule.payments);
  const paid = totalPaid(schedule.payments);
  const remaining = remainingBalance(schedule);
  const lastPayment = payments[0];
  const repaid = isRepaid(application);
  const next = nextPayment(schedule);
  const share = paidShare(paid, schedule.totalAmount);
  const name = applicationDisplayName(application);
  const headingId = `plan-${application.id}-heading`;

  return (
    <AccordionItem value={String(application.id)} className="border-b-0" asChild>
      <li data-testid={`plan-card-${application.id}`}>
        <Card className="overflow-hidden">
          <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
            <div className="min-w-0 flex-1">
              <AccordionTrigger headingLevel="h3" className="py-0 hover:text-inherit">
                <span className="grid min-w-0 gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span id={headingId} className="truncate font-semibold text-slate-900">
                      {name}
                    </span>
                    <ApplicationStatusBadge status={application.status} />
                  </span>
                  <span className="text-sm font-normal text-slate-600">
                    {money(remaining)} remaining of {money(schedule.totalAmount)}
                  </span>
                </span>
              </AccordionTrigger>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="self-start sm:self-center"
              aria-describedby={headingId}
              onClick={() => openStatement(application.id)}
            >
              <FileText aria-hidden="true" />
              View Statement
            </Button>
          </div>
          <AccordionContent className="grid gap-4 border-t border-border p-4 sm:p-5">
            <div className="grid gap-1.5">
              <Progress value={share} aria-label={`${share}% repaid`} />
              <p className="text-xs text-slate-600">{share}% repaid</p>
            </div>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <Tile icon={<Landmark />} title="Total Amount">
                <p className="text-2xl font-bold tabular-nums text-slate-900">
                  {money(schedule.totalAmount)}
                </p>
                <p className="text-sm text-slate-600">Total paid: {money(paid)}</p>
              </Tile>
              <Tile icon={<PiggyBank />} title="Remaining Balance">
                <p className="text-2xl font-bold tabular-nums text-slate-900">{money(remaining)}</p>
                {repaid ? null : (
                  <p className="text-sm text-slate-600">
                    {schedule.estimatedRemainingDuration === null
                      ? 'Remaining duration not estimated yet'
                      : `About ${monthsText(schedule.estimatedRemainingDuration)} remaining`}
                  </p>
                )}
                <p className="text-sm text-slate-600">
                  {lastPayment
                    ? `Last payment: ${money(lastPayment.amount)} on ${formatDate(lastPayment.paymentDate)}`
                    : 'No payments yet'}
                </p>
              </Tile>
              <Tile icon={<CalendarClock />} title="Next Payment">
                {repaid ? (
                  <p className="text-lg font-semibold text-emerald-800">Repaid in full</p>
                ) : (
                  <>
                    <p className="text-2xl font-bold text-slate-900">{formatDate(next.date)}</p>
                    {next.estimated || next.assumed ? (
                      <p className="text-sm text-slate-600">
                        Estimated
                        {next.estimated ? ': withheld from your platform earnings' : ''}
                      </p>
                    ) : null}
                  </>
                )}
              </Tile>
            </div>
            <div className="grid gap-2">
              <h4 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <History className="size-4 text-emerald-700" aria-hidden="true" />
                Payment History
              </h4>
              {payments.length === 0 ? (
                <p className="text-sm text-slate-600">No payments recorded yet.</p>
              ) : (
                <>
                  <PaymentsTable payments={payments.slice(0, PAYMENT_HISTORY_PREVIEW)} currency={currency} />
                  {payments.length > PAYMENT_HISTORY_PREVIEW ? (
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
          </AccordionContent>
        </Card>
        <Dialog open={showAll} onOpenChange={setShowAll}>
          <DialogContent className="max-w-xl">
            <DialogHeader>
              <DialogTitle>All Payments</DialogTitle>
              <DialogDescription>
                {name}: {payments.length} payments, {money(paid)} in total.
              </DialogDescription>
            </DialogHeader>
            <PaymentsTable payments={payments} currency={currency} />
          </DialogContent>
        </Dialog>
      </li>
    </AccordionItem>
  );
}

export function ActiveRepaymentPlans({ applications }: { applications: Application[] | undefined }) {
  const plans = applications ? repaymentPlanApplications(applications) : [];
  // Open by default (most creators have one plan and come here to see it); remember what was closed.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  if (plans.length === 0) return null;
  const ids = plans.map((plan) => String(plan.id));
  const value = ids.filter((id) => !collapsed.has(id));
  const onValueChange = (next: string[]) => setCollapsed(new Set(ids.filter((id) => !next.includes(id))));

  return (
    <section aria-labelledby="repayment-plans-heading" className="grid gap-4">
      <h2 id="repayment-plans-heading" className="text-xl font-semibold text-slate-900">
        Active Repayment Plans
      </h2>
      <Accordion type="multiple" value={value} onValueChange={onValueChange} asChild>
        <ul className="grid gap-4">
          {plans.map((plan) => (
            <PlanCard key={plan.id} application={plan} />
          ))}
        </ul>
      </Accordion>
    </section>
  );
}
