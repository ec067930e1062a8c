// Monthly earnings card (spec section 2): combined monthlyEarnings of every platform on the profile.
import { TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { combinedMonthlyEarnings } from '../../features/applications';
import { formatZar } from '../../lib/format';
import { useUser } from '../../lib/session';

export function EarningsCard() {
  const user = useUser();
  const earnings = combinedMonthlyEarnings(user?.socialMediaData);
  return (
    <Card data-testid="earnings-card" className="flex flex-col">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <TrendingUp className="size-5 text-emerald-700" aria-hidden="true" />
          Monthly Earnings
        </CardTitle>
        <CardDescription>Combined from all your connected platforms.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {user ? (
          <>
            <p className="text-3xl font-bold tabular-nums text-slate-900">{formatZar(earnings.total)}</p>
            {earnings.platforms > 0 ? (
              <p className="text-sm text-slate-600">
                From {earnings.platforms} {earnings.platforms === 1 ? 'platform' : 'platforms'}
              </p>
            ) : (
              <p className="text-sm text-slate-600">
                <Link to="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
                  Connect your platforms
                </Link>{' '}
                to see your earnings here.
              </p>
            )}
          </>
        ) : (
          <Skeleton className="h-9 w-40" />
        )}
      </CardContent>
    </Card>
  );
}
