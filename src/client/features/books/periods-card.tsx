// The accounting months (docs/accounting.md): newest first, each closed (when, by whom) or open. The month to close
// next has its Close button once it has ended, for finance and admins, behind a confirmation that says what closing
// means. A long history shows the last year first.
import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { addDays } from '../../../shared/business-date';
import { formatDate } from '../../../shared/format';
import { periodEnd, periodLabel } from '../../../shared/ledger/chart-of-accounts';
import { ConfirmActionDialog } from '../../components/confirm-action-dialog';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTimeSast } from '../../lib/format';
import { type PeriodsAnswer, useClosePeriod, usePeriods } from './books-api';

/** Months shown before "Show all". */
const RECENT_MONTHS = 12;

export function PeriodsCard({ mayClose }: { mayClose: boolean }) {
  const query = usePeriods();
  const [showAll, setShowAll] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const data = query.data;
  const shown = data ? (showAll ? data.periods : data.periods.slice(0, RECENT_MONTHS)) : [];
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2">Accounting months</CardTitle>
        <CardDescription>
          Months close in order once they end. A payment dated in a closed month is booked in the open month,
          with the day it concerns, so a closed month never changes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 pt-0">
        {query.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : !data ? (
          <QueryErrorPanel query={query} title="Could not load the months" />
        ) : (
          <>
            <NextToClose data={data} />
            <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Months">
              {shown.map((p) => (
                <li
                  key={p.period}
                  className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5"
                  data-testid={`period-${p.period}`}
                >
                  <div className="grid gap-0.5">
                    <span className="font-medium text-slate-900">{p.label}</span>
                    {p.status === 'closed' ? (
                      <span className="text-xs text-slate-600">
                        Closed {p.closedAt ? formatDateTimeSast(p.closedAt) : ''}
                        {p.closedBy ? ` by ${p.closedBy}` : ''}
                      </span>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-2">
                    {p.status === 'closed' ? (
                      <Badge variant="secondary" className="[&_svg]:size-3">
                        <Lock aria-hidden="true" /> Closed
                      </Badge>
                    ) : (
                      <Badge variant="outline" className="[&_svg]:size-3">
                        <LockOpen aria-hidden="true" /> Open
                      </Badge>
                    )}
                    {p.closable && mayClose ? (
                      <Button size="sm" onClick={() => setConfirming(p.period)}>
                        Close {p.label}
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            {data.periods.length > RECENT_MONTHS ? (
              <Button variant="ghost" className="justify-self-start" onClick={() => setShowAll(!showAll)}>
                {showAll ? 'Show the last 12 months' : `Show all ${data.periods.length} months`}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      <CloseConfirm period={confirming} onClose={() => setConfirming(null)} />
    </Card>
  );
}

function NextToClose({ data }: { data: PeriodsAnswer }) {
  if (!data.nextToClose) return null;
  const end = periodEnd(data.nextToClose);
  const ended = end < data.today;
  return (
    <p className="text-sm text-slate-700">
      {data.lastClosed
        ? `The books are closed to the end of ${periodLabel(data.lastClosed)}. `
        : 'No month has been closed yet. '}
      {ended
        ? `${periodLabel(data.nextToClose)} is next to close.`
        : `${periodLabel(data.nextToClose)} can be closed from ${formatDate(addDays(end, 1))}.`}
    </p>
  );
}

function CloseConfirm({ period, onClose }: { period: string | null; onClose: () => void }) {
  const close = useClosePeriod();
  const label = period ? periodLabel(period) : '';
  return (
    <ConfirmActionDialog
      open={period !== null}
      onClose={onClose}
      title={`Close ${label}?`}
      confirmLabel={`Close ${label}`}
      pendingLabel="Closing…"
      failed="Month not closed"
      action={() => close.mutateAsync(period!)}
    >
      Its balances are kept as they stand now. Anything dated in it from now on (a late bank statement, a
      backdated payment) is booked in the open month with the day it concerns. A closed month is not reopened.
    </ConfirmActionDialog>
  );
}
