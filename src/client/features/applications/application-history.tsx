// Application History: a table from md up, collapsible cards below it.
// Cancelled applications are hidden; each row offers the actions its status allows, and an accepted one says
// where its payout will go.
import { CalendarCheck, FileSearch, FileSignature, FolderOpen, Plus, Settings2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { EmptyState } from '../../components/empty-state';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate, formatZar, formatZarWhole } from '../../lib/format';
import { AwaitingPayoutNote } from './payout-notes';
import { ProofStatusBadges } from './platform-evidence';
import { applicationDisplayName, rowActions, visibleApplications } from './selectors';
import { TopUpOfLabel } from './top-up-note';
import type { ListedApplication } from './types';

export interface ApplicationActionHandlers {
  onSetupRepayment: (application: ListedApplication) => void;
  onReviewOffer: (application: ListedApplication) => void;
  onViewDetails: (application: ListedApplication) => void;
  onCancel: (application: ListedApplication) => void;
}

interface ApplicationHistoryProps extends ApplicationActionHandlers {
  applications: ListedApplication[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}

/** '8 000 approved' under the amount asked for, when the approval granted less. */
function ApprovedLess({ application }: { application: ListedApplication }) {
  const approved = application.approvedAmount;
  if (approved === null || approved === application.requestedAmount) return null;
  return (
    <span className="block text-xs font-normal text-slate-600">
      {formatZarWhole(approved, { currency: application.currency })} approved
    </span>
  );
}

function ScheduleMarker() {
  return (
    <Badge variant="success">
      <CalendarCheck className="size-3.5" aria-hidden="true" />
      Payment Schedule Active
    </Badge>
  );
}

function RowActionButtons({
  application,
  describedBy,
  handlers,
  stretch = false,
}: {
  application: ListedApplication;
  describedBy: string;
  handlers: ApplicationActionHandlers;
  stretch?: boolean;
}) {
  const actions = rowActions(application);
  const size = 'sm' as const;
  const width = stretch ? 'flex-1 min-[400px]:flex-none' : undefined;
  if (!actions.setupRepayment && !actions.reviewOffer && !actions.viewDetails && !actions.cancel) {
    return <span className="text-sm text-slate-500">No actions</span>;
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {actions.setupRepayment ? (
        <Button
          writes
          size={size}
          className={width}
          aria-describedby={describedBy}
          onClick={() => handlers.onSetupRepayment(application)}
        >
          <Settings2 aria-hidden="true" />
          Setup Repayment
        </Button>
      ) : null}
      {actions.reviewOffer ? (
        <Button
          writes
          size={size}
          className={width}
          aria-describedby={describedBy}
          onClick={() => handlers.onReviewOffer(application)}
        >
          <FileSignature aria-hidden="true" />
          Review Offer
        </Button>
      ) : null}
      {actions.viewDetails ? (
        <Button
          size={size}
          variant="outline"
          className={width}
          aria-describedby={describedBy}
          onClick={() => handlers.onViewDetails(application)}
        >
          <FileSearch aria-hidden="true" />
          View Details
        </Button>
      ) : null}
      {actions.cancel ? (
        <Button
          writes
          size={size}
          variant="ghost"
          className={`text-red-700 hover:bg-red-50 hover:text-red-800 ${width ?? ''}`}
          aria-describedby={describedBy}
          onClick={() => handlers.onCancel(application)}
        >
          <XCircle aria-hidden="true" />
          Cancel Application
        </Button>
      ) : null}
    </div>
  );
}

function HistoryTable({
  rows,
  handlers,
}: {
  rows: ListedApplication[];
  handlers: ApplicationActionHandlers;
}) {
  return (
    <div className="hidden md:block">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">Date</TableHead>
            <TableHead scope="col">Business Name</TableHead>
            <TableHead scope="col" className="text-right">
              Amount
            </TableHead>
            <TableHead scope="col">Status</TableHead>
            <TableHead scope="col">Action</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((application) => {
            const nameId = `history-row-${application.id}-name`;
            const actions = rowActions(application);
            return (
              <TableRow key={application.id} data-testid={`application-row-${application.id}`}>
                <TableCell className="whitespace-nowrap text-slate-700">
                  {formatDate(application.createdAt)}
                </TableCell>
                <TableCell className="font-medium text-slate-900">
                  <span id={nameId}>{applicationDisplayName(application)}</span>
                  <TopUpOfLabel topUp={application.topUp} />
                  <ProofStatusBadges application={application} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {formatZarWhole(application.requestedAmount, { currency: application.currency })}
                  <ApprovedLess application={application} />
                </TableCell>
                <TableCell>
                  <ApplicationStatusBadge
                    status={application.status}
                    forgiven={Boolean(application.repaymentSchedule?.forgiven)}
                  />
                </TableCell>
                <TableCell>
                  <div className="flex flex-col items-start gap-2">
                    {actions.scheduleActive ? <ScheduleMarker /> : null}
                    <AwaitingPayoutNote application={application} className="max-w-64" />
                    <RowActionButtons application={application} describedBy={nameId} handlers={handlers} />
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function HistoryCards({
  rows,
  handlers,
}: {
  rows: ListedApplication[];
  handlers: ApplicationActionHandlers;
}) {
  return (
    <ul className="grid gap-3 md:hidden">
      {rows.map((application) => {
        const nameId = `history-card-${application.id}-name`;
        const actions = rowActions(application);
        const currency = application.currency;
        return (
          <li key={application.id} data-testid={`application-card-${application.id}`}>
            <Card className="grid gap-3 p-4">
              {/* Wraps: a long name beside a long status ('Accepted, awaiting payout') would not fit 390 px. */}
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                <div className="min-w-0">
                  <h3 id={nameId} className="truncate font-semibold text-slate-900">
                    {applicationDisplayName(application)}
                  </h3>
                  <p className="text-sm text-slate-600 tabular-nums">
                    {formatZarWhole(application.requestedAmount, { currency })}
                    <ApprovedLess application={application} />
                  </p>
                  <TopUpOfLabel topUp={application.topUp} />
                  <ProofStatusBadges application={application} />
                </div>
                <ApplicationStatusBadge
                  status={application.status}
                  forgiven={Boolean(application.repaymentSchedule?.forgiven)}
                />
              </div>
              {actions.scheduleActive ? (
                <div>
                  <ScheduleMarker />
                </div>
              ) : null}
              <AwaitingPayoutNote application={application} />
              <Accordion type="single" collapsible className="border-y border-border">
                <AccordionItem value="details">
                  <AccordionTrigger headingLevel="h4" className="py-2 text-sm">
                    Application details
                  </AccordionTrigger>
                  <AccordionContent className="pb-3">
                    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                      <dt className="text-slate-600">Date</dt>
                      <dd className="text-right">{formatDate(application.createdAt)}</dd>
                      <dt className="text-slate-600">Amount</dt>
                      <dd className="text-right tabular-nums">
                        {formatZarWhole(application.requestedAmount, { currency })}
                      </dd>
                      <dt className="text-slate-600">Monthly revenue</dt>
                      <dd className="text-right tabular-nums">
                        {formatZar(application.monthlyRevenue, { currency })}
                      </dd>
                      <dt className="text-slate-600">Credit score</dt>
                      <dd className="text-right tabular-nums">{application.creditScore ?? 'N/A'}</dd>
                    </dl>
                  </AccordionContent>
                </AccordionItem>
              </Accordion>
              <RowActionButtons application={application} describedBy={nameId} handlers={handlers} stretch />
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">Loading your applications…</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-4 rounded-lg border border-border bg-white p-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="h-6 w-24 rounded-full" />
        </div>
      ))}
    </div>
  );
}

export function ApplicationHistory({
  applications,
  isPending,
  error,
  onRetry,
  isRetrying,
  ...handlers
}: ApplicationHistoryProps) {
  const rows = applications ? visibleApplications(applications) : [];
  let body: ReactNode;
  if (isPending) {
    body = <HistorySkeleton />;
  } else if (!applications) {
    body = (
      <QueryErrorPanel
        title="We could not load your applications"
        error={error}
        onRetry={onRetry}
        isRetrying={isRetrying}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState icon={<FolderOpen aria-hidden="true" />} title="No applications yet" className="py-12">
        <p>Apply for financing from R 2 000 to R 50 000 and follow its progress here.</p>
        <Link to="/apply" className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Apply Now
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <HistoryTable rows={rows} handlers={handlers} />
        <HistoryCards rows={rows} handlers={handlers} />
      </>
    );
  }

  return (
    <section aria-labelledby="application-history-heading" className="grid gap-4">
      <h2
        id="application-history-heading"
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 outline-none"
      >
        Application History
      </h2>
      {body}
    </section>
  );
}
