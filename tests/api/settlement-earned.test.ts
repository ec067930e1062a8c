// Settling early costs only what was earned (docs/lending.md "Early settlement"): on the day of the
// payout the principal exactly; later, the principal owed and the finance charge accrued at the agreement's own rate
// (the annual rate of the finance charge alone), the rest of the charge rebated and shown; no fee of any kind. The
// expected amounts are worked out here independently, with a floating-point internal rate of return.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { latestMailTo } from '../support/accounts';
import {
  adminLoan,
  type Loan,
  ledgerTotals,
  payOk,
  quickUser,
  type SignedIn,
  servicingOf,
  travelTo,
} from '../support/servicing';
import { createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'earned-admin@example.com', 'admin');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_EPOCH));

const dayMs = 86_400_000;
const daysFrom = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs;

/** The annual rate at which the instalments repay the principal, by bisection on doubles. */
function floatRate(
  principal: number,
  start: string,
  instalments: Array<{ dueDate: string; amountDue: string }>,
) {
  const npv = (r: number) =>
    instalments.reduce(
      (sum, i) => sum + Number(i.amountDue) / (1 + r) ** (daysFrom(start, i.dueDate) / 365),
      0,
    ) - principal;
  let low = 0;
  let high = 1000;
  for (let k = 0; k < 200; k++) {
    const mid = (low + high) / 2;
    if (npv(mid) > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

async function quote(loan: Loan) {
  const res = await loan.creator.post(`/api/applications/${loan.id}/settlement-quote`, {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json().quote as {
    id: number;
    amount: string;
    principal: string;
    accruedCharge: string;
    rebate: string;
  };
}

const newLoan = async (requestedAmount: number) =>
  adminLoan(admin, await quickUser(t, `earned-${++n}@example.com`), { requestedAmount });

describe('the settlement amount', () => {
  it('on the day of the payout is exactly the principal; the whole finance charge is rebated', async () => {
    const loan = await newLoan(5_000);
    const q = await quote(loan);
    const charge = new Decimal(loan.schedule.totalAmount).minus(5_000).toFixed(2);
    expect(q).toMatchObject({
      amount: '5000.00',
      principal: '5000.00',
      accruedCharge: '0.00',
      rebate: charge,
    });
  });

  it('30 days later is the principal grown at the agreement rate for 30 days', async () => {
    const loan = await newLoan(5_000);
    const instalments = (await servicingOf(loan.creator, loan.id)).instalments;
    const r = floatRate(5_000, '2026-11-23', instalments);
    travelTo(t, '2026-12-23');
    const q = await quote(loan);
    const expected = 5_000 * (1 + r) ** (30 / 365);
    expect(Math.abs(Number(q.amount) - expected)).toBeLessThanOrEqual(0.01);
    expect(q.principal).toBe('5000.00');
    expect(new Decimal(q.amount).plus(q.rebate).toFixed(2)).toBe(loan.schedule.totalAmount);
  });

  it('5 months into 12, paid on time, is what the 7 instalments left are worth today, not 7 months of charge', async () => {
    const loan = await newLoan(10_000);
    const instalments = (await servicingOf(loan.creator, loan.id)).instalments;
    for (const i of instalments.slice(0, 5)) {
      travelTo(t, i.dueDate);
      await payOk(admin, loan.id, i.amountDue, i.dueDate);
    }
    const on = instalments[4]!.dueDate;
    const q = await quote(loan);
    const r = floatRate(10_000, '2026-11-23', instalments);
    const worth = instalments
      .slice(5)
      .reduce((sum, i) => sum + Number(i.amountDue) / (1 + r) ** (daysFrom(on, i.dueDate) / 365), 0);
    expect(Math.abs(Number(q.amount) - worth)).toBeLessThanOrEqual(0.02);
    const remaining = instalments.slice(5).reduce((sum, i) => sum.plus(i.amountDue), new Decimal(0));
    expect(new Decimal(q.amount).plus(q.rebate).equals(remaining)).toBe(true);
    // The charge of the 7 months not yet come is not asked for.
    expect(Number(q.rebate)).toBeGreaterThan(Number(remaining) * 0.1);
  });
});

describe('recording a settlement', () => {
  it('takes no fee, rebates the charge not earned, and leaves nothing on the books', async () => {
    const loan = await newLoan(8_000);
    travelTo(t, '2027-01-10');
    const q = await quote(loan);
    const settled = await admin.post(`/api/admin/settlement-quotes/${q.id}/settle`, {});
    expect(settled.statusCode, settled.body).toBe(201);
    const [payment] = await queryRows<{ amount: string; fee: string; kind: string }>(
      t.database.db,
      sql`select amount::text, platform_fee::text as fee, kind from payments where application_id = ${loan.id}`,
    );
    expect(payment).toEqual({ amount: q.amount, fee: '0.00', kind: 'settlement' });
    const ledger = await ledgerTotals(t.database.db, loan.id);
    const net = (account: string) => {
      const row = ledger.find((l) => l.account === account);
      return row ? new Decimal(row.debit).minus(row.credit) : new Decimal(0);
    };
    expect(net('loans_receivable').toFixed(2)).toBe('0.00');
    expect(net('deferred_cost_income').toFixed(2)).toBe('0.00');
    expect(net('platform_fee_income').toFixed(2)).toBe('0.00');
    // The cash in is the settlement alone; what was earned is the settlement less the principal.
    const [cash] = await queryRows<{ cash: string }>(
      t.database.db,
      sql`select sum(l.debit)::text as cash from ledger_lines l join ledger_entries e on e.id = l.entry_id
          where e.application_id = ${loan.id} and e.kind = 'repayment' and l.account = 'cash'`,
    );
    expect(cash!.cash).toBe(q.amount);
    expect(net('cost_income').negated().toFixed(2)).toBe(new Decimal(q.amount).minus(8_000).toFixed(2));
    const schedule = (await servicingOf(loan.creator, loan.id)).instalments;
    expect(schedule.every((i) => ['paid', 'settled'].includes(i.status))).toBe(true);

    const letter = await latestMailTo(t.database.db, loan.creator.username);
    expect(letter?.subject).toBe(`Your Vuka Capital financing #${loan.id} is settled`);
    expect(letter?.textBody).toContain('with no fee or penalty of any kind');
    expect(letter?.textBody.replace(/\s/g, ' ')).toContain('Finance charge saved');
  });
});
