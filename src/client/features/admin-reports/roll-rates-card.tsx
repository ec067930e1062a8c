// Roll rates (docs/accounting.md, "Aged arrears and roll rates"): for a closed month and the closed month before it,
// where each bucket's loans were at the later close, with the share of the row; the CSV. The matrix scrolls sideways
// on a phone, in a region a keyboard can reach.

import { TrendingDown } from 'lucide-react';
import { useState } from 'react';
import { ROLL_FROM_LABELS, ROLL_TO_LABELS } from '../../../shared/finance/roll-rate-labels';
import { nextPeriod, periodLabel } from '../../../shared/ledger/chart-of-accounts';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { EmptyState } from '../../components/empty-state';
import { ChoiceSelect } from '../../components/list-controls';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatCount, formatPercent } from '../../lib/format';
import { cn } from '../../lib/utils';
import { type RollRates, useAgedArrears, useDownloadRollRates, useRollRates } from './reports-api';

/** The closed months whose month before is closed too, newest first. */
function monthsWithRolls(closed: readonly string[]) {
  const set = new Set(closed);
  return closed.filter((p) => [...set].some((q) => nextPeriod(q) === p));
}

export function RollRatesCard() {
  const closed = useAgedArrears(null).data?.closedPeriods;
  const months = closed ? monthsWithRolls(closed) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const period = chosen ?? months[0] ?? null;
  const query = useRollRates(period);
  const download = useDownloadRollRates();
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2">Roll rates</CardTitle>
        <CardDescription>
          Where the loans in each bucket at one month&apos;s close were at the next: the share that stayed,
          cured, rolled later, or left the book.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 pt-0">
        {!closed ? (
          <Skeleton className="h-56 w-full" />
        ) : !period ? (
          <EmptyState icon={<TrendingDown />} title="No roll rates yet" headingLevel={3}>
            Roll rates need two months in a row closed on the Books page.
          </EmptyState>
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <ChoiceSelect
                label="Into"
                className="w-full min-w-0 sm:w-72"
                value={period}
                onChange={setChosen}
                options={months.map((p) => ({ value: p, label: periodLabel(p) }))}
              />
              <CsvDownloadButton
                label="Roll rates CSV"
                save={() => download.mutateAsync(period)}
                pending={download.isPending}
                disabled={!query.data}
              />
            </div>
            {query.isPending ? (
              <Skeleton className="h-56 w-full" />
            ) : !query.data ? (
              <QueryErrorPanel query={query} title="Could not load roll rates" />
            ) : (
              <RollMatrix data={query.data} busy={query.isPlaceholderData} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RollMatrix({ data, busy }: { data: RollRates; busy: boolean }) {
  const caption = `Roll rates from the end of ${periodLabel(data.from)} to the end of ${periodLabel(data.to)}`;
  const columns = data.rows[0]?.cells.map((c) => c.to) ?? [];
  return (
    <section
      aria-label={caption}
      // Focusable so the matrix can be scrolled sideways with the keyboard on a phone.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-busy={busy || undefined}
      className={cn(
        'min-w-0 overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring',
        busy && 'opacity-60',
      )}
    >
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-2 text-left text-xs font-semibold text-slate-600 uppercase">
              From \ to
            </th>
            {columns.map((to) => (
              <th
                key={to}
                scope="col"
                className="px-3 py-2 text-right text-xs font-semibold text-slate-600 uppercase"
              >
                {ROLL_TO_LABELS[to]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.from} className="border-b border-border last:border-0">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {ROLL_FROM_LABELS[row.from]}{' '}
                <span className="text-xs font-normal text-slate-500">({formatCount(row.loans)})</span>
              </th>
              {row.cells.map((c) => (
                <td key={c.to} className="px-3 py-2 text-right tabular-nums">
                  {c.loans ? (
                    <>
                      {formatCount(c.loans)}{' '}
                      <span className="text-xs text-slate-500">
                        ({formatPercent(c.rate, { decimals: 0 })})
                      </span>
                    </>
                  ) : (
                    <span className="text-slate-400">–</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
