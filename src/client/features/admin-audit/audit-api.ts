// GET /api/admin/audit as TanStack Query options (decision 019): one page of the trail for the address's state.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditTrailPage } from '../../../shared/schemas/audit';
import { apiRequest } from '../../lib/api';

const AUDIT_KEY = '/api/admin/audit';

export const fetchAuditPage = (query: string) => apiRequest<AuditTrailPage>('GET', `${AUDIT_KEY}?${query}`);

export const auditPageQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [AUDIT_KEY, query] as const,
    queryFn: () => fetchAuditPage(query),
    placeholderData: keepPreviousData,
  });
