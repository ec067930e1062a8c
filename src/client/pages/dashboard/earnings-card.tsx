// Monthly earnings card: the server combines the
// verified connections and the self-declared platforms (Settings and manual entries on applications), and the
// card says which figure is which.
import { BadgeCheck, PenLine, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import type { MonthlyEarningsAnswer } from '../../../shared/schemas/dashboard';
import { verifiableNames } from '../../../shared/schemas/platforms';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useConnectablePlatforms } from '../../features/platforms';
import { formatZar } from '../../lib/format';
import { useMonthlyEarnings } from './dashboard-api';

type Source = MonthlyEarningsAnswer['platforms'][number]['source'];

const SOURCES: ReadonlyArray<{ source: Source; label: string; total: keyof MonthlyEarningsAnswer }> = [
  { source: 'verified', label: 'Verified', total: 'verifiedTotal' },
  { source: 'self_declared', label: 'Self-declared', total: 'selfDeclaredTotal' },
];

function EarningsBreakdown({ earnings }: { earnings: MonthlyEarningsAnswer }) {
  return (
    <ul className="grid gap-3" aria-label="Earnings by platform">
      {SOURCES.map(({ source, label, total }) => {
        const platforms = earnings.platforms.filter((p) => p.source === source);
        if (platforms.length === 0) return null;
        const Icon = source === 'verified' ? BadgeCheck : PenLine;
        return (
          <li key={source} className="grid gap-1" data-testid={`earnings-${source}`}>
            <div className="flex items-center justify-between gap-3 text-sm">
              <Badge variant={source === 'verified' ? 'success' : 'warning'}>
                <Icon className="size-3.5" aria-hidden="true" />
                {label}
              </Badge>
              <span className="font-semibold tabular-nums text-slate-900">
                {formatZar(earnings[total] as string)}
              </span>
            </div>
            <ul className="grid gap-0.5 pl-1 text-sm text-slate-600">
              {platforms.map((platform) => (
                <li key={platform.name} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate">{platform.name}</span>
                  <span className="shrink-0 tabular-nums">
                    {platform.monthlyEarnings === null ? 'not reported' : formatZar(platform.monthlyEarnings)}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

export function EarningsCard() {
  const query = useMonthlyEarnings();
  const earnings = query.data;
  const onlySelfDeclared =
    earnings !== undefined &&
    earnings.platforms.length > 0 &&
    earnings.platforms.every((p) => p.source === 'self_declared');
  // Only what this server can connect is named (without YouTube's sign-in, Visionary alone); read only when said.
  const connectable = useConnectablePlatforms(onlySelfDeclared);
  return (
    <Card data-testid="earnings-card" className="flex flex-col">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <TrendingUp className="size-5 text-emerald-700" aria-hidden="true" />
          Monthly Earnings
        </CardTitle>
        <CardDescription>Combined from your verified and self-declared platforms.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {earnings ? (
          <>
            <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="earnings-total">
              {formatZar(earnings.total)}
            </p>
            {earnings.platforms.length > 0 ? (
              <>
                <EarningsBreakdown earnings={earnings} />
                {onlySelfDeclared ? (
                  <p className="text-xs text-slate-600">
                    Self-declared figures are yours, not yet verified.{' '}
                    <Link
                      to="/settings"
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      Connect {verifiableNames(connectable.data)}
                    </Link>{' '}
                    to verify your income.
                  </p>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-slate-600">
                <Link to="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
                  Connect your platforms
                </Link>{' '}
                to see your earnings here.
              </p>
            )}
          </>
        ) : query.isError ? (
          <QueryErrorPanel query={query} title="Earnings could not be loaded" fallback="" />
        ) : (
          <>
            <Skeleton className="h-9 w-40" />
            <Skeleton className="h-5 w-full" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
