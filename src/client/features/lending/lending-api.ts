// Lending-management calls as TanStack Query options and hooks. Every read of this page
// shares the ['/api/lending-management'] prefix, so one invalidation refreshes the cards and the table
// after earnings are recorded or an application is cancelled.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminApplicationAnswer } from '../../../shared/schemas/admin-applications';
import type { DefaultCohort, LendingDetailsPage } from '../../../shared/schemas/admin-lists';
import type { SettlementAnswer, settleQuoteSchema } from '../../../shared/schemas/admin-loans';
import type {
  LendingSummaryAnswer,
  lendingCancelSchema,
  recordEarningsSchema,
} from '../../../shared/schemas/lending';
import type { OpenSettlementQuotesAnswer } from '../../../shared/schemas/servicing';
import { dashboardModeQueryOptions, platformsQueryOptions } from '../../lib/admin-queries';
import { apiRequest } from '../../lib/api';
import { APPLICATIONS_QUERY_KEY } from '../../lib/query-keys';
import {
  detailsQueryString,
  filtersQueryString,
  type LendingFilters,
  type LendingListState,
} from './lending-filters';
import type { RecordEarningsAnswer } from './types';

const LENDING_QUERY_KEY = ['/api/lending-management'] as const;

// The global default is "never stale"; lending figures change whenever anyone records a payment, so this
// page re-reads them each time it mounts (and keeps the last figures on screen meanwhile).
const FRESH_ON_MOUNT = { staleTime: 0 } as const;

function lendingSummaryQueryOptions(filters: LendingFilters) {
  return queryOptions({
    queryKey: [...LENDING_QUERY_KEY, 'summary', filters] as const,
    meta: { errorToast: 'Failed to fetch summary data' },
    queryFn: async () =>
      (
        await apiRequest<LendingSummaryAnswer>(
          'GET',
          `/api/lending-management/summary${filtersQueryString(filters)}`,
        )
      ).data,
    placeholderData: keepPreviousData,
    ...FRESH_ON_MOUNT,
  });
}

/** One page of the Lending Data rows. */
export function fetchLendingDetailsPage(query: string): Promise<LendingDetailsPage> {
  return apiRequest<LendingDetailsPage>('GET', `/api/lending-management/details${query}`);
}

function lendingDetailsQueryOptions(filters: LendingFilters, list: LendingListState) {
  const query = detailsQueryString(filters, list);
  return queryOptions({
    queryKey: [...LENDING_QUERY_KEY, 'details', query] as const,
    meta: { errorToast: 'Failed to fetch lending data' },
    queryFn: () => fetchLendingDetailsPage(query),
    placeholderData: keepPreviousData,
    ...FRESH_ON_MOUNT,
  });
}

/** Default rates by payout month, in the dashboard's world (the filter's mode). */
export function useDefaultCohorts(mode: LendingFilters['mode']) {
  return useQuery(
    queryOptions({
      queryKey: [...LENDING_QUERY_KEY, 'default-cohorts', mode] as const,
      meta: { errorToast: 'Failed to fetch default cohorts' },
      queryFn: async () =>
        (
          await apiRequest<{ success: true; data: DefaultCohort[] }>(
            'GET',
            `/api/lending-management/default-cohorts${mode ? `?mode=${mode}` : ''}`,
          )
        ).data,
      ...FRESH_ON_MOUNT,
    }),
  );
}

export function useLendingSummary(filters: LendingFilters) {
  return useQuery(lendingSummaryQueryOptions(filters));
}

export function useLendingDetails(filters: LendingFilters, list: LendingListState) {
  return useQuery(lendingDetailsQueryOptions(filters, list));
}

// The platforms and the dashboard mode are read under the same keys as the admin panel's (lib/admin-queries),
// with the same query options, so whichever screen fills the cache first, the other reads the same shape
// (the admin panel's link leads here with both already cached).

export function usePlatforms() {
  return useQuery(platformsQueryOptions);
}

export function useDashboardMode() {
  return useQuery(dashboardModeQueryOptions);
}

// The Client filter's picker asks the users list for 20 matches at a time (userPickerQueryOptions) and names
// the chosen client by id (adminUserQueryOptions): it never loads every user.

/** 'Naledi Khumalo (naledi@example.com)', or the e-mail alone for a user without a name. */
export function clientLabel(user: { firstName?: string | null; lastName?: string | null; username: string }) {
  const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  return name ? `${name} (${user.username})` : user.username;
}

const SETTLEMENT_QUOTES_KEY = ['/api/admin/settlement-quotes'] as const;

/** Open early-settlement quotes, still valid today: the settlements to watch the bank account for. */
export function useOpenSettlementQuotes() {
  return useQuery({
    queryKey: SETTLEMENT_QUOTES_KEY,
    queryFn: async () => (await apiRequest<OpenSettlementQuotesAnswer>('GET', SETTLEMENT_QUOTES_KEY[0])).data,
    // A creator may ask for a quote at any time: read the list again whenever the page mounts.
    ...FRESH_ON_MOUNT,
  });
}

function useInvalidateLending() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: LENDING_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SETTLEMENT_QUOTES_KEY }),
      // The admin panel's lists and a loan's instalments show the same balances and statuses.
      queryClient.invalidateQueries({ queryKey: ['/api/admin/applications'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
      queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
    ]);
}

type RecordEarningsInput = z.input<typeof recordEarningsSchema>;

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
      apiRequest<AdminApplicationAnswer>('POST', '/api/lending-management/cancel-application', body),
    onSuccess: invalidate,
  });
}

/** POST /api/admin/settlement-quotes/{id}/settle (201). */
type SettleQuoteAnswer = SettlementAnswer;

export function useSettleQuote() {
  const invalidate = useInvalidateLending();
  return useMutation({
    mutationFn: ({ quoteId, body }: { quoteId: number; body: z.output<typeof settleQuoteSchema> }) =>
      apiRequest<SettleQuoteAnswer>('POST', `${SETTLEMENT_QUOTES_KEY[0]}/${quoteId}/settle`, body),
    onSuccess: invalidate,
  });
}
