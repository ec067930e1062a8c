// The /admin page's calls (spec section 7) as TanStack Query options and mutation hooks. Every figure is the
// server's; after a change the admin queries are invalidated so the lists and the overview refetch.
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { DashboardMode } from '../../../shared/constants';
import type { ProofReviewDecision } from '../../../shared/schemas/admin';
import type { AdminApplicationsPage } from '../../../shared/schemas/admin-lists';
import { ApiError, apiRequest, INVALID_JSON_MESSAGE } from '../../lib/api';
import { SERVICING_QUERY_ROOT } from '../../lib/servicing-api';
import type { Application, PreviewTermsAnswer } from '../applications/types';
import type {
  AdminApplication,
  AdminApplicationDetails,
  AdminMutationAnswer,
  AdminOverview,
  DashboardModeAnswer,
  PaymentAnswerData,
  Platform,
} from './admin-types';
import { type ApplicationsListState, applicationsApiQuery } from './application-filters';

export const ADMIN_OVERVIEW_KEY = ['/api/admin/overview'] as const;
export const ADMIN_APPLICATIONS_KEY = ['/api/admin/applications'] as const;
export const PLATFORMS_KEY = ['/api/platform-management'] as const;
export const DASHBOARD_MODE_KEY = ['/api/platform-management/dashboard/mode'] as const;

/** Everything whose answer depends on the dashboard mode or on an application's state. */
function isAdminDataKey(key: readonly unknown[]): boolean {
  const head = key[0];
  return (
    typeof head === 'string' && (head.startsWith('/api/admin') || head.startsWith('/api/lending-management'))
  );
}

export function invalidateAdminData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => isAdminDataKey(query.queryKey) }),
    // A loan's instalments and position (GET /api/applications/{id}/servicing) change with every payment,
    // setup or restructure, whichever dialog made it.
    queryClient.invalidateQueries({ queryKey: SERVICING_QUERY_ROOT }),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Reads

export const adminOverviewQueryOptions = queryOptions({
  queryKey: ADMIN_OVERVIEW_KEY,
  queryFn: () => apiRequest<AdminOverview>('GET', ADMIN_OVERVIEW_KEY[0]),
});

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions);
}

/** One page of GET /api/admin/applications for the query text of applicationsApiQuery. */
export function fetchAdminApplicationsPage(query: string): Promise<AdminApplicationsPage> {
  return apiRequest<AdminApplicationsPage>('GET', `${ADMIN_APPLICATIONS_KEY[0]}?${query}`);
}

/**
 * One page of the Applications tab. The key holds the query text, under the 'list' segment so it never
 * meets a details key ([path, id]); invalidating ADMIN_APPLICATIONS_KEY refreshes both. While the next page
 * loads the last one stays on screen (marked as updating).
 */
export function adminApplicationsPageQueryOptions(state: ApplicationsListState) {
  const query = applicationsApiQuery(state);
  return queryOptions({
    queryKey: [...ADMIN_APPLICATIONS_KEY, 'list', query] as const,
    queryFn: () => fetchAdminApplicationsPage(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminApplicationsPage(state: ApplicationsListState) {
  return useQuery(adminApplicationsPageQueryOptions(state));
}

/**
 * GET /api/admin/applications/{id}: the application with its schedule and payments, its applicant and proofs.
 * Every dialog reads the application from here (the list's rows carry only what the table shows).
 */
export function adminApplicationDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...ADMIN_APPLICATIONS_KEY, id] as const,
    queryFn: () => apiRequest<AdminApplicationDetails>('GET', `${ADMIN_APPLICATIONS_KEY[0]}/${id}`),
    // Opened to check the latest state: always ask again when a dialog opens.
    staleTime: 0,
  });
}

export function useAdminApplicationDetails(id: number) {
  return useQuery(adminApplicationDetailsQueryOptions(id));
}

/** The application with its applicant, as the Edit, Setup Repayment and Add Payment dialogs read it. */
export function withApplicant(details: AdminApplicationDetails): AdminApplication {
  return { ...details.application, user: details.user };
}

export interface PreviewInput {
  requestedAmount?: number;
  estimatedPeriod?: number;
}

/** POST, but a read: the terms the server would price for these inputs. One cache entry per input. */
export function adminPreviewQueryOptions(id: number, input: PreviewInput) {
  return queryOptions({
    queryKey: [...ADMIN_APPLICATIONS_KEY, id, 'preview-terms', input] as const,
    queryFn: () =>
      apiRequest<PreviewTermsAnswer>('POST', `${ADMIN_APPLICATIONS_KEY[0]}/${id}/preview-terms`, input),
    staleTime: 0,
    gcTime: 30_000,
  });
}

export function useAdminPreviewTerms(id: number, input: PreviewInput, enabled: boolean) {
  // While new inputs are priced the last figures stay on screen (marked as updating) instead of flickering.
  return useQuery({ ...adminPreviewQueryOptions(id, input), enabled, placeholderData: keepPreviousData });
}

export const platformsQueryOptions = queryOptions({
  queryKey: PLATFORMS_KEY,
  queryFn: async () =>
    (await apiRequest<{ success: boolean; data: Platform[] }>('GET', PLATFORMS_KEY[0])).data,
});

export function usePlatforms() {
  return useQuery(platformsQueryOptions);
}

export const dashboardModeQueryOptions = queryOptions({
  queryKey: DASHBOARD_MODE_KEY,
  queryFn: async () => (await apiRequest<DashboardModeAnswer>('GET', DASHBOARD_MODE_KEY[0])).data.mode,
});

export function useDashboardMode() {
  return useQuery(dashboardModeQueryOptions);
}

// ---------------------------------------------------------------------------------------------------
// Changes

export interface PlatformInput {
  name: string;
  description?: string;
  websiteUrl?: string;
  logoUrl?: string;
}

export function useCreatePlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PlatformInput) =>
      (await apiRequest<{ success: boolean; data: Platform }>('POST', PLATFORMS_KEY[0], input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLATFORMS_KEY }),
  });
}

export function useSetDashboardMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mode: DashboardMode) =>
      (await apiRequest<DashboardModeAnswer>('POST', DASHBOARD_MODE_KEY[0], { mode })).data.mode,
    onSuccess: async (mode) => {
      queryClient.setQueryData(DASHBOARD_MODE_KEY, mode);
      // The lists and the overview are computed in the mode: ask for them again.
      await invalidateAdminData(queryClient);
    },
  });
}

export interface ApplicationPatch {
  /** Written for the creator; required with status 'rejected'. */
  rejectionReason?: string;
  status?: string;
  notes?: string;
  requestedAmount?: number;
  estimatedPeriod?: number;
  /** true makes an application under review a test application (decision 008). */
  testing?: boolean;
}

export function usePatchApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: ApplicationPatch }) =>
      (
        await apiRequest<AdminMutationAnswer<Application>>(
          'PATCH',
          `${ADMIN_APPLICATIONS_KEY[0]}/${id}`,
          patch,
        )
      ).data,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/** Verify or reject a proof of earnings; the application's score may change, so admin data refetches. */
export function useReviewProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ProofReviewDecision }) =>
      apiRequest<AdminMutationAnswer<{ reviewStatus: ProofReviewDecision }>>(
        'POST',
        `/api/admin/proof-files/${id}/review`,
        { decision },
      ),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>('DELETE', `${ADMIN_APPLICATIONS_KEY[0]}/${id}`),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

export interface ScheduleInput {
  frequency: 'automatic' | 'monthly' | 'biweekly';
  paymentMethod: 'platform_earnings' | 'bank_debit' | 'manual';
  withholdingPercentage: number;
  estimatedPeriod: number;
}

export function useSetupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: ScheduleInput }) =>
      (
        await apiRequest<AdminMutationAnswer<Application>>(
          'POST',
          `/api/applications/${id}/repayment-schedule`,
          input,
        )
      ).data,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

export interface PaymentInput {
  amount: number;
  paymentDate: string;
  notes?: string;
}

export function useAddPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      idempotencyKey,
    }: {
      id: number;
      input: PaymentInput;
      idempotencyKey: string;
    }) =>
      (
        await apiRequest<AdminMutationAnswer<PaymentAnswerData>>(
          'POST',
          `${ADMIN_APPLICATIONS_KEY[0]}/${id}/payments`,
          input,
          { 'Idempotency-Key': idempotencyKey },
        )
      ).data,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

export interface RestructureAnswer {
  success: true;
  message: string;
  data: { instalments: number; installmentAmount: string; nextPaymentDate: string };
}

/** Renegotiation: the remaining balance over a new period of 1-36 months, at no extra cost. */
export function useRestructureLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estimatedPeriod }: { id: number; estimatedPeriod: number }) =>
      apiRequest<RestructureAnswer>('POST', `${ADMIN_APPLICATIONS_KEY[0]}/${id}/restructure`, {
        estimatedPeriod,
      }),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/** Whether a failed call's body could not be read as the API's JSON (the "server error" wording applies). */
export function isUnreadableAnswer(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.message === INVALID_JSON_MESSAGE || (error.status >= 500 && typeof error.body !== 'object'))
  );
}

/** A fresh key per payment attempt; randomUUID needs a secure context, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
