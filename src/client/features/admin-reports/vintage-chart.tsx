// The vintage curves drawn (docs/accounting.md, "Vintage curves"): one line per payout month, months on book along the
// bottom and the cumulative rate up the side, newer payout months in stronger colours. The chart is a picture for
// sighted readers; the card's table gives the same curves' figures to everyone, so the chart is hidden from screen
// readers.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { VintageCohort } from '../../../shared/schemas/reports';
import { formatMonth, formatPercent } from '../../lib/format';

export type VintageMetric = 'defaultRate' | 'collectionRate';

const axisTick = { fill: '#475569', fontSize: 12 };
/** Twelve colours that stay apart for the eye and on a white card; the newest payout month gets the last. */
const COLOURS = [
  '#94a3b8',
  '#a78bfa',
  '#f472b6',
  '#fb923c',
  '#facc15',
  '#a3e635',
  '#2dd4bf',
  '#38bdf8',
  '#6366f1',
  '#c026d3',
  '#dc2626',
  '#047857',
];

export function VintageChart({
  cohorts,
  metric,
}: {
  /** The payout months to draw, oldest first (at most twelve). */
  cohorts: ReadonlyArray<VintageCohort>;
  metric: VintageMetric;
}) {
  const longest = Math.max(0, ...cohorts.map((c) => c.points.length));
  const data = Array.from({ length: longest }, (_, monthsOnBook) => {
    const row: Record<string, number> = { monthsOnBook };
    for (const c of cohorts) {
      const point = c.points[monthsOnBook];
      if (point) row[c.cohort] = point[metric];
    }
    return row;
  });
  const colourOf = (index: number) => COLOURS[COLOURS.length - cohorts.length + index] ?? '#047857';
  return (
    <div className="h-72 w-full min-w-0" aria-hidden="true" data-testid="vintage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 16, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="monthsOnBook"
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: '#cbd5e1' }}
            label={{ value: 'Months on book', position: 'insideBottom', offset: -10, ...axisTick }}
          />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={48}
            tickFormatter={(value: number) => formatPercent(value, { decimals: 0 })}
          />
          <Tooltip
            labelFormatter={(label) => `${label} months on book`}
            formatter={(value, name) => [
              formatPercent(Number(value), { decimals: 2 }),
              formatMonth(String(name)),
            ]}
            contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
          />
          <Legend
            verticalAlign="top"
            wrapperStyle={{ fontSize: 12, paddingBottom: 8 }}
            formatter={(name) => formatMonth(String(name))}
          />
          {cohorts.map((c, i) => (
            <Line
              key={c.cohort}
              type="linear"
              dataKey={c.cohort}
              stroke={colourOf(i)}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
