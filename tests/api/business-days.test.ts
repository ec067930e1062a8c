// South African business days (docs/lending.md "Business days"): a bank debit falls due on a
// business day (a due date on a weekend or public holiday moves to the next one), in the quote the admin sees and in
// the schedule the setup writes alike; a settlement quote holds for 5 business days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBusinessDay } from '../../src/shared/sa-business-days';
import {
  acceptAndPayOut,
  approvedApplication,
  quickUser,
  type SignedIn,
  servicingOf,
  travelTo,
} from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'days-admin@example.com', 'admin');
});
afterAll(() => t.close());

let n = 0;
const creator = () => quickUser(t, `days-${++n}@example.com`);

describe('bank debits fall due on business days', () => {
  it('moves weekend and holiday due dates to the next business day, in the quote and the schedule alike', async () => {
    travelTo(t, '2026-11-23');
    const borrower = await creator();
    const app = await approvedApplication(admin, borrower, { requestedAmount: 12_000 });
    const choice = {
      frequency: 'monthly',
      paymentMethod: 'bank_debit',
      withholdingPercentage: 20,
      estimatedPeriod: 12,
    };
    const preview = (await admin.post(`/api/admin/applications/${app.id}/preview-terms`, choice)).json();
    const quoted = (preview.quote.instalments as Array<{ dueDate: string }>).map((i) => i.dueDate);
    // The 23rd of each month from December, moved where it is not a business day.
    expect(quoted).toEqual([
      '2026-12-23',
      '2027-01-25', // Saturday 23 January
      '2027-02-23',
      '2027-03-23',
      '2027-04-23',
      '2027-05-24', // Sunday 23 May
      '2027-06-23',
      '2027-07-23',
      '2027-08-23',
      '2027-09-23',
      '2027-10-25', // Saturday 23 October
      '2027-11-23',
    ]);
    for (const date of quoted) expect(isBusinessDay(date)).toBe(true);
    const setUp = await admin.post(`/api/applications/${app.id}/repayment-schedule`, choice);
    expect(setUp.statusCode, setUp.body).toBe(200);
    await acceptAndPayOut(admin, borrower, app.id);
    const stored = (await servicingOf(borrower, app.id)).instalments.map((i) => i.dueDate);
    expect(stored).toEqual(quoted);
  });

  it('keeps calendar due dates for a plan repaid from platform earnings', async () => {
    travelTo(t, '2026-11-23');
    const borrower = await creator();
    const app = await approvedApplication(admin, borrower, { requestedAmount: 6_000 });
    const choice = {
      frequency: 'monthly',
      paymentMethod: 'platform_earnings',
      withholdingPercentage: 20,
      estimatedPeriod: 3,
    };
    expect((await admin.post(`/api/applications/${app.id}/repayment-schedule`, choice)).statusCode).toBe(200);
    await acceptAndPayOut(admin, borrower, app.id);
    expect((await servicingOf(borrower, app.id)).instalments.map((i) => i.dueDate)).toEqual([
      '2026-12-23',
      '2027-01-23',
      '2027-02-23',
    ]);
  });
});

describe('a settlement quote', () => {
  it('holds for 5 business days, across a weekend and the Day of Reconciliation', async () => {
    travelTo(t, '2026-11-23');
    const borrower = await creator();
    const app = await approvedApplication(admin, borrower, { requestedAmount: 5_000 });
    expect(
      (
        await admin.post(`/api/applications/${app.id}/repayment-schedule`, {
          frequency: 'monthly',
          paymentMethod: 'manual',
          withholdingPercentage: 20,
          estimatedPeriod: 6,
        })
      ).statusCode,
    ).toBe(200);
    await acceptAndPayOut(admin, borrower, app.id);
    // Asked on Monday 14 December 2026: Tuesday, (Wednesday the 16th is a holiday), Thursday, Friday, Monday, Tuesday.
    travelTo(t, '2026-12-14');
    const quote = (await borrower.post(`/api/applications/${app.id}/settlement-quote`)).json();
    expect(quote.quote.validUntil).toBe('2026-12-22');
    travelTo(t, '2026-11-23');
  });
});
