// The summary cards, Expected Returns, Default Statistics and Portfolio at risk.
// Every figure is the server's (SQL in lending.repository.ts); this only formats it.
import { AlertTriangle, Banknote, Gauge, HandCoins, Percent, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { DEFAULT_AFTER_DAYS } from '../../../shared/finance/instalments';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { formatMonth, formatPercent, formatZar } from '../../lib/format';
import { useDefaultCohorts } from './lending-api';
import type { LendingFilters } from './lending-filters';
import { PAR_DEFINITION, PAR_THRESHOLDS, parFigure } from './portfolio-at-risk';
import type { LendingSummary } from './types';

function Figure({
  loading,
  children,
  className,
}: {
  loading: boolean;
  children: ReactNode;
  className?: string;
}) {
  if (loading) return <Skeleton className="h-8 w-32" />;
  return (
    <p className={className ?? 'text-2xl font-bold tracking-tight text-slate-900 tabular-nums'}>{children}</p>
  );
}

function SummaryCard({
  title,
  icon,
  value,
  note,
  loading,
  testId,
}: {
  title: string;
  icon: ReactNode;
  value: string;
  note: string;
  loading: boolean;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle as="h3" className="text-sm font-medium text-slate-600">
          {title}
        </CardTitle>
        <span className="text-emerald-700 [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="grid gap-1">
        <Figure loading={loading}>
          <span data-testid={`${testId}-value`}>{value}</span>
        </Figure>
        <p className="text-xs text-slate-500">{note}</p>
      </CardContent>
    </Card>
  );
}

export function SummaryCards({
  summary,
  loading,
  period,
}: {
  summary: LendingSummary | undefined;
  loading: boolean;
  /** The month/year filter's period in words (periodLabel): the money cards add up what moved in it. */
  period: string | null;
}) {
  const financed = summary?.financedCount ?? 0;
  const paidOut = summary?.paidOutInPeriod ?? 0;
  return (
    <section aria-labelledby="lending-summary-heading" className="grid gap-4">
      <h2 id="lending-summary-heading" className="sr-only">
        Summary
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          {
            testId: 'summary-credit-disbursed',
            title: 'Total Credit Disbursed',
            icon: <Banknote />,
            value: formatZar(summary?.totalCreditDisbursed),
            note:
              period && summary
                ? `${paidOut} ${paidOut === 1 ? 'financing' : 'financings'} paid out in ${period}`
                : summary
                  ? `${financed} ${financed === 1 ? 'financing' : 'financings'} with a repayment schedule`
                  : 'Financings with a repayment schedule',
          },
          {
            testId: 'summary-repayments',
            title: 'Total Repayments',
            icon: <HandCoins />,
            value: formatZar(summary?.totalRepayments),
            note: period ? `Received in ${period}, by payment date` : 'All payments received',
          },
          {
            testId: 'summary-platform-fees',
            title: 'Platform Fees',
            icon: <Receipt />,
            value: formatZar(summary?.totalPlatformFees),
            note: period ? `Fees on the payments received in ${period}` : 'Fees charged on repayments',
          },
          {
            testId: 'summary-interest-rate',
            title: 'Average Interest Rate',
            icon: <Percent />,
            value: formatPercent(summary?.averageInterestRate),
            // The card's label is a flat cost, not a yearly rate: say so, and give the yearly one beside it.
            note: summary
              ? `Average flat cost (finance charge ÷ amount financed). Annualised: ${formatPercent(summary.averageAnnualCostRate)} a year, weighted by principal owed`
              : 'Average flat cost (finance charge ÷ amount financed)',
          },
        ].map((card) => (
          <SummaryCard key={card.testId} {...card} loading={loading} />
        ))}
      </div>
    </section>
  );
}

function ReturnLine({
  label,
  value,
  loading,
  testId,
}: {
  label: ReactNode;
  value: string;
  loading: boolean;
  testId: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-border py-2 last:border-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-right font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {loading ? <Skeleton className="h-5 w-24" /> : value}
      </dd>
    </div>
  );
}

export function ExpectedReturnsCard({
  summary,
  loading,
}: {
  summary: LendingSummary | undefined;
  loading: boolean;
}) {
  const active = summary?.activeApplicationsCount ?? 0;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2">Expected Returns</CardTitle>
        <CardDescription>
          Interest and repayments expected from the financings with a schedule.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl>
          {[
            {
              testId: 'returns-expected-interest',
              label: (
                <>
                  Total expected interest <span className="text-slate-500">(loans not in default)</span>
                </>
              ),
              value: summary?.expectedReturns,
            },
            {
              testId: 'returns-total-expected',
              label: (
                <>
                  Total expected return <span className="text-slate-500">(principal + interest)</span>
                </>
              ),
              value: summary?.totalExpectedReturn,
            },
            { testId: 'returns-returned', label: 'Returned so far', value: summary?.returnedSoFar },
            {
              testId: 'returns-remaining',
              label: 'Expected future returns',
              value: summary?.remainingReturns,
            },
          ].map((line) => (
            <ReturnLine
              key={line.testId}
              testId={line.testId}
              label={line.label}
              value={formatZar(line.value)}
              loading={loading}
            />
          ))}
        </dl>
        <p
          className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700"
          data-testid="returns-active-line"
        >
          {loading ? (
            <Skeleton className="h-5 w-64" />
          ) : (
            <>
              <strong className="tabular-nums">{active}</strong> active{' '}
              {active === 1 ? 'application' : 'applications'} at an average flat cost of{' '}
              <strong className="tabular-nums">{formatPercent(summary?.averageInterestRate)}</strong> (
              <strong className="tabular-nums">{formatPercent(summary?.averageAnnualCostRate)}</strong> a
              year, annualised)
            </>
          )}
        </p>
      </CardContent>
    </Card>
  );
}

/** Bar colour by how much is late or in default: calm at 0, amber up to 10 %, red beyond. */
const riskTone = (bar: number) => (bar > 10 ? 'bg-red-600' : bar > 0 ? 'bg-amber-500' : 'bg-primary');

function RiskCardHeader({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Gauge;
  title: string;
  children: ReactNode;
}) {
  return (
    <CardHeader>
      <CardTitle as="h2" className="flex items-center gap-2">
        <Icon className="size-5 text-amber-600" aria-hidden="true" />
        {title}
      </CardTitle>
      <CardDescription>{children}</CardDescription>
    </CardHeader>
  );
}

/** A share as a figure and a bar (0 to 100), labelled for assistive technology. */
function RateBar({
  labelId,
  label,
  valueText,
  valueTestId,
  bar,
  loading,
}: {
  labelId: string;
  label: ReactNode;
  valueText: string | undefined;
  valueTestId: string;
  bar: number;
  loading: boolean;
}) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-sm text-slate-600" id={labelId}>
          {label}
        </span>
        <Figure loading={loading} className="text-2xl font-bold text-slate-900 tabular-nums">
          <span data-testid={valueTestId}>{valueText}</span>
        </Figure>
      </div>
      <Progress
        value={bar}
        aria-labelledby={labelId}
        aria-valuetext={valueText}
        indicatorClassName={riskTone(bar)}
      />
    </>
  );
}

/** Default rates by payout month, newest first: in default now, and ever (cured or restructured since included). */
function DefaultCohorts({ mode }: { mode: LendingFilters['mode'] }) {
  const cohorts = useDefaultCohorts(mode);
  if (cohorts.isPending) return <Skeleton className="h-24 w-full" />;
  if (cohorts.isError) return <p className="text-sm text-red-700">Default rates by month are unavailable.</p>;
  const recent = [...cohorts.data].reverse().slice(0, 6);
  if (recent.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular-nums" data-testid="default-cohorts">
        <caption className="mb-1 text-left text-xs text-slate-500">By payout month, the latest six</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="py-1 font-medium">
              Paid out
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Loans
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Now
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Ever
            </th>
          </tr>
        </thead>
        <tbody>
          {recent.map((c) => (
            <tr key={c.cohort} className="border-t border-border">
              <th scope="row" className="py-1 text-left font-normal text-slate-700">
                {formatMonth(c.cohort)}
              </th>
              <td className="py-1 text-right">{c.financed}</td>
              <td className="py-1 text-right">{formatPercent(c.defaultRateNow)}</td>
              <td className="py-1 text-right">{formatPercent(c.defaultRateEver)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DefaultStatisticsCard({
  summary,
  loading,
  mode,
}: {
  summary: LendingSummary | undefined;
  loading: boolean;
  mode: LendingFilters['mode'];
}) {
  const rate = summary?.defaultRate ?? 0;
  // The bar shows at most a full bar, whatever the figure.
  const bar = Math.min(Math.max(rate, 0), 100);
  return (
    <Card>
      <RiskCardHeader icon={AlertTriangle} title="Default Statistics">
        Share of financings in default.
      </RiskCardHeader>
      <CardContent className="grid gap-3">
        <RateBar
          labelId="default-rate-label"
          label="Default rate"
          valueText={formatPercent(rate)}
          valueTestId="default-rate-value"
          bar={bar}
          loading={loading}
        />
        {loading ? null : (
          <div className="grid gap-1 text-sm text-slate-700 tabular-nums">
            <p data-testid="default-now-line">
              {summary?.defaultedCount ?? 0} of {summary?.financedCount ?? 0} financed{' '}
              {(summary?.financedCount ?? 0) === 1 ? 'application' : 'applications'} in default now
            </p>
            <p data-testid="default-ever-line">
              Ever in default: {summary?.everDefaultedCount ?? 0} ({formatPercent(summary?.everDefaultRate)}),
              cured or restructured since included
            </p>
            {(summary?.forborneInProbationCount ?? 0) > 0 ? (
              <p data-testid="probation-line">
                Restructured and in probation: {summary?.forborneInProbationCount}
              </p>
            ) : null}
          </div>
        )}
        <DefaultCohorts mode={mode} />
        <p className="text-xs leading-relaxed text-slate-500">
          An active financing is in default when its oldest unpaid instalment is more than{' '}
          {DEFAULT_AFTER_DAYS} days past due; it is marked automatically every hour. The rate is financings in
          default now over all financings with a repayment schedule, within the filters; a restructured loan
          stays in probation until three instalments in a row are paid on time.
        </p>
      </CardContent>
    </Card>
  );
}

export function PortfolioAtRiskCard({
  summary,
  loading,
}: {
  summary: LendingSummary | undefined;
  loading: boolean;
}) {
  return (
    <Card data-testid="portfolio-at-risk">
      <RiskCardHeader icon={Gauge} title="Portfolio at risk">
        {PAR_DEFINITION}
      </RiskCardHeader>
      <CardContent className="grid gap-5">
        {PAR_THRESHOLDS.map((threshold) => {
          const figure = summary ? parFigure(summary, threshold) : null;
          return (
            <div key={threshold} className="grid gap-2" data-testid={`par-${threshold}`}>
              <RateBar
                labelId={`par-${threshold}-label`}
                label={
                  <>
                    <abbr
                      title={`Portfolio at risk, more than ${threshold} days past due`}
                      className="no-underline"
                    >
                      PAR{threshold}
                    </abbr>{' '}
                    <span className="text-slate-500">(over {threshold} days)</span>
                  </>
                }
                valueText={figure?.percentText}
                valueTestId={`par-${threshold}-value`}
                bar={figure?.bar ?? 0}
                loading={loading || !figure}
              />
              {loading || !figure ? (
                <Skeleton className="h-4 w-56 max-w-full" />
              ) : (
                <p className="text-sm text-slate-700 tabular-nums" data-testid={`par-${threshold}-amounts`}>
                  {figure.amountsText}
                </p>
              )}
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
