// The Lending Data rows: a table from md up, stacked cards on phones. Both are rendered and
// CSS shows one, as the dashboard's Application History does. Each loan being repaid shows its delinquency
// bucket, and when late its days past due and amount overdue.
import { Ban, Banknote, Coins, Eye } from 'lucide-react';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatPercent, formatZar } from '../../lib/format';
import { DelinquencyBadge } from '../servicing';
import { canAddPayment, canCancel, canRecordEarnings } from './lending-filters';
import type { LendingRow } from './types';

export interface RowHandlers {
  onViewDetails: (row: LendingRow) => void;
  onAddPayment: (row: LendingRow) => void;
  onRecordEarnings: (row: LendingRow) => void;
  onCancel: (row: LendingRow) => void;
}

const rate = (value: number | null) => (value === null ? '-' : formatPercent(value));

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'} past due`;

/** Bucket, days past due and amount overdue, and the renegotiation tag; nothing for loans not being repaid. */
function Delinquency({ row }: { row: LendingRow }) {
  if (!row.delinquencyBucket) return null;
  const days = row.daysPastDue ?? 0;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="delinquency">
      <span data-testid="bucket">
        <DelinquencyBadge bucket={row.delinquencyBucket} daysPastDue={row.daysPastDue} />
      </span>
      {days > 0 ? (
        <span className="grid text-xs font-medium text-red-700" data-testid="past-due">
          <span>{daysText(days)}</span>
          {row.amountOverdue ? (
            <span>
              <span className="tabular-nums" data-testid="amount-overdue">
                {formatZar(row.amountOverdue)}
              </span>{' '}
              overdue
            </span>
          ) : null}
        </span>
      ) : null}
      {row.renegotiationEligible ? (
        // May wrap onto two lines in the narrow Status column; rounded-md keeps that tidy.
        <Badge variant="info" className="rounded-md whitespace-normal" data-testid="renegotiation-eligible">
          Eligible for renegotiation
        </Badge>
      ) : null}
      {row.forbearance === 'probation' ? (
        <Badge
          variant="warning"
          className="rounded-md whitespace-normal"
          data-testid="forborne"
          title="Restructured: in probation until three instalments in a row are paid on time"
        >
          Forborne: in probation
        </Badge>
      ) : null}
    </div>
  );
}

/** The two named monthly figures (docs/lending.md): what falls due, and what earnings should repay. */
function MonthlyFigures({ row }: { row: LendingRow }) {
  if (row.installmentAmount === null && row.estimatedMonthlyWithholding === null) return null;
  return (
    <dl className="grid gap-0.5 text-xs font-normal text-slate-500">
      {row.installmentAmount !== null ? (
        <div className="flex flex-wrap justify-end gap-x-1">
          <dt>Instalment</dt>
          <dd className="text-slate-700 tabular-nums" data-testid="instalment">
            {formatZar(row.installmentAmount)}
          </dd>
        </div>
      ) : null}
      {row.estimatedMonthlyWithholding !== null ? (
        <div className="flex flex-wrap justify-end gap-x-1">
          <dt>Est. monthly withholding</dt>
          <dd className="text-slate-700 tabular-nums" data-testid="estimated-withholding">
            {formatZar(row.estimatedMonthlyWithholding)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function RowActions({
  row,
  handlers,
  stretch,
}: {
  row: LendingRow;
  handlers: RowHandlers;
  stretch?: boolean;
}) {
  const describedBy = `lending-${stretch ? 'card' : 'row'}-${row.id}-client`;
  // Only what the loan allows: a payment while it is being repaid or in default, earnings while it withholds,
  // Cancel before payout.
  const actions = [
    { label: 'View Details', Icon: Eye, run: handlers.onViewDetails, shown: true },
    { label: 'Add Payment', Icon: Banknote, run: handlers.onAddPayment, shown: canAddPayment(row) },
    { label: 'Record Earnings', Icon: Coins, run: handlers.onRecordEarnings, shown: canRecordEarnings(row) },
  ];
  return (
    <div className={stretch ? 'flex flex-wrap gap-2' : 'ml-auto inline-grid gap-1.5'}>
      {actions
        .filter((action) => action.shown)
        .map(({ label, Icon, run }) => (
          <Button
            key={label}
            size="sm"
            variant="outline"
            aria-describedby={describedBy}
            className={stretch ? 'flex-1' : undefined}
            onClick={() => run(row)}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      {canCancel(row.status) ? (
        <Button
          size="sm"
          variant="outline"
          aria-describedby={describedBy}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => handlers.onCancel(row)}
        >
          <Ban aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
    </div>
  );
}

function LendingTable({ rows, handlers }: { rows: LendingRow[]; handlers: RowHandlers }) {
  return (
    <div className="hidden md:block">
      {/* Slightly tighter cells than the default: seven columns and three actions fit 1280 px unscrolled. */}
      <Table className="[&_td]:px-2.5 [&_th]:px-2.5">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">Client</TableHead>
            <TableHead scope="col" className="text-right">
              Amount
            </TableHead>
            <TableHead scope="col" className="text-right">
              Monthly Revenue
            </TableHead>
            <TableHead scope="col" className="text-right">
              Withholding
            </TableHead>
            <TableHead scope="col" className="text-right">
              Platform Fee
            </TableHead>
            <TableHead scope="col">Status</TableHead>
            <TableHead scope="col" className="text-right">
              Actions
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`lending-row-${row.id}`}>
              <TableCell className="max-w-60 min-w-40">
                <div id={`lending-row-${row.id}-client`} className="grid">
                  <span className="truncate font-medium text-slate-900" title={row.clientName}>
                    {row.clientName}
                  </span>
                  <span className="truncate text-xs text-slate-500" title={row.userEmail}>
                    {row.userEmail}
                  </span>
                </div>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                <div className="grid">
                  <span data-testid="requested">{formatZar(row.requestedAmount)}</span>
                  {row.remainingAmount !== null ? (
                    <span className="text-xs text-slate-500">
                      Remaining <span data-testid="remaining">{formatZar(row.remainingAmount)}</span>
                    </span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatZar(row.monthlyRevenue)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                <div className="grid gap-0.5">
                  <span data-testid="withholding-rate">{rate(row.withholdingRate)}</span>
                  <MonthlyFigures row={row} />
                </div>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                <div className="grid">
                  <span data-testid="fee-rate">{rate(row.platformFeeRate)}</span>
                  {row.platformFee !== null ? (
                    <span className="text-xs text-slate-500">{formatZar(row.platformFee)}</span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell>
                <div className="flex w-36 flex-col items-start gap-1">
                  <span data-testid="status">
                    <ApplicationStatusBadge status={row.status} />
                  </span>
                  <Delinquency row={row} />
                </div>
              </TableCell>
              <TableCell className="text-right">
                <RowActions row={row} handlers={handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function CardFigure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId?: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">
        <span data-testid={testId}>{value}</span>
        {detail ? <span className="block text-xs font-normal text-slate-500">{detail}</span> : null}
      </dd>
    </div>
  );
}

function LendingCards({ rows, handlers }: { rows: LendingRow[]; handlers: RowHandlers }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {rows.map((row) => (
        <li key={row.id} data-testid={`lending-card-${row.id}`}>
          {/* minmax(0, 1fr) tracks: a long name or status wraps instead of widening the card past 390 px. */}
          <Card className="grid grid-cols-1 gap-3 p-4">
            <div className="grid grid-cols-1 gap-1">
              <div className="flex items-start justify-between gap-3">
                <h3
                  id={`lending-card-${row.id}-client`}
                  className="min-w-0 font-semibold wrap-anywhere text-slate-900"
                >
                  {row.clientName}
                </h3>
                <span data-testid="status" className="shrink-0">
                  <ApplicationStatusBadge status={row.status} />
                </span>
              </div>
              <p className="text-sm break-all text-slate-600">{row.userEmail}</p>
              <Delinquency row={row} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-y border-border py-3 text-sm">
              <CardFigure label="Amount" value={formatZar(row.requestedAmount)} testId="requested" />
              <CardFigure
                label="Remaining"
                value={row.remainingAmount === null ? '-' : formatZar(row.remainingAmount)}
                testId="remaining"
              />
              <CardFigure label="Monthly Revenue" value={formatZar(row.monthlyRevenue)} />
              <CardFigure label="Withholding" value={rate(row.withholdingRate)} testId="withholding-rate" />
              {row.installmentAmount !== null ? (
                <CardFigure label="Instalment" value={formatZar(row.installmentAmount)} testId="instalment" />
              ) : null}
              {row.estimatedMonthlyWithholding !== null ? (
                <CardFigure
                  label="Est. monthly withholding"
                  value={formatZar(row.estimatedMonthlyWithholding)}
                  testId="estimated-withholding"
                />
              ) : null}
              <CardFigure
                label="Platform Fee"
                value={rate(row.platformFeeRate)}
                testId="fee-rate"
                detail={row.platformFee === null ? undefined : formatZar(row.platformFee)}
              />
            </dl>
            <RowActions row={row} handlers={handlers} stretch />
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function LendingRows({ rows, handlers }: { rows: LendingRow[]; handlers: RowHandlers }) {
  return (
    <>
      <LendingTable rows={rows} handlers={handlers} />
      <LendingCards rows={rows} handlers={handlers} />
    </>
  );
}

export function LendingRowsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">Loading lending data…</span>
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex items-center gap-4 rounded-md border border-border p-3">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="hidden h-4 w-24 sm:block" />
          <Skeleton className="hidden h-4 w-24 md:block" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
      ))}
    </div>
  );
}
