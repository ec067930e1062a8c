// /admin/users/{id}: who the user is (the User
// Details tabs), their account status and role, applications, payments and the admin-actions log, and
// Impersonate for creators.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, UserRoundCog, UserRoundX } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isStaff, mayDo, STAFF_ROLE_DESCRIPTIONS } from '../../../shared/staff-roles';
import { EmptyState } from '../../components/empty-state';
import { PageContainer, PageHeader } from '../../components/page-header';
import { QueryErrorPanel } from '../../components/query-error-panel';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { useAddressSearch } from '../../hooks/use-address-search';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { ApiError, messageOf } from '../../lib/api';
import { listViewHref } from '../../lib/list-memory';
import { useUser } from '../../lib/session';
import { useStartImpersonation } from '../impersonation';
import { DeletionRequestNotice } from './deletion-request';
import { UserDetailsTabs } from './user-details-tabs';
import { AdminActionsCard, UserApplicationsCard, UserPaymentsCard } from './users-activity';
import { type AdminUserDetails, adminUserQueryOptions, useResetStaffMfa } from './users-api';
import { RoleSelect } from './users-role-select';
import { balanceOwed, canImpersonate, fullName, roleLabel } from './users-selectors';
import { UsersSkeleton } from './users-states';
import { UserStatusCard } from './users-status-card';

function BackLink() {
  return (
    <Link to={listViewHref('/admin')} className={buttonVariants({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      Back to Admin Panel
    </Link>
  );
}

function RoleCard({ details }: { details: AdminUserDetails }) {
  const me = useUser();
  const isSelf = me?.id === details.user.id;
  const { role } = details.user;
  const mayAdminister = me ? mayDo(me.role, 'administer') : false;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Role</CardTitle>
        <CardDescription>
          {isSelf
            ? 'You cannot remove your own admin role.'
            : isStaff(role)
              ? STAFF_ROLE_DESCRIPTIONS[role]
              : 'A creator: applies for financing and repays it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <RoleSelect user={details.user} />
        {mayAdminister && !isSelf && isStaff(role) ? <ResetAuthenticator user={details.user} /> : null}
      </CardContent>
    </Card>
  );
}

/** A colleague lost their phone and recovery codes: forget their authenticator, after a confirmation. */
function ResetAuthenticator({ user }: { user: AdminUserDetails['user'] }) {
  const reset = useResetStaffMfa();
  const [open, setOpen] = useState(false);
  const name = fullName(user);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="outline" disabled={reset.isPending} onClick={() => setOpen(true)}>
        {reset.isPending ? <Spinner label="Resetting…" /> : <KeyRound aria-hidden="true" />}
        Reset authenticator
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset {name}'s authenticator?</AlertDialogTitle>
          <AlertDialogDescription>
            For a lost phone whose recovery codes are gone too. {name} is signed out everywhere and sets up a
            new authenticator app at their next sign-in; their role stays {roleLabel(user.role)}.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button
            type="button"
            onClick={() => {
              setOpen(false);
              reset.mutate(user.id, {
                onSuccess: ({ message }) => toast({ title: 'Authenticator reset', description: message }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Reset failed',
                    description: messageOf(error, 'Could not reset the authenticator'),
                  }),
              });
            }}
          >
            Reset authenticator
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

type Histories = {
  payments: ComponentProps<typeof UserPaymentsCard>['history'];
  actions: ComponentProps<typeof AdminActionsCard>['history'];
};

function UserScreen({ details, histories }: { details: AdminUserDetails; histories: Histories }) {
  const { user } = details;
  const impersonation = useStartImpersonation();
  const name = fullName(user);
  return (
    <PageContainer>
      <PageHeader
        title={name}
        description={<span className="[overflow-wrap:anywhere]">{user.username}</span>}
        actions={
          <>
            <BackLink />
            {canImpersonate(user) ? (
              <Button
                variant="outline"
                className="border-amber-400 text-amber-950 hover:bg-amber-50"
                loading={impersonation.isPending}
                onClick={() => impersonation.start(user)}
              >
                {impersonation.isPending ? null : <UserRoundCog aria-hidden="true" />}
                Impersonate<span className="sr-only"> {name}</span>
              </Button>
            ) : null}
          </>
        }
      />
      {/*
        One column on phones: status and role first (what an admin comes to change), then the details and
        history, the log last. From lg: details and history on the left; status, role and the log on the
        right. The left block spans both rows and the second row is 1fr, so it never stretches the first.
      */}
      <DeletionRequestNotice user={user} />
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="grid min-w-0 gap-6 lg:col-start-3 lg:row-start-1">
          <UserStatusCard user={user} owed={balanceOwed(details.applications)} />
          <RoleCard details={details} />
          {user.adminNotes?.trim() ? (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Admin notes</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm whitespace-pre-line text-slate-700">{user.adminNotes}</p>
              </CardContent>
            </Card>
          ) : null}
        </div>
        <div className="grid min-w-0 gap-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Card>
            <CardHeader>
              <CardTitle as="h2">User details</CardTitle>
            </CardHeader>
            <CardContent>
              <UserDetailsTabs userId={user.id} />
            </CardContent>
          </Card>
          <UserApplicationsCard applications={details.applications} />
          <UserPaymentsCard history={histories.payments} />
        </div>
        <div className="min-w-0 lg:col-start-3 lg:row-start-2">
          <AdminActionsCard history={histories.actions} />
        </div>
      </div>
    </PageContainer>
  );
}

function LoadingScreen() {
  return (
    <PageContainer>
      <div className="grid gap-3">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-48 max-w-full" />
      </div>
      <UsersSkeleton label="Loading user details…" />
    </PageContainer>
  );
}

function NotFound({ id }: { id: string | undefined }) {
  return (
    <PageContainer>
      <PageHeader title="User not found" actions={<BackLink />} />
      <EmptyState icon={<UserRoundX />} title="No user with this id" headingLevel={2} className="py-14">
        <p>There is no user #{id ?? ''}. They may have been removed; pick someone from the Users tab.</p>
      </EmptyState>
    </PageContainer>
  );
}

function InvalidId({ id }: { id: string | undefined }) {
  useDocumentTitle('User not found');
  return <NotFound id={id} />;
}

/** A page number from the address (?payments=2): a whole number from 1, else the first page. */
function pageParam(params: URLSearchParams, name: string): number {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

function UserPageLoader({ userId }: { userId: number }) {
  // The pages of the payments and of the log are in the address, so a reload or a link shows the same ones.
  const [params, replaceSearch] = useAddressSearch();
  const paymentsPage = pageParam(params, 'payments');
  const actionsPage = pageParam(params, 'actions');
  const query = useQuery(adminUserQueryOptions(userId, { paymentsPage, actionsPage }));
  const goTo = (name: 'payments' | 'actions') => (page: number) =>
    replaceSearch({ [name]: page > 1 ? String(page) : null });
  const details = query.data;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(
    details ? `${fullName(details.user)} - Users` : missing ? 'User not found' : 'User details',
  );

  if (query.isPending) return <LoadingScreen />;
  if (!details) {
    if (missing) return <NotFound id={String(userId)} />;
    return (
      <PageContainer>
        <PageHeader title="User details" actions={<BackLink />} />
        <QueryErrorPanel
          query={query}
          title="Error Loading User Details"
          message="Failed to load user details. Please try again."
          detail={messageOf(query.error, 'Failed to fetch user details')}
        />
      </PageContainer>
    );
  }
  const busy = query.isPlaceholderData;
  return (
    <UserScreen
      details={details}
      histories={{
        payments: { page: details.payments, busy, onPageChange: goTo('payments') },
        actions: { page: details.adminActions, busy, onPageChange: goTo('actions') },
      }}
    />
  );
}

export function AdminUserPage() {
  const { id } = useParams();
  const userId = Number(id);
  if (!id || !Number.isInteger(userId) || userId <= 0) return <InvalidId id={id} />;
  // Keyed by id so moving between users starts each screen afresh (dialogs closed, forms reset).
  return <UserPageLoader key={userId} userId={userId} />;
}
