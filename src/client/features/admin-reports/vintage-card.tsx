// Vintage curves (docs/accounting.md, "Vintage curves"): the last twelve payout months as curves of cumulative default or
// collections by months on book, a table of every payout month's figures at 3, 6 and 12 months and now (the chart's
// text alternative), when the figures were computed, Compute now for finance and admins, and the CSV.
import { LineChart as LineChartIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { VintageCohort, Vintages } from '../../../shared/schemas/reports';
import { CsvDownloadButton } from '../../components/csv-download-button';
import { EmptyState } from '../../components/empty-state';
import { ChoiceSelect } from '../../components/list-controls';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import {
  formatCount,
  formatDate,
  formatDateTimeSast,
  formatMonth,
  formatPercent,
  formatZar,
} from '../../lib/format';
import { useComputeVintages, useDownloadVintages, useVintages } from './reports-api';
import { VintageChart, type VintageMetric } from './vintage-chart';

const METRICS: ReadonlyArray<{ value: VintageMetric; label: string }> = [
  { value: 'defaultRate', label: 'Cumulative default (share of principal)' },
  { value: 'collectionRate', label: 'Cumulative collections (share of what is owed)' },
];
/** The payout months drawn: a year of curves stays readable; the table and the CSV have all of them. */
const CHARTED = 12;
/** The months on book the table reads each payout month at. */
const MILESTONES = [3, 6, 12] as const;

export function VintageCard({ mayCompute }: { mayCompute: boolean }) {
  const query = useVintages();
  const compute = useComputeVintages();
  const download = useDownloadVintages();
  const [metric, setMetric] = useState<VintageMetric>('defaultRate');
  const data = query.data;
  const titleId = useId();
  const computeNow = () =>
    compute.mutate(undefined, {
      onSuccess: () => toast({ title: 'Vintage curves computed' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not compute the curves',
          description: messageOf(error, 'Try again'),
        }),
    });
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="gap-2">
        <CardTitle as="h2" id={titleId}>
          Vintage curves
        </CardTitle>
        <CardDescription>
          Each payout month&apos;s loans followed month by month on book: the share of their principal that
          has gone into default, or the share of what they owe that has been collected.
        </CardDescription>
      </CardHeader>
      {/* One column that may shrink (minmax(0, 1fr)): the curve's long name must not widen the card on a phone. */}
      <CardContent className="grid min-w-0 grid-cols-1 gap-4 pt-0">
        {query.isPending ? (
          <Skeleton className="h-80 w-full" />
        ) : !data ? (
          <QueryErrorPanel query={query} title="Could not load the vintage curves" />
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
              <ChoiceSelect
                label="Curve"
                className="w-full min-w-0 grid-cols-1 sm:w-96"
                value={metric}
                onChange={setMetric}
                options={METRICS}
              />
              <div className="flex flex-col gap-2 sm:flex-row">
                {mayCompute ? (
                  <Button variant="outline" onClick={computeNow} loading={compute.isPending}>
                    {compute.isPending ? 'Computing…' : 'Compute now'}
                  </Button>
                ) : null}
                <CsvDownloadButton
                  label="Vintages CSV"
                  save={() => download.mutateAsync()}
                  pending={download.isPending}
                />
              </div>
            </div>
            <p className="text-sm text-slate-600">
              As at {formatDate(data.asOf)}, computed {formatDateTimeSast(data.computedAt)}. They are computed
              once a day; test loans are left out.
            </p>
            {data.cohorts.length === 0 ? (
              <EmptyState icon={<LineChartIcon />} title="No loans paid out yet" headingLevel={3}>
                The curves begin with the first payout of the last two years.
              </EmptyState>
            ) : (
              <>
                <VintageChart cohorts={data.cohorts.slice(-CHARTED)} metric={metric} />
                <VintageTable data={data} metric={metric} />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The rate at `monthsOnBook`, or a dash for a payout month not yet that old. */
function rateAt(cohort: VintageCohort, metric: VintageMetric, monthsOnBook: number) {
  const point = cohort.points[monthsOnBook];
  return point ? formatPercent(point[metric], { decimals: 2 }) : '–';
}

function VintageTable({ data, metric }: { data: Vintages; metric: VintageMetric }) {
  const caption = `${METRICS.find((m) => m.value === metric)?.label} by payout month, as at ${formatDate(data.asOf)}`;
  const heading = 'px-3 py-2 text-xs font-semibold text-slate-600 uppercase';
  const th = `${heading} text-right`;
  return (
    <section
      aria-label={caption}
      // Focusable so the table can be scrolled sideways with the keyboard on a phone.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="min-w-0 overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={`${heading} text-left`}>
              Payout month
            </th>
            <th scope="col" className={th}>
              Loans
            </th>
            <th scope="col" className={th}>
              Principal
            </th>
            {MILESTONES.map((m) => (
              <th key={m} scope="col" className={th}>
                At {m} months
              </th>
            ))}
            <th scope="col" className={th}>
              Now
            </th>
          </tr>
        </thead>
        <tbody>
          {[...data.cohorts].reverse().map((c) => (
            <tr key={c.cohort} className="border-b border-border last:border-0">
              <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                {formatMonth(c.cohort)}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(c.loans)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {formatZar(c.principal)}
              </td>
              {MILESTONES.map((m) => (
                <td key={m} className="px-3 py-2 text-right tabular-nums">
                  {rateAt(c, metric, m)}
                </td>
              ))}
              <td className="px-3 py-2 text-right font-medium tabular-nums">
                {rateAt(c, metric, c.points.length - 1)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
