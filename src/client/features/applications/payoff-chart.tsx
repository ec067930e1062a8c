// The payoff projection's chart: the projected balance (earnings withheld each month) beside the balance
// the instalment schedule would leave. Loaded lazily by payoff-projection.tsx so Recharts stays out of the
// dashboard's first bundle; the numbers are also in a visually hidden table for screen readers.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProjectionPoint } from '../../../shared/finance/instalments';
import { formatDate, formatMonth, formatZar, formatZarWhole } from '../../lib/format';

const axisTick = { fill: '#475569', fontSize: 12 };
/**
 * 'Mar 2027' for '2027-03-15', by the one month rule (formatMonth): a calendar day read as text, so no time zone
 * can move it, and never 'Mar 27', which reads as a day.
 */
const monthTick = (date: string): string => formatMonth(date.slice(0, 7));

/** The money axis in the product's one money rule, whole rands ('R 12 000'). */
const axisMoney = (value: number): string => formatZarWhole(value);

export function PayoffChart({
  points,
  currency,
  caption,
}: {
  points: ReadonlyArray<ProjectionPoint>;
  currency?: string | null;
  caption: string;
}) {
  // Plotting only: the chart needs numbers; every figure shown as text comes from the strings.
  const data = points.map((p, i) => ({
    label: i === 0 ? 'Today' : monthTick(p.date),
    projected: Number(p.projected),
    scheduled: Number(p.scheduled),
  }));
  return (
    <figure className="m-0 grid gap-2" data-testid="payoff-chart">
      <div className="h-56 w-full min-w-0" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={data}
            margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis
              dataKey="label"
              tick={axisTick}
              tickLine={false}
              axisLine={{ stroke: '#cbd5e1' }}
              interval="equidistantPreserveStart"
              minTickGap={12}
            />
            <YAxis tick={axisTick} tickLine={false} axisLine={false} width={72} tickFormatter={axisMoney} />
            <Tooltip
              formatter={(value) => formatZarWhole(Number(value), { currency })}
              contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line
              type="stepAfter"
              dataKey="projected"
              name="Projected balance"
              stroke="#047857"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="stepAfter"
              dataKey="scheduled"
              name="Scheduled balance"
              stroke="#64748b"
              strokeWidth={2}
              strokeDasharray="5 4"
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      {/* sr-only on the wrapper: a table ignores width 1px and would widen the page at 390 px. */}
      <div className="sr-only">
        <table>
          <caption>Projected and scheduled balance by date</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Projected balance</th>
              <th scope="col">Scheduled balance</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              // The first point is today, which may also be the first due date; the rest are a month apart.
              <tr key={i === 0 ? 'today' : p.date}>
                <th scope="row">{i === 0 ? `Today (${formatDate(p.date)})` : formatDate(p.date)}</th>
                <td>{formatZar(p.projected, { currency })}</td>
                <td>{formatZar(p.scheduled, { currency })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
