// The trial balance on a day (docs/accounting.md): each account's balance on its side, the two columns' totals, and
// whether they agree. The day is kept in the address (?asOf=), so a link shows the same figures.
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { periodLabel } from '../../../shared/ledger/chart-of-accounts';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { DateInput } from '../../components/date-input';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate, formatZar } from '../../lib/format';
import { cn } from '../../lib/utils';
import { type TrialBalance, useDownloadTrialBalance, useTrialBalance } from './books-api';

const amount = (value: string) => (value === '0.00' ? '' : formatZar(value));

export function TrialBalanceCard({
  asOf,
  today,
  onAsOf,
}: {
  asOf: string | null;
  today: string | undefined;
  onAsOf: (day: string | null) => void;
}) {
  const query = useTrialBalance(asOf);
  const download = useDownloadTrialBalance();
  const data = query.data;
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2">Trial balance</CardTitle>
        <CardDescription>
          Every account at the end of a day, each balance on its own side. Debits and credits agree when every
          journal balances.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 pt-0">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor="trial-balance-day">At the end of</Label>
            <DateInput
              id="trial-balance-day"
              className="w-44"
              max={today}
              value={asOf ?? data?.asOf ?? ''}
              onChange={(event) => onAsOf(event.target.value || null)}
            />
          </div>
          <Button variant="outline" onClick={() => onAsOf(null)} disabled={asOf === null}>
            Today
          </Button>
          <CsvDownloadButton
            label="Trial balance CSV"
            save={() => download.mutateAsync(asOf)}
            pending={download.isPending}
            disabled={!data}
          />
        </div>
        {query.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : query.isError && !data ? (
          <QueryErrorPanel query={query} title="Could not load the trial balance" />
        ) : data ? (
          <div
            aria-busy={query.isPlaceholderData || undefined}
            className={cn('grid min-w-0 gap-3 transition-opacity', query.isPlaceholderData && 'opacity-60')}
          >
            {query.isError ? (
              <QueryErrorPanel query={query} title="Could not load the trial balance" />
            ) : null}
            <BalanceLine data={data} />
            <BalanceTable data={data} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function BalanceLine({ data }: { data: TrialBalance }) {
  const from = data.fromClose
    ? `From the close of ${periodLabel(data.fromClose)} and what was booked after it.`
    : 'From the first journal.';
  return (
    <p className={cn('flex items-start gap-2 text-sm', data.balanced ? 'text-slate-700' : 'text-red-700')}>
      {data.balanced ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      ) : (
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <span>
        {data.balanced ? 'Balanced' : 'Does not balance'} at the end of {formatDate(data.asOf)}: debits{' '}
        {formatZar(data.totals.debit)}, credits {formatZar(data.totals.credit)}. {from}
      </span>
    </p>
  );
}

/** Shown from sm up: the debit and credit columns. Below it one Balance column marks the side (Dr, Cr). */
const WIDE = 'hidden text-right whitespace-nowrap tabular-nums sm:table-cell';
const NARROW = 'text-right whitespace-nowrap tabular-nums sm:hidden';

function sideOf(a: { debit: string; credit: string }) {
  if (a.debit !== '0.00') return `${formatZar(a.debit)} Dr`;
  if (a.credit !== '0.00') return `${formatZar(a.credit)} Cr`;
  return '';
}

function BalanceTable({ data }: { data: TrialBalance }) {
  return (
    <Table className="text-sm">
      <caption className="sr-only">Trial balance at the end of {formatDate(data.asOf)}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Account</TableHead>
          <TableHead className="text-right sm:hidden">Balance</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Debit</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Credit</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.accounts.map((a) => (
          <TableRow key={a.account} data-testid={`account-${a.code}`}>
            <TableCell className="whitespace-normal">
              <span className="text-slate-500 tabular-nums">{a.code}</span> {a.name}
            </TableCell>
            <TableCell className={NARROW}>{sideOf(a)}</TableCell>
            <TableCell className={WIDE}>{amount(a.debit)}</TableCell>
            <TableCell className={WIDE}>{amount(a.credit)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <tfoot className="border-t-2 border-slate-300">
        <TableRow>
          <TableCell className="font-semibold">Total</TableCell>
          <TableCell className={cn(NARROW, 'font-semibold')}>
            {formatZar(data.totals.debit)} Dr
            <br />
            {formatZar(data.totals.credit)} Cr
          </TableCell>
          <TableCell className={cn(WIDE, 'font-semibold')}>{formatZar(data.totals.debit)}</TableCell>
          <TableCell className={cn(WIDE, 'font-semibold')}>{formatZar(data.totals.credit)}</TableCell>
        </TableRow>
      </tfoot>
    </Table>
  );
}
