// The applications list, the apply eligibility and one application's detail as query options, apart from the
// hooks and mutations in api.ts: this module pulls in nothing but the fetch wrapper, so the router can start
// the dashboard's reads while the page's own code is still loading (app/router.tsx) without that code joining
// every page's bundle.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { APPLICATIONS_POLL_MS } from '../../../shared/constants';
import { apiRequest, pollHeaders } from '../../lib/api';
import { APPLICATIONS_QUERY_KEY } from '../../lib/query-keys';
import type { Application, ApplyEligibility, ListedApplication } from './types';

export const applicationsQueryOptions = queryOptions({
  queryKey: APPLICATIONS_QUERY_KEY,
  queryFn: (context) =>
    apiRequest<ListedApplication[]>('GET', APPLICATIONS_QUERY_KEY[0], undefined, pollHeaders(context)),
  refetchInterval: APPLICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
});

/**
 * May the creator apply now (and if not, which open application keeps them from it), and has their loan
 * earned a top-up: the server's answer (GET /api/applications/eligibility), never worked out here. `version`
 * ties the answer to what the caller last saw of the list (the dashboard passes its polled list's state), so
 * it is read again when an application changes; the key sits under the list's, so whatever invalidates the
 * list does too.
 */
export function applyEligibilityQueryOptions(version = '') {
  return queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'eligibility', version] as const,
    queryFn: () => apiRequest<ApplyEligibility>('GET', '/api/applications/eligibility'),
    // Fresh for a few seconds, so that the dashboard's loader's read (app/router.tsx) serves the page as it
    // mounts instead of a second request; a change to the list makes a new key and a new read at once.
    staleTime: 10_000,
    // While a new version is read, the last answer stays on screen (no flicker of the apply button).
    placeholderData: keepPreviousData,
  });
}

/** What the dashboard's list says about each application that the eligibility answer depends on. */
export function applicationsVersion(applications: ReadonlyArray<ListedApplication> | undefined): string {
  return (applications ?? [])
    .map((a) => `${a.id}:${a.status}:${a.repaymentSchedule?.remainingAmount ?? ''}`)
    .join(',');
}

/** One application with its score breakdown; it does not change after scoring, so it is read once. */
export function applicationQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, applicationId] as const,
    queryFn: () => apiRequest<Application>('GET', `/api/applications/${applicationId}`),
  });
}
