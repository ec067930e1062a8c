// The dashboard's ways to a new application: the apply button, disabled with the
// server's reason beside it while an application is open, and the top-up offer once a loan has earned one. Both
// read GET /api/applications/eligibility: the server's one-open-application rule decides, not this screen.
import { Plus, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { ApplyEligibility } from '../../features/applications';
import { formatPercent, formatZar } from '../../lib/format';
import { cn } from '../../lib/utils';

/**
 * The header's "Apply for New Financing": a link while an application can be filed (on wide screens; phones
 * have the floating button), a disabled button with the reason beside it, on every screen, while one is open.
 */
export function ApplyButton({ eligibility }: { eligibility: ApplyEligibility | undefined }) {
  if (!eligibility || eligibility.canApply) {
    return (
      <Link to="/apply" className={cn(buttonVariants(), 'hidden sm:inline-flex')}>
        <Plus aria-hidden="true" />
        Apply for New Financing
      </Link>
    );
  }
  return (
    <div className="flex max-w-md flex-col items-start gap-2 sm:items-end">
      <Button type="button" disabled aria-describedby="apply-unavailable-reason">
        <Plus aria-hidden="true" />
        Apply for New Financing
      </Button>
      <p id="apply-unavailable-reason" className="text-sm text-slate-600 sm:text-right">
        {eligibility.reason}
      </p>
    </div>
  );
}

/** Shown once a loan has earned a top-up: what it would settle today and the way to ask for it. */
export function TopUpOffer({ eligibility }: { eligibility: ApplyEligibility | undefined }) {
  const topUp = eligibility?.topUp;
  if (!topUp?.eligible) return null;
  return (
    <Card data-testid="top-up-offer" className="border-emerald-200 bg-emerald-50/60">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <RefreshCw className="size-5 text-emerald-700" aria-hidden="true" />
          You have earned a top-up
        </CardTitle>
        <CardDescription className="text-slate-700">
          You have repaid {formatPercent(topUp.repaidPercent, { decimals: 0 })} of financing #
          {topUp.applicationId} with nothing overdue.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          A top-up is new financing whose payout first settles your current financing, today for{' '}
          <strong className="tabular-nums">{formatZar(topUp.settlesAmount)}</strong> (no fee; the charge not
          yet earned is dropped); you receive the rest.
        </p>
        <Link to={`/apply?topUp=${topUp.applicationId}`} className={cn(buttonVariants(), 'shrink-0')}>
          Request a Top-up
        </Link>
      </CardContent>
    </Card>
  );
}
