// Metrics demo: sample earnings across three platforms and the financing they support.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { costPhrase } from '../../../shared/finance/landing-calculator';
import {
  ESTIMATE_EARNINGS_MULTIPLE,
  estimateFinancing,
  SAMPLE_PLATFORM_EARNINGS,
  summarizeEarnings,
} from '../../../shared/finance/metrics-estimate';
import { formatZar, formatZarWhole } from '../../../shared/finance/money';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ApplyLink } from './apply-link';

const SERIES = [
  { key: 'youtube', name: 'YouTube', color: '#047857' },
  { key: 'instagram', name: 'Instagram', color: '#0e7490' },
  { key: 'tiktok', name: 'TikTok', color: '#b45309' },
] as const;

const axisTick = { fill: '#475569', fontSize: 12 };

export function MetricsTab() {
  const summary = summarizeEarnings(SAMPLE_PLATFORM_EARNINGS);
  const estimate = estimateFinancing(summary.latestMonthTotal);

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Card className="min-w-0 lg:col-span-3">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle as="h3">Platform earnings</CardTitle>
            <Badge variant="secondary">Sample data</Badge>
          </div>
          <CardDescription>
            A creator earning on YouTube, Instagram and TikTok over six months. Connect your own platforms
            after you sign up to see your real numbers.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <figure className="m-0">
            <div className="h-72 w-full" aria-hidden="true">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={[...SAMPLE_PLATFORM_EARNINGS]}
                  margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
                  <XAxis dataKey="month" tick={axisTick} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} />
                  <YAxis
                    tick={axisTick}
                    tickLine={false}
                    axisLine={false}
                    width={72}
                    // The product's one money rule, whole rands ('R 12 000').
                    tickFormatter={(v: number) => formatZarWhole(v)}
                  />
                  <Tooltip
                    formatter={(value) => formatZarWhole(Number(value))}
                    cursor={{ fill: '#f1f5f9' }}
                    contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0' }}
                  />
                  <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
                  {SERIES.map((s) => (
                    <Bar key={s.key} dataKey={s.key} name={s.name} stackId="earnings" fill={s.color} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
            <figcaption className="sr-only">Sample monthly earnings per platform, January to June</figcaption>
            <table className="sr-only">
              <caption>Sample monthly earnings per platform</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  {SERIES.map((s) => (
                    <th key={s.key} scope="col">
                      {s.name}
                    </th>
                  ))}
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {SAMPLE_PLATFORM_EARNINGS.map((row, i) => (
                  <tr key={row.month}>
                    <th scope="row">{row.month}</th>
                    {SERIES.map((s) => (
                      <td key={s.key}>{formatZarWhole(row[s.key])}</td>
                    ))}
                    <td>{formatZarWhole(summary.monthlyTotals[i]?.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
          <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-border pt-4">
            <div>
              <dt className="text-xs text-slate-600">Latest month</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatZar(summary.latestMonthTotal)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Six-month average</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatZar(summary.averageMonthly)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle as="h3">Financing estimate</CardTitle>
          <CardDescription>
            Up to {ESTIMATE_EARNINGS_MULTIPLE}× your monthly earnings, repaid over {estimate.repaymentMonths}{' '}
            months with {costPhrase(estimate.costPercentage)}. Your real cost depends on your credit score.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="rounded-lg bg-primary-soft p-4">
            <p className="text-sm text-primary-soft-foreground">Estimated financing</p>
            <p
              className="text-3xl font-bold text-primary-soft-foreground tabular-nums"
              data-testid="metrics-estimate"
            >
              {formatZar(estimate.estimatedAmount)}
            </p>
          </div>
          <dl className="grid gap-3">
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-sm text-slate-600">Monthly earnings used</dt>
              <dd className="font-semibold tabular-nums">{formatZar(estimate.monthlyEarnings)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-sm text-slate-600">Total repayment</dt>
              <dd className="font-semibold tabular-nums">{formatZar(estimate.totalRepayment)}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-sm text-slate-600">Monthly payment</dt>
              <dd className="font-semibold tabular-nums">{formatZar(estimate.monthlyPayment)}</dd>
            </div>
          </dl>
          <ApplyLink size="lg" className="w-full">
            Apply for Financing
          </ApplyLink>
        </CardContent>
      </Card>
    </div>
  );
}
