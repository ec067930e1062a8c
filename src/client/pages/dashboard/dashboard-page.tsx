// Creator dashboard (spec section 2, "/dashboard"): score, earnings and financing cards, the repayment
// plans, and the application history with its dialogs. The list polls every second (section 7).
import { Plus } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '../../components/page-header';
import { buttonVariants } from '../../components/ui/button';
import { CreativeAdvisorCard } from '../../features/advisor';
import {
  ActiveRepaymentPlans,
  ApplicationDetailsDialog,
  ApplicationHistory,
  applicationsVersion,
  CancelApplicationDialog,
  type ListedApplication,
  latestApplication,
  RepaymentPlanDialog,
  useApplications,
  useApplyEligibility,
} from '../../features/applications';
import { LearningPanel } from '../../features/quests';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { ApplyButton, TopUpOffer, useScrollToHash } from './apply-actions';
import { EarningsCard } from './earnings-card';
import { FinancingCard } from './financing-card';
import { ScoreCard } from './score-card';

// The three dialogs come from features/applications already lazy (forms, validation and the plan quote load
// with the first one opened, not with the page: most visits only look). Once loaded they stay mounted.
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useUser();
  const applicationsQuery = useApplications();
  const applications = applicationsQuery.data;
  const loading = applicationsQuery.isPending;
  const latest = applications ? latestApplication(applications) : null;
  const unavailable = !loading && applications === undefined;
  // Read again whenever the polled list shows an application change (a decision, a payment, a cancel).
  const eligibility = useApplyEligibility(applicationsVersion(applications)).data;
  useScrollToHash(!loading);

  const [planFor, setPlanFor] = useState<ListedApplication | null>(null);
  const [cancelFor, setCancelFor] = useState<ListedApplication | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  // Details follow the polled list, so a payment recorded while the dialog is open shows up in it.
  const details = detailsId === null ? null : (applications?.find((a) => a.id === detailsId) ?? null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (planFor || cancelFor || detailsId !== null)) setDialogsWanted(true);

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
          actions={<ApplyButton eligibility={eligibility} />}
        />

        <TopUpOffer eligibility={eligibility} />

        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {/* The score and the Learning panel share the first column, beside two rows of the others. On a
              phone the column dissolves and the money cards come before Learning and the advisor. */}
          <div className="contents md:row-span-2 md:grid md:content-start md:gap-4">
            <ScoreCard latest={latest} loading={loading} unavailable={unavailable} />
            <LearningPanel className="order-1 md:order-none" />
          </div>
          <EarningsCard />
          <FinancingCard applications={applications} loading={loading} unavailable={unavailable} />
          <CreativeAdvisorCard className="order-2 md:order-none md:col-span-2 lg:col-span-2" />
        </div>

        <ActiveRepaymentPlans applications={applications} />

        <ApplicationHistory
          applications={applications}
          isPending={loading}
          error={applicationsQuery.error}
          // Read only after a failure: TanStack Query re-renders a component for every field it has read, and
          // isFetching flips twice a second while the list polls (the whole dashboard re-rendered each time).
          isRetrying={applicationsQuery.isError && applicationsQuery.isFetching}
          onRetry={() => void applicationsQuery.refetch()}
          onSetupRepayment={(application) => {
            rememberOpener();
            setPlanFor(application);
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
      </div>

      {/* data-floating-action: the page ends with room for this button (styles.css), so it covers nothing.
          While an application is open the header's disabled button says why instead. */}
      {eligibility?.canApply === false ? null : (
        <Link
          to="/apply"
          data-floating-action
          className={cn(
            buttonVariants({ size: 'lg' }),
            'fixed right-4 bottom-4 z-30 rounded-full shadow-lg shadow-emerald-900/25 sm:hidden',
          )}
        >
          <Plus aria-hidden="true" />
          Apply for Financing
        </Link>
      )}

      {dialogsWanted ? (
        <Suspense fallback={null}>
          <RepaymentPlanDialog
            application={planFor}
            onOpenChange={(open) => !open && setPlanFor(null)}
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
