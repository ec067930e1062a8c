// Sign-ins are aged by the app's session clock (lib/deps.ts), never by the wall clock: this app is given a
// ManualClock for sessions, and every expiry below happens by moving it, not by editing rows or waiting.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/lib/clock';
import { PASSWORD } from '../support/accounts';
import { quickUser } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

const SIGNED_IN_AT = '2026-11-23T08:00:00.000Z';
const sessionClock = new ManualClock(SIGNED_IN_AT);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { sessionClock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const sessionsOf = (userId: number) =>
  t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('sessions on the injected session clock', () => {
  it('a sign-in is dated, expires and idles by the session clock; the business clock moving does not end it', async () => {
    sessionClock.set(SIGNED_IN_AT);
    const browser = await quickUser(t, 'clock-browser@example.com');
    const remembered = new Client(t.app);
    const res = await remembered.post('/api/login', {
      username: 'clock-browser@example.com',
      password: PASSWORD,
      rememberMe: true,
    });
    expect(res.statusCode).toBe(200);
    const rows = await sessionsOf(browser.userId);
    expect(rows.map((r) => r.createdAt.toISOString())).toEqual([SIGNED_IN_AT, SIGNED_IN_AT]);
    const rememberedRow = rows.find((r) => r.persistent)!;
    expect(rememberedRow.expiresAt.toISOString()).toBe('2026-12-23T08:00:00.000Z');

    // Months of business time: both still signed in.
    t.clock.advanceDays(90);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    expect((await remembered.get('/api/user')).statusCode).toBe(200);

    // An hour and 59 minutes of session time without a request: still in (and the request counts as use).
    sessionClock.advance(119 * MINUTE);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    // Two hours and a minute more: the browser session has idled out, the remembered one has not.
    sessionClock.advance(121 * MINUTE);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    expect((await remembered.get('/api/user')).statusCode).toBe(200);

    // Thirty days after sign-in the remembered one is over too.
    sessionClock.set('2026-12-23T08:00:01.000Z');
    expect((await remembered.get('/api/user')).statusCode).toBe(401);
  });

  it('staff are signed out after 30 idle minutes by the session clock', async () => {
    sessionClock.set(SIGNED_IN_AT);
    const admin = await quickUser(t, 'clock-admin@example.com', 'admin');
    sessionClock.advance(29 * MINUTE);
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
    sessionClock.advance(31 * MINUTE);
    expect((await admin.get('/api/admin/users')).statusCode).toBe(401);
  });

  it('the hourly purge removes what has expired by the session clock and keeps the rest', async () => {
    sessionClock.set(SIGNED_IN_AT);
    const idle = await quickUser(t, 'clock-purge@example.com');
    const kept = new Client(t.app);
    await kept.post('/api/login', {
      username: 'clock-purge@example.com',
      password: PASSWORD,
      rememberMe: true,
    });
    expect(await sessionsOf(idle.userId)).toHaveLength(2);

    // The jobs run by hand at three hours of session time: the idle browser session goes, the remembered one stays.
    sessionClock.advance(180 * MINUTE);
    await t.app.ctx.runJobsOnce();
    const left = await sessionsOf(idle.userId);
    expect(left.map((r) => r.persistent)).toEqual([true]);
    expect((await kept.get('/api/user')).statusCode).toBe(200);
  });
});
