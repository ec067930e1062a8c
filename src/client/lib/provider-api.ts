// Who lends (GET /api/compliance/provider): the provider's legal name, NCR registration number and address, shown in
// the site footer and on the statement (docs/compliance.md, "Registration and disclosures"). Fixed for the process.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderAnswer } from '../../shared/schemas/compliance';
import { apiRequest } from './api';

export const providerQueryOptions = queryOptions({
  queryKey: ['/api/compliance/provider'] as const,
  queryFn: () => apiRequest<ProviderAnswer>('GET', '/api/compliance/provider'),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useProvider() {
  return useQuery(providerQueryOptions);
}

/** 'Vuka Capital (Pty) Ltd is a registered credit provider, NCR registration number NCRCP00000.' */
export function providerSentence(provider: ProviderAnswer): string {
  return `${provider.legalName} is a registered credit provider, NCR registration number ${provider.ncrRegistrationNumber}.`;
}
