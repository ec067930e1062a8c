// The Applications tab of /admin (spec section 2): search, status chips, Export CSV, and the applications as
// a table from lg up and as cards below it, each with the actions its state allows.
import {
  AlertTriangle,
  Banknote,
  CalendarPlus,
  Download,
  FileSearch,
  FolderOpen,
  Pencil,
  Search,
  Trash2,
  UserRound,
  X,
} from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { downloadCsv } from '../../lib/csv';
import { formatDate, formatZar, formatZarWhole } from '../../lib/format';
import { cn } from '../../lib/utils';
import { ApplicationStatusBadge } from '../applications/application-status-badge';
import { AddPaymentDialog } from './add-payment-dialog';
import type { AdminApplication } from './admin-types';
import { AdminApplicationDetailsDialog } from './application-details-dialog';
import {
  adminRowActions,
  applicantName,
  applicationTypeLabel,
  filterApplications,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  statusCounts,
  toggled,
} from './application-filters';
import { useAdminApplications, useDeleteApplication } from './applications-api';
import { buildApplicationsCsv, csvFileName } from './applications-csv';
import { CreditScoreBadge } from './credit-score-badge';
import { EditApplicationDialog, updateFailedMessage } from './edit-application-dialog';
import { SetupRepaymentDialog } from './setup-repayment-dialog';

type DialogKind = 'edit' | 'setup' | 'payment' | 'details';

interface RowHandlers {
  open: (kind: DialogKind, application: AdminApplication) => void;
  remove: (application: AdminApplication) => void;
  deletingId: number | null;
}

export function ApplicationsTab() {
  const applications = useAdminApplications();
  const remove = useDeleteApplication();
  const [query, setQuery] = useState('');
  const [statuses, setStatuses] = useState<ReadonlySet<string>>(() => new Set());
  const [dialog, setDialog] = useState<{ kind: DialogKind; id: number } | null>(null);
  const searchId = useId();

  const all = applications.data ?? [];
  const rows = useMemo(() => filterApplications(all, query, statuses), [all, query, statuses]);
  const counts = useMemo(() => statusCounts(all), [all]);
  const filtering = query.trim() !== '' || statuses.size > 0;
  // Dialogs read the application from the list, so they show the state after every refetch.
  const current = dialog ? (all.find((a) => a.id === dialog.id) ?? null) : null;
  const dialogApp = (kind: DialogKind) => (dialog?.kind === kind ? current : null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const clearFilters = () => {
    setQuery('');
    setStatuses(new Set());
  };

  const exportCsv = () => {
    try {
      downloadCsv(buildApplicationsCsv(rows), csvFileName());
      toast({
        title: 'Export successful',
        description: `${rows.length} ${rows.length === 1 ? 'application' : 'applications'} exported to CSV`,
      });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description: 'There was an error exporting the data.',
      });
    }
  };

  const handlers: RowHandlers = {
    open: (kind, application) => setDialog({ kind, id: application.id }),
    deletingId: remove.isPending ? (remove.variables ?? null) : null,
    remove: (application) => {
      const confirmed = window.confirm(
        `Delete application #${application.id} from ${applicantName(application)}? This cannot be undone.`,
      );
      if (!confirmed) return;
      remove.mutate(application.id, {
        onSuccess: () =>
          toast({ title: 'Application deleted', description: `Application #${application.id} was deleted.` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Delete failed',
            description: updateFailedMessage(error, 'Failed to delete application'),
          }),
      });
    },
  };

  let body: ReactNode;
  if (applications.isPending) {
    body = <ListSkeleton />;
  } else if (!applications.data) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertTriangle aria-hidden="true" />
        <div className="grid gap-2">
          <AlertTitle>Error Loading Data</AlertTitle>
          <AlertDescription>{messageOf(applications.error, 'Failed to fetch data')}</AlertDescription>
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => applications.refetch()}
              loading={applications.isFetching}
            >
              Retry
            </Button>
          </div>
        </div>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <FolderOpen className="size-6" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold text-slate-900">
          {filtering ? 'No applications match your filters' : 'No applications yet'}
        </p>
        <p className="max-w-md text-sm text-slate-600">
          {filtering
            ? 'Try another search or clear the filters.'
            : 'Applications that creators submit in this dashboard mode appear here.'}
        </p>
        {filtering ? (
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <ApplicationsTable rows={rows} handlers={handlers} />
        <ApplicationCards rows={rows} handlers={handlers} />
      </>
    );
  }

  return (
    <section aria-labelledby="admin-applications-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="admin-applications-heading" className="text-xl font-semibold text-slate-900">
            Applications
          </h2>
          <p className="text-sm text-slate-600">Review, approve and service financing applications.</p>
        </div>
        <Button
          variant="outline"
          onClick={exportCsv}
          disabled={!applications.data || rows.length === 0}
          className="w-full sm:w-auto"
        >
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </div>

      <div className="grid gap-3 rounded-xl border border-border bg-white p-4">
        <div className="grid gap-2">
          <Label htmlFor={searchId}>Search applications</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Name, business, username or ID"
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Filter by status</legend>
          <div className="flex flex-wrap gap-2">
            {STATUS_FILTERS.map((status) => {
              const pressed = statuses.has(status);
              return (
                <button
                  key={status}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => setStatuses((current) => toggled(current, status))}
                  className={cn(
                    'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    pressed
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-border bg-white text-slate-700 hover:bg-slate-50',
                  )}
                >
                  {STATUS_FILTER_LABELS[status]}
                  <span className="sr-only"> ({counts[status]})</span>
                  <span
                    aria-hidden="true"
                    className={cn(
                      'rounded-full px-1.5 text-xs tabular-nums',
                      pressed ? 'bg-white/20' : 'bg-slate-100 text-slate-600',
                    )}
                  >
                    {counts[status]}
                  </span>
                </button>
              );
            })}
            {filtering ? (
              <Button variant="ghost" size="sm" onClick={clearFilters} className="rounded-full">
                <X aria-hidden="true" />
                Clear filters
              </Button>
            ) : null}
          </div>
        </fieldset>
        {applications.data ? (
          <p role="status" className="text-sm text-slate-600">
            Showing {rows.length} of {all.length} {all.length === 1 ? 'application' : 'applications'}
          </p>
        ) : null}
      </div>

      {body}

      <EditApplicationDialog application={dialogApp('edit')} onOpenChange={close} />
      <SetupRepaymentDialog application={dialogApp('setup')} onOpenChange={close} />
      <AddPaymentDialog application={dialogApp('payment')} onOpenChange={close} />
      <AdminApplicationDetailsDialog
        applicationId={dialog?.kind === 'details' ? dialog.id : null}
        onOpenChange={close}
      />
    </section>
  );
}

function ApplicantCell({ application, nameId }: { application: AdminApplication; nameId: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <span id={nameId} className="font-medium text-slate-900">
        {applicantName(application)}
      </span>
      <span className="truncate text-xs text-slate-600">{application.user?.username}</span>
      {application.businessName ? (
        <span className="truncate text-xs text-slate-600">{application.businessName}</span>
      ) : null}
    </div>
  );
}

function Balance({ application }: { application: AdminApplication }) {
  const schedule = application.repaymentSchedule;
  if (!schedule) return null;
  return (
    <span className="block text-xs font-normal text-slate-600" data-testid="row-balance">
      Balance {formatZar(schedule.remainingAmount, { currency: application.currency ?? schedule.currency })}
    </span>
  );
}

function RowActions({
  application,
  describedBy,
  handlers,
  compact,
}: {
  application: AdminApplication;
  describedBy: string;
  handlers: RowHandlers;
  /** Icon buttons with hidden labels (the table); labelled buttons on cards. */
  compact: boolean;
}) {
  const actions = adminRowActions(application);
  const deleting = handlers.deletingId === application.id;
  const label = (text: string) => (compact ? <span className="sr-only">{text}</span> : text);
  const iconSize = compact ? ('icon' as const) : ('sm' as const);
  const iconClass = compact ? 'size-9' : 'flex-1 min-[420px]:flex-none';
  const primary = actions.setupRepayment ? (
    <Button
      size="sm"
      className={compact ? undefined : 'w-full min-[420px]:w-auto'}
      aria-describedby={describedBy}
      onClick={() => handlers.open('setup', application)}
    >
      <CalendarPlus aria-hidden="true" />
      Setup Repayment
    </Button>
  ) : actions.addPayment ? (
    <Button
      size="sm"
      className={compact ? undefined : 'w-full min-[420px]:w-auto'}
      aria-describedby={describedBy}
      onClick={() => handlers.open('payment', application)}
    >
      <Banknote aria-hidden="true" />
      Add Payment
    </Button>
  ) : null;
  const secondary = (
    <>
      <Link
        to={`/admin/users/${application.userId}`}
        className={cn(buttonVariants({ variant: 'outline', size: iconSize }), iconClass)}
        aria-describedby={describedBy}
        title={compact ? 'View User' : undefined}
      >
        <UserRound aria-hidden="true" />
        {label('View User')}
      </Link>
      <Button
        variant="outline"
        size={iconSize}
        className={iconClass}
        aria-describedby={describedBy}
        title={compact ? 'Edit' : undefined}
        onClick={() => handlers.open('edit', application)}
      >
        <Pencil aria-hidden="true" />
        {label('Edit')}
      </Button>
      <Button
        variant="outline"
        size={iconSize}
        className={iconClass}
        aria-describedby={describedBy}
        title={compact ? 'View Details' : undefined}
        onClick={() => handlers.open('details', application)}
      >
        <FileSearch aria-hidden="true" />
        {label('View Details')}
      </Button>
      <Button
        variant="outline"
        size={iconSize}
        className={cn(iconClass, 'text-red-700 hover:bg-red-50 hover:text-red-800')}
        aria-describedby={describedBy}
        title={compact ? 'Delete' : undefined}
        loading={deleting}
        disabled={handlers.deletingId !== null}
        onClick={() => handlers.remove(application)}
      >
        {deleting ? null : <Trash2 aria-hidden="true" />}
        {label('Delete')}
      </Button>
    </>
  );
  if (compact) {
    // The table: the step this application is waiting for above a row of icon buttons.
    return (
      <div className="flex flex-col items-end gap-1.5">
        {primary}
        <div className="flex items-center gap-1.5">{secondary}</div>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      {primary}
      <div className="flex flex-wrap items-center gap-2">{secondary}</div>
    </div>
  );
}

function ApplicationsTable({ rows, handlers }: { rows: AdminApplication[]; handlers: RowHandlers }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-border bg-white lg:block">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">Date</TableHead>
            <TableHead scope="col">Applicant</TableHead>
            <TableHead scope="col">Type</TableHead>
            <TableHead scope="col" className="text-right">
              Amount
            </TableHead>
            <TableHead scope="col" className="text-right">
              Revenue
            </TableHead>
            <TableHead scope="col">Credit Score</TableHead>
            <TableHead scope="col">Status</TableHead>
            <TableHead scope="col" className="text-right">
              Actions
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((application) => {
            const nameId = `admin-row-${application.id}-name`;
            const currency = application.currency;
            return (
              <TableRow key={application.id} data-testid={`admin-application-row-${application.id}`}>
                <TableCell className="whitespace-nowrap text-slate-700">
                  {formatDate(application.createdAt)}
                  <span className="block text-xs text-slate-500">#{application.id}</span>
                </TableCell>
                <TableCell className="max-w-64">
                  <ApplicantCell application={application} nameId={nameId} />
                </TableCell>
                <TableCell>{applicationTypeLabel(application.applicationType)}</TableCell>
                <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
                  {formatZarWhole(application.requestedAmount, { currency })}
                  <Balance application={application} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatZar(application.monthlyRevenue, { currency })}
                </TableCell>
                <TableCell>
                  <CreditScoreBadge score={application.creditScore} />
                </TableCell>
                <TableCell>
                  <ApplicationStatusBadge status={application.status} />
                </TableCell>
                <TableCell className="w-44">
                  <RowActions application={application} describedBy={nameId} handlers={handlers} compact />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function ApplicationCards({ rows, handlers }: { rows: AdminApplication[]; handlers: RowHandlers }) {
  return (
    <ul className="grid gap-3 lg:hidden">
      {rows.map((application) => {
        const nameId = `admin-card-${application.id}-name`;
        const currency = application.currency;
        return (
          <li key={application.id} data-testid={`admin-application-card-${application.id}`}>
            {/* minmax(0, 1fr): a long e-mail address is cut short instead of widening the card past 390 px. */}
            <Card className="grid grid-cols-1 gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 id={nameId} className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                    {applicantName(application)}
                  </h3>
                  <p className="truncate text-sm text-slate-600">{application.user?.username}</p>
                </div>
                <ApplicationStatusBadge status={application.status} />
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                <div>
                  <dt className="text-slate-600">Amount</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">
                    {formatZarWhole(application.requestedAmount, { currency })}
                    <Balance application={application} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Revenue</dt>
                  <dd className="tabular-nums">{formatZar(application.monthlyRevenue, { currency })}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Credit score</dt>
                  <dd>
                    <CreditScoreBadge score={application.creditScore} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Type</dt>
                  <dd>{applicationTypeLabel(application.applicationType)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Date</dt>
                  <dd>{formatDate(application.createdAt)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">ID</dt>
                  <dd>#{application.id}</dd>
                </div>
                {application.businessName ? (
                  <div className="col-span-2">
                    <dt className="text-slate-600">Business name</dt>
                    <dd className="[overflow-wrap:anywhere]">{application.businessName}</dd>
                  </div>
                ) : null}
              </dl>
              <RowActions
                application={application}
                describedBy={nameId}
                handlers={handlers}
                compact={false}
              />
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function ListSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading applications…</span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-4 rounded-lg border border-border bg-white p-4">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-24 sm:block" />
          <Skeleton className="h-6 w-24 rounded-full" />
        </div>
      ))}
    </div>
  );
}
