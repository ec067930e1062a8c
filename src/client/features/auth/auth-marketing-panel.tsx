// The large-screen panel beside the sign-in card: decorative charts, the three
// promises, and the Funding Potential Preview. The charts are drawings, not data a visitor reads, so they
// are plain SVG: the sign-in page does not load the chart library.
import { CalendarClock, CheckCircle2, HandCoins, SlidersHorizontal } from 'lucide-react';
import { MAX_REQUESTED_AMOUNT } from '../../../shared/constants';
import { Progress } from '../../components/ui/progress';
import { formatZarWhole } from '../../lib/format';

const GROWTH = [
  { month: 'Jan', revenue: 12, users: 8 },
  { month: 'Feb', revenue: 18, users: 11 },
  { month: 'Mar', revenue: 16, users: 15 },
  { month: 'Apr', revenue: 24, users: 19 },
  { month: 'May', revenue: 29, users: 22 },
  { month: 'Jun', revenue: 34, users: 28 },
  { month: 'Jul', revenue: 41, users: 33 },
  { month: 'Aug', revenue: 48, users: 39 },
];

const BARS = [30, 45, 38, 60, 52, 74, 68];

/** A line through `values` in a 100 x 100 box (y grows downwards), with a little room at the top. */
function linePoints(values: readonly number[], max: number): string {
  const step = 100 / (values.length - 1);
  return values.map((v, i) => `${(i * step).toFixed(2)},${(100 - (v / max) * 90).toFixed(2)}`).join(' ');
}

const GROWTH_MAX = Math.max(...GROWTH.map((g) => Math.max(g.revenue, g.users)));
const GROWTH_LINES = [
  {
    key: 'revenue',
    color: '#5eead4',
    points: linePoints(
      GROWTH.map((g) => g.revenue),
      GROWTH_MAX,
    ),
  },
  {
    key: 'users',
    color: '#fcd34d',
    points: linePoints(
      GROWTH.map((g) => g.users),
      GROWTH_MAX,
    ),
  },
];

export const PROMISES = [
  { icon: HandCoins, text: 'Flexible advance financing for digital creators' },
  { icon: SlidersHorizontal, text: 'Interactive tools to find the right financing solution' },
  { icon: CalendarClock, text: 'Repayment schedules matched to your income patterns' },
] as const;

export const FUNDING_PREVIEW = [
  { label: 'Platform Diversity', rating: 'Strong', value: 75 },
  { label: 'Earnings Consistency', rating: 'Excellent', value: 85 },
  { label: 'Growth Potential', rating: 'Very High', value: 90 },
] as const;

function Illustrations() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-4">
      <div className="rounded-xl bg-white/10 p-4 ring-1 ring-white/15">
        <p className="text-xs font-medium text-emerald-50">Monthly earnings</p>
        <div className="mt-2 flex h-24 items-end gap-[6%]">
          {BARS.map((v, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: static decoration
              key={i}
              className="flex-1 rounded-t-[3px] bg-teal-300"
              style={{ height: `${v}%` }}
            />
          ))}
        </div>
      </div>
      <div className="grid content-start gap-2 rounded-xl bg-white p-4 shadow-lg">
        <p className="text-xs font-semibold text-slate-800">Application</p>
        <div className="h-2 w-16 rounded bg-slate-200" />
        <div className="h-7 rounded-md border border-slate-200 bg-slate-50" />
        <div className="h-2 w-20 rounded bg-slate-200" />
        <div className="h-7 rounded-md border border-slate-200 bg-slate-50" />
        <div className="mt-1 h-7 w-24 rounded-md bg-emerald-700" />
      </div>
      <div className="col-span-2 rounded-xl bg-white/10 p-4 ring-1 ring-white/15">
        <div className="flex items-center justify-between">
          <p className="text-xs font-medium text-emerald-50">Growth</p>
          <div className="flex gap-3 text-xs text-emerald-50">
            <span className="inline-flex items-center gap-1">
              <span className="size-2 rounded-full bg-teal-300" />
              Revenue
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="size-2 rounded-full bg-amber-300" />
              Users
            </span>
          </div>
        </div>
        <div className="mt-2 h-32 px-2">
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="h-24 w-full overflow-visible">
            {GROWTH_LINES.map((line) => (
              <polyline
                key={line.key}
                points={line.points}
                fill="none"
                stroke={line.color}
                strokeWidth="2.5"
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          <div className="mt-2 flex justify-between border-t border-white/30 pt-1.5 text-[11px] text-emerald-50">
            {GROWTH.map((g) => (
              // Zero-width, so each month sits centred under its point of the lines.
              <span key={g.month} className="flex w-0 justify-center">
                {g.month}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

export function AuthMarketingPanel() {
  return (
    <aside
      aria-labelledby="auth-marketing-heading"
      className="hidden flex-col gap-8 rounded-2xl bg-gradient-to-br from-emerald-900 via-emerald-800 to-teal-800 p-10 text-white lg:flex"
    >
      <div className="grid gap-3">
        <h2 id="auth-marketing-heading" className="text-3xl font-bold tracking-tight">
          Financing built for creators
        </h2>
        <p className="text-emerald-50">
          Grow your channel, studio or brand with financing that follows your platform earnings.
        </p>
      </div>
      <ul className="grid gap-3">
        {PROMISES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/20">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <Illustrations />
      <section
        aria-labelledby="funding-preview-heading"
        className="grid gap-4 rounded-xl bg-white p-6 text-slate-900 shadow-xl"
      >
        <div className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-emerald-700" aria-hidden="true" />
          <h3 id="funding-preview-heading" className="font-semibold">
            Funding Potential Preview
          </h3>
        </div>
        <ul className="grid gap-4">
          {FUNDING_PREVIEW.map((item) => (
            <li key={item.label} className="grid gap-1.5">
              <div className="flex justify-between text-sm">
                <span className="font-medium">{item.label}</span>
                <span className="font-semibold text-emerald-800">{item.rating}</span>
              </div>
              <Progress value={item.value} aria-label={`${item.label}: ${item.rating}, ${item.value}%`} />
            </li>
          ))}
        </ul>
        <div className="rounded-lg bg-emerald-50 px-4 py-3">
          <p className="text-sm text-emerald-900">Estimated financing range</p>
          <p className="text-xl font-bold text-emerald-900">
            {formatZarWhole(15_000)} - {formatZarWhole(MAX_REQUESTED_AMOUNT)}
          </p>
        </div>
      </section>
    </aside>
  );
}
