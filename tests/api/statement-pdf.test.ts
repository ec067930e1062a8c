// The statement to keep: GET /api/applications/{id}/statement/pdf makes the printable statement
// as a PDF on the server, for the creator's own loans and for admins. The test reads the PDF's text back
// (PDF.js) and finds every string the printable page shows (the same buildStatement view), the figures,
// the dates in words and the quote, and no bank account number.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';
import { quoteFields } from '../../src/shared/finance/quote';
import { buildStatement } from '../../src/shared/finance/statement';
import { applicationBody } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { pdfText } from '../support/pdf-text';
import { payOk, payOutLoan, quickUser, type SignedIn, travelTo } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let stranger: SignedIn;
let loanId: number;
let unscheduledId: number;

const BANK_ACCOUNT = '62881234567';

/** Text as the PDF reads back: no-break spaces (en-ZA money) become spaces. */
const plain = (text: string) => text.replace(/[\u00a0\s]+/g, ' ').trim();

async function pdfOf(client: Client, id: number) {
  return client.request({ method: 'GET', url: `/api/applications/${id}/statement/pdf` });
}

beforeAll(async () => {
  t = await createTestApp();
  travelTo(t, '2026-11-23');
  admin = await quickUser(t, 'pdf-admin@example.com', 'admin');
  owner = await quickUser(t, 'pdf-owner@example.com');
  stranger = await quickUser(t, 'pdf-stranger@example.com');
  await t.database.db
    .update(users)
    .set({
      bankName: 'FNB',
      accountNumber: BANK_ACCOUNT,
      branchCode: '250655',
      accountType: 'current',
      country: 'South Africa',
      city: 'Durban',
      creatorType: 'full-time',
    })
    .where(eq(users.id, owner.userId));

  const submitted = await owner.post(
    '/api/applications',
    applicationBody({ requestedAmount: 10_000, monthlyRevenue: 3_000 }),
  );
  expect(submitted.statusCode).toBe(201);
  loanId = submitted.json().application.id;
  // The score is set by hand: a change a second admin approves (decision 028).
  const approved = await withSecondApproval(
    admin,
    admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${loanId}`,
      payload: { status: 'approved', creditScore: 100 },
    }),
  );
  expect(approved.statusCode).toBe(200);
  const chosen = await owner.post(`/api/applications/${loanId}/schedule`, {
    paymentMethod: 'platform_earnings',
    termsAccepted: true,
  });
  expect(chosen.statusCode).toBe(200);
  await payOutLoan(admin, loanId);
  travelTo(t, '2026-12-23');
  await payOk(admin, loanId, '1042.00', '2026-12-23');
  travelTo(t, '2027-01-20');
  await payOk(admin, loanId, '500.00', '2027-01-20');
  // One keystroke recorded R100.50 that was never paid: reversed, it stays listed and counts for nothing.
  const mistake = await payOk(admin, loanId, '100.50', '2027-01-20');
  const reversed = await withSecondApproval(
    admin,
    admin.post(`/api/admin/payments/${mistake.payment.id}/reverse`, {
      reason: 'recorded in error',
    }),
  );
  expect(reversed.statusCode).toBe(200);

  const other = await stranger.post('/api/applications', applicationBody());
  expect(other.statusCode).toBe(201);
  unscheduledId = other.json().application.id;
});
afterAll(() => t.close());

describe('GET /api/applications/{id}/statement/pdf', () => {
  it("gives the creator their statement as a PDF with the printable page's content and the quote", async () => {
    travelTo(t, '2027-01-25');
    const res = await pdfOf(owner, loanId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="vuka-capital-statement-${loanId}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(res.rawPayload);

    // The figures worked by hand (credit-quote.test.ts): R 10 000 at 25 %, 12 instalments of R 1 042, the
    // last R 1 038; R 1 042 + R 500 paid leaves R 10 958.
    for (const line of [
      'Vuka Capital',
      'Statement',
      'Empowering Digital Creators',
      'Generated on January 25, 2027',
      `${loanId} ${paymentReferenceFor(loanId)} ACTIVE R 10 000,00`,
      'Zola Test pdf-owner@example.com FULL TIME',
      'South Africa Durban',
      // Paid to the loan, the platform fees on those payments, and what was handed over in all.
      'R 12 500,00 R 1 542,00 R 38,55',
      // The plan in words, never its stored code ('AUTOMATIC').
      'R 1 580,55 R 10 958,00 MONTHLY, WITHHELD FROM\nYOUR PLATFORM EARNINGS',
      // The instalment and its fee, their sum, the oldest unpaid due date and the days late; what is overdue.
      'INSTALMENT INSTALMENT WITH ITS FEE OLDEST UNPAID DUE DATE',
      'R 1 042,00 + R 26,05 fee R 1 068,05 January 23, 2027 (2 days late)',
      // Estimated monthly withholding: 25 % of R 3 000.
      'R 750,00',
      // The quote: finance charge, the 2,5 % platform fee on each instalment, and the rate with the fees.
      'PLATFORM FEES AT 2,5%',
      'R 10 000,00 R 2 500,00 R 312,50',
      'R 2 812,50 R 12 500,00 R 12 812,50',
      'R 1 042,00 + R 26,05 fee R 1 068,05 12 monthly instalments',
      '61,04% November 23, 2026 December 23, 2026',
      'November 23, 2027 R 750,00',
      '1 December 23, 2026 R 1 042,00 R 26,05 R 1 068,05',
      '12 November 23, 2027 R 1 038,00 R 25,95 R 1 063,95',
      // The payment history: to the loan, the fee, what was paid in all.
      'DATE AMOUNT PLATFORM FEE TOTAL PAID NOTES',
      'December 23, 2026 R 1 042,00 R 26,05 R 1 068,05',
      'January 20, 2027 R 500,00 R 12,50 R 512,50',
      'This statement is system-generated and does not require a signature.',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/ANNUALISED COST RATE/);
    expect(text).not.toContain(BANK_ACCOUNT);
    // Only the masked account the payout went to: the bank and the last four digits.
    expect(plain(text)).toContain('FNB ..4567');
    expect(text).not.toContain(BANK_ACCOUNT.slice(0, 7));
  });

  it('holds every string of the printable statement built from the same data', async () => {
    travelTo(t, '2027-01-25');
    const json = (await owner.get(`/api/applications/${loanId}/statement`)).json();
    const view = buildStatement(
      json.application,
      json.schedule,
      json.payments,
      json.user,
      t.clock.now(),
      json.quote,
      { restructures: json.restructures, forbearance: json.forbearance },
    );
    const { text } = await pdfText((await pdfOf(owner, loanId)).rawPayload);
    const flat = plain(text);
    const strings = [
      view!.title,
      view!.brandLine,
      view!.generatedOn,
      view!.footer,
      ...Object.values(view!.financing).filter((value): value is string => value !== null),
      ...Object.values(view!.accountHolder),
      view!.summary.totalAmount,
      view!.summary.totalPaid,
      view!.summary.remainingBalance,
      view!.summary.paymentSchedule,
      view!.summary.instalment,
      view!.summary.nextDueDate,
      view!.summary.monthlyWithholding,
      ...view!.payments.flatMap((p) => [p.date, p.amount, p.reversed ?? p.notes]),
      ...quoteFields(view!.quote!).map(([, value]) => value),
      ...view!.quote!.instalments.flatMap((i) => [i.dueDate, i.amount, i.fee]),
    ];
    for (const s of strings) expect(flat).toContain(plain(s));
    // The payout is printed, and the reversed payment is listed as reversed, not in the total paid.
    expect(view!.financing.paidOutOn).not.toBeNull();
    expect(flat).toContain('Reversed on January 20, 2027: recorded in error. Counts for nothing.');
    // Who lends (docs/compliance.md): the provider's name, NCR registration number and address.
    expect(flat).toContain(
      'Vuka Capital (Pty) Ltd, a registered credit provider, NCR registration number NCRCP00000.',
    );
    expect(plain(view!.summary.totalPaid)).toBe('R 1 542,00');
  });

  it("gives an admin any creator's statement; an impersonating admin only the creator's own", async () => {
    const res = await pdfOf(admin, loanId);
    expect(res.statusCode).toBe(200);
    expect((await pdfText(res.rawPayload)).text).toContain('Zola Test pdf-owner@example.com');

    const started = await admin.post(`/api/admin/impersonate/${stranger.userId}`);
    expect(started.statusCode).toBe(200);
    expect((await pdfOf(admin, loanId)).statusCode).toBe(404);
    expect((await admin.post('/api/admin/stop-impersonate')).statusCode).toBe(200);
  });

  it("answers 404 for another creator's loan, one without a schedule or none; 401 signed out; 400 a bad id", async () => {
    const refused = await pdfOf(stranger, loanId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: expect.any(String) });
    expect((await pdfOf(stranger, unscheduledId)).statusCode).toBe(404);
    expect((await pdfOf(admin, 999_999)).statusCode).toBe(404);
    expect((await pdfOf(new Client(t.app), loanId)).statusCode).toBe(401);
    expect((await owner.get('/api/applications/abc/statement/pdf')).statusCode).toBe(400);
  });
});
