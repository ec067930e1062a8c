// The affordability assessment (issue 32 item 3; docs/compliance.md, "Affordability"): made for the amount asked for
// when an application is submitted and again for the amount approved, stored with the application and answered with
// it. (Refusing an approval that fails it comes next: see docs/compliance.md.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBody } from '../support/accounts';
import { auditRows, quickUser, travelTo } from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  travelTo(t, '2026-11-23');
});
afterAll(() => t.close());

describe('the affordability assessment', () => {
  it('R20 000 on R500 a month of income fails: nothing is left after the expense norm', async () => {
    const creator = await quickUser(t, 'afford-low@example.com');
    const res = await creator.post(
      '/api/applications',
      applicationBody({ requestedAmount: 20_000, monthlyRevenue: 500 }),
    );
    expect(res.statusCode).toBe(201);
    const { affordability } = res.json().application.applicant;
    expect(affordability).toMatchObject({
      grossMonthlyIncome: '500.00',
      incomeSource: 'declared',
      expenseNorm: '500.00',
      discretionaryIncome: '0.00',
      passes: false,
    });
    expect(Number(affordability.instalment)).toBeGreaterThan(1_000);
  });

  it('counts the declared deductions and other debt, and assesses the amount approved again', async () => {
    const creator = await quickUser(t, 'afford-ok@example.com');
    const admin = await quickUser(t, 'afford-admin@example.com', 'admin');
    const res = await creator.post(
      '/api/applications',
      applicationBody({
        requestedAmount: 20_000,
        monthlyRevenue: 30_000,
        monthlyDeductions: 4_000,
        monthlyDebtRepayments: 2_500,
      }),
    );
    expect(res.statusCode).toBe(201);
    const asked = res.json().application.applicant.affordability;
    // Norm for R30 000: R2 855.38 + 8.2 % of R5 000 = R3 265.38; 30 000 - 4 000 - 3 265.38 - 2 500 = 20 234.62.
    expect(asked).toMatchObject({
      statutoryDeductions: '4000.00',
      debtRepayments: '2500.00',
      expenseNorm: '3265.38',
      discretionaryIncome: '20234.62',
      passes: true,
    });
    const id = res.json().application.id;
    const approved = await admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${id}`,
      payload: { status: 'approved', approvedAmount: 10_000 },
    });
    expect(approved.statusCode).toBe(200);
    // The approval's audit row says what the assessment of the approved amount found.
    const audit = await auditRows(t.database.db, creator.userId, 'application_updated');
    expect(audit.map((row) => row.notes).join(' ')).toMatch(
      /approved for R.10.000 of R.20.000; affordability: passes/,
    );
  });
});
