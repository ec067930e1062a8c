// Lending-management calls (spec section 7) as TanStack Query options and hooks. Every read of this page
// shares the ['/api/lending-management'] prefix, so one invalidation refreshes the cards and the table
// after earnings are recorded or an application is cancelled.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DashboardMode } from '../../../../shared/constants';
import type { lendingCancelSchema, recordEarningsSchema } from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api';
import { filtersQueryString, type LendingFilters } from './lending-filters';
import type { AdminUserListItem, LendingRow, LendingSummary, Platform, RecordEarningsAnswer } from './types';

export const LENDING_QUERY_KEY = ['/api/lending-management'] as const;

// The global default is "never stale"; lending figures change whenever anyone records a payment, so this
// page re-reads them each time it mounts (and keeps the last figures on screen meanwhile).
const FRESH_ON_MOUNT = { staleTime: 0 } as const;

export function lendingSummaryQueryOptions(filters: LendingFilters) {
  return queryOptions({
    queryKey: [...LENDING_QUERY_KEY, 'summary', filters] as const,
    queryFn: async () =>
      (
        await apiRequest<{ data: LendingSummary }>(
          'GET',
          `/api/lending-management/summary${filtersQueryString(filters)}`,
        )
      ).data,
    placeholderData: keepPreviousData,
    ...FRESH_ON_MOUNT,
  });
}

export function lendingDetailsQueryOptions(filters: LendingFilters) {
  return queryOptions({
    queryKey: [...LENDING_QUERY_KEY, 'details', filters] as const,
    queryFn: async () =>
      (
        await apiRequest<{ data: LendingRow[] }>(
          'GET',
          `/api/lending-management/details${filtersQueryString(filters)}`,
        )
      ).data,
    placeholderData: keepPreviousData,
    ...FRESH_ON_MOUNT,
  });
}

export function useLendingSummary(filters: LendingFilters) {
  return useQuery(lendingSummaryQueryOptions(filters));
}

export function useLendingDetails(filters: LendingFilters) {
  return useQuery(lendingDetailsQueryOptions(filters));
}

// The next three keep the raw answer under the path as key (the app's default reader's convention), so the
// cache entry has the same shape whichever admin screen fills it; `select` picks what this page needs.

export function usePlatforms() {
  return useQuery({
    queryKey: ['/api/platform-management'],
    queryFn: () => apiRequest<{ data: Platform[] }>('GET', '/api/platform-management'),
    select: (answer: { data: Platform[] }) => answer.data,
  });
}

export function useDashboardMode() {
  return useQuery({
    queryKey: ['/api/platform-management/dashboard/mode'],
    queryFn: () =>
      apiRequest<{ data: { mode: DashboardMode } }>('GET', '/api/platform-management/dashboard/mode'),
    select: (answer: { data: { mode: DashboardMode } }) => answer.data.mode,
  });
}

export interface ClientOption {
  value: string;
  label: string;
}

/** Users who have applied at least once, by name: the Client filter's choices. */
export function clientOptions(users: ReadonlyArray<AdminUserListItem>): ClientOption[] {
  return users
    .filter((u) => u.applicationCount > 0)
    .map((u) => {
      const name = `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();
      return { value: String(u.id), label: name ? `${name} (${u.username})` : u.username };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en-ZA'));
}

export function useClients() {
  return useQuery({
    queryKey: ['/api/admin/users'],
    queryFn: () => apiRequest<AdminUserListItem[]>('GET', '/api/admin/users'),
    select: clientOptions,
  });
}

function useInvalidateLending() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: LENDING_QUERY_KEY }),
      // The admin panel's lists show the same balances and statuses.
      queryClient.invalidateQueries({ queryKey: ['/api/admin/applications'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
    ]);
}

export type RecordEarningsInput = z.input<typeof recordEarningsSchema>;

export function useRecordEarnings() {
  const invalidate = useInvalidateLending();
  return useMutation({
    mutationFn: (body: RecordEarningsInput) =>
      apiRequest<RecordEarningsAnswer>('POST', '/api/lending-management/record-earnings', body),
    onSuccess: invalidate,
  });
}

export function useCancelLendingApplication() {
  const invalidate = useInvalidateLending();
  return useMutation({
    mutationFn: (body: z.input<typeof lendingCancelSchema>) =>
      apiRequest<{ message: string }>('POST', '/api/lending-management/cancel-application', body),
    onSuccess: invalidate,
  });
}
