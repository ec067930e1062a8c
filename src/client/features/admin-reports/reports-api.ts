// The admin's reports: the NCR statistical return (Form 39) for a quarter, read for the screen and downloaded as the
// server's CSV (docs/compliance.md, "NCR statistical return (Form 39)").
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgedArrears, Form39Answer, RollRates, Vintages } from '../../../shared/schemas/reports';
import { apiRequest } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';

export type { AgedArrears, Form39Answer, RollRates, Vintages };

const FORM39_PATH = '/api/admin/reports/form-39';

/** The query string of a quarter; none asks the server for the last quarter that has ended. */
const quarterQuery = (quarter: string | null) => (quarter ? `?quarter=${encodeURIComponent(quarter)}` : '');

function form39QueryOptions(quarter: string | null) {
  return queryOptions({
    queryKey: [FORM39_PATH, quarter ?? 'last-ended'] as const,
    // Figures move with every payment and decision: read afresh each time the tab opens.
    staleTime: 0,
    queryFn: () => apiRequest<Form39Answer>('GET', `${FORM39_PATH}${quarterQuery(quarter)}`),
  });
}

/** The return of `quarter` (null: the last that has ended); the previous quarter's figures stay while the next loads. */
export function useForm39(quarter: string | null) {
  return useQuery({ ...form39QueryOptions(quarter), placeholderData: keepPreviousData });
}

/** Saves the quarter's CSV as the server writes it; resolves to the file name. */
export function useDownloadForm39Csv() {
  return useMutation({
    mutationFn: (quarter: string) =>
      downloadFromApi(`${FORM39_PATH}.csv${quarterQuery(quarter)}`, {
        accept: 'text/csv',
        fallbackName: `ncr-form-39-${quarter}.csv`,
      }),
  });
}

const AGED_ARREARS_PATH = '/api/admin/reports/aged-arrears';
const ROLL_RATES_PATH = '/api/admin/reports/roll-rates';
const periodQuery = (period: string | null) => (period ? `?period=${encodeURIComponent(period)}` : '');

/** Aged arrears at a closed month's end (null: today). */
export function useAgedArrears(period: string | null) {
  return useQuery({
    queryKey: [AGED_ARREARS_PATH, period ?? 'today'] as const,
    staleTime: 0,
    queryFn: () => apiRequest<AgedArrears>('GET', `${AGED_ARREARS_PATH}${periodQuery(period)}`),
    placeholderData: keepPreviousData,
  });
}

export function useDownloadAgedArrears() {
  return useMutation({
    mutationFn: (period: string | null) =>
      downloadFromApi(`${AGED_ARREARS_PATH}.csv${periodQuery(period)}`, {
        accept: 'text/csv',
        fallbackName: 'vuka-aged-arrears.csv',
      }),
  });
}

/** Roll rates into a closed month from the month before it; nothing is asked without a month. */
export function useRollRates(period: string | null) {
  return useQuery({
    queryKey: [ROLL_RATES_PATH, period] as const,
    queryFn: () => apiRequest<RollRates>('GET', `${ROLL_RATES_PATH}${periodQuery(period)}`),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDownloadRollRates() {
  return useMutation({
    mutationFn: (period: string) =>
      downloadFromApi(`${ROLL_RATES_PATH}.csv${periodQuery(period)}`, {
        accept: 'text/csv',
        fallbackName: `vuka-roll-rates-${period}.csv`,
      }),
  });
}

const VINTAGES_PATH = '/api/admin/reports/vintages';

/** The vintage curves as the daily job (or finance) last computed them. */
export function useVintages() {
  return useQuery({
    queryKey: [VINTAGES_PATH] as const,
    staleTime: 0,
    queryFn: () => apiRequest<Vintages>('GET', VINTAGES_PATH),
  });
}

/** Computes the curves now (finance and admins); the card shows the fresh ones. */
export function useComputeVintages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Vintages>('POST', VINTAGES_PATH),
    onSuccess: (fresh) => queryClient.setQueryData([VINTAGES_PATH], fresh),
  });
}

export function useDownloadVintages() {
  return useMutation({
    mutationFn: () =>
      downloadFromApi(`${VINTAGES_PATH}.csv`, { accept: 'text/csv', fallbackName: 'vuka-vintages.csv' }),
  });
}
