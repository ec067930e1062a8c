// The Users tab of /admin (spec section 2, "Admin panel", Users tab): search by name or username, a role
// dropdown per user, a status badge, View (to /admin/users/{id}) and Impersonate. The list refetches every
// 30 s. A table from md up, stacked cards below it.
import { useQuery } from '@tanstack/react-query';
import { Eye, RefreshCw, Search, UserRoundCog } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { messageOf } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useUser } from '../auth/api';
import { useStartImpersonation } from './impersonation';
import { type AdminUserListItem, adminUsersQueryOptions } from './users-api';
import { RoleSelect } from './users-role-select';
import { canImpersonate, filterUsers, fullName } from './users-selectors';
import { UsersEmpty, UsersErrorPanel, UsersSkeleton } from './users-states';
import { UserStatusBadge } from './users-status-badge';

type Impersonation = ReturnType<typeof useStartImpersonation>;

const countLabel = (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`;

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
}: {
  rows: AdminUserListItem[];
  meId: number | undefined;
  impersonation: Impersonation;
}) {
  return (
    <div className="hidden md:block">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col">User</TableHead>
            <TableHead scope="col">Role</TableHead>
            <TableHead scope="col">Status</TableHead>
            <TableHead scope="col" className="text-right">
              Applications
            </TableHead>
            <TableHead scope="col">Joined</TableHead>
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
                <UserStatusBadge status={user.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{user.applicationCount}</TableCell>
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
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Role</dt>
              <dd className="flex justify-end">
                <RoleSelect user={user} />
              </dd>
              <dt className="text-slate-600">Applications</dt>
              <dd className="text-right tabular-nums">{user.applicationCount}</dd>
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

export function UsersTab() {
  const query = useQuery(adminUsersQueryOptions);
  const me = useUser();
  const impersonation = useStartImpersonation();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const users = query.data;
  const rows = users ? filterUsers(users, search) : [];
  const searching = search.trim() !== '';

  let body: ReactNode;
  if (query.isPending) {
    body = <UsersSkeleton label="Loading users…" />;
  } else if (!users) {
    body = (
      <UsersErrorPanel
        title="Error Loading Data"
        message={messageOf(query.error, 'Failed to fetch users')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (rows.length === 0) {
    body = searching ? (
      <UsersEmpty title="No users found">
        <p>No one's name or username matches “{search.trim()}”.</p>
        <Button variant="link" size="sm" onClick={() => setSearch('')}>
          Clear search
        </Button>
      </UsersEmpty>
    ) : (
      <UsersEmpty title="No users yet">
        <p>Creators appear here as soon as they register.</p>
      </UsersEmpty>
    );
  } else {
    body = (
      <>
        <UsersTable rows={rows} meId={me?.id} impersonation={impersonation} />
        <UsersCards rows={rows} meId={me?.id} impersonation={impersonation} />
      </>
    );
  }

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Users</CardTitle>
          <CardDescription>Manage roles, review accounts, or view the platform as a creator.</CardDescription>
        </div>
        <div className="grid w-full gap-1.5 sm:w-72">
          <Label htmlFor={searchId} className="sr-only">
            Search users
          </Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search by name or username"
              autoComplete="off"
              className="pl-9"
            />
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {users ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {searching ? `${rows.length} of ${countLabel(users.length)}` : countLabel(users.length)}
          </p>
        ) : null}
        {users && query.isError ? (
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
