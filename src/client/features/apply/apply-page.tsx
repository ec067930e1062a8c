// Application page: a public shell that asks visitors to log in, and the
// financing application form for signed-in creators who may apply now (or a top-up, with ?topUp=<id>);
// a creator with an application open is told so at once instead.
import Decimal from 'decimal.js';
import { BellRing, CalendarCheck, FileClock, Lock, LogIn, RefreshCw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { DECISION_TIME_TEXT } from '../../../shared/product-facts';
import type { PublicUser } from '../../../shared/schemas/auth';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { PageContainer, PageHeader } from '../../components/page-header';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { SessionError } from '../../components/session-error';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatPercent, formatZar, formatZarWhole } from '../../lib/format';
import { useSession } from '../../lib/session';
import { type ApplyEligibility, useApplicationsOnce, useApplyEligibility } from '../applications';
import { authPathFor } from '../auth';
import { ApplicationForm, type TopUpStart } from './application-form';

const LOGIN_REASONS = [
  { icon: Lock, title: 'Secure processing', text: 'Your application and documents are handled securely.' },
  {
    icon: BellRing,
    title: 'Status updates',
    text: 'Follow your application and get notified when it changes.',
  },
  {
    icon: Sparkles,
    title: 'Personalised options',
    text: 'See financing options matched to your creator profile.',
  },
  {
    icon: CalendarCheck,
    title: 'Repayment schedule management',
    text: 'Choose and track a repayment plan that fits your income.',
  },
] as const;

function LoginRequired() {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <LogIn className="size-6" aria-hidden="true" />
          </span>
          <CardTitle as="h1" className="mt-2 text-2xl">
            Login Required
          </CardTitle>
          <CardDescription>
            Please log in or create an account to apply for creator financing.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div>
            <h2 className="text-sm font-semibold text-slate-900">Why we ask you to log in</h2>
            <ul className="mt-3 grid gap-3">
              {LOGIN_REASONS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
                  <div>
                    <p className="font-medium text-slate-900">{title}</p>
                    <p className="text-sm text-slate-600">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <Link to={authPathFor('/apply')} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            Login or Register Now
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

export function ApplyPage() {
  useDocumentTitle('Apply');
  const { user, isPending, isError, error, refetch } = useSession();
  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (isError) return <SessionError error={error} onRetry={() => void refetch()} />;
  if (!user) return <LoginRequired />;
  return <SignedInApply user={user} />;
}

/**
 * The form only when the server says an application can be filed now (GET /api/applications/eligibility):
 * a creator with an application open learns so at once, with the way to it, instead of filling the form in
 * vain. `?topUp=<id>` files a top-up of that loan when the server says it has earned one.
 */
function SignedInApply({ user }: { user: PublicUser }) {
  const [params] = useSearchParams();
  const eligibility = useApplyEligibility();
  const asked = params.get('topUp');
  // Read once, only for a top-up: its form starts from the loan it settles.
  const applications = useApplicationsOnce(asked !== null);
  // Decided once per visit: the submission itself opens an application (and invalidates this answer), and
  // the form must stay mounted to see its own success through (toast, then the dashboard).
  const [decided, setDecided] = useState<ApplyEligibility | null>(null);
  if (decided === null && eligibility.data) setDecided(eligibility.data);
  const answer = decided ?? eligibility.data;
  if (!answer) {
    if (!eligibility.isError) return <PageSpinner label="Checking your applications…" />;
    return (
      <PageContainer>
        <div className="mx-auto w-full max-w-3xl">
          <QueryErrorPanel query={eligibility} title="Could not check your applications" />
        </div>
      </PageContainer>
    );
  }
  const topUp =
    asked !== null && answer.topUp?.eligible && String(answer.topUp.applicationId) === asked
      ? answer.topUp
      : null;
  if (!answer.canApply && !topUp)
    return <OpenApplicationNotice answer={answer} askedForTopUp={asked !== null} />;
  // A top-up's form starts from the loan it settles: wait for the list (the dashboard has usually read it already);
  // if it cannot be read, the form starts empty but for the amount.
  if (topUp && applications.isPending) return <PageSpinner label="Reading your financing…" />;
  const topUpStart: TopUpStart | undefined = topUp
    ? {
        applicationId: topUp.applicationId,
        loan: applications.data?.find((a) => a.id === topUp.applicationId) ?? null,
        settlesAmount: topUp.settlesAmount,
        minimumAmount: topUp.minimumAmount,
        suggestedAmount: topUp.suggestedAmount,
        maximumAmount: topUp.maximumAmount,
      }
    : undefined;
  return (
    <PageContainer>
      <div className="mx-auto grid w-full max-w-3xl gap-6">
        {topUp ? (
          <>
            <PageHeader
              title="Top Up Your Financing"
              description={`A new financing whose payout first settles what is left on financing #${topUp.applicationId}. Decisions typically within ${DECISION_TIME_TEXT}.`}
            />
            <TopUpTerms topUp={topUp} />
          </>
        ) : (
          <PageHeader
            title="Apply for Creator Financing"
            description={`Financing from ${formatZarWhole(MIN_REQUESTED_AMOUNT)} to ${formatZarWhole(MAX_REQUESTED_AMOUNT)}, repaid from a share of your platform earnings. Decisions typically within ${DECISION_TIME_TEXT}.`}
          />
        )}
        <ApplicationForm user={user} topUp={topUpStart} />
      </div>
    </PageContainer>
  );
}

type EligibleTopUp = NonNullable<ApplyEligibility['topUp']>;

/** What a top-up does with the money, in today's figures (the payout settles the loan as it stands then). */
function TopUpTerms({ topUp }: { topUp: EligibleTopUp }) {
  const saving = new Decimal(topUp.remainingAmount).minus(topUp.settlesAmount);
  return (
    <Card data-testid="top-up-terms" className="border-emerald-200 bg-emerald-50/60">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <RefreshCw className="size-5 text-emerald-700" aria-hidden="true" />
          How a top-up is paid out
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-slate-700">
        <p>
          You have repaid {formatPercent(topUp.repaidPercent, { decimals: 0 })} of financing #
          {topUp.applicationId} with nothing overdue. When this top-up is paid out, it first settles that
          financing for <strong className="tabular-nums">{formatZar(topUp.settlesAmount)}</strong> today (what
          you still owe of it and the charge earned so far, with no fee
          {saving.gt(0) ? (
            <>
              ; the <span className="tabular-nums">{formatZar(saving)}</span> of charge not yet earned is
              dropped
            </>
          ) : null}
          ), and you receive the rest.
        </p>
        <p>
          So ask for more than {formatZar(topUp.settlesAmount)}. Your repayment plan dialog shows the exact
          amounts before you sign; the amount to settle changes a little each day until then.
        </p>
      </CardContent>
    </Card>
  );
}

/** A creator with an application open: which one, why it keeps a new one from being filed, and where it is. */
function OpenApplicationNotice({
  answer,
  askedForTopUp,
}: {
  answer: ApplyEligibility;
  askedForTopUp: boolean;
}) {
  const open = answer.openApplication;
  const topUp = answer.topUp;
  return (
    <PageContainer>
      <div className="mx-auto grid w-full max-w-2xl gap-6">
        <PageHeader title="Apply for Creator Financing" />
        <Card data-testid="open-application-notice">
          <CardHeader>
            <span className="flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-700">
              <FileClock className="size-6" aria-hidden="true" />
            </span>
            <CardTitle as="h2" className="mt-2 text-xl">
              {askedForTopUp && topUp && !topUp.eligible
                ? 'A top-up is not available yet'
                : 'One application at a time'}
            </CardTitle>
            <CardDescription className="text-base text-slate-700">
              {askedForTopUp && topUp?.reason ? topUp.reason : answer.reason}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {open ? (
              <div className="flex flex-wrap items-center gap-3 rounded-md border bg-slate-50 px-4 py-3">
                <span className="font-medium text-slate-900">
                  {open.isTopUp ? 'Top-up' : 'Application'} #{open.id}
                </span>
                <span className="tabular-nums text-slate-700">{formatZarWhole(open.requestedAmount)}</span>
                <ApplicationStatusBadge status={open.status} />
              </div>
            ) : null}
            {topUp?.eligible ? (
              <p className="text-sm text-slate-700">
                Financing #{topUp.applicationId} has earned a top-up:{' '}
                {formatPercent(topUp.repaidPercent, { decimals: 0 })} repaid with nothing overdue.
              </p>
            ) : null}
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link
                to="/dashboard#application-history-heading"
                className={buttonVariants({ className: 'sm:w-auto' })}
              >
                View it in your application history
              </Link>
              {topUp?.eligible ? (
                <Link
                  to={`/apply?topUp=${topUp.applicationId}`}
                  className={buttonVariants({ variant: 'outline' })}
                >
                  Request a top-up
                </Link>
              ) : null}
            </div>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
