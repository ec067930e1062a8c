// The paged admin lists: page, pageSize, sort and every filter of GET /api/admin/applications,
// GET /api/admin/users and GET /api/lending-management/details, with their edges (empty, last page, a page
// beyond the end, a page size over the cap).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { lendingDetails } from '../../src/server/features/lending/lending.repository';
import type { IsoDate } from '../../src/shared/business-date';
import { adminLoan, type Loan, payOk, quickUser, type SignedIn } from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
/** 30 creators (list-creator-00..29@example.com) with 2 applications each, made directly in SQL. */
const CREATORS = 30;
let firstAppId: number;
let loans: Loan[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'lists-admin@example.com', 'admin');
  await t.database.db.execute(sql`
    insert into users (username, password_hash, first_name, last_name, verified, created_at)
    select 'list-creator-' || lpad(i::text, 2, '0') || '@example.com', 'x',
      case when i % 3 = 0 then 'Naledi' else 'Sipho' end, 'Surname' || lpad(i::text, 2, '0'), true,
      timestamptz '2026-01-01 10:00+02' + (i || ' days')::interval
    from generate_series(0, ${CREATORS - 1}) i`);
  // Two applications each: amounts 2 000 + 100·n, scores spread over 40-99, five statuses in turn, one a day
  // from 1 Feb 2026 (the first 28 in February, the rest from March).
  await t.database.db.execute(sql`
    insert into financing_applications (user_id, monthly_revenue, requested_amount, credit_score, status,
      business_name, first_name, last_name, created_at)
    select u.id, 5000, 2000 + 100 * n, 40 + (n * 7) % 60,
      (array['pending_review', 'approved', 'rejected', 'cancelled', 'completed'])[1 + n % 5],
      case when n = 7 then 'Kasi Kitchen Studio' end, u.first_name, u.last_name,
      timestamptz '2026-02-01 09:00+02' + (n || ' days')::interval
    from generate_series(0, ${CREATORS * 2 - 1}) n
    join users u on u.username = 'list-creator-' || lpad((n / 2)::text, 2, '0') || '@example.com'
    order by n`);
  const [first] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select min(id)::int as id from financing_applications`,
  );
  firstAppId = first!.id;
  // Three real loans through the servicing routes, for the lending sorts by balance and due date.
  loans = [];
  for (const [i, amount] of [8_000, 20_000, 14_000].entries()) {
    const creator = await quickUser(t, `list-borrower-${i}@example.com`);
    t.clock.set(`2026-0${6 + i}-10T10:00:00+02:00`);
    loans.push(await adminLoan(admin, creator, { requestedAmount: amount }));
  }
  t.clock.set('2026-11-23T10:00:00+02:00');
  await payOk(admin, loans[1]!.id, '5000', '2026-11-01');
});
afterAll(() => t.close());

type Row = { id: number; [key: string]: unknown };
async function page(url: string) {
  const res = await admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; total: number; page: number; pageSize: number; statusCounts?: object };
}

const sorted = (values: number[], descending = false) =>
  [...values].sort((a, b) => (descending ? b - a : a - b));

describe('GET /api/admin/applications', () => {
  const TOTAL = CREATORS * 2 + 3;

  it('answers one page of 50 by default, newest first, with the total and counts per status', async () => {
    const first = await page('/api/admin/applications');
    expect(first).toMatchObject({ total: TOTAL, page: 1, pageSize: 50 });
    expect(first.data).toHaveLength(50);
    const times = first.data.map((r) => Date.parse(r.createdAt as string));
    expect(times).toEqual(sorted(times, true));
    expect(first.statusCounts).toEqual({
      pending_review: 12,
      approved: 12,
      offered: 0,
      accepted: 0,
      active: 3,
      rejected: 12,
      defaulted: 0,
      completed: 12,
      cancelled: 12,
    });
    // What the table shows, no more: no payments, no score breakdown, no bank details.
    const row = first.data[0]!;
    expect(row).not.toHaveProperty('creditScoreBreakdown');
    expect(row).not.toHaveProperty('socialMediaData');
    expect(JSON.stringify(first.data)).not.toMatch(/payments|accountNumber|passwordHash/);
  });

  it('pages to the last page and answers an empty page beyond the end with the real total', async () => {
    const last = await page('/api/admin/applications?page=2');
    expect(last.data).toHaveLength(TOTAL - 50);
    const all = [...(await page('/api/admin/applications?page=1')).data, ...last.data].map((r) => r.id);
    expect(new Set(all).size).toBe(TOTAL);
    const beyond = await page('/api/admin/applications?page=9');
    expect(beyond).toMatchObject({ data: [], total: TOTAL, page: 9 });
    const small = await page('/api/admin/applications?pageSize=7&page=3');
    expect(small.data).toHaveLength(7);
  });

  it.each([
    ['pageSize=201', 'pageSize must be at most 200'],
    ['pageSize=0', 'pageSize must be at least 1'],
    ['page=0', 'page must be at least 1'],
    ['page=abc', 'page must be a whole number'],
    ['page=1.5', 'page must be a whole number'],
    ['page=2147483648', 'page must be at most'],
    ['sort=password', 'sort is one of'],
    ['status=approved,hacked', 'status is a list of'],
    [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await admin.get(`/api/admin/applications?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it.each([
    ['requestedAmount', (r: Row) => r.requestedAmount as number],
    ['creditScore', (r: Row) => r.creditScore as number],
    ['createdAt', (r: Row) => Date.parse(r.createdAt as string)],
  ] as const)('sorts by %s both ways, ties broken by id', async (column, value) => {
    const up = await page(`/api/admin/applications?sort=${column}&pageSize=200`);
    expect(up.data.map(value)).toEqual(sorted(up.data.map(value)));
    const down = await page(`/api/admin/applications?sort=-${column}&pageSize=200`);
    expect(down.data.map(value)).toEqual(sorted(down.data.map(value), true));
    expect(down.data).toHaveLength(TOTAL);
  });

  /** Every page of `url` at `pageSize`, concatenated: deep pages are read from the far end (lib/paging.ts). */
  async function everyPage(url: string, pageSize: number) {
    const ids: number[] = [];
    for (let n = 1; ; n += 1) {
      const { data } = await page(`${url}&pageSize=${pageSize}&page=${n}`);
      if (data.length === 0) return ids;
      ids.push(...data.map((r) => r.id));
    }
  }

  it.each(['createdAt', '-createdAt', 'requestedAmount', '-requestedAmount', '-creditScore'])(
    'pages of 7 sorted by %s, read from either end, join up to the whole list in order',
    async (sort) => {
      const whole = (await page(`/api/admin/applications?sort=${sort}&pageSize=200`)).data.map((r) => r.id);
      expect(await everyPage(`/api/admin/applications?sort=${sort}`, 7)).toEqual(whole);
      const chips = '&status=cancelled,completed';
      const chosen = (await page(`/api/admin/applications?sort=${sort}&pageSize=200${chips}`)).data.map(
        (r) => r.id,
      );
      expect(await everyPage(`/api/admin/applications?sort=${sort}${chips}`, 5)).toEqual(chosen);
    },
  );

  it('a search that is an application’s number puts it first, whatever the sort, on every page read', async () => {
    // '1' is in many e-mails (list-creator-01, -10 to -19, -21...) and in many numbers: application 1 comes first.
    const id = firstAppId;
    const search = String(id);
    for (const sort of ['createdAt', '-createdAt', '-requestedAmount', 'status']) {
      const whole = (await page(`/api/admin/applications?search=${search}&sort=${sort}&pageSize=200`)).data;
      expect(whole.length, sort).toBeGreaterThan(1);
      expect(whole[0]!.id, sort).toBe(id);
      expect(await everyPage(`/api/admin/applications?search=${search}&sort=${sort}`, 3)).toEqual(
        whole.map((r) => r.id),
      );
      expect(
        (await page(`/api/admin/applications?search=%23${search}&sort=${sort}`)).data.map((r) => r.id),
      ).toEqual([id]);
    }
  });

  it('sorts by status', async () => {
    const { data } = await page('/api/admin/applications?sort=status&pageSize=200');
    const statuses = data.map((r) => r.status as string);
    expect(statuses).toEqual([...statuses].sort());
  });

  it('filters by status chips, counting testing twins as their base', async () => {
    const some = await page('/api/admin/applications?status=approved,rejected');
    expect(some.total).toBe(24);
    expect(new Set(some.data.map((r) => r.status))).toEqual(new Set(['approved', 'rejected']));
    await t.database.db.execute(
      sql`update financing_applications set status = 'rejected_testing' where id = ${firstAppId + 2}`,
    );
    await admin.post('/api/platform-management/dashboard/mode', { mode: 'hybrid' });
    const hybrid = await page('/api/admin/applications?status=rejected');
    expect(hybrid.total).toBe(12);
    expect(hybrid.data.map((r) => r.status)).toContain('rejected_testing');
    await admin.post('/api/platform-management/dashboard/mode', { mode: 'production' });
    const production = await page('/api/admin/applications?status=rejected');
    expect(production.total).toBe(11);
    await t.database.db.execute(
      sql`update financing_applications set status = 'rejected' where id = ${firstAppId + 2}`,
    );
  });

  it('searches by id, #id, names, business name and e-mail, taking % and _ literally', async () => {
    // Digits alone also match names and e-mails holding them; '#' asks for the id only.
    const byId = await page(`/api/admin/applications?search=${firstAppId + 5}`);
    expect(byId.data.map((r) => r.id)).toContain(firstAppId + 5);
    const byHash = await page(`/api/admin/applications?search=%23${firstAppId + 5}`);
    expect(byHash.data.map((r) => r.id)).toEqual([firstAppId + 5]);
    expect((await page('/api/admin/applications?search=%23999999')).total).toBe(0);
    const byName = await page('/api/admin/applications?search=naledi');
    expect(byName.total).toBe(20); // creators 0, 3, ..., 27: 10 creators × 2 applications
    const bySurname = await page('/api/admin/applications?search=surname07');
    expect(bySurname.total).toBe(2);
    const byBusiness = await page('/api/admin/applications?search=kasi%20kitchen');
    expect(byBusiness.data.map((r) => r.businessName)).toEqual(['Kasi Kitchen Studio']);
    const byEmail = await page('/api/admin/applications?search=list-creator-11%40');
    expect(byEmail.total).toBe(2);
    expect((await page('/api/admin/applications?search=%25')).total).toBe(0);
    expect((await page('/api/admin/applications?search=list_creator')).total).toBe(0);
    const nothing = await page('/api/admin/applications?search=nobody-at-all');
    expect(nothing).toMatchObject({ data: [], total: 0 });
    expect(Object.values(nothing.statusCounts!).every((n) => n === 0)).toBe(true);
    // Search and chips together; the chips' counts follow the search.
    const both = await page('/api/admin/applications?search=naledi&status=approved');
    expect(both.data.every((r) => r.status === 'approved')).toBe(true);
    expect(both.total).toBe((both.statusCounts as Record<string, number>).approved);
  });

  it('carries the schedule as totals on the row of a loan', async () => {
    const { data } = await page('/api/admin/applications?status=active');
    const paid = data.find((r) => r.id === loans[1]!.id)!;
    expect(paid.repaymentSchedule).toMatchObject({ paidAmount: '5000.00', status: 'active' });
    const details = await admin.get(`/api/admin/applications/${loans[1]!.id}`);
    expect(details.json().application.repaymentSchedule.payments).toHaveLength(1);
  });
});

describe('GET /api/admin/users', () => {
  // The creators, the admin, the three borrowers, and the second admin who approved their payouts (decision 028).
  const TOTAL = CREATORS + 1 + 3 + 1;

  it('pages newest first with the number of applications per user', async () => {
    const first = await page('/api/admin/users?pageSize=10');
    expect(first).toMatchObject({ total: TOTAL, page: 1, pageSize: 10 });
    const times = first.data.map((r) => Date.parse(r.createdAt as string));
    expect(times).toEqual(sorted(times, true));
    const creator = (await page('/api/admin/users?search=list-creator-04')).data[0]!;
    expect(creator).toMatchObject({ applicationCount: 2, role: 'user', status: 'active' });
    expect(creator).not.toHaveProperty('accountNumber');
    expect((await page('/api/admin/users?page=4&pageSize=10')).data).toHaveLength(TOTAL - 30);
    expect((await page('/api/admin/users?page=5&pageSize=10')).data).toEqual([]);
    expect((await admin.get('/api/admin/users?pageSize=500')).statusCode).toBe(400);
  });

  it('finds every word of the search in the names or e-mail, in any order, or the id', async () => {
    expect((await page('/api/admin/users?search=surname03%20naledi')).total).toBe(1);
    expect((await page('/api/admin/users?search=naledi')).total).toBe(10);
    expect((await page(`/api/admin/users?search=%23${admin.userId}`)).data.map((r) => r.id)).toEqual([
      admin.userId,
    ]);
    expect((await page(`/api/admin/users?search=${admin.userId}`)).data.map((r) => r.id)).toContain(
      admin.userId,
    );
  });

  it('filters by role and status and sorts by name, e-mail and application count', async () => {
    expect((await page('/api/admin/users?role=admin')).data.map((r) => r.username).sort()).toEqual([
      'lists-admin@example.com',
      expect.stringMatching(/^second-approver-\d+@vuka\.test$/),
    ]);
    expect((await page('/api/admin/users?status=suspended')).total).toBe(0);
    expect((await admin.get('/api/admin/users?role=root')).statusCode).toBe(400);
    const byName = (await page('/api/admin/users?sort=name&pageSize=200')).data;
    const names = byName.map((r) => `${r.firstName} ${r.lastName}`);
    expect(names).toEqual([...names].sort());
    const byEmail = (await page('/api/admin/users?sort=-username&pageSize=200')).data.map(
      (r) => r.username as string,
    );
    expect(byEmail).toEqual([...byEmail].sort().reverse());
    const byCount = (await page('/api/admin/users?sort=-applicationCount&pageSize=200')).data;
    expect(byCount.map((r) => r.applicationCount)).toEqual(
      sorted(
        byCount.map((r) => r.applicationCount as number),
        true,
      ),
    );
    expect(byCount[0]!.applicationCount).toBe(2);
  });
});

describe('GET /api/lending-management/details', () => {
  it('pages with a total, and sorts by balance and next due date with unscheduled rows last', async () => {
    const first = await page('/api/lending-management/details?pageSize=20');
    expect(first).toMatchObject({ success: true, total: CREATORS * 2 + 3, page: 1, pageSize: 20 });
    expect(first.data).toHaveLength(20);
    const byBalance = await page('/api/lending-management/details?sort=-remainingAmount&pageSize=5');
    const balances = byBalance.data.slice(0, 3).map((r) => Number(r.remainingAmount));
    expect(balances).toEqual(sorted(balances, true));
    expect(new Set(byBalance.data.slice(0, 3).map((r) => r.id))).toEqual(new Set(loans.map((l) => l.id)));
    expect(byBalance.data[3]!.remainingAmount).toBeNull();
    const upwards = await page('/api/lending-management/details?sort=remainingAmount&pageSize=5');
    expect(upwards.data.slice(0, 3).map((r) => r.id)).toEqual(
      byBalance.data
        .slice(0, 3)
        .map((r) => r.id)
        .reverse(),
    );
    const byDue = await page('/api/lending-management/details?sort=nextPaymentDate&pageSize=3');
    // The oldest unpaid due date first: the June loan (due 10 July) is the most days past due.
    expect(byDue.data[0]!.id).toBe(loans[0]!.id);
    expect(byDue.data[0]!.totalPaymentsMade).toBe('0.00');
    const paid = (await page('/api/lending-management/details?status=active')).data.find(
      (r) => r.id === loans[1]!.id,
    );
    expect(paid!.totalPaymentsMade).toBe('5000.00');
  });

  it('sorts by days past due, the latest loan first, and filters by several statuses at once', async () => {
    const late = await page('/api/lending-management/details?sort=-daysPastDue&pageSize=5');
    expect(late.data[0]!.id).toBe(loans[0]!.id);
    const daysOf = (r: Row) => Number(r.daysPastDue ?? 0);
    const days = late.data.map(daysOf).filter((d) => d > 0);
    expect(days.length).toBeGreaterThan(0);
    expect(days).toEqual(sorted(days, true));
    // Rows that are not late come after the late ones, whichever way.
    const fewest = await page('/api/lending-management/details?sort=daysPastDue&pageSize=200');
    const lateIds = fewest.data.filter((r) => daysOf(r) > 0).map((r) => r.id);
    expect(fewest.data.slice(0, lateIds.length).map((r) => r.id)).toEqual(lateIds);

    const count = async (status: string) =>
      (await page(`/api/lending-management/details?status=${status}`)).total;
    const active = await count('active');
    const defaulted = await count('defaulted');
    const both = await count('active,defaulted');
    expect(both).toBe(active + defaulted);
    expect(await count('active,active')).toBe(active);
    expect((await admin.get('/api/lending-management/details?status=active,bogus')).statusCode).toBe(400);
    expect((await admin.get('/api/lending-management/summary?status=active,defaulted')).statusCode).toBe(200);
  });

  it.each([
    'remainingAmount',
    '-remainingAmount',
    'nextPaymentDate',
    '-createdAt',
    '-daysPastDue',
    'daysPastDue',
  ])('pages of 9 sorted by %s, read from either end, join up to the whole list in order', async (sort) => {
    const url = `/api/lending-management/details?sort=${sort}`;
    const whole = (await page(`${url}&pageSize=200`)).data.map((r) => r.id);
    const ids: number[] = [];
    for (let n = 1; n <= 8; n += 1)
      ids.push(...(await page(`${url}&pageSize=9&page=${n}`)).data.map((r) => r.id));
    expect(ids).toEqual(whole);
  });

  it('reads a page sorted by a schedule column in two index-ordered parts exactly as one sort would', async () => {
    const today = '2026-11-23' as IsoDate;
    for (const column of ['remainingAmount', 'nextPaymentDate', 'daysPastDue'] as const) {
      for (const descending of [false, true]) {
        const sort = { column, descending };
        const { total } = await lendingDetails(
          t.database.db,
          { mode: 'production' },
          { page: 1, pageSize: 1, sort },
          today,
        );
        for (let n = 1; (n - 1) * 7 < total; n += 1) {
          const paging = { page: n, pageSize: 7, sort };
          const split = await lendingDetails(t.database.db, { mode: 'production' }, paging, today);
          const sorted = await lendingDetails(t.database.db, { mode: 'production' }, paging, today, 0);
          expect(split.rows.map((r) => r.id)).toEqual(sorted.rows.map((r) => r.id));
        }
      }
    }
  });

  it('filters by status, user and search, and refuses unknown values', async () => {
    expect((await page('/api/lending-management/details?status=completed')).total).toBe(12);
    const mine = await page(
      `/api/lending-management/details?userId=${(await page('/api/admin/users?search=list-creator-05')).data[0]!.id}`,
    );
    expect(mine.total).toBe(2);
    expect((await page('/api/lending-management/details?search=kasi')).total).toBe(1);
    expect((await admin.get('/api/lending-management/details?status=bogus')).statusCode).toBe(400);
    expect((await admin.get('/api/lending-management/details?sort=-password')).statusCode).toBe(400);
    expect((await admin.get('/api/lending-management/details?pageSize=201')).statusCode).toBe(400);
  });

  it('keeps the summary figures equal to the sum of the payments', async () => {
    const summary = (await admin.get('/api/lending-management/summary')).json().data;
    const [sums] = await queryRows<{ amount: string; fee: string }>(
      t.database.db,
      sql`select coalesce(sum(amount), 0)::numeric(14,2)::text as amount,
            coalesce(sum(platform_fee), 0)::numeric(14,2)::text as fee from payments`,
    );
    expect(summary.totalRepayments).toBe(sums!.amount);
    expect(summary.totalPlatformFees).toBe(sums!.fee);
    const [mismatch] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from repayment_schedules s
          where s.paid_amount <> (select coalesce(sum(amount), 0) from payments p where p.application_id = s.application_id)
             or s.fees_paid <> (select coalesce(sum(platform_fee), 0) from payments p where p.application_id = s.application_id)`,
    );
    expect(mismatch!.n).toBe(0);
  });
});

describe('GET /api/admin/users answers 304 while nothing it shows has changed', () => {
  it('keeps its ETag until a user or an application count changes, per page', async () => {
    const first = await admin.get('/api/admin/users?pageSize=10');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await admin.request({
      method: 'GET',
      url: '/api/admin/users?pageSize=10',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another page is another answer: the first page's ETag does not validate it.
    const other = await admin.request({
      method: 'GET',
      url: '/api/admin/users?pageSize=10&page=2',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    // A payment changes nothing the list shows.
    await payOk(admin, loans[2]!.id, '10', '2026-11-23');
    const afterPayment = await admin.request({
      method: 'GET',
      url: '/api/admin/users?pageSize=10',
      headers: { 'if-none-match': etag },
    });
    expect(afterPayment.statusCode).toBe(304);
    // A new user, a suspended one, a new application: each gives a new answer. (Undone afterwards: the other
    // tests count the same book, in any order.)
    let current = etag;
    const changes: Array<() => Promise<unknown>> = [
      () => quickUser(t, 'etag-newcomer@example.com'),
      () =>
        admin.request({
          method: 'PATCH',
          url: `/api/admin/users/${loans[2]!.creator.userId}`,
          payload: { status: 'suspended', reason: 'Checking the ETag' },
        }),
      () =>
        t.database.db.execute(
          sql`insert into financing_applications (user_id, monthly_revenue, requested_amount, business_name)
              values (${loans[0]!.creator.userId}, 1000, 2000, 'etag-probe')`,
        ),
    ];
    try {
      for (const change of changes) {
        await change();
        const res = await admin.request({
          method: 'GET',
          url: '/api/admin/users?pageSize=10',
          headers: { 'if-none-match': current },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).not.toBe(current);
        current = res.headers.etag as string;
      }
    } finally {
      await t.database.db.execute(sql`delete from financing_applications where business_name = 'etag-probe'`);
      await t.database.db.execute(sql`delete from users where username = 'etag-newcomer@example.com'`);
      await t.database.db
        .update(users)
        .set({ status: 'active' })
        .where(eq(users.id, loans[2]!.creator.userId));
    }
  });
});
