// Admin user calls (GET /api/admin/users, GET and PATCH /api/admin/users/{id}) as
// TanStack Query options and hooks. The list is paged by the server and refetches every 30 s;
// the details share one cache entry between the /admin/users/{id} screen and the User Details view of the
// Application Details dialog.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { USERS_POLL_MS } from '../../../shared/constants';
import type { AdminUsersPage } from '../../../shared/schemas/admin-lists';
import type {
  AdminUserAnswer,
  AdminUserDetails,
  Applicant,
  adminUserPatchSchema,
} from '../../../shared/schemas/admin-users';
import { apiRequest, pollHeaders } from '../../lib/api';
import { APPROVALS_KEY, type ApprovalPendingAnswer, isPendingApproval } from '../../lib/approvals';
import { type UsersListState, usersApiQuery } from './users-selectors';

// What the admin user routes answer, inferred from their response schemas (src/shared/schemas/admin-users.ts).
/** A user as admins see it: the account number masked to its last 4 digits by the server. */
export type AdminUser = Applicant;
/** The user on GET /api/admin/users/{id}: with the admins' notes and the last status change. */
export type AdminUserDetail = AdminUserDetails['user'];
export type AdminUserPayment = AdminUserDetails['payments']['rows'][number];
/** An entry of the actions log; `admin` is null for the user's own actions and the system's. */
export type AdminAction = AdminUserDetails['adminActions']['rows'][number];
/** A page of the user's payments or of their actions log. */
export type HistoryPage<T> = { rows: T[]; total: number; page: number; pageSize: number };
export type { AdminUserDetails };

export type AdminUserPatch = z.input<typeof adminUserPatchSchema>;

const ADMIN_USERS_KEY = ['/api/admin/users'] as const;

/** Every cached page of the list lives under this prefix (never meeting a details key, [path, id]). */
const ADMIN_USERS_LIST_KEY = [...ADMIN_USERS_KEY, 'list'] as const;

/** One page of GET /api/admin/users for the query text of usersApiQuery. */
function fetchAdminUsersPage(query: string, headers?: Record<string, string>): Promise<AdminUsersPage> {
  return apiRequest<AdminUsersPage>('GET', `${ADMIN_USERS_KEY[0]}?${query}`, undefined, headers);
}

/**
 * One page of the Users tab, asked again every 30 s while it is on screen (the server answers 304 when
 * nothing changed). The last page stays on screen while the next loads.
 */
export function adminUsersPageQueryOptions(state: UsersListState) {
  const query = usersApiQuery(state);
  return queryOptions({
    queryKey: [...ADMIN_USERS_LIST_KEY, query] as const,
    queryFn: (context) => fetchAdminUsersPage(query, pollHeaders(context)),
    refetchInterval: USERS_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The lending page's client picker: the first 20 users whose id, name or e-mail match, A to Z. An empty
 * search lists the first 20 by name.
 */
export function userPickerQueryOptions(search: string) {
  const params = new URLSearchParams({ page: '1', pageSize: '20', sort: 'name' });
  if (search) params.set('search', search);
  const query = params.toString();
  return queryOptions({
    queryKey: [...ADMIN_USERS_LIST_KEY, query] as const,
    queryFn: () => fetchAdminUsersPage(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * A user's details with one page of their payments and of the actions log (the first of each unless asked). Every
 * page is under [path, userId], so a change to the user reads them all again; the page on screen stays while the
 * next loads.
 */
export const adminUserQueryOptions = (
  userId: number,
  pages: { paymentsPage?: number; actionsPage?: number } = {},
) => {
  const paymentsPage = pages.paymentsPage ?? 1;
  const actionsPage = pages.actionsPage ?? 1;
  const query = new URLSearchParams();
  if (paymentsPage > 1) query.set('paymentsPage', String(paymentsPage));
  if (actionsPage > 1) query.set('actionsPage', String(actionsPage));
  const search = query.toString();
  return queryOptions({
    queryKey: [...ADMIN_USERS_KEY, userId, paymentsPage, actionsPage] as const,
    queryFn: () =>
      apiRequest<AdminUserDetails>('GET', `${ADMIN_USERS_KEY[0]}/${userId}${search ? `?${search}` : ''}`),
    placeholderData: keepPreviousData,
  });
};

/**
 * PATCH a user's role or status. The answer replaces the row in the list at once; the details (status
 * history, actions log) are read again because the server wrote an audit row.
 */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    // A role change waits for a second admin (202): nothing to write into the lists yet.
    mutationFn: ({ id, patch }: { id: number; patch: AdminUserPatch }) =>
      apiRequest<AdminUserAnswer | ApprovalPendingAnswer>('PATCH', `${ADMIN_USERS_KEY[0]}/${id}`, patch),
    onSuccess: async (answer, { id }) => {
      if (isPendingApproval(answer)) {
        await queryClient.invalidateQueries({ queryKey: APPROVALS_KEY });
        return;
      }
      const { role, status, firstName, lastName, username, verified } = answer.user;
      queryClient.setQueriesData<AdminUsersPage>({ queryKey: ADMIN_USERS_LIST_KEY }, (page) =>
        page
          ? {
              ...page,
              data: page.data.map((row) =>
                row.id === id ? { ...row, role, status, firstName, lastName, username, verified } : row,
              ),
            }
          : page,
      );
      queryClient.setQueriesData<AdminUserDetails>({ queryKey: [...ADMIN_USERS_KEY, id] }, (details) =>
        details ? { ...details, user: { ...details.user, ...answer.user } } : details,
      );
      // A filtered page may no longer hold the user (a role or status filter): read the pages again too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, id] }),
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_LIST_KEY }),
      ]);
    },
  });
}

/** An admin forgets a colleague's authenticator; the details are read again for the actions log. */
export function useResetStaffMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ success: true; message: string }>('POST', `${ADMIN_USERS_KEY[0]}/${id}/reset-mfa`),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, id] }),
  });
}
