// the quote is the contract, and the payout is a step (docs/lending.md, "The quote is the
// contract" and "Approval and payout"). A quote the creator sees is stored and holds 5 business days; choosing the plan
// accepts exactly it; an admin's setup is an offer the creator accepts; the loan starts when the payout is recorded,
// to the creator's bank account on file, with instalments dated from the payout day.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { applicationBody } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { plain, useNoticesHarness, zar } from '../support/notices';
import {
  acceptCurrentQuote,
  addBankAccount,
  approvedApplication,
  auditRows,
  offerTerms,
  ownApplication,
  payOutLoan,
  type SignedIn,
  servicingOf,
  storedState,
  travelTo,
} from '../support/servicing';
import { Client } from '../support/test-app';

describe('the quote is the contract', () => {
  const notices = useNoticesHarness('contract');
  const { newCreator, runJobs, only } = notices;
  const admin = () => notices.admin;
  const t = () => notices.t;

  const preview = async (creator: Client, id: number, body: object = {}) =>
    creator.post(`/api/applications/${id}/preview-terms`, body);
  const choose = (creator: Client, id: number, quoteId?: number) =>
    creator.post(`/api/applications/${id}/schedule`, {
      paymentMethod: 'platform_earnings',
      termsAccepted: true,
      ...(quoteId === undefined ? {} : { quoteId }),
    });
  const askPayout = (id: number, paidOn: string, bankReference = `REF-${id}`) =>
    admin().post(`/api/admin/applications/${id}/payout`, { paidOn, bankReference });
  /** A payout asked for and approved by a second admin (decision 028): the approval, or the request's refusal. */
  const payout = (id: number, paidOn: string) => withSecondApproval(admin(), askPayout(id, paidOn));
  const quotesOf = (id: number) =>
    queryRows<{
      id: number;
      kind: string;
      status: string;
      accepted_ip: string | null;
      accepted_at: string | null;
    }>(
      t().database.db,
      sql`select id, kind, status, accepted_ip, accepted_at::text from credit_quotes
          where application_id = ${id} order by id`,
    );

  it("stores the creator's previewed plan and accepts exactly it; what the plan would not honour is refused", async () => {
    const creator = await newCreator('plan');
    const app = await approvedApplication(admin(), creator, {
      requestedAmount: 10_000,
      monthlyRevenue: 8_000,
    });
    const first = await preview(creator, app.id);
    expect(first.statusCode).toBe(200);
    const quote = first.json().quote;
    // Monday 23 November + 5 business days = Monday 30 November.
    expect(quote).toMatchObject({
      kind: 'plan',
      status: 'open',
      validUntil: '2026-11-30',
      amountFinanced: '10000.00',
    });
    expect(quote.id).toEqual(expect.any(Number));
    // Asked again the same day: the same stored quote, not a new one.
    expect((await preview(creator, app.id)).json().quote.id).toBe(quote.id);

    // The plan finances the application's amount over the period its instalment gives: another is refused (400),
    // never quoted and then replaced by something else.
    const otherPeriod = await preview(creator, app.id, {
      estimatedPeriod: quote.instalmentCount === 3 ? 4 : 3,
    });
    expect(otherPeriod.statusCode).toBe(400);
    expect(otherPeriod.json().fieldErrors.estimatedPeriod[0]).toMatch(
      /^Your plan's period follows from your instalment/,
    );
    const otherAmount = await preview(creator, app.id, { requestedAmount: 5_000 });
    expect(otherAmount.statusCode).toBe(400);
    expect(plain(otherAmount.json().message)).toBe(
      'Your plan finances the amount of your application, R 10 000,00.',
    );
    expect(await quotesOf(app.id)).toHaveLength(1);

    // Choosing the plan accepts that quote: consent recorded with the time and IP; nothing is paid out yet.
    const chosen = await choose(creator, app.id, quote.id);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().application).toMatchObject({ status: 'accepted', repaymentSchedule: null });
    const [stored] = await quotesOf(app.id);
    expect(stored).toMatchObject({
      id: quote.id,
      status: 'accepted',
      accepted_ip: expect.stringMatching(/^198\.18\./),
    });
    expect(stored!.accepted_at).not.toBeNull();
    expect(await auditRows(t().database.db, creator.userId, 'quote_accepted')).toHaveLength(1);
    expect((await creator.get(`/api/applications/${app.id}/servicing`)).statusCode).toBe(404);

    // The payout, two days later, writes the accepted instalments, dated from the payout day.
    travelTo(t(), '2026-11-25');
    await addBankAccount(creator);
    const paid = await payOutLoan(admin(), app.id, '2026-11-25');
    expect(paid.status).toBe('active');
    const servicing = await servicingOf(creator, app.id);
    expect(servicing.instalments.map((i) => i.amountDue)).toEqual(
      quote.instalments.map((i: { amount: string }) => i.amount),
    );
    expect(servicing.instalments[0]!.dueDate).toBe('2026-12-25');
    const statement = (await creator.get(`/api/applications/${app.id}/statement`)).json();
    expect(statement.schedule).toMatchObject({
      paidOutOn: '2026-11-25',
      payoutAccount: 'FNB ..7890',
      payoutReference: `PAYOUT-${app.id}`,
    });
    expect(statement.quote).toMatchObject({
      disbursementDate: '2026-11-25',
      totalRepayable: quote.totalRepayable,
    });
    // The creator is told where the money went.
    await runJobs();
    const mail = only(creator.username, /repayment plan for financing #\d+ is active/);
    expect(plain(mail.text)).toContain('FNB ..7890');
    expect(plain(mail.text)).not.toContain('62001237890');
  });

  it("an admin's setup is an offer: nothing starts until the creator accepts it and the payout is recorded", async () => {
    const creator = await newCreator('offer');
    const app = await approvedApplication(admin(), creator, { requestedAmount: 12_000 });
    const offered = await offerTerms(admin(), app.id, { estimatedPeriod: 6 });
    expect(offered.status).toBe('offered');
    expect((await creator.get(`/api/applications/${app.id}/servicing`)).statusCode).toBe(404);
    const offer = (await creator.get(`/api/applications/${app.id}/quote`)).json();
    expect(offer).toMatchObject({
      kind: 'offer',
      status: 'open',
      instalmentCount: 6,
      validUntil: '2026-11-30',
    });
    await runJobs();
    expect(plain(only(creator.username, /offer .* is ready to accept/).text)).toContain(
      zar(offer.totalPayable),
    );

    // The creator's own plan cannot be chosen over a waiting offer, and the payout waits for the acceptance.
    expect((await choose(creator, app.id)).statusCode).toBe(409);
    expect((await payout(app.id, '2026-11-23')).statusCode).toBe(409);
    // Another creator cannot see or accept it.
    const stranger = await newCreator('stranger');
    expect((await stranger.get(`/api/applications/${app.id}/quote`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/api/applications/${app.id}/accept`, { quoteId: offer.id })).statusCode,
    ).toBe(404);
    expect(
      (await new Client(t().app).post(`/api/applications/${app.id}/accept`, { quoteId: offer.id }))
        .statusCode,
    ).toBe(401);

    // A newer offer replaces it: the old one can no longer be accepted.
    await offerTerms(admin(), app.id, { estimatedPeriod: 12 });
    const stale = await creator.post(`/api/applications/${app.id}/accept`, { quoteId: offer.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/a newer one replaced it/);
    const accepted = await acceptCurrentQuote(creator, app.id);
    expect((await quotesOf(app.id)).map((q) => [q.id === accepted, q.status])).toEqual([
      [false, 'superseded'],
      [true, 'accepted'],
    ]);
    await addBankAccount(creator);
    const paid = await payOutLoan(admin(), app.id, '2026-11-23');
    expect(paid.repaymentSchedule.servicing.instalmentsTotal).toBe(12);
  });

  it('a quote holds 5 business days; one accepted later is refused and nothing is stored', async () => {
    const creator = await newCreator('expiry');
    const app = await approvedApplication(admin(), creator, { requestedAmount: 6_000 });
    const quote = (await preview(creator, app.id)).json().quote;
    travelTo(t(), '2026-12-01');
    const late = await choose(creator, app.id, quote.id);
    expect(late.statusCode).toBe(409);
    expect(plain(late.json().message)).toBe(
      'This quote expired on 30 Nov 2026: ask for a new one before you accept.',
    );
    expect((await ownApplication(creator, app.id)).status).toBe('approved');
    // A new preview today is a new quote, which can be accepted.
    const fresh = (await preview(creator, app.id)).json().quote;
    expect(fresh.id).not.toBe(quote.id);
    expect(fresh.validUntil).toBe('2026-12-08');
    expect((await choose(creator, app.id, fresh.id)).statusCode).toBe(200);
  });

  it('twenty acceptances of one quote at once: one contract, the rest 409', async () => {
    const creator = await newCreator('burst');
    const app = await approvedApplication(admin(), creator, { requestedAmount: 8_000 });
    const quote = (await preview(creator, app.id)).json().quote;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        creator.post(`/api/applications/${app.id}/accept`, { quoteId: quote.id }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect((await quotesOf(app.id)).filter((q) => q.status === 'accepted')).toHaveLength(1);
    expect(await auditRows(t().database.db, creator.userId, 'quote_accepted')).toHaveLength(1);

    // And twenty payouts asked for at once: one waits for a second approval, the rest are told it waits; approved,
    // one loan, one disbursement.
    await addBankAccount(creator);
    const payouts = await Promise.all(Array.from({ length: 20 }, () => askPayout(app.id, '2026-11-23')));
    expect(payouts.map((a) => a.statusCode).sort()).toEqual([202, ...Array(19).fill(409)]);
    expect((await withSecondApproval(admin(), payouts.find((a) => a.statusCode === 202)!)).statusCode).toBe(
      200,
    );
    expect((await payout(app.id, '2026-11-23')).statusCode).toBe(409);
    const [journals] = await queryRows<{ n: number }>(
      t().database.db,
      sql`select count(*)::int as n from ledger_entries where application_id = ${app.id} and kind = 'disbursement'`,
    );
    expect(journals!.n).toBe(1);
  });
});

describe('the payout is a step', () => {
  const notices = useNoticesHarness('payout');
  const { newCreator, runJobs, only, inbox } = notices;
  const admin = () => notices.admin;
  const t = () => notices.t;
  /** A payout asked for and approved by a second admin (decision 028): the approval, or the request's refusal. */
  const payout = (id: number, body: object) =>
    withSecondApproval(admin(), admin().post(`/api/admin/applications/${id}/payout`, body));

  async function accepted(creator: SignedIn, requestedAmount = 10_000) {
    const app = await approvedApplication(admin(), creator, { requestedAmount });
    await offerTerms(admin(), app.id);
    await acceptCurrentQuote(creator, app.id);
    return app.id;
  }

  it('needs a bank account on file, a real day from the acceptance to today, and a bank reference', async () => {
    const creator = await newCreator('checks');
    const id = await accepted(creator);
    const before = await storedState(t().database.db, id);
    const noBank = await payout(id, { paidOn: '2026-11-23', bankReference: 'FNB-1' });
    expect(noBank.statusCode).toBe(409);
    expect(noBank.json().message).toMatch(/^The creator has no bank account on file: no payout\./);
    await addBankAccount(creator);
    for (const [body, field] of [
      [{ paidOn: '2026-11-24', bankReference: 'FNB-1' }, 'paidOn'],
      [{ paidOn: '2026-11-20', bankReference: 'FNB-1' }, 'paidOn'],
      [{ paidOn: '2026-02-30', bankReference: 'FNB-1' }, 'paidOn'],
      [{ paidOn: '2026-11-23', bankReference: 'x' }, 'bankReference'],
      [{ paidOn: '2026-11-23', bankReference: '<script>' }, 'bankReference'],
      [{ paidOn: '2026-11-23' }, 'bankReference'],
    ] as const) {
      const res = await payout(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(body)).toEqual([expect.any(String)]);
    }
    expect(await storedState(t().database.db, id)).toEqual(before);
    // Only an admin records a payout.
    expect(
      (
        await creator.post(`/api/admin/applications/${id}/payout`, {
          paidOn: '2026-11-23',
          bankReference: 'FNB-1',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await new Client(t().app).post(`/api/admin/applications/${id}/payout`, {
          paidOn: '2026-11-23',
          bankReference: 'FNB-1',
        })
      ).statusCode,
    ).toBe(401);
    const ok = await payout(id, { paidOn: '2026-11-23', bankReference: 'FNB-1' });
    expect(ok.statusCode).toBe(200);
    expect((await admin().get(`/api/admin/applications/${id}`)).json().application.status).toBe('active');
    expect((await payout(id, { paidOn: '2026-11-23', bankReference: 'FNB-2' })).statusCode).toBe(409);
    expect(await auditRows(t().database.db, creator.userId, 'payout_recorded')).toHaveLength(1);
  });

  it('approval grants an amount up to the one requested, and every quote is of it', async () => {
    const creator = await newCreator('amount');
    const res = await creator.post('/api/applications', applicationBody({ requestedAmount: 10_000 }));
    const id = res.json().application.id as number;
    const patch = (payload: object) =>
      admin().request({ method: 'PATCH', url: `/api/admin/applications/${id}`, payload });
    const tooMuch = await patch({ status: 'approved', approvedAmount: 12_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(plain(tooMuch.json().fieldErrors.approvedAmount[0])).toBe(
      'The approved amount cannot be more than the R 10 000 requested.',
    );
    expect((await patch({ approvedAmount: 8_000 })).statusCode).toBe(400);
    const approved = await patch({ status: 'approved', approvedAmount: 8_000 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      requestedAmount: 10_000,
      approvedAmount: 8_000,
    });
    const quote = (await creator.post(`/api/applications/${id}/preview-terms`, {})).json().quote;
    expect(quote.amountFinanced).toBe('8000.00');
    await runJobs();
    expect(plain(only(creator.username, /is approved/).text)).toContain(
      'is approved for R 8 000,00 (you asked for R 10 000,00)',
    );
  });

  it('an offer withdrawn (back to approved) can no longer be accepted; the amount approved stays; the creator is told', async () => {
    const creator = await newCreator('offer-withdrawn');
    const res = await creator.post('/api/applications', applicationBody({ requestedAmount: 10_000 }));
    const id = res.json().application.id as number;
    const patch = (payload: object) =>
      admin().request({ method: 'PATCH', url: `/api/admin/applications/${id}`, payload });
    expect((await patch({ status: 'approved', approvedAmount: 9_000 })).statusCode).toBe(200);
    await offerTerms(admin(), id);
    const offer = (await creator.get(`/api/applications/${id}/quote`)).json();
    const back = await patch({ status: 'approved' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'approved', approvedAmount: 9_000 });
    expect((await creator.post(`/api/applications/${id}/accept`, { quoteId: offer.id })).statusCode).toBe(
      409,
    );
    await runJobs();
    expect(plain(only(creator.username, /offer .* was withdrawn/).text)).toContain(
      'Your application stays approved',
    );
  });

  it('taking an approval back tells the creator and withdraws what they were shown', async () => {
    const creator = await newCreator('withdrawn');
    const app = await approvedApplication(admin(), creator, { requestedAmount: 9_000 });
    await offerTerms(admin(), app.id);
    const offer = (await creator.get(`/api/applications/${app.id}/quote`)).json();
    const back = await admin().request({
      method: 'PATCH',
      url: `/api/admin/applications/${app.id}`,
      payload: { status: 'pending_review' },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'pending_review', approvedAmount: null });
    const refused = await creator.post(`/api/applications/${app.id}/accept`, { quoteId: offer.id });
    expect(refused.statusCode).toBe(409);
    await runJobs();
    const mail = only(creator.username, /under review again/);
    expect(plain(mail.text)).toContain('Any plan or offer you were shown no longer holds');
    expect(inbox(creator.username).length).toBeGreaterThanOrEqual(3);
  });
});
