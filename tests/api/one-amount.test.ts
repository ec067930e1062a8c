// One amount the creator pays: what is handed over for an instalment is the instalment and its
// platform fee, each named, and their sum, in the creator's list, the servicing answer and the payment history; the
// ledger's cash is what was received; and the fees never exceed what the quote disclosed, however the loan is paid.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import {
  adminLoan,
  ownApplication,
  payOk,
  quickUser,
  type SignedIn,
  servicingOf,
} from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'amount-admin@example.com', 'admin');
});
afterAll(() => t.close());

const feeOf = (amount: Decimal.Value) =>
  new Decimal(amount).times('0.025').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const newLoan = async (requestedAmount: number) =>
  adminLoan(admin, await quickUser(t, `amount-${++n}@example.com`), { requestedAmount });

describe('what the creator hands over', () => {
  it('names the instalment, its fee and their sum, now and for each instalment', async () => {
    const loan = await newLoan(10_000);
    const instalment = loan.schedule.installmentAmount;
    const mine = (await ownApplication(loan.creator, loan.id)).repaymentSchedule as unknown as {
      installmentFee: string;
      servicing: { amountDueNow: string; feeDueNow: string; totalDueNow: string; currentInstalment: object };
    };
    expect(mine.installmentFee).toBe(feeOf(instalment).toFixed(2));
    expect(mine.servicing).toMatchObject({
      amountDueNow: instalment,
      feeDueNow: feeOf(instalment).toFixed(2),
      totalDueNow: feeOf(instalment).plus(instalment).toFixed(2),
      currentInstalment: {
        outstanding: instalment,
        fee: feeOf(instalment).toFixed(2),
        total: feeOf(instalment).plus(instalment).toFixed(2),
      },
    });
    const s = await servicingOf(loan.creator, loan.id);
    expect(s.instalments[0]).toMatchObject({
      amountDue: instalment,
      fee: feeOf(instalment).toFixed(2),
      total: feeOf(instalment).plus(instalment).toFixed(2),
    });
    expect((s as unknown as { totalDueNow: string }).totalDueNow).toBe(
      feeOf(instalment).plus(instalment).toFixed(2),
    );
  });

  it('books as cash exactly what was received: the amount to the loan and its fee', async () => {
    const loan = await newLoan(6_000);
    await payOk(admin, loan.id, '1400.00', '2026-11-23');
    const [row] = await queryRows<{ cash: string; fee: string }>(
      t.database.db,
      sql`select (select sum(l.debit)::text from ledger_lines l join ledger_entries e on e.id = l.entry_id
                   where e.payment_id = p.id and l.account = 'cash') as cash, p.platform_fee::text as fee
          from payments p where p.application_id = ${loan.id}`,
    );
    expect(row).toEqual({ fee: '35.00', cash: '1435.00' });
    const payments = (await ownApplication(loan.creator, loan.id)).repaymentSchedule
      .payments as unknown as Array<{
      amount: string;
      platformFee: string;
    }>;
    expect(payments).toEqual([expect.objectContaining({ amount: '1400.00', platformFee: '35.00' })]);
  });
});

describe('the fees charged', () => {
  it('never exceed what the quote disclosed, even paid in pieces whose fees round up', async () => {
    const loan = await newLoan(2_000);
    const [terms] = await queryRows<{ quoted: string; total: string }>(
      t.database.db,
      sql`select quoted_fees::text as quoted, total_amount::text as total from repayment_schedules
          where application_id = ${loan.id}`,
    );
    // The quote's fees: the fee on each instalment.
    const quoted = (await servicingOf(loan.creator, loan.id)).instalments.reduce(
      (sum, i) => sum.plus(i.fee),
      new Decimal(0),
    );
    expect(terms!.quoted).toBe(quoted.toFixed(2));
    // Forty payments of R 0,30: each carries a fee of R 0,01 (2,5 % of 30 cents is 0,75 of a cent, rounded up),
    // a third more than the rule on the whole; then the rest in one payment.
    for (let k = 0; k < 40; k++) await payOk(admin, loan.id, '0.30', '2026-11-23');
    const rest = new Decimal(terms!.total).minus(12);
    await payOk(admin, loan.id, rest.toFixed(2), '2026-11-23');
    const [fees] = await queryRows<{ charged: string; count: number }>(
      t.database.db,
      sql`select sum(platform_fee)::text as charged, count(*)::int as count from payments where application_id = ${loan.id}`,
    );
    expect(fees!.count).toBe(41);
    // Without the cap: 40 cents and the fee on the rest, more than the quote said.
    expect(new Decimal('0.40').plus(feeOf(rest)).gt(quoted)).toBe(true);
    expect(fees!.charged).toBe(quoted.toFixed(2));
    expect((await ownApplication(loan.creator, loan.id)).status).toBe('completed');
  });
});
