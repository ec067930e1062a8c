// The dashboard's own reads (decision 019). Monthly Earnings is computed on the server from the profile's
// platforms and the manual platforms of the creator's applications, which Settings, /apply and an admin's
// proof review all change: it is read afresh each time the dashboard mounts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthlyEarningsAnswer } from '../../../shared/schemas/dashboard';
import { apiRequest } from '../../lib/api';

export type { MonthlyEarningsAnswer };

export const MONTHLY_EARNINGS_QUERY_KEY = ['/api/dashboard/earnings'] as const;

export const monthlyEarningsQueryOptions = queryOptions({
  queryKey: MONTHLY_EARNINGS_QUERY_KEY,
  queryFn: () => apiRequest<MonthlyEarningsAnswer>('GET', MONTHLY_EARNINGS_QUERY_KEY[0]),
  refetchOnMount: 'always',
});

export function useMonthlyEarnings() {
  return useQuery(monthlyEarningsQueryOptions);
}
