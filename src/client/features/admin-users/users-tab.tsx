// The Users tab of /admin: one page of users at a time,
// paged, sorted and filtered (search, role, status) by the server, with the state in the address. A role
// dropdown per user, a status badge, View (to /admin/users/{id}) and Impersonate. The page refetches every
// 30 s. A table from md up (sortable headers), stacked cards below it (a Sort by select).
import { useQuery } from '@tanstack/react-query';
import { Eye, RefreshCw, UserRoundCog, Users, X } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import type { AdminUserRow } from '../../../shared/schemas/admin-lists';
import { EmptyState } from '../../components/empty-state';
import {
  ChoiceSelect,
  ListSearchField,
  PagedListBody,
  SortSelect,
  useClampPage,
  useListState,
} from '../../components/list-controls';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { SortableTableHead } from '../../components/ui/sortable-table-head';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { messageOf } from '../../lib/api';
import { formatCount, formatCountOf, formatDate } from '../../lib/format';
import { ariaSort, nextSort } from '../../lib/list-params';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { useStartImpersonation } from '../impersonation';
import { DeletionRequestBadge } from './deletion-request';
import { adminUsersPageQueryOptions } from './users-api';
import { RoleSelect } from './users-role-select';
import {
  canImpersonate,
  fullName,
  hasUserFilters,
  roleLabel,
  USER_DELETION_FILTERS,
  USER_ROLE_FILTERS,
  USER_SORT_FIRST_DESCENDING,
  USER_SORT_OPTIONS,
  USER_STATUS_FILTERS,
  type UserSortColumn,
  type UsersListState,
  usersStateFromParams,
  usersStateToParams,
} from './users-selectors';
import { UsersSkeleton } from './users-states';
import { UserStatusBadge } from './users-status-badge';

type AdminUserListItem = AdminUserRow;
const NOUN = ['user', 'users'] as const;
const ALL = 'all';

type Impersonation = ReturnType<typeof useStartImpersonation>;

function RowActions({
  user,
  impersonation,
  stretch = false,
}: {
  user: AdminUserListItem;
  impersonation: Impersonation;
  stretch?: boolean;
}) {
  const name = fullName(user);
  const width = stretch ? 'flex-1' : undefined;
  const starting = impersonation.pendingId === user.id;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link
        to={`/admin/users/${user.id}`}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), width)}
      >
        <Eye aria-hidden="true" />
        View<span className="sr-only"> {name}</span>
      </Link>
      {canImpersonate(user) ? (
        <Button
          size="sm"
          variant="ghost"
          className={cn('text-amber-900 hover:bg-amber-50', width)}
          loading={starting}
          disabled={impersonation.isPending}
          onClick={() => impersonation.start(user)}
        >
          {starting ? null : <UserRoundCog aria-hidden="true" />}
          Impersonate<span className="sr-only"> {name}</span>
        </Button>
      ) : null}
    </div>
  );
}

function NameCell({ user, isSelf }: { user: AdminUserListItem; isSelf: boolean }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
        <span className="[overflow-wrap:anywhere]">{fullName(user)}</span>
        {isSelf ? <Badge variant="outline">You</Badge> : null}
      </p>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{user.username}</p>
    </div>
  );
}

function UsersTable({
  rows,
  meId,
  impersonation,
  sort,
  onSort,
}: {
  rows: AdminUserListItem[];
  meId: number | undefined;
  impersonation: Impersonation;
  sort: UsersListState['sort'];
  onSort: (column: UserSortColumn) => void;
}) {
  const head = (column: UserSortColumn, label: string, align?: 'right') => (
    <SortableTableHead direction={ariaSort(sort, column)} onSort={() => onSort(column)} align={align}>
      {label}
    </SortableTableHead>
  );
  return (
    <div className="hidden md:block">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {head('name', 'User')}
            <TableHead scope="col">Role</TableHead>
            <TableHead scope="col">Status</TableHead>
            {head('applicationCount', 'Applications', 'right')}
            {head('createdAt', 'Joined')}
            <TableHead scope="col">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((user) => (
            <TableRow key={user.id} data-testid={`user-row-${user.id}`}>
              <TableCell className="max-w-72">
                <NameCell user={user} isSelf={user.id === meId} />
              </TableCell>
              <TableCell>
                <RoleSelect user={user} />
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center gap-1.5">
                  <UserStatusBadge status={user.status} />
                  <DeletionRequestBadge requestedAt={user.deletionRequestedAt} />
                </div>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(user.applicationCount)}</TableCell>
              <TableCell className="whitespace-nowrap text-slate-700">{formatDate(user.createdAt)}</TableCell>
              <TableCell>
                <RowActions user={user} impersonation={impersonation} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function UsersCards({
  rows,
  meId,
  impersonation,
}: {
  rows: AdminUserListItem[];
  meId: number | undefined;
  impersonation: Impersonation;
}) {
  return (
    <ul className="grid gap-3 md:hidden">
      {rows.map((user) => (
        <li key={user.id} data-testid={`user-card-${user.id}`}>
          <Card className="grid gap-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <NameCell user={user} isSelf={user.id === meId} />
              <UserStatusBadge status={user.status} />
            </div>
            {user.deletionRequestedAt ? (
              <div>
                <DeletionRequestBadge requestedAt={user.deletionRequestedAt} />
              </div>
            ) : null}
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Role</dt>
              <dd className="flex justify-end">
                <RoleSelect user={user} />
              </dd>
              <dt className="text-slate-600">Applications</dt>
              <dd className="text-right tabular-nums">{formatCount(user.applicationCount)}</dd>
              <dt className="text-slate-600">Joined</dt>
              <dd className="text-right">{formatDate(user.createdAt)}</dd>
            </dl>
            <RowActions user={user} impersonation={impersonation} stretch />
          </Card>
        </li>
      ))}
    </ul>
  );
}

function FilterSelect<V extends string>({
  label,
  value,
  values,
  allLabel,
  labelOf,
  onChange,
}: {
  label: string;
  value: V | undefined;
  values: readonly V[];
  allLabel: string;
  labelOf: (value: V) => string;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <ChoiceSelect<string>
      label={label}
      value={value ?? ALL}
      options={[{ value: ALL, label: allLabel }, ...values.map((v) => ({ value: v, label: labelOf(v) }))]}
      onChange={(next) => onChange(next === ALL ? undefined : (next as V))}
    />
  );
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export function UsersTab() {
  // A user's page is a page of its own (loaded when first opened): fetched while the list is read, so View opens it
  // at once rather than after a pause with no sign that anything happens.
  useEffect(() => {
    import('./admin-user-page').catch(() => {});
  }, []);
  const [state, update] = useListState(usersStateFromParams, usersStateToParams);
  const query = useQuery(adminUsersPageQueryOptions(state));
  const me = useUser();
  const impersonation = useStartImpersonation();
  const page = query.data;
  const rows = page?.data ?? [];
  const filtering = hasUserFilters(state);
  const goToPage = useCallback((next: number) => update({ page: next }), [update]);
  const pastEnd = useClampPage(
    state.page,
    state.pageSize,
    page ? { total: page.total, rows: rows.length, settled: !query.isPlaceholderData } : null,
    goToPage,
  );
  const clearFilters = () => update({ search: '', role: undefined, status: undefined, deletion: undefined });
  const onSort = (column: UserSortColumn) =>
    update((current) => ({ sort: nextSort(current.sort, column, USER_SORT_FIRST_DESCENDING[column]) }));

  const body = (
    <PagedListBody
      query={query}
      pastEnd={pastEnd}
      skeleton={<UsersSkeleton label="Loading users…" />}
      errorFallback="Failed to fetch users"
      empty={
        filtering ? (
          <EmptyState icon={<Users aria-hidden="true" />} title="No users found">
            <p>
              {state.search
                ? `No one's name, e-mail or id matches “${state.search}” with these filters.`
                : 'No one matches these filters.'}
            </p>
            <Button variant="link" size="sm" onClick={clearFilters}>
              Clear filters
            </Button>
          </EmptyState>
        ) : (
          <EmptyState icon={<Users aria-hidden="true" />} title="No users yet">
            <p>Creators appear here as soon as they register.</p>
          </EmptyState>
        )
      }
      pager={{
        label: 'Users pages',
        page: state.page,
        pageSize: state.pageSize,
        noun: NOUN,
        onPageChange: goToPage,
        onPageSizeChange: (pageSize) => update({ pageSize }),
        className: 'border-t border-border pt-4',
      }}
    >
      <UsersTable rows={rows} meId={me?.id} impersonation={impersonation} sort={state.sort} onSort={onSort} />
      <UsersCards rows={rows} meId={me?.id} impersonation={impersonation} />
    </PagedListBody>
  );

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Users</CardTitle>
          <CardDescription>Manage roles, review accounts, or view the platform as a creator.</CardDescription>
        </div>
        <ListSearchField
          className="w-full sm:w-72"
          label="Search users"
          hideLabel
          value={state.search}
          onSearch={(search) => update({ search })}
          placeholder="Name, e-mail or ID"
        />
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-3 md:flex md:flex-wrap md:items-end [&>*]:md:w-44">
          <FilterSelect
            label="Role"
            value={state.role}
            values={USER_ROLE_FILTERS}
            allLabel="All roles"
            labelOf={roleLabel}
            onChange={(role) => update({ role })}
          />
          <FilterSelect
            label="Status"
            value={state.status}
            values={USER_STATUS_FILTERS}
            allLabel="All statuses"
            labelOf={statusLabel}
            onChange={(status) => update({ status })}
          />
          <FilterSelect
            label="Deletion"
            value={state.deletion}
            values={USER_DELETION_FILTERS}
            allLabel="Any"
            labelOf={() => 'Requested'}
            onChange={(deletion) => update({ deletion })}
          />
          <SortSelect
            className="col-span-2 md:hidden"
            value={state.sort}
            options={USER_SORT_OPTIONS}
            onChange={(sort) => update({ sort })}
          />
          {filtering ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={clearFilters}
              className="col-span-2 justify-self-start md:w-auto"
            >
              <X aria-hidden="true" />
              Clear filters
            </Button>
          ) : null}
        </div>
        <div className="flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          {page ? (
            <p data-testid="users-count">
              {filtering ? `${formatCountOf(page.total, 'user')} match` : formatCountOf(page.total, 'user')}
            </p>
          ) : null}
          {/* Not for the 30 s refresh: only while a page the admin asked for loads. */}
          {query.isPlaceholderData ? (
            <span className="flex items-center gap-1.5" role="status">
              <Spinner /> Updating…
            </span>
          ) : null}
        </div>
        {page && query.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-amber-900">
            Could not refresh the list: {messageOf(query.error, 'Failed to fetch users')}
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" />
              Retry
            </Button>
          </p>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
}
