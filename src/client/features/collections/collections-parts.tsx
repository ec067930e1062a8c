// Pieces the worklist and a loan's case share: how late a loan is, and its promises to pay in one line.
import { PROMISE_STATUS_LABELS, type PromiseStatus } from '../../../shared/collections';
import type { DelinquencyBucket } from '../../../shared/finance/instalments';
import { Badge } from '../../components/ui/badge';
import { formatCountOf, formatDate, formatZar } from '../../lib/format';
import { DelinquencyBadge } from '../servicing';
import type { WorklistRow } from './collections-api';

/** The bucket, and the days past due in words beside it when the loan is late. */
export function BucketBadge({ bucket, daysPastDue }: { bucket: DelinquencyBucket; daysPastDue: number }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <DelinquencyBadge bucket={bucket} daysPastDue={daysPastDue} />
      {daysPastDue > 0 ? (
        <span className="text-xs font-medium text-red-700">{formatCountOf(daysPastDue, 'day')} late</span>
      ) : null}
    </span>
  );
}

/** What a collector reads first about a loan: overdue, balance, who works it and when next. */
export function LoanFigures({ row }: { row: WorklistRow }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-600">Overdue</dt>
        <dd className="font-medium tabular-nums">{formatZar(row.amountOverdue)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Balance</dt>
        <dd className="font-medium tabular-nums">{formatZar(row.balance)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Collector</dt>
        <dd className={row.collector ? 'font-medium' : 'font-medium text-slate-600'}>
          {row.collector?.name ?? 'Unassigned'}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Next action</dt>
        <dd className="font-medium">{row.nextActionOn ? formatDate(row.nextActionOn) : 'None set'}</dd>
      </div>
    </dl>
  );
}

/** The open promise (how much of it has come in) and how many were broken; nothing when there are none. */
export function PromiseLine({ open, broken }: { open: WorklistRow['openPromise']; broken: number }) {
  if (!open && broken === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      {open ? (
        <span>
          Promised {formatZar(open.amount)} by {formatDate(open.promisedFor)} ({formatZar(open.paid)} in so
          far)
        </span>
      ) : null}
      {broken > 0 ? <Badge variant="destructive">{formatCountOf(broken, 'broken promise')}</Badge> : null}
    </p>
  );
}

const PROMISE_TONE: Record<PromiseStatus, 'info' | 'success' | 'destructive'> = {
  open: 'info',
  kept: 'success',
  broken: 'destructive',
};

export function PromiseStatusBadge({ status }: { status: PromiseStatus }) {
  return <Badge variant={PROMISE_TONE[status]}>{PROMISE_STATUS_LABELS[status]}</Badge>;
}
