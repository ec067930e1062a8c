// The affordability assessment (docs/compliance.md, "Affordability"): made for the amount asked for
// when an application is submitted and again for the amount approved, stored with the application and answered with
// it; an approval that fails it is refused, naming the largest amount that fits; the credit bureau's instalments on
// record count where they are more than declared (against a local server that speaks the bureau protocol).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBody, TEST_ID_NUMBER } from '../support/accounts';
import { FAKE_BUREAU_KEY, startFakeBureau } from '../support/fake-bureau';
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
      largestAffordable: null,
      bureauNote: 'No credit bureau is configured: other debt as declared.',
    });
    expect(Number(affordability.instalment)).toBeGreaterThan(1_000);

    // Its approval is impossible, at any amount: refused with the reason, nothing changed.
    const admin = await quickUser(t, 'afford-low-admin@example.com', 'admin');
    const id = res.json().application.id;
    for (const approvedAmount of [20_000, 2_000]) {
      const refused = await admin.request({
        method: 'PATCH',
        url: `/api/admin/applications/${id}`,
        payload: { status: 'approved', approvedAmount },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.approvedAmount[0]).toMatch(
        /fails the affordability assessment: The instalment of R.[\d\s,]+ is more than the discretionary income of R.0,00 a month\. No amount from R.2.000 fits this income\./,
      );
    }
    const after = await admin.get(`/api/admin/applications/${id}`);
    expect(after.json().application).toMatchObject({ status: 'pending_review', approvedAmount: null });
  });

  it('refuses an approval that fails and names the largest amount that fits, which can be approved', async () => {
    const creator = await quickUser(t, 'afford-smaller@example.com');
    const admin = await quickUser(t, 'afford-smaller-admin@example.com', 'admin');
    // R3 000 a month: the norm is R948.50, so R2 051.50 is left; R20 000's instalment is more than that.
    const res = await creator.post(
      '/api/applications',
      applicationBody({ requestedAmount: 20_000, monthlyRevenue: 3_000 }),
    );
    const asked = res.json().application.applicant.affordability;
    expect(asked).toMatchObject({ discretionaryIncome: '2051.50', passes: false });
    const largest = Number(asked.largestAffordable);
    expect(largest).toBeGreaterThanOrEqual(2_000);
    expect(largest).toBeLessThan(20_000);
    const id = res.json().application.id;
    const refused = await admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${id}`,
      payload: { status: 'approved', approvedAmount: largest + 1_000 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(
      `The largest amount that fits is R${'\u00a0'}${largest / 1000}${'\u00a0'}000.`,
    );
    const approved = await admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${id}`,
      payload: { status: 'approved', approvedAmount: largest },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      approvedAmount: largest,
      applicant: { affordability: { passes: true, largestAffordable: null } },
    });
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

  it("counts the bureau's instalments on record; a bureau that does not answer stops the approval, not the application", async () => {
    const bureau = await startFakeBureau({ [TEST_ID_NUMBER]: ['1500.00', '1000.00'] });
    const withBureau = await createTestApp({
      CREDIT_BUREAU_URL: bureau.url,
      CREDIT_BUREAU_API_KEY: FAKE_BUREAU_KEY,
    });
    try {
      travelTo(withBureau, '2026-11-23');
      const creator = await quickUser(withBureau, 'afford-bureau@example.com');
      const admin = await quickUser(withBureau, 'afford-bureau-admin@example.com', 'admin');
      const res = await creator.post(
        '/api/applications',
        applicationBody({ requestedAmount: 10_000, monthlyRevenue: 20_000, monthlyDebtRepayments: 500 }),
      );
      expect(res.statusCode).toBe(201);
      // The bureau was asked about this ID number; R2 500 on record is more than the R500 declared.
      expect(bureau.seen[0]).toMatchObject({
        idNumber: TEST_ID_NUMBER,
        enquiryReason: 'affordability_assessment',
      });
      expect(res.json().application.applicant.affordability).toMatchObject({
        debtRepayments: '2500.00',
        declaredDebtRepayments: '500.00',
        bureauEnquiry: {
          reference: 'ENQ-1',
          monthlyRepayments: '2500.00',
          accounts: 2,
          enquiredOn: '2026-11-23',
        },
        bureauNote: null,
        // Norm for R20 000: R2 405.38; 20 000 - 2 405.38 - 2 500 = 15 094.62.
        discretionaryIncome: '15094.62',
      });
      // The full ID number goes to the bureau and never into an answer.
      expect(res.body).not.toContain(TEST_ID_NUMBER);

      // Down when the next application comes in: it is received, and says so.
      bureau.setDown(true);
      const other = await quickUser(withBureau, 'afford-bureau-2@example.com');
      const second = await other.post(
        '/api/applications',
        applicationBody({ requestedAmount: 10_000, monthlyRevenue: 20_000 }),
      );
      expect(second.statusCode).toBe(201);
      const secondId = second.json().application.id;
      expect(second.json().application.applicant.affordability).toMatchObject({
        bureauEnquiry: null,
        bureauNote: 'The credit bureau did not answer on 23 November 2026: it is asked again at approval.',
      });
      // Its approval needs the enquiry: 503 while the bureau is down, nothing changed.
      const approve = () =>
        admin.request({
          method: 'PATCH',
          url: `/api/admin/applications/${secondId}`,
          payload: { status: 'approved' },
        });
      const refused = await approve();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json().message).toMatch(/credit bureau did not answer/);
      expect((await admin.get(`/api/admin/applications/${secondId}`)).json().application.status).toBe(
        'pending_review',
      );
      bureau.setDown(false);
      const approved = await approve();
      expect(approved.statusCode).toBe(200);
      expect(approved.json().data.applicant.affordability.bureauEnquiry).toMatchObject({
        reference: 'ENQ-2',
        accounts: 2,
      });
    } finally {
      await withBureau.close();
      await bureau.close();
    }
  });
});
