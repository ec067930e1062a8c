// The Reports tab of /admin: the NCR statistical return (Form 39, regulation 66) for a calendar quarter, as the
// server adds it up (docs/compliance.md, "NCR statistical return (Form 39)"), with the CSV to file. The quarter is
// kept in the address (?tab=reports&quarter=2026-Q4); without one the server answers the last quarter that has ended.
import { Download, FileSpreadsheet } from 'lucide-react';
import type { ReactNode } from 'react';
import { previousQuarter, QUARTER_PATTERN, quarterLabel } from '../../../shared/compliance/form39';
import { mayDo } from '../../../shared/staff-roles';
import { EmptyState } from '../../components/empty-state';
import { ChoiceSelect } from '../../components/list-controls';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useAddressSearch } from '../../hooks/use-address-search';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatCount, formatDate, formatZar } from '../../lib/format';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { AgedArrearsCard } from './aged-arrears-card';
import { type Form39Answer, useDownloadForm39Csv, useForm39 } from './reports-api';
import { RollRatesCard } from './roll-rates-card';
import { VintageCard } from './vintage-card';

/** '3 500' written with a no-break space, so a band's amounts never break across lines on a phone. */
const wholeAmounts = (text: string) => text.replace(/(\d) (?=\d{3}\b)/g, '$1\u00a0');

/** How many quarters back the picker offers (two years, and the one running). */
const QUARTERS_OFFERED = 8;

export function ReportsTab() {
  const [params, replaceSearch] = useAddressSearch();
  const asked = params.get('quarter');
  const quarter = asked && QUARTER_PATTERN.test(asked) ? asked : null;
  const report = useForm39(quarter);
  const download = useDownloadForm39Csv();
  const data = report.data;
  const me = useUser();
  const mayCompute = me ? mayDo(me.role, 'finance') : false;

  const chooseQuarter = (next: string) => replaceSearch({ quarter: next });
  const showLastEnded = () => replaceSearch({ quarter: null });
  const downloadCsv = (of: string) =>
    download.mutate(of, {
      onSuccess: (fileName) => toast({ title: 'Return downloaded', description: fileName }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Download failed',
          description: messageOf(error, 'Could not make the CSV file'),
        }),
    });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Card>
        <CardHeader className="gap-2">
          <CardTitle as="h2" className="flex items-center gap-2">
            <FileSpreadsheet className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
            NCR statistical return (Form 39)
          </CardTitle>
          <CardDescription>
            The quarterly return of a registered credit provider (regulation 66): agreements granted,
            applications received and declined, and the book in arrears at the quarter&apos;s end. Test
            applications are never counted.
          </CardDescription>
        </CardHeader>
        {data || report.isPending ? (
          <CardContent className="grid grid-cols-1 gap-4 pt-0">
            {data ? (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
                <ChoiceSelect
                  label="Quarter"
                  className="w-full min-w-0 grid-cols-1 sm:w-96"
                  value={data.quarter}
                  options={quarterOptions(data)}
                  onChange={chooseQuarter}
                />
                <Button
                  variant="outline"
                  onClick={() => downloadCsv(data.quarter)}
                  loading={download.isPending}
                  disabled={report.isPlaceholderData}
                  className="w-full sm:w-auto"
                >
                  {download.isPending ? null : <Download aria-hidden="true" />}
                  {download.isPending ? 'Preparing CSV…' : 'Download CSV'}
                </Button>
              </div>
            ) : (
              <Skeleton className="h-16 w-full" />
            )}
            {data ? <PeriodLine data={data} /> : null}
          </CardContent>
        ) : null}
      </Card>

      {report.isPending ? (
        <ReportSkeleton />
      ) : report.isError && !data ? (
        <div className="grid gap-3">
          <QueryErrorPanel query={report} title="Could not load the return" />
          {quarter ? (
            // A quarter from a link that the server refuses (one not yet begun): the picker needs an answer first.
            <Button variant="outline" className="justify-self-start" onClick={showLastEnded}>
              Show the last quarter that has ended
            </Button>
          ) : null}
        </div>
      ) : data ? (
        <div
          aria-busy={report.isPlaceholderData || undefined}
          className={cn('min-w-0 transition-opacity', report.isPlaceholderData && 'opacity-60')}
        >
          {report.isError ? <QueryErrorPanel query={report} title="Could not load the return" /> : null}
          <ReportFigures data={data} />
        </div>
      ) : null}
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <AgedArrearsCard />
        <RollRatesCard />
      </div>
      <VintageCard mayCompute={mayCompute} />
    </div>
  );
}

/** The quarter running and the ones before it; a quarter asked for by the address stays in the list. */
function quarterOptions(data: Form39Answer) {
  const quarters = Array.from({ length: QUARTERS_OFFERED + 1 }, (_, i) =>
    previousQuarter(data.currentQuarter, i),
  );
  if (!quarters.includes(data.quarter)) quarters.push(data.quarter);
  return quarters.map((q) => ({
    value: q,
    label: q === data.currentQuarter ? `${quarterLabel(q)} (running)` : quarterLabel(q),
  }));
}

function PeriodLine({ data }: { data: Form39Answer }) {
  const running = data.bookDate < data.to;
  return (
    <p className="text-sm text-slate-600">
      {formatDate(data.from)} to {formatDate(data.to)}.{' '}
      {running
        ? `The quarter is still running: the book is read as it stands today, ${formatDate(data.bookDate)}.`
        : `The book is read as it stood at the end of ${formatDate(data.bookDate)}.`}
    </p>
  );
}

function ReportFigures({ data }: { data: Form39Answer }) {
  const nothing =
    data.granted.total.count === 0 &&
    data.applications.received === 0 &&
    data.applications.declined === 0 &&
    data.arrears.total.count === 0;
  if (nothing) {
    return (
      <EmptyState icon={<FileSpreadsheet />} title="Nothing to report for this quarter" headingLevel={3}>
        No agreements were granted, no applications were received or declined, and no loans were in the book.
        The CSV is still a return: every line reads 0.
      </EmptyState>
    );
  }
  const { granted, applications, arrears } = data;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
      <FigureCard
        title="Agreements granted by class"
        description="Loans paid out in the quarter: number and principal."
      >
        <FigureTable
          caption="Agreements granted by class"
          columns={['Class', 'Number', 'Value']}
          rows={granted.byClass.map((c) => [c.label, formatCount(c.count), formatZar(c.value)])}
          total={['Total', formatCount(granted.total.count), formatZar(granted.total.value)]}
        />
      </FigureCard>
      <FigureCard
        title="Agreements granted by gross monthly income"
        description="The income the application declared, in the NCR's Form 39 bands."
      >
        <FigureTable
          caption="Agreements granted by gross monthly income"
          columns={['Income a month', 'Number', 'Value']}
          rows={granted.byIncomeBand.map((b) => [
            wholeAmounts(b.label),
            formatCount(b.count),
            formatZar(b.value),
          ])}
          total={['Total', formatCount(granted.total.count), formatZar(granted.total.value)]}
        />
      </FigureCard>
      <FigureCard title="Applications" description="Received (submitted) and declined in the quarter.">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Received</dt>
          <dd className="text-right font-semibold tabular-nums">{formatCount(applications.received)}</dd>
          <dt className="text-slate-600">Declined</dt>
          <dd className="text-right font-semibold tabular-nums">{formatCount(applications.declined)}</dd>
          <dt className="text-slate-600">Declined that failed the affordability assessment</dt>
          <dd className="text-right font-semibold tabular-nums">
            {formatCount(applications.declinedFailingAffordability)}
          </dd>
        </dl>
        {applications.declinedByReason.length > 0 ? (
          <FigureTable
            caption="Declined by reason"
            columns={['Reason given', 'Number']}
            rows={applications.declinedByReason.map((r) => [r.reason, formatCount(r.count)])}
            total={['Total', formatCount(applications.declined)]}
          />
        ) : (
          <p className="text-sm text-slate-600">No application was declined in this quarter.</p>
        )}
      </FigureCard>
      <FigureCard
        title={`Book in arrears at ${formatDate(data.bookDate)}`}
        description="Loans being repaid, by days past due (as on the Lending page), with what is still owed."
      >
        <FigureTable
          caption={`Book in arrears at ${formatDate(data.bookDate)}`}
          columns={['Days past due', 'Loans', 'Balance']}
          rows={arrears.buckets.map((b) => [b.label, formatCount(b.count), formatZar(b.balance)])}
          total={['Total', formatCount(arrears.total.count), formatZar(arrears.total.balance)]}
        />
      </FigureCard>
    </div>
  );
}

function FigureCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">{children}</CardContent>
    </Card>
  );
}

/** A line item table: the first column names the line (a row header), the others are figures, right-aligned. */
function FigureTable({
  caption,
  columns,
  rows,
  total,
}: {
  caption: string;
  columns: string[];
  rows: string[][];
  total: string[];
}) {
  const cells = (row: string[], strong: boolean) =>
    row.map((cell, i) =>
      i === 0 ? (
        <th
          key={columns[i]}
          scope="row"
          className={cn('px-2 py-2 text-left sm:px-3', strong ? 'font-semibold' : 'font-normal')}
        >
          {cell}
        </th>
      ) : (
        <td
          key={columns[i]}
          className={cn(
            'px-2 py-2 text-right whitespace-nowrap tabular-nums sm:px-3',
            strong && 'font-semibold',
          )}
        >
          {cell}
        </td>
      ),
    );
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          {columns.map((column, i) => (
            <TableHead key={column} scope="col" className={cn('h-9 px-2 sm:px-3', i > 0 && 'text-right')}>
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row[0]}>{cells(row, false)}</TableRow>
        ))}
        <TableRow className="bg-slate-50">{cells(total, true)}</TableRow>
      </TableBody>
    </Table>
  );
}

function ReportSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-label="Loading the return" role="status">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-64 w-full" />
      ))}
    </div>
  );
}
