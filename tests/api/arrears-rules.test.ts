// Arrears are cumulative (docs/lending.md "Allocation" and "Arrears"): paying ahead never makes a
// creator late, a backdated payment covers what it was meant for, and arrears below the loan's tolerance are owed
// but not overdue: no days past due, bucket, default or overdue notice. Regressions for the cases that
// once went wrong (a loan paid ahead, a backdated payment, a shortfall within tolerance),
// through the real routes, with the e-mails read from a real SMTP server.
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { plain, useNoticesHarness, zar } from '../support/notices';
import { adminLoan, lendingRow, payOk, servicingOf, travelTo } from '../support/servicing';

describe('cumulative arrears', () => {
  const h = useNoticesHarness('arrears');

  it('paying three instalments ahead, then nothing: 152 days later two are overdue, 32 days, not defaulted', async () => {
    const creator = await h.newCreator('ahead');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 10_000 });
    const instalment = loan.schedule.installmentAmount;
    await payOk(h.admin, loan.id, new Decimal(instalment).times(3).toFixed(2), '2026-11-23');

    // 152 days on: five instalments fell due (23 Dec to 23 Apr), three were paid.
    travelTo(h.t, '2027-04-24');
    await h.runJobs();
    const s = await servicingOf(creator, loan.id);
    expect(s.position).toMatchObject({
      amountOverdue: new Decimal(instalment).times(2).toFixed(2),
      daysPastDue: 32,
      bucket: '31-60',
      nextPaymentDate: '2027-03-23',
    });
    expect((await lendingRow(h.admin, loan.id))!).toMatchObject({
      status: 'active',
      daysPastDue: 32,
      delinquencyBucket: '31-60',
    });
    expect(h.matching(creator.username, /default/i)).toEqual([]);
    // The overdue notice tells the real arrears: two instalments, 32 days.
    const overdue = h.only(creator.username, /overdue/i);
    expect(overdue.subject).toMatch(/32 days past due/);
    expect(plain(overdue.text)).toContain(`Total amount overdue: ${zar(new Decimal(instalment).times(2))}`);

    // It defaults only once the real arrears are more than 90 days old: 91 days after 23 March.
    travelTo(h.t, '2027-06-21');
    await h.runJobs();
    expect((await lendingRow(h.admin, loan.id))!.status).toBe('active');
    travelTo(h.t, '2027-06-22');
    await h.runJobs();
    expect((await lendingRow(h.admin, loan.id))!.status).toBe('defaulted');
    expect(h.matching(creator.username, /default/i)).toHaveLength(1);
  });

  it('a payment made before two instalments fell due and recorded after both covers both', async () => {
    const creator = await h.newCreator('backdated');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 8_000 });
    const two = new Decimal(loan.schedule.installmentAmount).times(2).toFixed(2);
    travelTo(h.t, '2027-01-24');
    await payOk(h.admin, loan.id, two, '2026-12-20');
    const s = await servicingOf(creator, loan.id);
    expect(s.instalments.slice(0, 3).map((i) => i.status)).toEqual(['paid', 'paid', 'due']);
    expect(s.position).toMatchObject({ amountOverdue: '0.00', daysPastDue: 0, bucket: 'current' });
  });

  it('arrears below the tolerance (R 10) are owed, not overdue: no bucket, no notice, no default', async () => {
    const creator = await h.newCreator('tolerance');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 6_000 });
    const instalment = new Decimal(loan.schedule.installmentAmount);
    await payOk(h.admin, loan.id, instalment.minus('9.99').toFixed(2), '2026-11-23');
    travelTo(h.t, '2027-01-10');
    await h.runJobs();
    const s = await servicingOf(creator, loan.id);
    expect(s.position).toMatchObject({
      amountOverdue: '0.00',
      daysPastDue: 0,
      bucket: 'current',
      nextPaymentDate: '2026-12-23',
      amountDueNow: new Decimal('9.99').plus(instalment).toFixed(2),
    });
    expect((await lendingRow(h.admin, loan.id))!).toMatchObject({
      daysPastDue: 0,
      delinquencyBucket: 'current',
    });
    expect(h.matching(creator.username, /overdue/i)).toEqual([]);
    // The next instalment unpaid past its date makes the loan late, from that date.
    travelTo(h.t, '2027-01-24');
    await h.runJobs();
    expect((await servicingOf(creator, loan.id)).position).toMatchObject({
      amountOverdue: new Decimal('9.99').plus(instalment).toFixed(2),
      daysPastDue: 1,
    });
    expect(h.matching(creator.username, /overdue/i)).toHaveLength(1);
  });
});
