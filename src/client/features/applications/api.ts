// The creator's application calls as TanStack Query hooks (the reads' options are in queries.ts). The list
// is the ['/api/applications'] query, polled every second while the tab is visible: the browser revalidates it
// with its ETag, so an unchanged list costs a 304 with no body. One application's detail (with the score
// breakdown the list leaves out) is ['/api/applications', id], read once.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatorPlanMethod } from '../../../shared/finance/repayment-plan';
import type { OwnPaymentsPage } from '../../../shared/schemas/applications';
import { apiRequest } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';
import { APPLICATIONS_QUERY_KEY } from '../../lib/query-keys';
import { USER_QUERY_KEY } from '../../lib/session';
import { applicationQueryOptions, applicationsQueryOptions, applyEligibilityQueryOptions } from './queries';
import { schedulePayload } from './selectors';
import type {
  ApplicationAnswer,
  ListedApplication,
  PreviewTermsAnswer,
  StatementAnswer,
  StoredQuote,
} from './types';

export function useApplications() {
  return useQuery(applicationsQueryOptions);
}

/** The list read once when `enabled`, not polled (a form that starts from one of the creator's applications). */
export function useApplicationsOnce(enabled: boolean) {
  return useQuery({ ...applicationsQueryOptions, enabled, refetchInterval: false });
}

export function useApplyEligibility(version = '') {
  return useQuery(applyEligibilityQueryOptions(version));
}

export function useApplication(applicationId: number) {
  return useQuery(applicationQueryOptions(applicationId));
}

/** POST, but a read: the terms the server would store for this application's platform-earnings plan. */
export function previewTermsQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, applicationId, 'preview-terms'] as const,
    queryFn: () =>
      apiRequest<PreviewTermsAnswer>('POST', `/api/applications/${applicationId}/preview-terms`, {}),
    // Terms depend on the score and amount, which can change while the dialog is closed.
    staleTime: 0,
    gcTime: 0,
  });
}

export function usePreviewTerms(applicationId: number, enabled: boolean) {
  return useQuery({ ...previewTermsQueryOptions(applicationId), enabled });
}

export function useCancelApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<ApplicationAnswer>('POST', `/api/applications/${id}/cancel`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY, exact: true }),
  });
}

/**
 * The creator chooses their plan: accepting the quote their preview showed (`quoteId`, docs/lending.md "The quote is
 * the contract"). The application reads accepted; nothing is paid out until an admin records the payout.
 */
export function useSetupRepayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      application,
      method,
      quoteId,
    }: {
      application: ListedApplication;
      method: CreatorPlanMethod;
      /** The stored quote the dialog showed; without it the server makes the plan's quote at that moment. */
      quoteId: number | undefined;
    }) =>
      apiRequest<ApplicationAnswer>('POST', `/api/applications/${application.id}/schedule`, {
        ...schedulePayload(application, method),
        ...(quoteId === undefined ? {} : { quoteId }),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]),
  });
}

/**
 * GET /api/applications/{id}/quote: the quote on the creator's table (the accepted one, else the open offer, else
 * their plan's open quote). Read afresh each time a dialog opens: an admin may have changed the offer since.
 */
export function currentQuoteQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, applicationId, 'quote'] as const,
    queryFn: () => apiRequest<StoredQuote>('GET', `/api/applications/${applicationId}/quote`),
    staleTime: 0,
  });
}

export function useCurrentQuote(applicationId: number) {
  return useQuery(currentQuoteQueryOptions(applicationId));
}

/** The creator accepts a stored quote of theirs (the admin's offer): the application reads accepted. */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, quoteId }: { applicationId: number; quoteId: number }) =>
      apiRequest<ApplicationAnswer>('POST', `/api/applications/${applicationId}/accept`, { quoteId }),
    onSuccess: (_answer, { applicationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: currentQuoteQueryOptions(applicationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]),
  });
}

export function statementQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, applicationId, 'statement'] as const,
    queryFn: () => apiRequest<StatementAnswer>('GET', `/api/applications/${applicationId}/statement`),
  });
}

export function useStatement(applicationId: string, enabled = true) {
  return useQuery({ ...statementQueryOptions(applicationId), enabled });
}

/** "Download PDF": the statement made on the server, saved as a file; resolves to its name. */
export function useDownloadStatementPdf() {
  return useMutation({
    mutationFn: (applicationId: string) =>
      downloadFromApi(`/api/applications/${applicationId}/statement/pdf`, {
        accept: 'application/pdf',
        fallbackName: `vuka-capital-statement-${applicationId}.pdf`,
      }),
  });
}

/**
 * The documents of the agreement (docs/compliance.md, "Pre-agreement statement and the agreement"): a stored quote's
 * pre-agreement statement and quotation (Form 20), or, without a quote id, the agreement the creator accepted (s93);
 * made on the server and saved as a file. Resolves to its name.
 */
export function useDownloadCreditDocument() {
  return useMutation({
    mutationFn: ({ applicationId, quoteId }: { applicationId: number; quoteId?: number }) =>
      quoteId === undefined
        ? downloadFromApi(`/api/applications/${applicationId}/agreement/pdf`, {
            accept: 'application/pdf',
            fallbackName: `vuka-agreement-${applicationId}.pdf`,
          })
        : downloadFromApi(`/api/applications/${applicationId}/quotes/${quoteId}/pdf`, {
            accept: 'application/pdf',
            fallbackName: `vuka-quote-${applicationId}-${quoteId}.pdf`,
          }),
  });
}

/**
 * A page of one application's payments, newest first (the plan card's All Payments): the polled list sends only the
 * latest few. Kept while the next page loads, so the dialog does not jump.
 */
export function useOwnPayments(applicationId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, applicationId, 'payments', page] as const,
    queryFn: () =>
      apiRequest<OwnPaymentsPage>('GET', `/api/applications/${applicationId}/payments?page=${page}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}
