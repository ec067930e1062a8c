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
  CancelApplicationDialog,
  type ListedApplication,
  latestApplication,
  RepaymentPlanDialog,
  useApplications,
} from '../../features/applications';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
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
      <div className="grid gap-8 pb-20 sm:pb-0">
        <PageHeader
          title={`Welcome, ${user?.firstName ?? ''}`}
          description="Your financing, repayments and creator score in one place."
          actions={
            <Link to="/apply" className={cn(buttonVariants(), 'hidden sm:inline-flex')}>
              <Plus aria-hidden="true" />
              Apply for New Financing
            </Link>
          }
        />

        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          <ScoreCard
            latest={latest}
            loading={loading}
            unavailable={unavailable}
            className="md:row-span-2 lg:self-start"
          />
          <EarningsCard />
          <FinancingCard latest={latest} loading={loading} unavailable={unavailable} />
          <CreativeAdvisorCard className="md:col-span-2 lg:col-span-2" />
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

      <Link
        to="/apply"
        className={cn(
          buttonVariants({ size: 'lg' }),
          'fixed right-4 bottom-4 z-30 rounded-full shadow-lg shadow-emerald-900/25 sm:hidden',
        )}
      >
        <Plus aria-hidden="true" />
        Apply for Financing
      </Link>

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
