// Earnings read from the platforms (docs/platform-earnings.md): connecting YouTube for earnings and
// Patreon keeps encrypted tokens; the monthly job reads last month's earnings against local fakes of YouTube
// Analytics, AdSense, Patreon and the exchange-rate service, and proposes one withholding per loan and month; admins
// approve in bulk (payments with their journals) or reject; payout-verified figures may be approved by the setting.
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { earningsProposals, platformTokens } from '../../src/server/db/schema';
import { readPlatformEarnings } from '../../src/server/features/earnings/earnings-job.service';
import { earningsWithholding, usdToZar } from '../../src/shared/finance/platform-earnings';
import { applicationBody, PASSWORD } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { patreonCode, startFakePatreon, startFakeRates } from '../support/fake-patreon';
import { earningsCode, startFakeYoutube } from '../support/fake-youtube';
import {
  auditRows,
  creatorPlanLoan,
  ledgerTotals,
  quickUser,
  recordEarnings,
  type SignedIn,
  travelTo,
} from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let youtube: Awaited<ReturnType<typeof startFakeYoutube>>;
let patreon: Awaited<ReturnType<typeof startFakePatreon>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let admin: SignedIn;
let made = 0;
const NOVEMBER_END = '2026-11-30';
const RATE = 18.1234;

beforeAll(async () => {
  [youtube, patreon, rates] = await Promise.all([startFakeYoutube(), startFakePatreon(), startFakeRates()]);
  rates.state.rates.set(NOVEMBER_END, RATE);
  t = await createTestApp({ ...youtube.env, ...patreon.env, ...rates.env });
  admin = await quickUser(t, 'earnings-admin@example.com', 'admin');
});
afterAll(async () => {
  await t.close();
  await Promise.all([youtube.close(), patreon.close(), rates.close()]);
});

const runJob = () => readPlatformEarnings(t.deps);

/** A creator with a platform-earnings loan paid out on 23 November 2026 (the job reads November in December). */
async function creatorWithLoan(prefix: string) {
  made += 1;
  const name = `${prefix}${made}`;
  travelTo(t, '2026-11-23');
  const creator = await quickUser(t, `${name}@example.com`);
  const loan = await creatorPlanLoan(admin, creator, { requestedAmount: 10_000, monthlyRevenue: 20_000 });
  return { creator, loan, name };
}

async function connectYoutubeForEarnings(creator: Client, name: string) {
  const auth = await creator.get('/api/youtube/auth?purpose=earnings');
  expect(auth.statusCode).toBe(200);
  const state = new URL(auth.json().authUrl).searchParams.get('state')!;
  const res = await creator.get(
    `/api/youtube/callback?code=${earningsCode(name)}&state=${encodeURIComponent(state)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return auth.json().authUrl as string;
}

async function connectPatreon(creator: Client, name: string) {
  const auth = await creator.get('/api/patreon/auth');
  expect(auth.statusCode).toBe(200);
  const state = new URL(auth.json().authUrl).searchParams.get('state')!;
  const res = await creator.get(
    `/api/patreon/callback?code=${patreonCode(name)}&state=${encodeURIComponent(state)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
}

const proposalsOf = (applicationId: number) =>
  t.database.db.select().from(earningsProposals).where(eq(earningsProposals.applicationId, applicationId));

async function scheduleOf(applicationId: number) {
  const [row] = await queryRows<{ remaining_amount: string; withholding_percentage: string }>(
    t.database.db,
    sql`select remaining_amount::text, withholding_percentage::text from repayment_schedules where application_id = ${applicationId}`,
  );
  return row!;
}

async function queue(query = '') {
  const res = await admin.get(`/api/admin/earnings-proposals?pageSize=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Array<Record<string, unknown> & { id: number; applicationId: number }>;
    total: number;
  };
}

describe('connecting for earnings', () => {
  it('asks YouTube for the monetary scopes offline and keeps the tokens encrypted, never answering them', async () => {
    const { creator, name } = await creatorWithLoan('yt');
    const authUrl = new URL(await connectYoutubeForEarnings(creator, name));
    expect(authUrl.searchParams.get('access_type')).toBe('offline');
    expect(authUrl.searchParams.get('scope')).toContain('yt-analytics-monetary.readonly');
    expect(authUrl.searchParams.get('scope')).toContain('adsense.readonly');
    // The audience-only connection stays online, without the monetary scope.
    const plain = new URL((await creator.get('/api/youtube/auth')).json().authUrl);
    expect(plain.searchParams.get('access_type')).toBe('online');
    expect(plain.searchParams.get('scope')).not.toContain('monetary');

    const [row] = await t.database.db
      .select()
      .from(platformTokens)
      .where(eq(platformTokens.userId, creator.userId));
    expect(row).toMatchObject({ platform: 'youtube', accountId: `UC-${name}` });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(`ya29.${name}`);
    expect(stored).not.toContain(`refresh-${name}`);
    expect(row!.accessTokenSealed).toMatch(/^v1\./);

    const connections = await creator.get('/api/earnings-connections');
    expect(connections.json()).toEqual({
      connections: [expect.objectContaining({ platform: 'youtube', lastReadAt: null, lastError: null })],
    });
    expect(connections.body).not.toMatch(/ya29|refresh-|v1\./);
  });

  it('disconnecting the platform forgets its tokens', async () => {
    const { creator, name } = await creatorWithLoan('bye');
    await connectYoutubeForEarnings(creator, name);
    const res = await creator.request({ method: 'DELETE', url: '/api/platforms/youtube' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await creator.get('/api/earnings-connections')).json().connections).toEqual([]);
  });

  it("erasing the account forgets the platform's tokens", async () => {
    const creator = await quickUser(t, `erased${++made}@example.com`);
    await connectPatreon(creator, `erased${made}`);
    const res = await creator.post('/api/privacy/delete-account', {
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await t.database.db.select().from(platformTokens).where(eq(platformTokens.userId, creator.userId)),
    ).toEqual([]);
  });

  it('refuses a forged or stale state, storing nothing', async () => {
    const creator = await quickUser(t, `forger${++made}@example.com`);
    const res = await creator.get(`/api/patreon/callback?code=${patreonCode('x')}&state=1.2.3.earnings.abc`);
    expect(res.statusCode).toBe(400);
    expect((await creator.get('/api/earnings-connections')).json().connections).toEqual([]);
  });
});

describe('the monthly job', () => {
  it('proposes one withholding per loan and month from YouTube revenue in dollars, with the rate and its date kept', async () => {
    const { creator, loan, name } = await creatorWithLoan('one');
    await connectYoutubeForEarnings(creator, name);
    youtube.state.revenue.set(name, { '2026-11': 1234.56 });
    travelTo(t, '2026-12-03');
    // Twenty runs at once (several instances, or a slow run overlapping the next) write one proposal.
    await Promise.all(Array.from({ length: 20 }, () => runJob()));
    const rows = await proposalsOf(loan.id);
    expect(rows).toHaveLength(1);
    const schedule = await scheduleOf(loan.id);
    const earnings = usdToZar('1234.56', RATE);
    const { payment } = earningsWithholding(
      earnings,
      schedule.withholding_percentage,
      schedule.remaining_amount,
    );
    expect(rows[0]).toMatchObject({
      year: 2026,
      month: 11,
      platform: 'youtube',
      source: 'platform_api',
      status: 'pending',
      earningsAmount: earnings.toFixed(2),
      originalCurrency: 'USD',
      originalAmount: '1234.56',
      fxRate: '18.123400',
      fxDate: NOVEMBER_END,
      fxSource: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      proposedPayment: payment.toFixed(2),
    });
    // The report asked for November, channel==MINE, in dollars.
    const report = youtube.seen.reports.at(-1)!;
    expect(Object.fromEntries(report)).toMatchObject({
      ids: 'channel==MINE',
      metrics: 'estimatedRevenue',
      startDate: '2026-11-01',
      endDate: NOVEMBER_END,
      currency: 'USD',
    });
    // The connection says when it was read; another run changes nothing.
    const connection = (await creator.get('/api/earnings-connections')).json().connections[0];
    expect(connection.lastReadAt).toBe(t.clock.now().toISOString());
    await runJob();
    expect(await proposalsOf(loan.id)).toEqual(rows);
  });

  it('refreshes an expired access token with the refresh token and stores the new one', async () => {
    const { creator, loan, name } = await creatorWithLoan('refresh');
    youtube.state.expiresIn = 3600;
    await connectYoutubeForEarnings(creator, name);
    const [before] = await t.database.db
      .select()
      .from(platformTokens)
      .where(eq(platformTokens.userId, creator.userId));
    youtube.state.revenue.set(name, { '2026-11': 100 });
    // Ten days later the hour-long token has expired.
    travelTo(t, '2026-12-03');
    const refreshes = () =>
      youtube.seen.tokenRequests.filter((f) => f.get('refresh_token') === `refresh-${name}`).length;
    await runJob();
    expect(refreshes()).toBe(1);
    const [after] = await t.database.db
      .select()
      .from(platformTokens)
      .where(eq(platformTokens.userId, creator.userId));
    expect(after!.accessTokenSealed).not.toBe(before!.accessTokenSealed);
    expect(after!.expiresAt!.getTime()).toBe(t.clock.now().getTime() + 3600_000);
    expect(after!.refreshTokenSealed).not.toBeNull();
    expect((await proposalsOf(loan.id))[0]).toMatchObject({ status: 'pending', originalAmount: '100.00' });
  });

  it('sums active Patreon pledges across pages, with YouTube, into one proposal', async () => {
    const { creator, loan, name } = await creatorWithLoan('pat');
    await connectYoutubeForEarnings(creator, name);
    await connectPatreon(creator, name);
    youtube.state.revenue.set(name, { '2026-11': 50.5 });
    // 1 203 members (three pages of 500): 1 200 active at $5, three former ones left out.
    patreon.state.members.set(name, [
      ...Array.from({ length: 1200 }, () => ({
        patron_status: 'active_patron',
        currently_entitled_amount_cents: 500,
      })),
      ...Array.from({ length: 3 }, () => ({
        patron_status: 'former_patron',
        currently_entitled_amount_cents: 500,
      })),
    ]);
    travelTo(t, '2026-12-03');
    await runJob();
    expect(patreon.state.pageRequests.filter((n) => n === name)).toHaveLength(3);
    const [row] = await proposalsOf(loan.id);
    expect(row).toMatchObject({
      platform: 'patreon+youtube',
      source: 'platform_api',
      originalAmount: '6050.50',
      earningsAmount: usdToZar('6050.50', RATE).toFixed(2),
    });
    expect(row!.parts).toEqual([
      { platform: 'patreon', currency: 'USD', amount: '6000.00', verified: false },
      { platform: 'youtube', currency: 'USD', amount: '50.50', verified: false },
    ]);
  });

  it('refreshes an expired Patreon token; Patreon answers a new refresh token, which is kept', async () => {
    const { creator, loan, name } = await creatorWithLoan('patrefresh');
    patreon.state.expiresIn = 3600;
    try {
      await connectPatreon(creator, name);
    } finally {
      patreon.state.expiresIn = 2_678_400;
    }
    const tokenRow = async () =>
      (
        await t.database.db.select().from(platformTokens).where(eq(platformTokens.userId, creator.userId))
      )[0]!;
    const before = await tokenRow();
    patreon.state.members.set(name, [
      { patron_status: 'active_patron', currently_entitled_amount_cents: 1234 },
    ]);
    travelTo(t, '2026-12-03');
    await runJob();
    const after = await tokenRow();
    expect(after.accessTokenSealed).not.toBe(before.accessTokenSealed);
    expect(after.refreshTokenSealed).not.toBe(before.refreshTokenSealed);
    expect(JSON.stringify(after)).not.toMatch(/pat\.|patrefresh-/);
    expect((await proposalsOf(loan.id))[0]).toMatchObject({
      status: 'pending',
      platform: 'patreon',
      originalAmount: '12.34',
    });
  });

  it("records a platform's failure on the proposal and the connection, and goes on with the other loans", async () => {
    const broken = await creatorWithLoan('broken');
    const fine = await creatorWithLoan('fine');
    await connectYoutubeForEarnings(broken.creator, broken.name);
    await connectYoutubeForEarnings(fine.creator, fine.name);
    youtube.state.failing.add(broken.name);
    youtube.state.revenue.set(fine.name, { '2026-11': 10 });
    travelTo(t, '2026-12-03');
    await runJob();
    expect((await proposalsOf(broken.loan.id))[0]).toMatchObject({
      status: 'failed',
      earningsAmount: null,
      reason: 'AdSense: the service answered 500',
    });
    expect((await proposalsOf(fine.loan.id))[0]).toMatchObject({ status: 'pending' });
    const connection = (await broken.creator.get('/api/earnings-connections')).json().connections[0];
    expect(connection.lastError).toBe('AdSense: the service answered 500');
    // The platform recovers: the next run reads it into the same proposal.
    youtube.state.failing.delete(broken.name);
    youtube.state.revenue.set(broken.name, { '2026-11': 20 });
    await runJob();
    const rows = await proposalsOf(broken.loan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', reason: null, originalAmount: '20.00' });
  });

  it('waits as needs rate, with the reason, when no exchange rate can be had, and converts once one can', async () => {
    const { creator, loan, name } = await creatorWithLoan('norate');
    await connectYoutubeForEarnings(creator, name);
    youtube.state.revenue.set(name, { '2026-11': 75 });
    travelTo(t, '2026-12-03');
    rates.state.rates.delete(NOVEMBER_END);
    try {
      await runJob();
    } finally {
      rates.state.rates.set(NOVEMBER_END, RATE);
    }
    expect((await proposalsOf(loan.id))[0]).toMatchObject({
      status: 'needs_rate',
      earningsAmount: null,
      originalAmount: '75.00',
      reason: 'The exchange-rate service: the service answered 400',
    });
    await runJob();
    expect((await proposalsOf(loan.id))[0]).toMatchObject({
      status: 'pending',
      fxRate: '18.123400',
      earningsAmount: usdToZar('75', RATE).toFixed(2),
    });
  });

  it('marks a month paid out by AdSense payout-verified (rand, no rate), and the setting approves it', async () => {
    const { creator, loan, name } = await creatorWithLoan('paid');
    await connectYoutubeForEarnings(creator, name);
    youtube.state.revenue.set(name, { '2026-11': 500 });
    travelTo(t, '2026-12-03');
    await runJob();
    expect((await proposalsOf(loan.id))[0]).toMatchObject({ source: 'platform_api', status: 'pending' });
    // On 21 December AdSense pays November: the estimate becomes the payout, and the setting approves it.
    youtube.state.payments.set(name, [
      { name: `accounts/pub-${name}/payments/unpaid`, amount: 'R 120,00' },
      {
        name: `accounts/pub-${name}/payments/2026-12-21`,
        amount: 'R 9 050,40',
        date: { year: 2026, month: 12, day: 21 },
      },
      {
        name: `accounts/pub-${name}/payments/2026-11-21`,
        amount: 'R 7 000,00',
        date: { year: 2026, month: 11, day: 21 },
      },
    ]);
    travelTo(t, '2026-12-22');
    const before = await scheduleOf(loan.id);
    t.config.earningsAutoApproveVerified = true;
    try {
      await runJob();
    } finally {
      t.config.earningsAutoApproveVerified = false;
    }
    const [row] = await proposalsOf(loan.id);
    const { payment } = earningsWithholding(
      '9050.40',
      before.withholding_percentage,
      before.remaining_amount,
    );
    expect(row).toMatchObject({
      source: 'payout_verified',
      status: 'approved',
      earningsAmount: '9050.40',
      originalCurrency: 'ZAR',
      fxRate: null,
      decidedBy: null,
    });
    const after = await scheduleOf(loan.id);
    expect(new Decimal(before.remaining_amount).minus(after.remaining_amount).toFixed(2)).toBe(
      payment.toFixed(2),
    );
  });

  it("leaves a month the admin typed alone, keeping the admin's figure with source 'admin'", async () => {
    const { creator, loan, name } = await creatorWithLoan('typed');
    await connectYoutubeForEarnings(creator, name);
    youtube.state.revenue.set(name, { '2026-11': 999 });
    travelTo(t, '2026-12-02');
    expect((await recordEarnings(admin, loan.id, 8000, 11, 2026)).statusCode).toBe(201);
    await runJob();
    const rows = await proposalsOf(loan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'admin',
      status: 'approved',
      earningsAmount: '8000.00',
      platform: 'admin',
    });
    expect(rows[0]!.paymentId).not.toBeNull();
    // Recorded in error and reversed: the month's record takes the figure typed again.
    const reversed = await withSecondApproval(
      admin,
      admin.post(`/api/admin/payments/${rows[0]!.paymentId}/reverse`, { reason: 'Typed the wrong month' }),
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await recordEarnings(admin, loan.id, 7000, 11, 2026)).statusCode).toBe(201);
    const [again] = await proposalsOf(loan.id);
    expect(again).toMatchObject({ source: 'admin', earningsAmount: '7000.00' });
    expect(again!.paymentId).not.toBe(rows[0]!.paymentId);
  });
});

describe('the credit score', () => {
  it('scores the next application on the verified earnings and says where they came from', async () => {
    const { creator, loan, name } = await creatorWithLoan('score');
    await connectYoutubeForEarnings(creator, name);
    // Earnings large enough that their share repays the whole loan: the creator may apply again.
    youtube.state.revenue.set(name, { '2026-11': 20_000 });
    travelTo(t, '2026-12-03');
    await runJob();
    const [proposal] = await proposalsOf(loan.id);
    const approved = await admin.post('/api/admin/earnings-proposals/approve', { ids: [proposal!.id] });
    expect(approved.json().approved[0]).toMatchObject({ completed: true });
    const res = await creator.post(
      '/api/applications',
      applicationBody({ requestedAmount: 10_000, monthlyRevenue: 1_000 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await queryRows<{
      breakdown: { parts: Array<{ factors: Array<{ label: string; detail: string }> }> };
    }>(
      t.database.db,
      sql`select credit_score_breakdown as breakdown from financing_applications where id = ${res.json().application.id}`,
    );
    const level = row!.breakdown.parts.flatMap((p) => p.factors).find((f) => f.label === 'Revenue level')!;
    expect(level.detail.replace(/\u00a0/g, ' ')).toBe(
      `Monthly earnings R ${usdToZar('20000', RATE)
        .toFixed(2)
        .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
        .replace('.', ',')}, verified from YouTube Analytics, Nov 2026`,
    );
  });
});

describe('the review queue', () => {
  async function twoPending(prefix: string) {
    const a = await creatorWithLoan(`${prefix}a`);
    const b = await creatorWithLoan(`${prefix}b`);
    for (const [c, usd] of [
      [a, 300],
      [b, 400],
    ] as const) {
      await connectYoutubeForEarnings(c.creator, c.name);
      youtube.state.revenue.set(c.name, { '2026-11': usd });
    }
    travelTo(t, '2026-12-03');
    await runJob();
    const ids = [(await proposalsOf(a.loan.id))[0]!.id, (await proposalsOf(b.loan.id))[0]!.id];
    return { a, b, ids };
  }

  it('approves in bulk: each proposal becomes an earnings payment with its journal and audit row', async () => {
    const { a, b, ids } = await twoPending('bulk');
    const before = [await scheduleOf(a.loan.id), await scheduleOf(b.loan.id)];
    const res = await admin.post('/api/admin/earnings-proposals/approve', { ids: [...ids, 2_000_000_000] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.approved.map((x: { id: number }) => x.id)).toEqual(ids);
    expect(answer.refused).toEqual([
      { id: 2_000_000_000, reason: 'Could not find earnings proposal 2000000000' },
    ]);
    for (const [i, c] of [a, b].entries()) {
      const [proposal] = await proposalsOf(c.loan.id);
      expect(proposal).toMatchObject({ status: 'approved', decidedBy: admin.userId });
      const after = await scheduleOf(c.loan.id);
      expect(new Decimal(before[i]!.remaining_amount).minus(after.remaining_amount).toFixed(2)).toBe(
        proposal!.proposedPayment,
      );
      const [payment] = await queryRows<{
        kind: string;
        amount: string;
        earnings_amount: string;
        earnings_month: number;
        notes: string;
      }>(
        t.database.db,
        sql`select kind, amount::text, earnings_amount::text, earnings_month, notes from payments where id = ${proposal!.paymentId}`,
      );
      expect(payment).toMatchObject({
        kind: 'earnings',
        amount: proposal!.proposedPayment,
        earnings_amount: proposal!.earningsAmount,
        earnings_month: 11,
      });
      expect(payment!.notes).toContain('from YouTube, read from the platform');
      expect((await ledgerTotals(t.database.db, c.loan.id)).length).toBeGreaterThan(0);
      const audit = await auditRows(t.database.db, c.creator.userId, 'earnings_recorded');
      expect(audit).toEqual([expect.objectContaining({ admin_id: admin.userId })]);
    }
    // Approving again pays nothing twice.
    const again = await admin.post('/api/admin/earnings-proposals/approve', { ids });
    expect(again.json().approved).toEqual([]);
    expect(again.json().refused.map((r: { reason: string }) => r.reason)).toEqual([
      'This proposal is approved, not pending.',
      'This proposal is approved, not pending.',
    ]);
  });

  it('twenty approvals of the same proposal at once record one payment', async () => {
    const { a, ids } = await twoPending('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post('/api/admin/earnings-proposals/approve', { ids: [ids[0]] }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(answers.flatMap((r) => r.json().approved)).toHaveLength(1);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payments where application_id = ${a.loan.id} and kind = 'earnings'`,
    );
    expect(count!.n).toBe(1);
  });

  it('rejects with a reason; a rejected proposal is not approved', async () => {
    const { ids, a } = await twoPending('rej');
    const before = await scheduleOf(a.loan.id);
    expect(
      (await admin.post(`/api/admin/earnings-proposals/${ids[0]}/reject`, { reason: '' })).statusCode,
    ).toBe(400);
    const res = await admin.post(`/api/admin/earnings-proposals/${ids[0]}/reject`, {
      reason: 'Channel revenue includes a one-off sponsorship',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await proposalsOf(a.loan.id))[0]).toMatchObject({
      status: 'rejected',
      reason: 'Channel revenue includes a one-off sponsorship',
    });
    expect(
      (await admin.post(`/api/admin/earnings-proposals/${ids[0]}/reject`, { reason: 'again' })).statusCode,
    ).toBe(409);
    const approve = await admin.post('/api/admin/earnings-proposals/approve', { ids: [ids[0]] });
    expect(approve.json().refused).toEqual([
      { id: ids[0], reason: 'This proposal is rejected, not pending.' },
    ]);
    expect(await scheduleOf(a.loan.id)).toEqual(before);
  });

  it('lists pages filtered on the server by status, platform and source', async () => {
    const { ids } = await twoPending('list');
    const pending = await queue('&status=pending&platform=youtube&source=platform_api');
    expect(pending.data.every((r) => r.status === 'pending' && r.source === 'platform_api')).toBe(true);
    expect(pending.data.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    const row = pending.data.find((r) => r.id === ids[0])!;
    expect(row).toMatchObject({
      paymentReference: expect.stringMatching(/^VUKA-\d{6}-\d$/),
      fxDate: NOVEMBER_END,
      originalCurrency: 'USD',
    });
    const one = await admin.get('/api/admin/earnings-proposals?pageSize=1&page=1&status=pending');
    expect(one.json().data).toHaveLength(1);
    expect(one.json().total).toBeGreaterThanOrEqual(2);
    expect((await queue('&source=admin')).data.every((r) => r.source === 'admin')).toBe(true);
    expect((await admin.get('/api/admin/earnings-proposals?status=nonsense')).statusCode).toBe(400);
  });

  it('is for admins: 401 for a visitor, 403 for a creator, 404 for a proposal that does not exist', async () => {
    const visitor = new Client(t.app);
    const creator = await quickUser(t, `nosy${++made}@example.com`);
    for (const client of [visitor, creator]) {
      const expected = client === visitor ? 401 : 403;
      expect((await client.get('/api/admin/earnings-proposals')).statusCode).toBe(expected);
      expect((await client.post('/api/admin/earnings-proposals/approve', { ids: [1] })).statusCode).toBe(
        expected,
      );
      expect(
        (await client.post('/api/admin/earnings-proposals/1/reject', { reason: 'no way' })).statusCode,
      ).toBe(expected);
    }
    expect((await visitor.get('/api/earnings-connections')).statusCode).toBe(401);
    expect(
      (await admin.post('/api/admin/earnings-proposals/2000000000/reject', { reason: 'gone' })).statusCode,
    ).toBe(404);
    expect((await admin.post('/api/admin/earnings-proposals/approve', { ids: [] })).statusCode).toBe(400);
  });
});
