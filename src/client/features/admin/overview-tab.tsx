// The Overview tab of /admin: four figure cards, the risk distribution and the credit
// assessment methodology. Every figure is computed by the server in the dashboard mode.
import { Banknote, FileText, Gauge, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  SCORE_PART_LABELS,
  SCORE_PART_WEIGHTS,
  type ScorePartKey,
} from '../../../shared/scoring/credit-score';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDecimal, formatPercent, formatZar, formatZarWhole } from '../../lib/format';
import type { AdminOverview } from './admin-api';
import { useAdminOverview } from './admin-api';

const PART_ORDER: ScorePartKey[] = ['platform_revenue', 'creative_portfolio', 'community_impact', 'growth'];

const RISK_BANDS = [
  { key: 'low', label: 'Low Risk', range: 'Score 80 and above', bar: 'bg-emerald-600' },
  { key: 'medium', label: 'Medium Risk', range: 'Score 60-79', bar: 'bg-amber-500' },
  { key: 'high', label: 'High Risk', range: 'Score below 60', bar: 'bg-red-600' },
] as const;

export function OverviewTab() {
  const overview = useAdminOverview();
  if (overview.isPending) return <OverviewSkeleton />;
  if (!overview.data) {
    return <QueryErrorPanel query={overview} />;
  }
  return <OverviewContent data={overview.data} />;
}

function StatCard({
  title,
  icon,
  value,
  children,
}: {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="grid content-start gap-2 p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-600">{title}</h3>
        <span className="text-emerald-700 [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
      <div className="text-sm text-slate-600">{children}</div>
    </Card>
  );
}

function OverviewContent({ data }: { data: AdminOverview }) {
  return (
    <div className="grid gap-6">
      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title="Total Applications" icon={<FileText />} value={data.totalApplications}>
          <span className="tabular-nums">{data.approvedCount}</span> approved ·{' '}
          <span className="tabular-nums">{data.pendingCount}</span> pending
        </StatCard>
        <StatCard
          title="Average Credit Score"
          icon={<Gauge />}
          value={data.averageCreditScore === null ? 'N/A' : formatDecimal(data.averageCreditScore)}
        >
          Out of 100
        </StatCard>
        <StatCard title="Total Users" icon={<Users />} value={data.totalUsers}>
          <span className="tabular-nums">{data.adminCount}</span> {data.adminCount === 1 ? 'admin' : 'admins'}
          {data.otherStaffCount > 0 ? (
            <>
              , <span className="tabular-nums">{data.otherStaffCount}</span> other staff
            </>
          ) : null}
        </StatCard>
        <StatCard
          title="Avg. Request Amount"
          icon={<Banknote />}
          value={formatZar(data.averageRequestedAmount)}
        >
          Total: <span className="tabular-nums">{formatZar(data.totalRequestedAmount)}</span>
        </StatCard>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Risk Distribution</CardTitle>
            <CardDescription>Share of all applications in each credit score band.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {RISK_BANDS.map((band) => {
              const share = data.riskDistribution[band.key];
              const labelId = `risk-${band.key}`;
              return (
                <div key={band.key} className="grid gap-1.5">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span id={labelId} className="font-medium text-slate-900">
                      {band.label} <span className="font-normal text-slate-600">({band.range})</span>
                    </span>
                    <span className="font-semibold tabular-nums">{formatPercent(share)}</span>
                  </div>
                  <Progress
                    value={share}
                    aria-labelledby={labelId}
                    aria-valuetext={formatPercent(share)}
                    indicatorClassName={band.bar}
                  />
                </div>
              );
            })}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h3">Credit Assessment Methodology</CardTitle>
            <CardDescription>How the 0-100 credit score is weighted.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ul className="grid gap-2 text-sm">
              {PART_ORDER.map((part) => (
                <li key={part} className="flex items-center justify-between gap-3">
                  <span className="text-slate-700">{SCORE_PART_LABELS[part]}</span>
                  <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 font-semibold text-emerald-800 tabular-nums">
                    {SCORE_PART_WEIGHTS[part]}%
                  </span>
                </li>
              ))}
            </ul>
            <p className="rounded-lg border border-border bg-slate-50 p-3 text-sm text-slate-700">
              Starting limits:{' '}
              <strong className="whitespace-nowrap">
                {formatZarWhole(500)} - {formatZarWhole(1000)}
              </strong>
              , raised as repayments build a track record.
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">Loading the overview…</span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className="grid gap-3 rounded-xl border border-border bg-white p-5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-4 w-28" />
          </div>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </div>
  );
}
