// How to pay (docs/lending.md, "How to pay"): every application carries its payment reference, and
// a loan's servicing answers our account, the reference and the amount due now with its fee; the statement and the
// reminders name the reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';
import { adminLoan, quickUser, type SignedIn, servicingOf, travelTo } from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ SETTLEMENT_ACCOUNT_NUMBER: '62001234567' });
  travelTo(t, '2026-11-23');
  admin = await quickUser(t, 'payref-admin@example.com', 'admin');
});
afterAll(() => t.close());

describe('the payment reference and how to pay', () => {
  it('is on the application, and the servicing says what to pay now, where, and with which reference', async () => {
    const creator = await quickUser(t, 'payref-creator@example.com');
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    const reference = paymentReferenceFor(loan.id);
    expect(reference).toMatch(/^VUKA-\d{6}-\d$/);
    const own = (await creator.get(`/api/applications/${loan.id}`)).json();
    expect(own.paymentReference).toBe(reference);
    const listed = (await creator.get('/api/applications')).json();
    expect(listed[0].paymentReference).toBe(reference);

    // On the payout day: the first instalment with its fee, what the plan card asks for by its due date.
    const today = await servicingOf(creator, loan.id);
    expect(today.howToPay).toEqual({
      reference,
      amount: today.totalDueNow,
      bank: {
        bankName: 'First National Bank',
        accountName: 'Vuka Capital (Pty) Ltd',
        accountNumber: '62001234567',
        branchCode: '250655',
      },
    });
    // After the first due date, unpaid: the instalment with its fee.
    travelTo(t, '2026-12-24');
    const late = await servicingOf(creator, loan.id);
    expect(late.howToPay.amount).toBe(late.totalDueNow);
    expect(Number(late.howToPay.amount)).toBeGreaterThan(Number(loan.schedule.installmentAmount));

    // The printable statement names it too.
    const statement = await creator.get(`/api/applications/${loan.id}/statement/pdf`);
    expect(statement.statusCode).toBe(200);
  });
});
