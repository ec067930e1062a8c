import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLines } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed-demo';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('seeds an admin and creators once, with applications whose balances agree with the ledger', async () => {
    const logins = await seedDemoData(t.database.db, t.config);
    expect(logins!.map((l) => l.role)).toEqual(['admin', 'creator', 'creator', 'creator']);
    expect(await seedDemoData(t.database.db, t.config)).toBeNull();

    const thandi = new Client(t.app);
    const login = await thandi.post('/api/login', {
      username: 'thandi@vuka.demo',
      password: 'VukaCreator2026!',
    });
    expect(login.statusCode).toBe(200);
    const [active] = (await thandi.get('/api/applications')).json();
    expect(active.status).toBe('active');
    const schedule = active.repaymentSchedule;
    expect(schedule.payments).toHaveLength(4);
    const paid = schedule.payments.reduce(
      (sum: number, p: { amount: string }) => sum + Math.round(Number(p.amount) * 100),
      0,
    );
    expect(Math.round(Number(schedule.totalAmount) * 100) - paid).toBe(
      Math.round(Number(schedule.remainingAmount) * 100),
    );
    expect(new Date(schedule.nextPaymentDate).getTime()).toBeGreaterThan(Date.now());

    const [receivable] = await t.database.db
      .select({ balance: sql<string>`sum(debit) - sum(credit)` })
      .from(ledgerLines)
      .where(sql`account = 'loans_receivable'`);
    expect(Number(receivable!.balance)).toBeCloseTo(Number(schedule.remainingAmount), 2);
    const [all] = await t.database.db
      .select({ d: sql<string>`sum(debit)`, c: sql<string>`sum(credit)` })
      .from(ledgerLines);
    expect(all!.d).toBe(all!.c);

    const sipho = new Client(t.app);
    await sipho.post('/api/login', { username: 'sipho@vuka.demo', password: 'VukaCreator2026!' });
    expect((await sipho.get('/api/applications')).json()[0].status).toBe('approved');
  });
});
