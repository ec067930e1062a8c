// The admin Applications tab's and dialogs' calls as TanStack Query options and mutation hooks. Every figure is the
// server's; after a change the admin queries are invalidated so the lists and the overview refetch.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminApplicationAnswer,
  AdminApplicationDetails,
  adminApplicationPatchSchema,
  adminPreviewTermsSchema,
  adminScheduleSchema,
  ProofReviewAnswer,
  ProofReviewDecision,
  payoutSchema,
} from '../../../shared/schemas/admin-applications';
import type { AdminApplicationsPage } from '../../../shared/schemas/admin-lists';
import type {
  addPaymentSchema,
  PaymentAnswer,
  reversePaymentSchema,
} from '../../../shared/schemas/admin-loans';
import { invalidateAdminData } from '../../lib/admin-queries';
import { ApiError, apiRequest, INVALID_JSON_MESSAGE } from '../../lib/api';
import { type ApprovalPendingAnswer, isPendingApproval } from '../../lib/approvals';
import type { PreviewTermsAnswer } from '../applications';
import type { AdminApplication } from './admin-types';
import { type ApplicationsListState, applicationsApiQuery } from './application-filters';

const ADMIN_APPLICATIONS_KEY = ['/api/admin/applications'] as const;

// ---------------------------------------------------------------------------------------------------
// Reads

/** One page of GET /api/admin/applications for the query text of applicationsApiQuery. */
export function fetchAdminApplicationsPage(query: string): Promise<AdminApplicationsPage> {
  return apiRequest<AdminApplicationsPage>('GET', `${ADMIN_APPLICATIONS_KEY[0]}?${query}`);
}

/**
 * One page of the Applications tab. The key holds the query text, under the 'list' segment so it never
 * meets a details key ([path, id]); invalidating ADMIN_APPLICATIONS_KEY refreshes both. While the next page
 * loads the last one stays on screen (marked as updating).
 */
function adminApplicationsPageQueryOptions(state: ApplicationsListState) {
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
function adminApplicationDetailsQueryOptions(id: number) {
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

/** The body of POST /api/admin/applications/{id}/preview-terms. */
export type PreviewInput = z.input<typeof adminPreviewTermsSchema>;

/** POST, but a read: the terms the server would price for these inputs. One cache entry per input. */
function adminPreviewQueryOptions(id: number, input: PreviewInput) {
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

// ---------------------------------------------------------------------------------------------------
// Changes

/** The body of PATCH /api/admin/applications/{id}. */
export type ApplicationPatch = z.input<typeof adminApplicationPatchSchema>;

/**
 * The application as saved, or the request that waits for a second person (a score change, or an approval above the
 * configured amount: decision 028).
 */
export function usePatchApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      patch,
    }: {
      id: number;
      patch: ApplicationPatch;
    }): Promise<AdminApplicationAnswer['data'] | ApprovalPendingAnswer> => {
      const answer = await apiRequest<AdminApplicationAnswer | ApprovalPendingAnswer>(
        'PATCH',
        `${ADMIN_APPLICATIONS_KEY[0]}/${id}`,
        patch,
      );
      return isPendingApproval(answer) ? answer : answer.data;
    },
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/** Verify or reject a proof of earnings; the application's score may change, so admin data refetches. */
export function useReviewProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: ProofReviewDecision; reason?: string }) =>
      apiRequest<ProofReviewAnswer>('POST', `/api/admin/proof-files/${id}/review`, {
        decision,
        ...(reason ? { reason } : {}),
      }),
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

/**
 * The body of POST /api/applications/{id}/repayment-schedule: the admin's setup, an offer the creator accepts before
 * anything is paid out (the application reads offered).
 */
type ScheduleInput = z.input<typeof adminScheduleSchema>;

export function useSetupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: ScheduleInput }) =>
      (await apiRequest<AdminApplicationAnswer>('POST', `/api/applications/${id}/repayment-schedule`, input))
        .data,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/** The body of POST /api/admin/applications/{id}/payout. */
export type PayoutInput = z.input<typeof payoutSchema>;

/** Asks for the payout of an accepted agreement: once a second person approves it the loan starts. */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PayoutInput }) =>
      apiRequest<ApprovalPendingAnswer>('POST', `${ADMIN_APPLICATIONS_KEY[0]}/${id}/payout`, input),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/** The body of POST /api/admin/applications/{id}/payments. */
type PaymentInput = z.input<typeof addPaymentSchema>;

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
        await apiRequest<PaymentAnswer>('POST', `${ADMIN_APPLICATIONS_KEY[0]}/${id}/payments`, input, {
          'Idempotency-Key': idempotencyKey,
        })
      ).data,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/**
 * A defaulted loan's loss actions, each approved by a second person (docs/lending.md): writing it off the books, then
 * forgiving what the written-off loan still owes.
 */
export type LossAction = 'write_off' | 'forgive';
const LOSS_ACTION_PATHS: Record<LossAction, string> = { write_off: 'write-off', forgive: 'forgive' };

export function useLossAction(action: LossAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<ApprovalPendingAnswer>(
        'POST',
        `${ADMIN_APPLICATIONS_KEY[0]}/${id}/${LOSS_ACTION_PATHS[action]}`,
        {
          reason,
        },
      ),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/** The body of POST /api/admin/payments/{id}/reverse. */
type ReversalInput = z.input<typeof reversePaymentSchema>;

/** Asks to reverse a payment (bounced, or recorded in error); once approved it stays listed and counts for nothing. */
export function useReversePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, input }: { paymentId: number; input: ReversalInput }) =>
      apiRequest<ApprovalPendingAnswer>('POST', `/api/admin/payments/${paymentId}/reverse`, input),
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
