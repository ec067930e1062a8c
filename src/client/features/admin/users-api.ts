// Admin user calls (spec section 7: GET /api/admin/users, GET and PATCH /api/admin/users/{id}) as
// TanStack Query options and hooks. The list refetches every 30 s; the details share one cache entry
// between the /admin/users/{id} screen and the User Details view of the Application Details dialog.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { USERS_POLL_MS, type UserRole, type UserStatus } from '../../../shared/constants';
import type { adminUserPatchSchema } from '../../../shared/schemas/admin';
import { apiRequest } from '../../lib/api';
import type { Application } from '../applications/types';

/** A user as admins see it: the account number masked to its last 4 digits by the server. */
export interface AdminUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  country: string;
  city: string;
  creatorType: string;
  bio: string | null;
  role: UserRole;
  status: UserStatus;
  verified: boolean;
  socialMediaData: Record<string, unknown> | null;
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountType: string | null;
  createdAt: string;
}

export interface AdminUserListItem extends AdminUser {
  applicationCount: number;
}

export interface AdminUserDetail extends AdminUser {
  adminNotes: string | null;
  lastStatusChange: string | null;
  statusChangeReason: string | null;
}

export interface AdminUserPayment {
  id: number;
  applicationId: number;
  amount: string;
  platformFee: string | null;
  notes: string | null;
  paymentDate: string;
}

export interface AdminAction {
  id: number;
  userId: number | null;
  adminId: number | null;
  action: string;
  notes: string | null;
  createdAt: string;
  /** The admin who acted; null for the user's own actions and the system's. */
  admin: { id: number; firstName: string; lastName: string } | null;
}

export interface AdminUserDetails {
  user: AdminUserDetail;
  applications: Application[];
  payments: AdminUserPayment[];
  adminActions: AdminAction[];
}

export type AdminUserPatch = z.input<typeof adminUserPatchSchema>;

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;

export const adminUsersQueryOptions = queryOptions({
  queryKey: ADMIN_USERS_KEY,
  queryFn: () => apiRequest<AdminUserListItem[]>('GET', ADMIN_USERS_KEY[0]),
  refetchInterval: USERS_POLL_MS,
});

export const adminUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, userId] as const,
    queryFn: () => apiRequest<AdminUserDetails>('GET', `${ADMIN_USERS_KEY[0]}/${userId}`),
  });

interface PatchAnswer {
  success: true;
  user: AdminUser;
}

/**
 * PATCH a user's role or status. The answer replaces the row in the list at once; the details (status
 * history, actions log) are read again because the server wrote an audit row.
 */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AdminUserPatch }) =>
      apiRequest<PatchAnswer>('PATCH', `${ADMIN_USERS_KEY[0]}/${id}`, patch),
    onSuccess: async (answer, { id }) => {
      queryClient.setQueryData<AdminUserListItem[]>(ADMIN_USERS_KEY, (list) =>
        list?.map((row) => (row.id === id ? { ...row, ...answer.user } : row)),
      );
      queryClient.setQueryData<AdminUserDetails>([...ADMIN_USERS_KEY, id], (details) =>
        details ? { ...details, user: { ...details.user, ...answer.user } } : details,
      );
      await queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, id], exact: true });
    },
  });
}
