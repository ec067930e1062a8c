// Creator dashboard: score, earnings and financing cards, the repayment
// plans before the advisor, and the application history with its dialogs. The list polls every second (section 7).
import { Plus } from 'lucide-react';
import { Suspense, useDeferredValue, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { CreativeAdvisorCard } from '../../features/advisor';
import {
  ActiveRepaymentPlans,
  ApplicationDetailsDialog,
  ApplicationHistory,
  applicationsVersion,
  CancelApplicationDialog,
  type ListedApplication,
  latestApplication,
  OfferDialog,
  RepaymentPlanDialog,
  repaymentPlanApplications,
  useApplications,
  useApplyEligibility,
} from '../../features/applications';
import { LearningPanel } from '../../features/quests';
import { useAfterPaint } from '../../hooks/use-after-paint';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useScrollToHash } from '../../hooks/use-scroll-to-hash';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { ApplyButton, TopUpOffer } from './apply-actions';
import { EarningsCard } from './earnings-card';
import { FinancingCard } from './financing-card';
import { ScoreCard } from './score-card';

// The dialogs come from features/applications already lazy (forms, validation and the plan quote load
// with the first one opened, not with the page: most visits only look). Once loaded they stay mounted.
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useUser();
  const applicationsQuery = useApplications();
  const applications = applicationsQuery.data;
  const loading = applicationsQuery.isPending;
  const latest = applications ? latestApplication(applications) : null;
  const hasPlans = applications ? repaymentPlanApplications(applications).length > 0 : false;
  const unavailable = !loading && applications === undefined;
  // Read again whenever the polled list shows an application change (a decision, a payment, a cancel).
  const eligibilityQuery = useApplyEligibility(applicationsVersion(applications));
  const eligibility = eligibilityQuery.data;
  // Below the header everything waits for the list and the apply answer (the router starts both with the
  // page's code, so the wait is short): the top-up offer and the header's reason sit above the cards, and
  // arriving after them they pushed the cards down (layout shift 0.32 on a phone). Deferred, the page is then
  // rendered in slices between frames rather than in one long task that holds up the first tap. The plans, the
  // history and the score's breakdown follow in a second pass once the cards (what a phone shows first) are on
  // the screen: they are below the cards, so nothing drawn moves.
  const settled = !loading && (eligibility !== undefined || eligibilityQuery.isError);
  const ready = useDeferredValue(settled, false);
  const restReady = useAfterPaint(ready);
  useScrollToHash(restReady);

  const [planFor, setPlanFor] = useState<ListedApplication | null>(null);
  const [offerFor, setOfferFor] = useState<ListedApplication | null>(null);
  const [cancelFor, setCancelFor] = useState<ListedApplication | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  // Details follow the polled list, so a payment recorded while the dialog is open shows up in it.
  const details = detailsId === null ? null : (applications?.find((a) => a.id === detailsId) ?? null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (planFor || offerFor || cancelFor || detailsId !== null)) setDialogsWanted(true);

  // The dialogs open from row buttons, not Radix triggers, so focus is returned by hand: to the button
  // that opened them, or to the history heading when that button is gone (the row changed or vanished).
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected
      ? opener.current
      : document.getElementById('application-history-heading');
    target?.focus();
  };

  return (
    <PageContainer>
      <div className="grid gap-8">
        <PageHeader
          title={`Welcome, ${user?.firstName ?? ''}`}
          description="Your financing, repayments and creator score in one place."
          actions={ready ? <ApplyButton eligibility={eligibility} /> : null}
        />

        {ready ? (
          <>
            <TopUpOffer eligibility={eligibility} />

            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {/* The score and the Learning panel share the first column, beside two rows of the others. On a
                  phone the column dissolves and the money cards come first. A creator with a loan has its plans
                  in the second row, before Learning and the advisor (what they come for); the others have the
                  advisor there. The plans come with the cards, not after them, so nothing drawn moves. */}
              <div className="contents md:row-span-2 md:grid md:content-start md:gap-4">
                <ScoreCard
                  latest={latest}
                  today={eligibility?.scoreToday}
                  loading={loading}
                  unavailable={unavailable}
                  breakdown={restReady}
                />
                <LearningPanel className="order-2 md:order-none" />
              </div>
              <EarningsCard />
              <FinancingCard
                applications={applications}
                loading={loading}
                unavailable={unavailable}
                onReviewOffer={(application) => {
                  rememberOpener();
                  setOfferFor(application);
                }}
              />
              {hasPlans ? (
                <ActiveRepaymentPlans
                  applications={applications}
                  className="order-1 min-w-0 md:order-none md:col-span-2"
                />
              ) : (
                <CreativeAdvisorCard className="order-3 md:order-none md:col-span-2" />
              )}
            </div>

            {hasPlans ? <CreativeAdvisorCard /> : null}

            {restReady ? (
              <ApplicationHistory
                applications={applications}
                isPending={loading}
                error={applicationsQuery.error}
                // Read only after a failure: TanStack Query re-renders a component for every field it has
                // read, and isFetching flips twice a second while the list polls (the whole dashboard
                // re-rendered each time).
                isRetrying={applicationsQuery.isError && applicationsQuery.isFetching}
                onRetry={() => void applicationsQuery.refetch()}
                onSetupRepayment={(application) => {
                  rememberOpener();
                  setPlanFor(application);
                }}
                onReviewOffer={(application) => {
                  rememberOpener();
                  setOfferFor(application);
                }}
                onViewDetails={(application) => {
                  rememberOpener();
                  setDetailsId(application.id);
                }}
                onCancel={(application) => {
                  rememberOpener();
                  setCancelFor(application);
                }}
              />
            ) : null}
          </>
        ) : (
          <DashboardSkeleton />
        )}
      </div>

      {/* The phone's Apply for Financing (spec: a floating button) is a bar across the bottom with a solid
          background, not a round button over the content: nothing shows through or beside it, so a control is
          either above it, where it can be tapped, or scrolled below it, never half covered. The page ends with room
          for it (styles.css, data-floating-action), and it steps aside while a field has focus, where the phone's
          keyboard would push it over what is typed. While an application is open the header's disabled button says
          why instead. */}
      {!ready || eligibility?.canApply === false ? null : (
        <div
          data-floating-action
          className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.08)] sm:hidden [body:has(:is(input,textarea,select):focus)_&]:hidden"
        >
          <Link to="/apply" className={cn(buttonVariants({ size: 'lg' }), 'w-full')}>
            <Plus aria-hidden="true" />
            Apply for Financing
          </Link>
        </div>
      )}

      {dialogsWanted ? (
        <Suspense fallback={null}>
          <RepaymentPlanDialog
            application={planFor}
            onOpenChange={(open) => !open && setPlanFor(null)}
            onCloseAutoFocus={returnFocus}
          />
          <OfferDialog
            application={offerFor}
            onOpenChange={(open) => !open && setOfferFor(null)}
            onCloseAutoFocus={returnFocus}
          />
          <CancelApplicationDialog
            application={cancelFor}
            onOpenChange={(open) => !open && setCancelFor(null)}
            onCloseAutoFocus={returnFocus}
          />
          <ApplicationDetailsDialog
            application={details}
            onOpenChange={(open) => !open && setDetailsId(null)}
            onCloseAutoFocus={returnFocus}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}

/** The cards' places while the first answers arrive: a shape only, replaced whole (nothing in it moves). */
function DashboardSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your dashboard"
      className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
    >
      <Skeleton className="h-[30rem] rounded-xl md:row-span-2" />
      <Skeleton className="h-56 rounded-xl" />
      <Skeleton className="h-56 rounded-xl" />
    </div>
  );
}
