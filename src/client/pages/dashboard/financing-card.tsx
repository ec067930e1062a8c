// Available financing card: the latest application's amount and where it stands. A rejected
// or cancelled application offers nothing to borrow: the card says so and what to do next. An offer
// waiting for the creator has its Review Offer button here too; an accepted one says where the payout will go.
import { Banknote, FileSignature } from 'lucide-react';
import { Link } from 'react-router';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { DECISION_TIME_TEXT } from '../../../shared/product-facts';
import { verifiableNames } from '../../../shared/schemas/platforms';
import { baseStatus } from '../../../shared/status-machine';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { AwaitingPayoutNote, financedAmount, type ListedApplication } from '../../features/applications';
import { useConnectablePlatforms } from '../../features/platforms';
import { formatZarWhole } from '../../lib/format';
import { cn } from '../../lib/utils';
import { financingCardApplication, isClosedLoan, offersNothing } from './financing-card-rules';

function statusNote(application: ListedApplication): string {
  switch (baseStatus(application.status)) {
    case 'pending_review':
      return `Your application is under review. Decisions typically take up to ${DECISION_TIME_TEXT}.`;
    case 'approved':
      return application.repaymentSchedule
        ? 'Approved, with a repayment plan in place.'
        : 'Approved. Set up your repayment plan below to receive your funds.';
    case 'offered':
      return 'We have made you an offer. Review it and accept it to have your funds paid out.';
    case 'accepted':
      // AwaitingPayoutNote says where the payout goes (or how to add a bank account for it).
      return '';
    case 'active':
      return 'Funded. You are repaying it through your plan.';
    case 'rejected':
      return 'Not approved this time, so there is nothing to borrow on it.';
    case 'cancelled':
      return 'This application was cancelled, so there is nothing to borrow on it.';
    case 'defaulted':
      return "This financing is in default. Tell us with “I can't pay this month” on your repayment plan, and a collector will agree a way forward with you.";
    default:
      return '';
  }
}

/** What to do after a rejection or a cancellation: apply again, and raise the score first. */
function NextSteps() {
  const connectable = useConnectablePlatforms();
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        You can apply again at any time. To raise your score first, verify your income by connecting{' '}
        {verifiableNames(connectable.data)}, and follow the tips under your credit score.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to="/apply" className={cn(buttonVariants({ size: 'sm' }))}>
          Apply again
        </Link>
        <Link to="/settings" className={cn(buttonVariants({ size: 'sm', variant: 'outline' }))}>
          Connect platforms
        </Link>
      </div>
    </div>
  );
}

/**
 * Under the product's range once the latest loan is closed: a repaid amount is not money on offer, so the card
 * names it as the loan it was ('R 10 000 financed, repaid in full') and offers new financing.
 */
function ClosedLoanNote({ application }: { application: ListedApplication }) {
  const amount = formatZarWhole(financedAmount(application), { currency: application.currency });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ApplicationStatusBadge
        status={application.status}
        forgiven={Boolean(application.repaymentSchedule?.forgiven)}
      />
      <p className="text-sm text-slate-600">
        {application.repaymentSchedule?.forgiven
          ? `Your financing of ${amount} is closed: what was left of it was forgiven.`
          : `Your financing of ${amount} is repaid in full.`}
      </p>
    </div>
  );
}

export function FinancingCard({
  applications,
  loading,
  unavailable = false,
  onReviewOffer,
}: {
  /** The creator's applications, cancelled ones included (financingCardApplication picks the one shown). */
  applications: ReadonlyArray<ListedApplication> | undefined;
  loading: boolean;
  /** The applications could not be read: say so instead of offering a first application. */
  unavailable?: boolean;
  /** Opens the Review Offer dialog for an application with an offer waiting. */
  onReviewOffer: (application: ListedApplication) => void;
}) {
  const latest = applications ? financingCardApplication(applications) : null;
  return (
    <Card
      data-testid="financing-card"
      data-tour={loading ? undefined : 'financing-options'}
      className="flex flex-col"
    >
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Banknote className="size-5 text-emerald-700" aria-hidden="true" />
          Available Financing
        </CardTitle>
        <CardDescription>From Vuka Capital's capital arm, matched to your earnings.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {loading ? (
          <Skeleton className="h-9 w-40" />
        ) : unavailable ? (
          <p className="text-sm text-slate-600">Your financing could not be loaded right now.</p>
        ) : latest && offersNothing(latest) ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-2xl font-bold text-slate-900" data-testid="financing-amount">
                Nothing to borrow
              </p>
              <ApplicationStatusBadge
                status={latest.status}
                forgiven={Boolean(latest.repaymentSchedule?.forgiven)}
              />
            </div>
            <p className="text-sm text-slate-600">{statusNote(latest)}</p>
            {baseStatus(latest.status) === 'rejected' && latest.rejectionReason ? (
              <p className="text-sm text-slate-700">
                <span className="font-medium">Our reason: </span>
                {latest.rejectionReason}
              </p>
            ) : null}
            <NextSteps />
          </>
        ) : latest && !isClosedLoan(latest) ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="financing-amount">
                {formatZarWhole(financedAmount(latest), { currency: latest.currency })}
              </p>
              <ApplicationStatusBadge
                status={latest.status}
                forgiven={Boolean(latest.repaymentSchedule?.forgiven)}
              />
            </div>
            {statusNote(latest) ? <p className="text-sm text-slate-600">{statusNote(latest)}</p> : null}
            <AwaitingPayoutNote application={latest} />
            {baseStatus(latest.status) === 'offered' ? (
              <div>
                <Button writes size="sm" onClick={() => onReviewOffer(latest)}>
                  <FileSignature aria-hidden="true" />
                  Review Offer
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <>
            <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="financing-amount">
              {formatZarWhole(MIN_REQUESTED_AMOUNT)} – {formatZarWhole(MAX_REQUESTED_AMOUNT)}
            </p>
            {latest ? <ClosedLoanNote application={latest} /> : null}
            <p className="text-sm text-slate-600">
              <Link to="/apply" className="font-medium text-primary underline-offset-4 hover:underline">
                Apply now
              </Link>{' '}
              to see what you qualify for.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
