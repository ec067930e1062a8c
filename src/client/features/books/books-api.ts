// The books on the client (docs/accounting.md): the trial balance on a day, the accounting months and their close,
// capital paid in, and the journal export saved as the server writes it. A close or capital refreshes both reads.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CapitalInput,
  JournalExportQuery,
  PeriodsAnswer,
  ProvisionsAnswer,
  TrialBalance,
} from '../../../shared/schemas/books';
import { apiRequest } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';

export type { PeriodsAnswer, ProvisionsAnswer, TrialBalance };

const BOOKS = '/api/admin/books';
const BOOKS_KEY = [BOOKS] as const;

/** The trial balance on `asOf` (null: today); the previous day's figures stay while the next load. */
export function useTrialBalance(asOf: string | null) {
  return useQuery({
    queryKey: [...BOOKS_KEY, 'trial-balance', asOf ?? 'today'] as const,
    // Every payment moves it: read afresh each time the page opens.
    staleTime: 0,
    queryFn: () =>
      apiRequest<TrialBalance>(
        'GET',
        `${BOOKS}/trial-balance${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePeriods() {
  return useQuery({
    queryKey: [...BOOKS_KEY, 'periods'] as const,
    staleTime: 0,
    queryFn: () => apiRequest<PeriodsAnswer>('GET', `${BOOKS}/periods`),
  });
}

type Answer = { success: true; message: string };

export function useClosePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: string) => apiRequest<Answer>('POST', `${BOOKS}/periods/${period}/close`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKS_KEY }),
  });
}

export function useRecordCapital() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CapitalInput) => apiRequest<Answer>('POST', `${BOOKS}/capital`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKS_KEY }),
  });
}

/** Saves the journals booked from `from` to `to` in `layout`; resolves to the file name. */
export function useDownloadJournals() {
  return useMutation({
    mutationFn: ({ from, to, layout, detail }: JournalExportQuery) =>
      downloadFromApi(`${BOOKS}/journal.csv?${new URLSearchParams({ from, to, layout, detail })}`, {
        accept: 'text/csv',
        fallbackName: `vuka-journals-${layout}-${from}-to-${to}.csv`,
      }),
  });
}

export function useProvisions() {
  return useQuery({
    queryKey: [...BOOKS_KEY, 'provisions'] as const,
    staleTime: 0,
    queryFn: () => apiRequest<ProvisionsAnswer>('GET', `${BOOKS}/provisions`),
  });
}

export function useRunProvisions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Answer>('POST', `${BOOKS}/provisions`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKS_KEY }),
  });
}

/** Saves the trial balance on `asOf` (null: today) as the server writes it; resolves to the file name. */
export function useDownloadTrialBalance() {
  return useMutation({
    mutationFn: (asOf: string | null) =>
      downloadFromApi(`${BOOKS}/trial-balance.csv${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`, {
        accept: 'text/csv',
        fallbackName: 'vuka-trial-balance.csv',
      }),
  });
}

/** Saves the loss allowance report of the latest run; resolves to the file name. */
export function useDownloadAllowance() {
  return useMutation({
    mutationFn: () =>
      downloadFromApi(`${BOOKS}/provisions.csv`, {
        accept: 'text/csv',
        fallbackName: 'vuka-loss-allowance.csv',
      }),
  });
}
