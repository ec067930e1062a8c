// A creator's payments, sent as the screen shows them: the polled list carries each schedule's latest
// PAYMENT_HISTORY_PREVIEW payments with the count and the totals of all of them (a reversed payment counts for
// nothing), and GET /api/applications/{id}/payments pages the rest, newest first, for the owner only.
import { describe, expect, it } from 'vitest';
import { CREATOR_PAYMENTS_PAGE_SIZE, PAYMENT_HISTORY_PREVIEW } from '../../src/shared/constants';
import { withSecondApproval } from '../support/approvals';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, ownApplication, payOk, sum } from '../support/servicing';
import { Client } from '../support/test-app';

describe("a creator's payments, as the screens show them", () => {
  const h = useNoticesHarness('own-payments');

  it('the list carries the latest few and the totals of all; the rest come a page at a time, newest first', async () => {
    const creator = await h.newCreator('pages');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 10_000 });
    const amounts = ['101.00', '102.00', '103.00', '104.00', '105.00', '106.00'];
    const ids: number[] = [];
    for (const amount of amounts) ids.push((await payOk(h.admin, loan.id, amount, '2026-11-23')).payment.id);
    // The second payment bounced: it stays listed and counts for nothing.
    const reversed = await withSecondApproval(
      h.admin,
      h.admin.post(`/api/admin/payments/${ids[1]}/reverse`, { reason: 'Bounced: returned by the bank' }),
    );
    expect(reversed.statusCode, reversed.body).toBe(200);

    const schedule = (await ownApplication(creator, loan.id)).repaymentSchedule;
    expect(schedule.payments.map((p) => p.id)).toEqual(ids.slice(-PAYMENT_HISTORY_PREVIEW));
    expect(schedule.paymentCount).toBe(amounts.length);
    expect(schedule.paidTotal).toBe(sum(amounts.filter((_, i) => i !== 1)));

    const first = await creator.get(`/api/applications/${loan.id}/payments`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ total: amounts.length, page: 1, pageSize: CREATOR_PAYMENTS_PAGE_SIZE });
    expect(page.rows.map((p: { id: number }) => p.id)).toEqual([...ids].reverse());
    expect(page.rows.find((p: { id: number }) => p.id === ids[1]).reversedOn).not.toBeNull();
    // The list's fees are those of every payment in force, not only of the few it carries.
    type Row = { platformFee: string; reversedOn: string | null };
    const fees = (page.rows as Row[]).filter((p) => p.reversedOn === null).map((p) => p.platformFee);
    expect(Number(schedule.feesTotal)).toBeGreaterThan(0);
    expect(schedule.feesTotal).toBe(sum(fees));
    // Never the idempotency key or who recorded it.
    expect(Object.keys(page.rows[0])).not.toContain('idempotencyKey');
    expect(Object.keys(page.rows[0])).not.toContain('createdBy');

    const past = (await creator.get(`/api/applications/${loan.id}/payments?page=2`)).json();
    expect(past).toMatchObject({ rows: [], total: amounts.length, page: 2 });
  });

  it('answers only the owner, and refuses a page that is not a page', async () => {
    const creator = await h.newCreator('owner');
    const other = await h.newCreator('other');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 5_000 });
    expect((await other.get(`/api/applications/${loan.id}/payments`)).statusCode).toBe(404);
    expect((await other.get('/api/applications/999999/payments')).statusCode).toBe(404);
    expect((await new Client(h.t.app).get(`/api/applications/${loan.id}/payments`)).statusCode).toBe(401);
    for (const bad of ['0', '-1', 'abc', '1.5', '100001']) {
      const res = await creator.get(`/api/applications/${loan.id}/payments?page=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
