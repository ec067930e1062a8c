// Aged arrears (docs/accounting.md, "Aged arrears and roll rates"): the loans owed by bucket today, or at a closed
// month's end as its close kept them, with when the figures were computed, and the CSV.
import { useState } from 'react';
import { periodLabel } from '../../../shared/ledger/chart-of-accounts';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { ChoiceSelect } from '../../components/list-controls';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatCount, formatDate, formatDateTimeSast, formatZar } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useAgedArrears, useDownloadAgedArrears } from './reports-api';

const TODAY = 'today';

export function AgedArrearsCard() {
  const [period, setPeriod] = useState<string | null>(null);
  const query = useAgedArrears(period);
  const download = useDownloadAgedArrears();
  const data = query.data;
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2">Aged arrears</CardTitle>
        <CardDescription>
          The loans owed by how late they are, today or at the end of a closed month as its close kept them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 pt-0">
        {query.isPending ? (
          <Skeleton className="h-56 w-full" />
        ) : !data ? (
          <QueryErrorPanel query={query} title="Could not load aged arrears" />
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <ChoiceSelect
                label="As at"
                className="w-full min-w-0 sm:w-72"
                value={period ?? TODAY}
                onChange={(next) => setPeriod(next === TODAY ? null : next)}
                options={[
                  { value: TODAY, label: 'Today' },
                  ...data.closedPeriods.map((p) => ({ value: p, label: `End of ${periodLabel(p)}` })),
                ]}
              />
              <CsvDownloadButton
                label="Aged arrears CSV"
                save={() => download.mutateAsync(period)}
                pending={download.isPending}
                disabled={query.isPlaceholderData}
              />
            </div>
            <p className="text-sm text-slate-600">
              {data.period
                ? `At the end of ${formatDate(data.asOf)}, kept when the month was closed (${formatDateTimeSast(data.computedAt)}).`
                : `Today, ${formatDate(data.asOf)}, read from the loans as they stand.`}
            </p>
            <div
              aria-busy={query.isPlaceholderData || undefined}
              className={cn('min-w-0 transition-opacity', query.isPlaceholderData && 'opacity-60')}
            >
              <Table className="text-sm">
                <caption className="sr-only">Aged arrears at {formatDate(data.asOf)}</caption>
                <TableHeader>
                  <TableRow>
                    <TableHead>Days past due</TableHead>
                    <TableHead className="text-right">Loans</TableHead>
                    <TableHead className="text-right">Balance</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.buckets.map((b) => (
                    <TableRow key={b.bucket}>
                      <TableCell>{b.label}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(b.loans)}</TableCell>
                      <TableCell className="text-right whitespace-nowrap tabular-nums">
                        {formatZar(b.balance)}
                      </TableCell>
                    </TableRow>
                  ))}
                  <TableRow className="font-semibold">
                    <TableCell>Total</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(data.total.loans)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatZar(data.total.balance)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
