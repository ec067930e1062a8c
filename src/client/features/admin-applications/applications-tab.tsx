// The Applications tab of /admin: one page of applications at a time, paged,
// sorted and filtered by the server, with the state (page, size, sort, search, status chips) in the address
// so a reload or a shared link shows the same view. The chips count what the search finds per status.
// Export CSV reads every page of the filtered, sorted set. A table from lg up (sortable headers), cards
// below it (a Sort by select). Dialogs load the application they act on by id.
import {
  Banknote,
  CalendarPlus,
  FilePen,
  FileSearch,
  FolderOpen,
  HandCoins,
  Pencil,
  Send,
  Trash2,
  UserRound,
  X,
} from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { AdminApplicationRow } from '../../../shared/schemas/admin-lists';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { CreditScoreBadge } from '../../components/credit-score-badge';
import { CsvExportButton, CsvExportProgress, useCsvExport } from '../../components/csv-export';
import { EmptyState } from '../../components/empty-state';
import {
  ListSearchField,
  PagedListBody,
  SortSelect,
  useClampPage,
  useListState,
} from '../../components/list-controls';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { SortableTableHead } from '../../components/ui/sortable-table-head';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useDialogRoute } from '../../hooks/use-dialog-route';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { type ApplicationDialogKind, applicationDialogs } from '../../lib/application-dialog-routes';
import { formatCount, formatCountOf, formatDate, formatZar, formatZarWhole } from '../../lib/format';
import { ariaSort, nextSort, type PageSize } from '../../lib/list-params';
import { cn } from '../../lib/utils';
import { AddPaymentDialog } from './add-payment-dialog';
import { AdminApplicationDetailsDialog } from './application-details-dialog';
import {
  APPLICATION_SORT_FIRST_DESCENDING,
  APPLICATION_SORT_OPTIONS,
  type ApplicationSortColumn,
  type ApplicationsListState,
  adminRowActions,
  applicantName,
  applicationsApiQuery,
  applicationsStateFromParams,
  applicationsStateToParams,
  applicationTypeLabel,
  hasApplicationFilters,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  toggled,
} from './application-filters';
import {
  fetchAdminApplicationsPage,
  useAdminApplicationsPage,
  useDeleteApplication,
} from './applications-api';
import { buildApplicationsCsv, csvFileName } from './applications-csv';
import { EditApplicationDialog } from './edit-application-dialog';
import { updateFailedMessage } from './edit-status-change';
import { RecordPayoutDialog } from './record-payout-dialog';
import { SetupRepaymentDialog } from './setup-repayment-dialog';

type DialogKind = ApplicationDialogKind;
type Row = AdminApplicationRow;

interface RowHandlers {
  open: (kind: DialogKind, application: Row) => void;
  remove: (application: Row) => void;
  deletingId: number | null;
}

interface SortHandlers {
  sort: ApplicationsListState['sort'];
  onSort: (column: ApplicationSortColumn) => void;
}

const NOUN = ['application', 'applications'] as const;

export function ApplicationsTab() {
  const [state, update] = useListState(applicationsStateFromParams, applicationsStateToParams);
  const list = useAdminApplicationsPage(state);
  const remove = useDeleteApplication();
  const dialog = useDialogRoute(applicationDialogs, (search) => {
    search.set('tab', 'applications');
    return { pathname: '/admin', search: search.toString() };
  });

  const page = list.data;
  const rows = page?.data ?? [];
  const filtering = hasApplicationFilters(state);
  const updating = list.isPlaceholderData || (list.isFetching && !list.isPending);
  const goToPage = useCallback((next: number) => update({ page: next }), [update]);
  const pastEnd = useClampPage(
    state.page,
    state.pageSize,
    page ? { total: page.total, rows: rows.length, settled: !list.isPlaceholderData } : null,
    goToPage,
  );

  const dialogId = dialog.idOf;
  const close = (open: boolean) => {
    if (!open) dialog.close();
  };
  const clearFilters = () => update({ search: '', status: [] });
  const onSort = (column: ApplicationSortColumn) =>
    update((current) => ({
      sort: nextSort(current.sort, column, APPLICATION_SORT_FIRST_DESCENDING[column]),
    }));

  const csv = useCsvExport<Row>({
    fetchPage: (pageNumber, pageSize) =>
      fetchAdminApplicationsPage(
        applicationsApiQuery({ ...state, page: pageNumber, pageSize: pageSize as PageSize }),
      ),
    keyOf: (row) => row.id,
    build: buildApplicationsCsv,
    fileName: () => csvFileName(),
    noun: NOUN,
  });

  const handlers: RowHandlers = {
    open: (kind, application) => dialog.show(kind, application.id),
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

  const body = (
    <PagedListBody
      query={list}
      pastEnd={pastEnd}
      skeleton={<ListSkeleton />}
      empty={
        <EmptyState
          icon={<FolderOpen aria-hidden="true" />}
          title={filtering ? 'No applications match your filters' : 'No applications yet'}
          className="py-12"
        >
          <p>
            {filtering
              ? 'Try another search or clear the filters.'
              : 'Applications that creators submit in this dashboard mode appear here.'}
          </p>
          {filtering ? (
            <Button variant="outline" onClick={clearFilters}>
              Clear filters
            </Button>
          ) : null}
        </EmptyState>
      }
      pager={{
        label: 'Applications pages',
        page: state.page,
        pageSize: state.pageSize,
        noun: NOUN,
        onPageChange: goToPage,
        onPageSizeChange: (pageSize) => update({ pageSize }),
        className: 'rounded-xl border border-border bg-white p-3',
      }}
    >
      <ApplicationsTable rows={rows} handlers={handlers} sorting={{ sort: state.sort, onSort }} />
      <ApplicationCards rows={rows} handlers={handlers} />
    </PagedListBody>
  );

  const counts = page?.statusCounts;
  return (
    <section aria-labelledby="admin-applications-heading" className="grid min-w-0 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="admin-applications-heading" className="text-xl font-semibold text-slate-900">
            Applications
          </h2>
          <p className="text-sm text-slate-600">Review, approve and service financing applications.</p>
        </div>
        <CsvExportButton
          csv={csv}
          disabled={!page || page.total === 0 || list.isPlaceholderData}
          className="w-full sm:w-auto"
        />
      </div>

      <CsvExportProgress csv={csv} label="Exporting applications" />

      <div className="grid gap-3 rounded-xl border border-border bg-white p-4">
        <div className="grid gap-3 lg:grid-cols-1">
          <ListSearchField
            label="Search applications"
            value={state.search}
            onSearch={(search) => update({ search })}
            placeholder="Name, business, e-mail or ID"
          />
          <SortSelect
            className="lg:hidden"
            value={state.sort}
            options={APPLICATION_SORT_OPTIONS}
            onChange={(sort) => update({ sort })}
          />
        </div>
        <StatusChips
          chosen={state.status}
          counts={counts}
          onToggle={(status) => update({ status: toggled(state.status, status) })}
          onClear={filtering ? clearFilters : undefined}
        />
        <div className="flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          {page ? (
            <p data-testid="applications-count">
              {filtering
                ? `${formatCountOf(page.total, 'application')} match`
                : formatCountOf(page.total, 'application')}
            </p>
          ) : null}
          {updating ? (
            <span className="flex items-center gap-1.5" role="status">
              <Spinner /> Updating…
            </span>
          ) : null}
          {page && list.isError && !list.isPlaceholderData ? (
            <span role="alert" className="text-amber-900">
              Could not refresh the list: {messageOf(list.error, 'Failed to fetch data')}
            </span>
          ) : null}
        </div>
      </div>

      {body}

      <EditApplicationDialog applicationId={dialogId('edit')} onOpenChange={close} />
      <EditApplicationDialog applicationId={dialogId('approve')} onOpenChange={close} startWith="approve" />
      <EditApplicationDialog applicationId={dialogId('reject')} onOpenChange={close} startWith="reject" />
      <SetupRepaymentDialog applicationId={dialogId('setup')} onOpenChange={close} />
      <SetupRepaymentDialog applicationId={dialogId('changeOffer')} onOpenChange={close} changing />
      <RecordPayoutDialog applicationId={dialogId('payout')} onOpenChange={close} />
      <AddPaymentDialog applicationId={dialogId('payment')} onOpenChange={close} />
      <AdminApplicationDetailsDialog applicationId={dialogId('details')} onOpenChange={close} />
    </section>
  );
}

type StatusChip = (typeof STATUS_FILTERS)[number];

/** The status chips, each with how many applications the search finds in it; Clear filters while any is on. */
function StatusChips({
  chosen,
  counts,
  onToggle,
  onClear,
}: {
  chosen: ApplicationsListState['status'];
  counts: Partial<Record<StatusChip, number>> | undefined;
  onToggle: (status: StatusChip) => void;
  onClear: (() => void) | undefined;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">Filter by status</legend>
      <div className="flex flex-wrap gap-2">
        {STATUS_FILTERS.map((status) => {
          const pressed = chosen.includes(status);
          const count = counts ? formatCount(counts[status] ?? 0) : null;
          return (
            <button
              key={status}
              type="button"
              aria-pressed={pressed}
              onClick={() => onToggle(status)}
              className={cn(
                'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                pressed
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {STATUS_FILTER_LABELS[status]}
              {count !== null ? (
                <>
                  <span className="sr-only"> ({count})</span>
                  <span
                    aria-hidden="true"
                    className={cn(
                      'rounded-full px-1.5 text-xs tabular-nums',
                      pressed ? 'bg-white/20' : 'bg-slate-100 text-slate-600',
                    )}
                  >
                    {count}
                  </span>
                </>
              ) : null}
            </button>
          );
        })}
        {onClear ? (
          <Button variant="ghost" size="sm" onClick={onClear} className="rounded-full">
            <X aria-hidden="true" />
            Clear filters
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

function ApplicantCell({ application, nameId }: { application: Row; nameId: string }) {
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

function Balance({ application }: { application: Row }) {
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
  application: Row;
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
  const primaryWidth = compact ? undefined : 'w-full min-[420px]:w-auto';
  // The step this application waits for: an offer to make, an offer the creator is reading (which may be changed),
  // the payout of an accepted agreement, or payments on a loan.
  const primary = actions.setupRepayment ? (
    <Button
      size="sm"
      className={primaryWidth}
      aria-describedby={describedBy}
      onClick={() => handlers.open('setup', application)}
    >
      <CalendarPlus aria-hidden="true" />
      Setup Repayment
    </Button>
  ) : actions.changeOffer ? (
    <div
      className={cn(
        'flex items-center gap-2',
        compact ? 'flex-col items-end gap-1' : 'flex-wrap justify-between',
      )}
    >
      <span className="flex items-center gap-1.5 text-sm font-medium text-sky-800">
        <Send className="size-4" aria-hidden="true" />
        Offer sent
      </span>
      <Button
        size="sm"
        variant="outline"
        className={primaryWidth}
        aria-describedby={describedBy}
        onClick={() => handlers.open('changeOffer', application)}
      >
        <FilePen aria-hidden="true" />
        Change Offer
      </Button>
    </div>
  ) : actions.recordPayout ? (
    <Button
      size="sm"
      className={primaryWidth}
      aria-describedby={describedBy}
      onClick={() => handlers.open('payout', application)}
    >
      <HandCoins aria-hidden="true" />
      Record Payout
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
      {/* Offered only where the server deletes: no schedule, so no money has moved. */}
      {actions.remove ? (
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
      ) : null}
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

function ApplicationsTable({
  rows,
  handlers,
  sorting,
}: {
  rows: Row[];
  handlers: RowHandlers;
  sorting: SortHandlers;
}) {
  const head = (column: ApplicationSortColumn, label: string, align?: 'right') => (
    <SortableTableHead
      direction={ariaSort(sorting.sort, column)}
      onSort={() => sorting.onSort(column)}
      align={align}
    >
      {label}
    </SortableTableHead>
  );
  return (
    <div className="hidden overflow-hidden rounded-xl border border-border bg-white lg:block">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {head('createdAt', 'Date')}
            <TableHead scope="col">Applicant</TableHead>
            <TableHead scope="col">Type</TableHead>
            {head('requestedAmount', 'Amount', 'right')}
            <TableHead scope="col" className="text-right">
              Revenue
            </TableHead>
            {head('creditScore', 'Credit Score')}
            {head('status', 'Status')}
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
                  {application.topUpOfApplicationId !== null ? (
                    <span className="block text-xs font-medium text-emerald-800">
                      Top-up of #{application.topUpOfApplicationId}
                    </span>
                  ) : null}
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
                  <ApplicationStatusBadge
                    status={application.status}
                    forgiven={Boolean(application.repaymentSchedule?.forgiven)}
                  />
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

function ApplicationCards({ rows, handlers }: { rows: Row[]; handlers: RowHandlers }) {
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
                  {application.topUpOfApplicationId !== null ? (
                    <p className="text-xs font-medium text-emerald-800">
                      #{application.id} · Top-up of #{application.topUpOfApplicationId}
                    </p>
                  ) : null}
                </div>
                <ApplicationStatusBadge
                  status={application.status}
                  forgiven={Boolean(application.repaymentSchedule?.forgiven)}
                />
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
