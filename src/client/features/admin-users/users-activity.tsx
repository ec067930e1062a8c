// The history blocks of /admin/users/{id}: the user's applications (each linking to its details and, for a loan
// being repaid, to Add Payment), their payments, and the admin-actions log. Lists rather than tables, so they read the same
// at 390 px and on a desktop.
import { Banknote, ClipboardList, Eye, FileText, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { receivedByText } from '../../../shared/payment-channels';
import { isServicedStatus } from '../../../shared/status-machine';
import { ApplicationStatusBadge } from '../../components/application-status-badge';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Pager } from '../../components/ui/pager';
import { applicationDialogPath, returnHere } from '../../lib/application-dialog-routes';
import { formatDate, formatZar, formatZarWhole } from '../../lib/format';
import { applicationDisplayName, newestFirst } from '../applications';
import type { AdminAction, AdminUserDetails, AdminUserPayment, HistoryPage } from './users-api';
import { actionLabel, formatDateTime, fullName } from './users-selectors';

function EmptyLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-5 text-sm text-slate-600 [&_svg]:size-4 [&_svg]:shrink-0">
      {icon}
      {children}
    </p>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** An application on the user's page: its schedule without the payments (the Payments card pages them). */
type UserApplication = AdminUserDetails['applications'][number];

export function UserApplicationsCard({ applications }: { applications: UserApplication[] }) {
  const rows = newestFirst(applications);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Applications</CardTitle>
        <CardDescription>
          {rows.length === 1 ? '1 application' : `${rows.length} applications`}, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <EmptyLine icon={<FileText aria-hidden="true" />}>
            This user has not applied for financing yet.
          </EmptyLine>
        ) : (
          <ul className="grid gap-3" aria-label="Applications">
            {rows.map((application) => {
              const schedule = application.repaymentSchedule;
              // The stored balance: the ledger's truth (a settled or written-off loan keeps what it was left at).
              const balance = schedule ? schedule.remainingAmount : null;
              return (
                <li
                  key={application.id}
                  className="grid gap-3 rounded-lg border border-border bg-white p-4"
                  data-testid={`user-application-${application.id}`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">
                      <span className="text-slate-500">#{application.id}</span>{' '}
                      {applicationDisplayName(application)}
                    </p>
                    <ApplicationStatusBadge
                      status={application.status}
                      forgiven={Boolean(application.repaymentSchedule?.forgiven)}
                    />
                  </div>
                  <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                    <Figure term="Amount">
                      {formatZarWhole(application.requestedAmount, { currency: application.currency })}
                    </Figure>
                    <Figure term="Date">{formatDate(application.createdAt)}</Figure>
                    <Figure term="Credit score">{application.creditScore ?? 'N/A'}</Figure>
                    <Figure term="Remaining balance">
                      {balance === null
                        ? 'No schedule'
                        : formatZar(balance, { currency: schedule?.currency ?? application.currency })}
                    </Figure>
                  </dl>
                  <ApplicationLinks application={application} />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A page of history: the card's list, and the pager under it once there is more than a page. */
interface PagedHistory<T> {
  page: HistoryPage<T>;
  busy: boolean;
  onPageChange: (page: number) => void;
}

function HistoryPager<T>({
  history,
  label,
  noun,
}: {
  history: PagedHistory<T>;
  label: string;
  noun: readonly [string, string];
}) {
  const { page, busy, onPageChange } = history;
  if (page.total <= page.pageSize && page.page === 1) return null;
  return (
    <Pager
      label={label}
      page={page.page}
      pageSize={page.pageSize}
      total={page.total}
      rowsShown={page.rows.length}
      noun={noun}
      busy={busy}
      onPageChange={onPageChange}
      className="mt-4"
    />
  );
}

export function UserPaymentsCard({ history }: { history: PagedHistory<AdminUserPayment> }) {
  const payments = history.page.rows;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Payments</CardTitle>
        <CardDescription>Repayments recorded against this user's applications, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.page.total === 0 ? (
          <EmptyLine icon={<Wallet aria-hidden="true" />}>No payments recorded.</EmptyLine>
        ) : (
          <ul
            className="divide-y divide-border rounded-lg border border-border bg-white"
            aria-label="Payments"
          >
            {payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-4">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 tabular-nums">
                    <span className={payment.reversedOn ? 'line-through' : undefined}>
                      {formatZar(payment.amount)}
                    </span>
                    {payment.reversedOn ? (
                      <span className="ml-2 text-sm font-medium text-red-700">
                        Reversed on {formatDate(payment.reversedOn)}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatDate(payment.paymentDate)} · Application #{payment.applicationId}
                    {payment.platformFee && Number(payment.platformFee) > 0
                      ? ` · Platform fee ${formatZar(payment.platformFee)}`
                      : ''}
                  </p>
                </div>
                <p className="min-w-0 text-sm text-slate-700 [overflow-wrap:anywhere] sm:max-w-[50%] sm:text-right">
                  {[receivedByText(payment), payment.notes?.trim()].filter(Boolean).join(' · ') || '-'}
                </p>
              </li>
            ))}
          </ul>
        )}
        <HistoryPager history={history} label="Payments pages" noun={['payment', 'payments']} />
      </CardContent>
    </Card>
  );
}

export function AdminActionsCard({ history }: { history: PagedHistory<AdminAction> }) {
  const actions = history.page.rows;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Admin actions log</CardTitle>
        <CardDescription>Every change to this account and its applications, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.page.total === 0 ? (
          <EmptyLine icon={<ClipboardList aria-hidden="true" />}>Nothing has been recorded yet.</EmptyLine>
        ) : (
          <ol className="grid gap-3" aria-label="Admin actions log">
            {actions.map((entry) => (
              <li
                key={entry.id}
                className="grid gap-1 rounded-lg border border-border bg-white p-4 text-sm"
                data-testid="admin-action"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-semibold text-slate-900">{actionLabel(entry.action)}</p>
                  <p className="text-slate-600 tabular-nums">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </p>
                </div>
                {entry.notes?.trim() ? (
                  <p className="text-slate-700 [overflow-wrap:anywhere]">{entry.notes}</p>
                ) : null}
                <p className="text-slate-600">
                  By{' '}
                  {entry.admin
                    ? fullName(entry.admin)
                    : entry.adminId
                      ? `admin #${entry.adminId}`
                      : 'the user or the system'}
                </p>
              </li>
            ))}
          </ol>
        )}
        <HistoryPager history={history} label="Admin actions pages" noun={['action', 'actions']} />
      </CardContent>
    </Card>
  );
}

/**
 * The application's dialogs, at their own addresses over the Applications tab: closing one comes back here. Add
 * Payment only where the loan takes one (being repaid or in default, with a balance).
 */
function ApplicationLinks({ application }: { application: UserApplication }) {
  const location = useLocation();
  const schedule = application.repaymentSchedule;
  const takesPayment = Boolean(schedule) && isServicedStatus(application.status);
  const link = buttonVariants({ variant: 'outline', size: 'sm' });
  const name = `application #${application.id}`;
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={applicationDialogPath('details', application.id)}
        state={returnHere(location)}
        className={link}
        aria-label={`View details of ${name}`}
      >
        <Eye aria-hidden="true" />
        View Details
      </Link>
      {takesPayment ? (
        <Link
          to={applicationDialogPath('payment', application.id)}
          state={returnHere(location)}
          className={link}
          aria-label={`Add a payment to ${name}`}
        >
          <Banknote aria-hidden="true" />
          Add Payment
        </Link>
      ) : null}
    </div>
  );
}
