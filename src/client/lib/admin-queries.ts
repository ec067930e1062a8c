// The admin area's shared queries: the platforms and the dashboard mode (read by the admin panel's controls
// and the lending page under the same keys and options), and the one invalidation after an admin change.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { DashboardModeAnswer, PlatformListAnswer } from '../../shared/schemas/platform-management';
import { apiRequest } from './api';
import { APPLICATIONS_QUERY_KEY } from './query-keys';

// The answers' types are inferred from the routes' response schemas (src/shared/schemas/admin-applications.ts and the other admin-*.ts).
export type { Platform } from '../../shared/schemas/platform-management';

export const PLATFORMS_KEY = ['/api/platform-management'] as const;
export const DASHBOARD_MODE_KEY = ['/api/platform-management/dashboard/mode'] as const;

/** Everything whose answer depends on the dashboard mode or on an application's state. */
function isAdminDataKey(key: readonly unknown[]): boolean {
  const head = key[0];
  return (
    typeof head === 'string' && (head.startsWith('/api/admin') || head.startsWith('/api/lending-management'))
  );
}

/**
 * A price preview (POST .../preview-terms, a read): only for an application whose status still allows one. After a
 * change it is marked stale but not asked for again at once: the change may have moved the application to a status
 * the server prices no preview for (rejected: 409), and the dialog learns that only from the refetched details.
 */
function isPreviewKey(key: readonly unknown[]): boolean {
  return key.includes('preview-terms');
}

export function invalidateAdminData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => isAdminDataKey(query.queryKey) && !isPreviewKey(query.queryKey),
    }),
    queryClient.invalidateQueries({
      predicate: (query) => isPreviewKey(query.queryKey),
      refetchType: 'none',
    }),
    // A loan's instalments and position (GET /api/applications/{id}/servicing) change with every payment,
    // setup or restructure, whichever dialog made it.
    queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  ]);
}

export const platformsQueryOptions = queryOptions({
  queryKey: PLATFORMS_KEY,
  meta: { errorToast: 'Failed to fetch platforms' },
  queryFn: async () => (await apiRequest<PlatformListAnswer>('GET', PLATFORMS_KEY[0])).data,
});

export const dashboardModeQueryOptions = queryOptions({
  queryKey: DASHBOARD_MODE_KEY,
  meta: { errorToast: 'Failed to fetch dashboard mode' },
  queryFn: async () => (await apiRequest<DashboardModeAnswer>('GET', DASHBOARD_MODE_KEY[0])).data.mode,
});
