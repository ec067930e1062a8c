// Loans repaid by debit order for the API tests (docs/debit-orders.md): offered with the bank-debit method, accepted,
// paid out, and the creator's mandate authorised as the app's form sends it.
import { expect } from 'vitest';
import {
  acceptCurrentQuote,
  addBankAccount,
  approvedApplication,
  payOutLoan,
  type SignedIn,
} from './servicing';
import type { Client } from './test-app';

/** The mandate form as a creator fills it in (an account number of their own where a test needs one). */
export const MANDATE = {
  accountHolder: 'Zola Test',
  bank: 'Capitec',
  branchCode: '470010',
  accountType: 'savings',
  accountNumber: '1234567890',
  consent: true,
};

/** A loan repaid by debit order (monthly, 12 instalments), offered by the admin, accepted and paid out now. */
export async function debitLoan(
  admin: Client,
  creator: SignedIn,
  options: { paymentMethod?: string; requestedAmount?: number } = {},
): Promise<number> {
  const app = await approvedApplication(admin, creator, {
    requestedAmount: options.requestedAmount ?? 12_000,
  });
  const offered = await admin.post(`/api/applications/${app.id}/repayment-schedule`, {
    frequency: 'monthly',
    paymentMethod: options.paymentMethod ?? 'bank_debit',
    withholdingPercentage: 20,
    estimatedPeriod: 12,
  });
  expect(offered.statusCode, offered.body).toBe(200);
  await addBankAccount(creator);
  await acceptCurrentQuote(creator, app.id);
  await payOutLoan(admin, app.id);
  return app.id;
}

/** The creator authorises the loan's mandate (201), with the form's fields changed as given. */
export async function authoriseMandate(
  creator: Client,
  applicationId: number,
  fields: Partial<typeof MANDATE> = {},
) {
  const res = await creator.request({
    method: 'POST',
    url: `/api/applications/${applicationId}/debit-mandate`,
    payload: { ...MANDATE, ...fields },
    headers: { 'user-agent': 'DebitTest/1.0' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
