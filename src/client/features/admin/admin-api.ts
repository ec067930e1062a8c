// The admin panel shell's calls: the overview figures, the platforms and the dashboard mode.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DashboardMode } from '../../../shared/constants';
import type { AdminOverview } from '../../../shared/schemas/admin-applications';
import type {
  DashboardModeAnswer,
  PlatformAnswer,
  platformCreateSchema,
} from '../../../shared/schemas/platform-management';
import {
  DASHBOARD_MODE_KEY,
  dashboardModeQueryOptions,
  invalidateAdminData,
  PLATFORMS_KEY,
  platformsQueryOptions,
} from '../../lib/admin-queries';
import { apiRequest } from '../../lib/api';

/** GET /api/admin/overview, computed by the server in the dashboard mode. */
export type { AdminOverview };

const ADMIN_OVERVIEW_KEY = ['/api/admin/overview'] as const;

const adminOverviewQueryOptions = queryOptions({
  queryKey: ADMIN_OVERVIEW_KEY,
  queryFn: () => apiRequest<AdminOverview>('GET', ADMIN_OVERVIEW_KEY[0]),
});

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions);
}

export function usePlatforms() {
  return useQuery(platformsQueryOptions);
}

export function useDashboardMode() {
  return useQuery(dashboardModeQueryOptions);
}

/** The body of POST /api/platform-management. */
type PlatformInput = z.input<typeof platformCreateSchema>;

export function useCreatePlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PlatformInput) =>
      (await apiRequest<PlatformAnswer>('POST', PLATFORMS_KEY[0], input)).data,
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
