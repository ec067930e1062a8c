// The financing application call.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseOfFunds } from '../../../shared/constants';
import type { ApplicationAnswer, ManualPlatformInput } from '../../../shared/schemas/applications';
import { apiRequest } from '../../lib/api';
import { APPLICATIONS_QUERY_KEY } from '../../lib/query-keys';
import { USER_QUERY_KEY } from '../../lib/session';

/** The JSON the form sends: every field of the contract, whatever the application type. */
export interface ApplicationPayload {
  applicationType: 'personal' | 'business';
  firstName: string;
  lastName: string;
  businessName: string;
  requestedAmount: number;
  monthlyRevenue: number;
  useOfFunds: UseOfFunds[];
  otherUseOfFunds: string;
  termsAccepted: true;
  manualPlatforms: ManualPlatformInput[];
  /** A top-up: the loan being repaid whose balance the payout settles first (the server checks it earned one). */
  topUpOfApplicationId?: number;
  /** Who applies (docs/compliance.md): a person's identity, or a business's registration and figures. */
  identityType?: 'sa_id' | 'passport';
  idNumber?: string;
  passportNumber?: string;
  dateOfBirth?: string;
  registrationNumber?: string;
  annualTurnover?: number;
  assetValue?: number;
  /** For the affordability assessment: deductions and other debt repayments a month (0 when not given). */
  monthlyDeductions?: number;
  monthlyDebtRepayments?: number;
}

/** The server answers 201 with the stored application (the dashboard reads it from its own list). */
export type CreatedApplicationAnswer = ApplicationAnswer;

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ApplicationPayload) =>
      apiRequest<CreatedApplicationAnswer>('POST', APPLICATIONS_QUERY_KEY[0], payload),
    // The dashboard lists the new application and the user's platforms may have changed with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]),
  });
}
