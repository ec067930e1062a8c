// Notices for the changes that used to send nothing (docs/notices.md): a restructure (the new terms), a
// cancellation (by the creator or an admin, with the reason) and a default (the loan review job). Each through
// the real routes and jobs at chosen times on the app's clock, received by a real SMTP server started here;
// each test makes its own creator and reads only the mail sent to that creator.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { applicationBody } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { useNoticesHarness, zar } from '../support/notices';
import {
  acceptAndPayOut,
  adminLoan,
  approvedApplication,
  ownApplication,
  payOk,
  type SignedIn,
  servicingOf,
  travelTo,
} from '../support/servicing';
import type { TestApp } from '../support/test-app';

describe('notices for a restructure, a cancellation and a default', () => {
  const notices = useNoticesHarness('changes');
  const { newCreator, runJobs, inbox, matching, only } = notices;
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(() => {
    ({ t, admin } = notices);
  });
  /** Whom the outbox row with this key is addressed to and about. */
  const outboxRows = (key: string) =>
    queryRows<{ to_address: string; user_id: number | null }>(
      t.database.db,
      sql`select to_address, user_id from mail_outbox where notice_key = ${key}`,
    );
  const restructure = (id: number, estimatedPeriod: number) =>
    withSecondApproval(admin, admin.post(`/api/admin/applications/${id}/restructure`, { estimatedPeriod }));

  it('a restructure sends the new terms once per restructure, to the creator, reminders off or not', async () => {
    const creator = await newCreator('restructure');
    // The creator turned reminders off: the new terms are a legal notice and still come.
    const off = await creator.request({
      method: 'PUT',
      url: '/api/users/me/notices',
      payload: { remindersEnabled: false },
    });
    expect(off.statusCode).toBe(200);
    // R12,000 over 12 months (the charge held to the ceiling): 12 instalments of R1,244.11 (R14,929.26), the first
    // due 23 December; nothing paid.
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    expect(loan.schedule).toMatchObject({ totalAmount: '14929.26', installmentAmount: '1244.11' });
    const newTerms = /^New repayment terms/;
    try {
      // Three days before the first instalment: no reminder (turned off).
      travelTo(t, '2026-12-20', '09:00');
      await runJobs();
      // Three months without a payment make it eligible for renegotiation (the hourly review).
      travelTo(t, '2027-02-24');
      await runJobs();
      expect((await servicingOf(creator, loan.id)).renegotiationEligible).toBe(true);
      expect(matching(creator.username, newTerms)).toEqual([]);

      // R14,929.26 over 7 months: 6 of R2,132.76 and a last one of R2,132.70, monthly from 24 March.
      const res = await restructure(loan.id, 7);
      expect(res.statusCode).toBe(200);
      expect(await servicingOf(creator, loan.id)).toMatchObject({ installmentAmount: '2132.76' });
      // Eligibility is used up: asking again changes nothing and sends nothing.
      expect((await restructure(loan.id, 12)).statusCode).toBe(409);
      await runJobs();
      await runJobs();
      const mail = only(creator.username, newTerms);
      expect(mail.subject).toBe(`New repayment terms for your Vuka Capital financing #${loan.id}`);
      expect(mail.to).toEqual([creator.username]);
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('R 14 929,26');
        expect(body).toContain('R 2 132,76');
        expect(body).toContain('24 March 2027');
        expect(body).toContain('24 September 2027 (R 2 132,70)');
      }
      expect(mail.text).toContain('Balance to repay: R 14 929,26');
      expect(mail.text).toContain('New instalment: R 2 132,76');
      expect(mail.text).toContain('Number of instalments: 7');
      expect(mail.text).toContain('First instalment due: 24 March 2027');
      expect(mail.text).toContain('Last instalment due: 24 September 2027 (R 2 132,70)');
      expect(mail.text).toContain('Extra cost: R 0,00');
      expect(mail.text).not.toContain('no longer in default');
      // The figures are the ones the creator now sees on their plan.
      // Nothing was paid: every instalment was replaced, and the new ones are numbered from 1.
      const fresh = (await servicingOf(creator, loan.id)).instalments;
      expect(fresh.map((i) => [i.dueDate, i.amountDue])).toEqual([
        ...['03', '04', '05', '06', '07', '08'].map((m) => [`2027-${m}-24`, '2132.76']),
        ['2027-09-24', '2132.70'],
      ]);
      expect(inbox(admin.username)).toEqual([]);

      // Three more months unpaid (to 24 May): eligible again, and the second restructure has its own notice.
      travelTo(t, '2027-03-21', '09:00');
      await runJobs();
      travelTo(t, '2027-05-25');
      await runJobs();
      expect((await servicingOf(creator, loan.id)).renegotiationEligible).toBe(true);
      const second = await restructure(loan.id, 3);
      expect(second.statusCode).toBe(200);
      await runJobs();
      const both = matching(creator.username, newTerms);
      expect(both).toHaveLength(2);
      expect(both[1]!.text).toContain('Balance to repay: R 14 929,26');
      expect(both[1]!.text).toContain('Number of instalments: 3');
      expect(both[1]!.text).toContain('New instalment: R 4 976,42');
      expect(both[1]!.text).toContain('First instalment due: 25 June 2027');
      expect(both[1]!.text).toContain('Last instalment due: 25 August 2027');
      const rows = await queryRows<{ to_address: string; user_id: number; notice_key: string }>(
        t.database.db,
        sql`select to_address, user_id, notice_key from mail_outbox
            where notice_key like ${`restructured:${loan.id}:%`} order by id`,
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row).toMatchObject({ to_address: creator.username, user_id: creator.userId });
      }
      // Reminders stayed off: none was sent on the mornings before 23 December and 24 March.
      expect(matching(creator.username, /^Reminder/)).toEqual([]);
      expect(matching(creator.username, /past due/).length).toBeGreaterThan(0);
    } finally {
      travelTo(t, '2026-11-23');
    }
  });

  it('a defaulted loan restructured is told it is active again; the default notice came first', async () => {
    const creator = await newCreator('default-restructure');
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000, frequency: 'biweekly' });
    try {
      travelTo(t, '2027-03-24');
      await runJobs();
      expect((await ownApplication(creator, loan.id)).status).toBe('defaulted');
      const res = await restructure(loan.id, 6);
      expect(res.statusCode).toBe(200);
      await runJobs();
      const subjects = inbox(creator.username).map((m) => m.subject);
      expect(subjects.filter((s) => /^Notice of default|^New repayment terms/.test(s))).toEqual([
        `Notice of default: your Vuka Capital financing #${loan.id}`,
        `New repayment terms for your Vuka Capital financing #${loan.id}`,
      ]);
      const terms = only(creator.username, /^New repayment terms/);
      expect(terms.text).toContain('Your financing is no longer in default: it is active again.');
      expect(terms.text).toContain('Number of instalments: 13');
      expect(terms.text).toContain('How often: Every two weeks');
      expect(terms.text).toContain('First instalment due: 7 April 2027');
      expect(terms.text).toContain(`Balance to repay: ${zar(loan.schedule.totalAmount)}`);
    } finally {
      travelTo(t, '2026-11-23');
    }
  });

  it('the creator’s own cancellation: one notice with their reason, however many requests', async () => {
    const creator = await newCreator('cancel-own');
    const res = await creator.post('/api/applications', applicationBody({ requestedAmount: 7_500 }));
    expect(res.statusCode).toBe(201);
    const id = res.json().application.id as number;
    const reason = 'I found <other> funding & no longer need it';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => creator.post(`/api/applications/${id}/cancel`, { reason })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const c of codes) expect([200, 409, 429]).toContain(c);
    await runJobs();
    await runJobs();
    const mail = only(creator.username, /is cancelled$/);
    expect(mail.subject).toBe(`Your Vuka Capital application #${id} is cancelled`);
    expect(mail.text).toContain(`As you asked, your application #${id} for R 7 500,00 is cancelled.`);
    expect(mail.text).toContain(`Your reason: ${reason}`);
    expect(mail.text).toContain('Nothing was paid out on this application, so you owe nothing on it.');
    expect(mail.html).toContain('Your reason: I found &lt;other&gt; funding &amp; no longer need it');
    expect(inbox(creator.username).map((m) => m.subject)).toEqual([
      `We received your Vuka Capital application #${id}`,
      `Your Vuka Capital application #${id} is cancelled`,
    ]);
    expect(await outboxRows(`cancelled:${id}`)).toEqual([
      { to_address: creator.username, user_id: creator.userId },
    ]);
  });

  it('an admin’s cancellation of an approved application: the reason, never the admin’s notes, to the creator only', async () => {
    const creator = await newCreator('cancel-admin');
    const app = await approvedApplication(admin, creator, { requestedAmount: 20_000 });
    const note = await admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${app.id}`,
      payload: { notes: 'INTERNAL: suspect the proof was edited' },
    });
    expect(note.statusCode).toBe(200);
    const reason = 'We could not verify your platform earnings for the last three months.';
    const cancel = await admin.post('/api/lending-management/cancel-application', {
      applicationId: app.id,
      reason,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.status).toBe('cancelled');
    // Cancelled is final: a second cancellation is refused and sends nothing.
    const again = await admin.post('/api/lending-management/cancel-application', {
      applicationId: app.id,
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    await runJobs();
    const mail = only(creator.username, /is cancelled$/);
    expect(mail.text).toContain(
      `Your application #${app.id} for R 20 000,00 has been cancelled by Vuka Capital.`,
    );
    expect(mail.text).toContain(`Why: ${reason}`);
    expect(mail.html).toContain(`Why: ${reason}`);
    expect(mail.text).toContain('Amount requested: R 20 000,00');
    for (const m of inbox(creator.username)) {
      expect(m.text).not.toContain('INTERNAL');
      expect(m.html).not.toContain('INTERNAL');
    }
    expect(inbox(creator.username).map((m) => m.subject)).toEqual([
      `We received your Vuka Capital application #${app.id}`,
      `Your Vuka Capital application #${app.id} is approved`,
      `Your Vuka Capital application #${app.id} is cancelled`,
    ]);
    expect(inbox(admin.username)).toEqual([]);
    expect(await outboxRows(`cancelled:${app.id}`)).toEqual([
      { to_address: creator.username, user_id: creator.userId },
    ]);
  });

  it('a default: one notice of default with the overdue amount and balance; a later default has its own', async () => {
    const creator = await newCreator('default');
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    const defaults = () => matching(creator.username, /^Notice of default/);
    try {
      travelTo(t, '2027-03-23'); // 90 days past due: not yet in default
      await runJobs();
      expect((await ownApplication(creator, loan.id)).status).toBe('active');
      expect(defaults()).toEqual([]);

      travelTo(t, '2027-03-24', '02:00'); // 91 days: the hourly review, at night as well
      await runJobs();
      travelTo(t, '2027-03-24', '03:00');
      await runJobs();
      travelTo(t, '2027-03-25', '09:00');
      await runJobs();
      expect((await ownApplication(creator, loan.id)).status).toBe('defaulted');
      const mail = only(creator.username, /^Notice of default/);
      expect(mail.subject).toBe(`Notice of default: your Vuka Capital financing #${loan.id}`);
      expect(mail.to).toEqual([creator.username]);
      // #1-#4 (23 December to 23 March) unpaid: 4 × R1,244.11 overdue of the R14,929.26 balance.
      expect(mail.text).toContain('fell due on 23 December 2026 and has been unpaid for 91 days');
      expect(mail.text).toContain('Oldest unpaid instalment due: 23 December 2026');
      expect(mail.text).toContain('Days past due: 91');
      expect(mail.text).toContain('Total amount overdue: R 4 976,44');
      expect(mail.text).toContain('Balance still to repay: R 14 929,26');
      expect(mail.text).toContain('pay the overdue amount of R 4 976,44');
      expect(mail.text).toContain('contact us at admin@vukacapital.co.za');
      expect(mail.html).toContain('Total amount overdue');
      expect(mail.html).toContain('R 4 976,44');
      expect(await outboxRows(`default:${loan.id}:2026-12-23`)).toEqual([
        { to_address: creator.username, user_id: creator.userId },
      ]);

      // Paying the arrears cures it; left unpaid again, it falls into default again, with a notice of its own.
      travelTo(t, '2027-03-25', '10:00');
      expect((await payOk(admin, loan.id, '4976.44', '2027-03-25')).application.status).toBe('active');
      travelTo(t, '2027-07-23', '09:00'); // #5, due 23 April, 91 days unpaid
      await runJobs();
      expect((await ownApplication(creator, loan.id)).status).toBe('defaulted');
      const position = (await servicingOf(creator, loan.id)).position;
      expect(position).toMatchObject({ amountOverdue: '3732.33', daysPastDue: 91 });
      expect(defaults()).toHaveLength(2);
      const later = defaults()[1]!;
      expect(later.text).toContain('Oldest unpaid instalment due: 23 April 2027');
      expect(later.text).toContain('Total amount overdue: R 3 732,33');
      expect(later.text).toContain('Balance still to repay: R 9 952,82');
      travelTo(t, '2027-07-24', '09:00');
      await runJobs();
      expect(defaults()).toHaveLength(2);
    } finally {
      travelTo(t, '2026-11-23');
    }
  });

  it('a test application and an erased account get none of these notices', async () => {
    // A test application (decision 008): cancelled, and another defaulted and restructured.
    const rehearsal = await newCreator('rehearsal');
    const testApp = async (amount: number) => {
      const res = await rehearsal.post('/api/applications', applicationBody({ requestedAmount: amount }));
      const id = res.json().application.id as number;
      const patch = (payload: object) =>
        admin.request({ method: 'PATCH', url: `/api/admin/applications/${id}`, payload });
      expect((await patch({ testing: true })).statusCode).toBe(200);
      return { id, patch };
    };
    const cancelled = await testApp(4_000);
    const cancel = await admin.post('/api/lending-management/cancel-application', {
      applicationId: cancelled.id,
      reason: 'Rehearsal over',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.status).toBe('cancelled_testing');

    const loan = await testApp(5_000);
    expect((await loan.patch({ status: 'approved' })).statusCode).toBe(200);
    const setup = await admin.post(`/api/applications/${loan.id}/repayment-schedule`, {
      frequency: 'monthly',
      withholdingPercentage: 20,
      estimatedPeriod: 3,
    });
    expect(setup.statusCode).toBe(200);
    await acceptAndPayOut(admin, rehearsal, loan.id);

    // An erased account: erasure waits while a loan is open, so the test writes the state an erasure leaves
    // (anonymised, deleted) onto a creator whose loan then defaults and is restructured.
    const erased = await newCreator('erased');
    const erasedLoan = await adminLoan(admin, erased, { requestedAmount: 6_000 });
    try {
      await runJobs();
      const before = inbox(erased.username).length;
      await t.database.db.execute(
        sql`update users set anonymised_at = now(), status = 'deleted' where id = ${erased.userId}`,
      );
      travelTo(t, '2027-03-24');
      await runJobs();
      expect((await ownApplication(rehearsal, loan.id)).status).toBe('defaulted_testing');
      expect((await admin.get(`/api/admin/applications/${erasedLoan.id}`)).json().application).toMatchObject({
        status: 'defaulted',
      });
      expect((await restructure(loan.id, 6)).statusCode).toBe(200);
      expect((await restructure(erasedLoan.id, 6)).statusCode).toBe(200);
      await runJobs();
      expect(inbox(rehearsal.username).map((m) => m.subject)).toEqual([
        `We received your Vuka Capital application #${cancelled.id}`,
        `We received your Vuka Capital application #${loan.id}`,
      ]);
      expect(inbox(erased.username)).toHaveLength(before);
      const rows = await queryRows<{ notice_key: string }>(
        t.database.db,
        sql`select notice_key from mail_outbox
            where notice_key like ${`%:${loan.id}%`} or notice_key like ${`%:${erasedLoan.id}%`}
               or notice_key = ${`cancelled:${cancelled.id}`}`,
      );
      expect(rows.filter((r) => /^(cancelled|restructured|default):/.test(r.notice_key))).toEqual([]);
    } finally {
      travelTo(t, '2026-11-23');
    }
  });
});
