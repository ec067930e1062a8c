// The admin's reports: the NCR statistical return (Form 39) for a quarter, read for the screen and downloaded as the
// server's CSV (docs/compliance.md, "NCR statistical return (Form 39)").
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Form39Answer } from '../../../shared/schemas/reports';
import { apiRequest } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';

export type { Form39Answer };

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
