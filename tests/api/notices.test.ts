// Notices by e-mail (docs/notices.md), end to end: the real flows write them, the daily job runs at chosen
// times on the app's clock, and a real SMTP server started here receives them. Each test makes its own
// creator and reads only the mail sent to that creator.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/client';
import { sendDueNotices } from '../../src/server/features/notices/notices.service';
import { applicationBody } from '../support/accounts';
import { useNoticesHarness, zar } from '../support/notices';
import {
  acceptAndPayOut,
  adminLoan,
  approvedApplication,
  auditRows,
  pay,
  payOk,
  type SignedIn,
  servicingOf,
  travelTo,
} from '../support/servicing';
import type { TestApp } from '../support/test-app';

describe('notices by e-mail', () => {
  const notices = useNoticesHarness('notices');
  const { newCreator, runJobs, inbox, only } = notices;
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(() => {
    ({ t, admin } = notices);
  });
  const subjects = (to: string) => inbox(to).map((m) => m.subject);

  it('application received, approved, and not approved with the reason for the creator (never the admin’s notes)', async () => {
    const approvedCreator = await newCreator('approved');
    const app = await approvedApplication(admin, approvedCreator, { requestedAmount: 9_000 });
    await runJobs();
    const received = only(approvedCreator.username, /We received your Vuka Capital application/);
    expect(received.subject).toBe(`We received your Vuka Capital application #${app.id}`);
    expect(received.from).toBe('hello@vuka.test');
    expect(received.text).toContain('Amount requested: R 9 000,00');
    expect(received.text).toContain('on 23 November 2026');
    expect(received.html).toContain('Vuka Capital');
    const approved = only(approvedCreator.username, /is approved/);
    expect(approved.subject).toBe(`Your Vuka Capital application #${app.id} is approved`);
    expect(approved.text).toContain('Amount approved: R 9 000,00');
    expect(approved.text).toContain('choose your repayment plan');
    expect(subjects(approvedCreator.username)).toHaveLength(2);

    const rejectedCreator = await newCreator('rejected');
    const res = await rejectedCreator.post('/api/applications', applicationBody({ requestedAmount: 20_000 }));
    const rejectedId = res.json().application.id as number;
    const patch = (payload: object) =>
      admin.request({ method: 'PATCH', url: `/api/admin/applications/${rejectedId}`, payload });
    expect((await patch({ notes: 'INTERNAL: bank statement looks edited' })).statusCode).toBe(200);
    const reason = 'Your verified monthly revenue is below what this amount needs; try a smaller amount.';
    expect((await patch({ status: 'rejected', rejectionReason: reason })).statusCode).toBe(200);
    await runJobs();
    const rejected = only(rejectedCreator.username, /was not approved/);
    expect(rejected.subject).toBe(`Your Vuka Capital application #${rejectedId} was not approved`);
    expect(rejected.text).toContain(`Why: ${reason}`);
    expect(rejected.html).toContain('Why: Your verified monthly revenue');
    for (const mail of inbox(rejectedCreator.username)) {
      expect(mail.text).not.toContain('INTERNAL');
      expect(mail.html).not.toContain('INTERNAL');
    }
    expect(subjects(rejectedCreator.username)).toEqual([
      `We received your Vuka Capital application #${rejectedId}`,
      `Your Vuka Capital application #${rejectedId} was not approved`,
    ]);
    // Nothing went to anyone else, and the rows name their person.
    expect(inbox(admin.username)).toEqual([]);
    const rows = await queryRows<{ user_id: number | null }>(
      t.database.db,
      sql`select user_id from mail_outbox where to_address = ${rejectedCreator.username}`,
    );
    expect(rows.map((r) => r.user_id)).toEqual([rejectedCreator.userId, rejectedCreator.userId]);
  });

  it('plan active, a receipt with the new balance, and the paid-up letter, with the loan’s own figures', async () => {
    const creator = await newCreator('repaid');
    // Bank details of the creator never appear in a notice.
    const bank = await creator.request({
      method: 'PATCH',
      url: `/api/users/${creator.userId}`,
      payload: {
        bankName: 'Capitec Bank',
        accountNumber: '1234567890',
        branchCode: '470010',
        accountType: 'savings',
      },
    });
    expect(bank.statusCode).toBe(200);
    const loan = await adminLoan(admin, creator, { requestedAmount: 3_000, estimatedPeriod: 3 });
    const s = loan.schedule;
    await runJobs();
    const plan = only(creator.username, /repayment plan for financing/);
    expect(plan.subject).toBe(`Your Vuka Capital repayment plan for financing #${loan.id} is active`);
    expect(plan.text).toContain(`Amount financed: ${zar(3000)}`);
    expect(plan.text).toContain(`Total to repay: ${zar(s.totalAmount)}`);
    expect(plan.text).toContain(`Instalment: ${zar(s.installmentAmount)}`);
    expect(plan.text).toContain('Number of instalments: 3');
    expect(plan.text).toContain('First instalment due: 23 December 2026');
    expect(plan.text).toContain('Last instalment due: 23 February 2027');
    expect(plan.html).toContain('First instalment due');

    travelTo(t, '2026-12-01');
    await payOk(admin, loan.id, '500.00', '2026-12-01');
    await runJobs();
    const receipt = only(creator.username, /^Payment received/);
    const afterFirst = new Decimal(s.totalAmount).minus(500);
    expect(receipt.subject).toBe(
      `Payment received: ${zar(512.5)} for your Vuka Capital financing #${loan.id}`,
    );
    expect(receipt.text).toContain('Paid to your financing: R 500,00');
    expect(receipt.text).toContain('Platform fee: R 12,50');
    expect(receipt.text).toContain('Total received: R 512,50');
    expect(receipt.text).toContain('Payment date: 1 December 2026');
    expect(receipt.text).toContain(`Balance still to repay: ${zar(afterFirst)}`);
    // What the rest of instalment 1 takes with its fee (2,5 %, half up to the cent).
    const rest = new Decimal(s.installmentAmount).minus(500);
    const restFee = rest.times('0.025').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(receipt.text).toContain(
      `Next instalment: ${zar(rest.plus(restFee))} (${zar(rest)} + ${zar(restFee)} platform fee) due 23 December 2026`,
    );

    await payOk(admin, loan.id, afterFirst.toFixed(2), '2026-12-01');
    await runJobs();
    const letter = only(creator.username, /is paid up/);
    expect(letter.subject).toBe(`Your Vuka Capital financing #${loan.id} is paid up`);
    expect(letter.text).toContain(`We received your final payment of ${zar(afterFirst)} on 1 December 2026.`);
    expect(letter.text).toContain('is paid in full and closed');
    expect(letter.text).toContain(`Total repaid: ${zar(s.totalAmount)}`);
    expect(letter.text).toContain(`Balance: ${zar(0)}`);
    // The letter is the last payment's receipt: one receipt for the first payment only.
    expect(subjects(creator.username).filter((x) => x.startsWith('Payment received'))).toHaveLength(1);
    for (const mail of inbox(creator.username)) {
      expect(mail.text).not.toContain('1234567890');
      expect(mail.html).not.toContain('1234567890');
      expect(mail.text).toContain('Vuka Capital');
    }
    // Nothing more is ever sent about a repaid loan, whatever the day.
    const before = inbox(creator.username).length;
    travelTo(t, '2027-03-01');
    await runJobs();
    expect(inbox(creator.username)).toHaveLength(before);
  });

  it('a reminder three days before each instalment, overdue notices at 1, 30 and 60 days: each once, in the morning', async () => {
    const creator = await newCreator('late');
    const loan = await adminLoan(admin, creator, { requestedAmount: 6_000, estimatedPeriod: 6 });
    const instalment = loan.schedule.installmentAmount;
    // What the creator hands over for it: the instalment and its 2,5 % platform fee.
    const fee = new Decimal(instalment).times('0.025').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const toPay = new Decimal(instalment).plus(fee);
    const reminders = () => subjects(creator.username).filter((x) => x.startsWith('Reminder'));
    const overdue = () => subjects(creator.username).filter((x) => /past due/.test(x));
    try {
      travelTo(t, '2026-12-19', '10:00'); // four days before 23 December: too early
      await runJobs();
      travelTo(t, '2026-12-20', '07:30'); // the right day, before the morning
      await runJobs();
      expect(reminders()).toEqual([]);
      travelTo(t, '2026-12-20', '08:05');
      await runJobs();
      travelTo(t, '2026-12-20', '13:00');
      await runJobs();
      travelTo(t, '2026-12-21', '09:00');
      await runJobs();
      expect(reminders()).toEqual([
        `Reminder: ${zar(toPay)} for your Vuka Capital financing falls due on 23 December 2026`,
      ]);
      const reminder = only(creator.username, /^Reminder/);
      expect(reminder.text).toContain(`Amount due: ${zar(instalment)}`);
      expect(reminder.text).toContain(`Platform fee: ${zar(fee)}`);
      expect(reminder.text).toContain(`To pay: ${zar(toPay)}`);
      expect(reminder.text).toContain('falls due on 23 December 2026 (in 3 days)');
      expect(reminder.text).toContain('Instalment: 1 of 6');
      expect(reminder.text).toContain('turn payment reminders off in Vuka Capital Settings');

      travelTo(t, '2026-12-23', '10:00'); // due today: not yet late
      await runJobs();
      expect(overdue()).toEqual([]);
      travelTo(t, '2026-12-24', '08:30');
      await runJobs();
      await runJobs();
      expect(overdue()).toEqual([`Overdue: your Vuka Capital financing #${loan.id} is 1 day past due`]);
      const first = only(creator.username, /1 day past due/);
      expect(first.text).toContain('Instalment 1 of your financing');
      expect(first.text).toContain('fell due on 23 December 2026 and is now 1 day past due');
      expect(first.text).toContain(`Total amount overdue: ${zar(instalment)}`);
      expect(first.text).toContain(
        `To bring it up to date, pay: ${zar(toPay)} (with the ${zar(fee)} platform fee)`,
      );

      // No run on 20 January (the servers were down, say): instalment 2's reminder comes with the next morning's
      // run, once; the loan is 30 days past due on 22 January.
      travelTo(t, '2027-01-21', '10:00');
      await runJobs();
      expect(overdue()).toHaveLength(1);
      expect(reminders()).toHaveLength(2);
      const second = inbox(creator.username).filter((m) => m.subject.startsWith('Reminder'))[1]!;
      expect(second.text).toContain('falls due on 23 January 2027 (in 2 days)');
      expect(second.text).toContain(`Already overdue: ${zar(instalment)}`);
      travelTo(t, '2027-01-22', '10:00');
      await runJobs();
      const thirty = only(creator.username, /30 days past due/);
      expect(thirty.text).toContain(`Total amount overdue: ${zar(instalment)}`);
      expect(reminders()).toHaveLength(2);

      travelTo(t, '2027-02-21', '11:00');
      await runJobs();
      const sixty = only(creator.username, /Final notice/);
      expect(sixty.subject).toBe(`Final notice: your Vuka Capital financing #${loan.id} is 60 days past due`);
      expect(sixty.text).toContain(`Total amount overdue: ${zar(new Decimal(instalment).times(2))}`);
      expect(sixty.text).toContain('more than 90 days past due is marked in default');
      travelTo(t, '2027-02-22', '11:00');
      await runJobs();
      expect(overdue()).toHaveLength(3);

      // Paid up to date, the next late instalment starts its own notices.
      const due = (await servicingOf(creator, loan.id)).position.amountOverdue;
      await payOk(admin, loan.id, due, '2027-02-22');
      travelTo(t, '2027-02-24', '09:00');
      await runJobs();
      expect(overdue()).toHaveLength(4);
      expect(overdue()[3]).toBe(`Overdue: your Vuka Capital financing #${loan.id} is 1 day past due`);
    } finally {
      travelTo(t, '2026-11-23');
    }
  });

  it('a creator who turns reminders off gets none; receipts and overdue notices still come', async () => {
    const creator = await newCreator('quiet');
    expect((await creator.get('/api/users/me/notices')).json()).toEqual({ remindersEnabled: true });
    const bad = await creator.request({
      method: 'PUT',
      url: '/api/users/me/notices',
      payload: { remindersEnabled: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.remindersEnabled).toBeDefined();
    const off = await creator.request({
      method: 'PUT',
      url: '/api/users/me/notices',
      payload: { remindersEnabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ remindersEnabled: false });
    expect((await creator.get('/api/users/me/notices')).json()).toEqual({ remindersEnabled: false });
    expect(await auditRows(t.database.db, creator.userId, 'payment_reminders_off')).toHaveLength(1);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/me/notices' });
    expect(anonymous.statusCode).toBe(401);

    const loan = await adminLoan(admin, creator, { requestedAmount: 3_000, estimatedPeriod: 3 });
    try {
      travelTo(t, '2026-12-20', '09:00');
      await runJobs();
      travelTo(t, '2026-12-24', '09:00');
      await runJobs();
      await payOk(admin, loan.id, '100.00', '2026-12-24');
      await runJobs();
      const all = subjects(creator.username);
      expect(all.filter((x) => x.startsWith('Reminder'))).toEqual([]);
      expect(all.filter((x) => x.startsWith('Overdue'))).toHaveLength(1);
      expect(all.filter((x) => x.startsWith('Payment received'))).toHaveLength(1);
      expect(all.filter((x) => x.includes('repayment plan'))).toHaveLength(1);

      // On again: the next instalment's reminder comes.
      await creator.request({
        method: 'PUT',
        url: '/api/users/me/notices',
        payload: { remindersEnabled: true },
      });
      travelTo(t, '2027-01-20', '09:00');
      await runJobs();
      expect(subjects(creator.username).filter((x) => x.startsWith('Reminder'))).toEqual([
        expect.stringContaining('falls due on 23 January 2027'),
      ]);
    } finally {
      travelTo(t, '2026-11-23');
    }
  });

  it('a test application is a rehearsal: nothing about it reaches the creator after it is marked', async () => {
    const creator = await newCreator('rehearsal');
    const res = await creator.post('/api/applications', applicationBody({ requestedAmount: 5_000 }));
    const id = res.json().application.id as number;
    const patch = (payload: object) =>
      admin.request({ method: 'PATCH', url: `/api/admin/applications/${id}`, payload });
    expect((await patch({ testing: true })).statusCode).toBe(200);
    expect((await patch({ status: 'approved' })).statusCode).toBe(200);
    const setup = await admin.post(`/api/applications/${id}/repayment-schedule`, {
      frequency: 'monthly',
      withholdingPercentage: 20,
      estimatedPeriod: 3,
    });
    expect(setup.statusCode).toBe(200);
    await acceptAndPayOut(admin, creator, id);
    try {
      expect((await pay(admin, id, '100.00', '2026-11-23')).statusCode).toBe(201);
      travelTo(t, '2026-12-20', '09:00');
      await runJobs();
      travelTo(t, '2027-02-25', '09:00');
      await runJobs();
      expect(subjects(creator.username)).toEqual([`We received your Vuka Capital application #${id}`]);
    } finally {
      travelTo(t, '2026-11-23');
    }
  });

  it('twenty job runs at once, on two instances, send each notice once', async () => {
    const creators = await Promise.all([newCreator('burst-a'), newCreator('burst-b'), newCreator('burst-c')]);
    for (const creator of creators)
      await adminLoan(admin, creator, { requestedAmount: 3_000, estimatedPeriod: 3 });
    await runJobs(); // the received, approved and plan notices
    const other = await buildApp(t.config, {
      database: t.database,
      clock: t.clock,
      sessionClock: t.sessionClock,
      logger: false,
    });
    try {
      // 20 December: each loan's first reminder; then 24 December: each loan's first overdue notice.
      for (const [date, pattern] of [
        ['2026-12-20', /^Reminder/],
        ['2026-12-24', /1 day past due/],
      ] as const) {
        travelTo(t, date, '09:00');
        const runs = await Promise.all(
          Array.from({ length: 20 }, (_, i) => {
            const app = i % 2 === 0 ? t.app : other;
            // Half through the job lock as the scheduler runs it, half straight (the key alone must hold).
            return i % 4 < 2
              ? app.ctx.database.withJobLock(7_320_132, () =>
                  sendDueNotices(t.database.db, t.clock, t.config).then(() => {}),
                )
              : app.ctx.runJobsOnce();
          }),
        );
        expect(runs).toHaveLength(20);
        await runJobs();
        for (const creator of creators) {
          expect(
            inbox(creator.username).filter((m) => pattern.test(m.subject)),
            creator.username,
          ).toHaveLength(1);
        }
      }
      const [row] = await queryRows<{ dupes: number }>(
        t.database.db,
        sql`select count(*)::int as dupes from (select to_address, subject from mail_outbox
            where to_address in (${sql.join(
              creators.map((c) => sql`${c.username}`),
              sql`, `,
            )})
            group by to_address, subject having count(*) > 1) d`,
      );
      expect(row!.dupes).toBe(0);
    } finally {
      await other.close();
      travelTo(t, '2026-11-23');
    }
  });
});
