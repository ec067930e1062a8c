import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { ledgerLines } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed-demo';
import { enrolDemoAdmin } from '../../src/server/features/mfa/mfa.service';
import { Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TODAY = '2026-11-23'; // the test clock's day in South Africa (TEST_EPOCH)

let seeding: ReturnType<typeof seedDemoData> | undefined;
/**
 * The demo data, seeded by whichever test needs it first, and only once; the clock is put back on the test
 * epoch's day each time, as the seed's dates and the loans' figures are of that day.
 */
function seeded() {
  t.clock.set(TEST_EPOCH);
  seeding ??= seedDemoData(t.database.db, t.config, t.clock);
  return seeding;
}

async function signIn(username: string) {
  const client = new Client(t.app);
  const res = await client.post('/api/login', { username, password: 'VukaCreator2026!' });
  expect(res.statusCode).toBe(200);
  return client;
}

async function loanOf(username: string) {
  const client = await signIn(username);
  const [application] = (await client.get('/api/applications')).json();
  const servicing = (await client.get(`/api/applications/${application.id}/servicing`)).json();
  return { client, application, schedule: application.repaymentSchedule, servicing };
}

describe('demo data', () => {
  it('seeds two admins (a second to approve what the first asks for) and creators once', async () => {
    const logins = await seeded();
    expect(logins!.filter((l) => l.role === 'admin')).toHaveLength(2);
    expect(logins!.filter((l) => l.role === 'creator').length).toBeGreaterThanOrEqual(7);
    expect(await seedDemoData(t.database.db, t.config, t.clock)).toBeNull();
  });

  it('tells one story in time: applied, approved, paid out, then paid; never a date in the future', async () => {
    await seeded();
    const [wrong] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from financing_applications a
          left join repayment_schedules s on s.application_id = a.id
          left join payments p on p.application_id = a.id
          where a.created_at > ${new Date(`${TODAY}T22:00:00Z`).toISOString()}::timestamptz
             or s.start_date <= a.created_at
             or p.payment_date < (s.start_date at time zone 'Africa/Johannesburg')::date
             or p.payment_date > ${TODAY}::date`,
    );
    expect(wrong!.n).toBe(0);
  });

  it("gives each creator a 'Member since' before their first application, never after the demo's today", async () => {
    await seeded();
    const [late] = await queryRows<{ n: number; without: number }>(
      t.database.db,
      sql`select count(*) filter (where exists (select 1 from financing_applications a
              where a.user_id = u.id and a.created_at <= u.created_at))::int as n,
            count(*) filter (where u.created_at > ${t.clock.now().toISOString()}::timestamptz)::int as without
          from users u`,
    );
    expect(late).toEqual({ n: 0, without: 0 });
  });

  it('has a loan up to date, one 45 days overdue, one defaulted, one renegotiable and one settled early', async () => {
    await seeded();
    const thandi = await loanOf('thandi@vuka.demo');
    expect(thandi.application.status).toBe('active');
    expect(thandi.schedule.servicing).toMatchObject({ daysPastDue: 0, delinquencyBucket: 'current' });
    expect(thandi.schedule.nextPaymentDate >= TODAY).toBe(true);
    expect(thandi.schedule.paymentCount).toBeGreaterThanOrEqual(6);

    const bongani = await loanOf('bongani@vuka.demo');
    expect(bongani.application.status).toBe('active');
    expect(bongani.schedule.servicing).toMatchObject({ daysPastDue: 45, delinquencyBucket: '31-60' });

    const ayesha = await loanOf('ayesha@vuka.demo');
    expect(ayesha.application.status).toBe('defaulted');
    expect(ayesha.schedule.servicing.daysPastDue).toBeGreaterThan(90);

    const kagiso = await loanOf('kagiso@vuka.demo');
    expect(kagiso.application.status).toBe('active');
    expect(kagiso.servicing).toMatchObject({ renegotiationEligible: true });
    expect(kagiso.servicing.longestShortfallRun).toBeGreaterThanOrEqual(3);
    expect(kagiso.schedule.servicing.daysPastDue).toBeLessThanOrEqual(90);

    const zanele = await loanOf('zanele@vuka.demo');
    expect(zanele.application.status).toBe('completed');
    expect(zanele.schedule.remainingAmount).toBe('0.00');
    expect(zanele.schedule.payments.at(-1)).toMatchObject({ kind: 'settlement' });

    const sipho = await signIn('sipho@vuka.demo');
    expect((await sipho.get('/api/applications')).json()[0].status).toBe('approved');
    const lerato = await signIn('lerato@vuka.demo');
    expect((await lerato.get('/api/applications')).json()[0].status).toBe('pending_review');
  });

  it('agrees with the ledger to the cent', async () => {
    await seeded();
    const [receivable] = await t.database.db
      .select({ balance: sql<string>`(sum(debit) - sum(credit))::numeric(14,2)::text` })
      .from(ledgerLines)
      .where(sql`account = 'loans_receivable'`);
    const [remaining] = await queryRows<{ sum: string }>(
      t.database.db,
      sql`select sum(remaining_amount)::numeric(14,2)::text as sum from repayment_schedules`,
    );
    expect(receivable!.balance).toBe(remaining!.sum);
    const [all] = await t.database.db
      .select({ d: sql<string>`sum(debit)`, c: sql<string>`sum(credit)` })
      .from(ledgerLines);
    expect(all!.d).toBe(all!.c);
  });
});

describe('a demo database made before dual control', () => {
  it('gets the second demo admin, enrolled with the printed key, once; never in production', async () => {
    const older = await createTestApp();
    try {
      const [first] = await queryRows<{ id: number }>(
        older.database.db,
        sql`insert into users (username, password_hash, first_name, last_name, role, verified)
            values ('admin@vuka.demo', 'x', 'Ayanda', 'Mokoena', 'admin', true),
                   ('thandi@vuka.demo', 'x', 'Thandi', 'Nkosi', 'user', true)
            returning id`,
      );
      // Only while the first demo admin still has the printed key.
      expect(await seedDemoData(older.database.db, older.config, older.clock)).toBeNull();
      await enrolDemoAdmin(older.database.db, older.config, first!.id, older.clock.now());
      expect(
        await seedDemoData(older.database.db, { ...older.config, env: 'production' }, older.clock),
      ).toBeNull();
      const added = await seedDemoData(older.database.db, older.config, older.clock);
      expect(added).toEqual([
        {
          role: 'admin',
          username: 'nomsa@vuka.demo',
          password: 'VukaAdmin2026!',
          mfaSecret: 'VUKACAPITALDEMOSECONDADMIN234567',
        },
      ]);
      // Nothing else is seeded into a database that has its own history, and it happens once.
      const [counts] = await queryRows<{ users: number; applications: number }>(
        older.database.db,
        sql`select (select count(*)::int from users) as users,
                   (select count(*)::int from financing_applications) as applications`,
      );
      expect(counts).toEqual({ users: 3, applications: 0 });
      expect(await seedDemoData(older.database.db, older.config, older.clock)).toBeNull();
    } finally {
      await older.close();
    }
  });
});
