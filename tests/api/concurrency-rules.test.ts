// Rules that must hold under bursts, on PGlite and PostgreSQL: one open application per
// creator, at most 10 password checks per account per 15 minutes, one e-mail a minute for verification,
// Visionary and reset codes, a new reset link voids the earlier ones and a reset voids them all. Each rule is
// enforced by a lock in the database (a row lock or an advisory lock), never by read-then-write; each test fires
// 20-60 requests at once and counts what happened in the database.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailVerificationCodes,
  financingApplications,
  loginAttempts,
  mailOutbox,
  passwordResetTokens,
  users,
} from '../../src/server/db/schema';
import { MAX_ACCOUNT_FAILURES } from '../../src/server/features/auth/auth.service';
import { applicationBody, PASSWORD, registration } from '../support/accounts';
import { quickUser } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = async (to: string) =>
  (await t.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0]!.n;

const statuses = (answers: Array<{ statusCode: number }>) => {
  const tally: Record<number, number> = {};
  for (const a of answers) tally[a.statusCode] = (tally[a.statusCode] ?? 0) + 1;
  return tally;
};

describe('one open application per creator', () => {
  it('20 submissions at once: one is stored, 19 are refused with 409', async () => {
    const creator = await quickUser(t, 'burst-apply@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => creator.post('/api/applications', applicationBody())),
    );
    expect(statuses(answers)).toEqual({ 201: 1, 409: 19 });
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(financingApplications)
      .where(eq(financingApplications.userId, creator.userId));
    expect(stored!.n).toBe(1);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().message).toMatch(/already have an application/);
  });
});

describe('password checks per account', () => {
  it('60 wrong passwords at once: exactly 10 are checked, the rest wait (429 with Retry-After)', async () => {
    await quickUser(t, 'burst-login@example.com');
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        new Client(t.app).post('/api/login', {
          username: 'burst-login@example.com',
          password: 'wrong-password-1',
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: MAX_ACCOUNT_FAILURES, 429: 60 - MAX_ACCOUNT_FAILURES });
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const [checked] = await t.database.db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, 'burst-login@example.com'), eq(loginAttempts.succeeded, false)));
    expect(checked!.n).toBe(MAX_ACCOUNT_FAILURES);
    // Even the right password waits until the window has passed; then it works.
    const right = await new Client(t.app).post('/api/login', {
      username: 'burst-login@example.com',
      password: PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    t.clock.advance(15 * 60 * 1000 + 1000);
    const later = await new Client(t.app).post('/api/login', {
      username: 'burst-login@example.com',
      password: PASSWORD,
    });
    expect(later.statusCode).toBe(200);
  });

  it('a right password in the burst does not count as a failure', async () => {
    await quickUser(t, 'burst-login-mixed@example.com');
    const tries = Array.from({ length: 20 }, (_, i) => (i === 0 ? PASSWORD : 'wrong-password-2'));
    const answers = await Promise.all(
      tries.map((password) =>
        new Client(t.app).post('/api/login', { username: 'burst-login-mixed@example.com', password }),
      ),
    );
    const tally = statuses(answers);
    // The right one got through unless ten wrong ones reserved their checks before it.
    expect((tally[200] ?? 0) + (tally[401] ?? 0)).toBeLessThanOrEqual(MAX_ACCOUNT_FAILURES + 1);
    expect(tally[401] ?? 0).toBeLessThanOrEqual(MAX_ACCOUNT_FAILURES);
  });
});

describe('one e-mailed code a minute', () => {
  it('20 resend requests at once send one verification code', async () => {
    const register = await new Client(t.app).post('/api/register', registration('burst-verify@example.com'));
    expect(register.statusCode).toBe(201);
    t.clock.advance(61_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        new Client(t.app).post('/api/resend-verification', { email: 'burst-verify@example.com' }),
      ),
    );
    const tally = statuses(answers);
    expect(tally[200]).toBe(1);
    expect(tally[429]).toBe(19);
    // The registration's code and one more.
    expect(await mailsTo('burst-verify@example.com')).toBe(2);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'burst-verify@example.com'));
    const open = await t.database.db
      .select({ n: count() })
      .from(emailVerificationCodes)
      .where(and(eq(emailVerificationCodes.userId, user!.id), isNull(emailVerificationCodes.consumedAt)));
    expect(open[0]!.n).toBe(1);
  });

  it('20 Visionary code requests at once send one code', async () => {
    const creator = await quickUser(t, 'burst-visionary@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        creator.post('/api/visionary-writings/verify', { email: 'writer-burst@example.com' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 429: 19 });
    expect(await mailsTo('writer-burst@example.com')).toBe(1);
  });
});

describe('password reset links', () => {
  const resetTokensOf = async (userId: number) =>
    t.database.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));

  it('10 requests at once send one link; a later request voids it; a reset voids every link', async () => {
    const creator = await quickUser(t, 'burst-reset@example.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        new Client(t.app).post('/api/request-password-reset', { username: 'burst-reset@example.com' }),
      ),
    );
    // The answer never says whether anything was sent.
    expect(statuses(answers)).toEqual({ 200: 10 });
    expect(await mailsTo('burst-reset@example.com')).toBe(1);
    expect(await resetTokensOf(creator.userId)).toHaveLength(1);
    const firstLink = await linkFromLatestMail('burst-reset@example.com');

    t.clock.advance(61_000);
    await new Client(t.app).post('/api/request-password-reset', { username: 'burst-reset@example.com' });
    expect(await resetTokensOf(creator.userId)).toHaveLength(1);
    const secondLink = await linkFromLatestMail('burst-reset@example.com');
    const stale = await new Client(t.app).post('/api/reset-password', {
      token: firstLink,
      newPassword: 'a-new-password-1',
    });
    expect(stale.statusCode).toBe(400);

    // Two uses of the valid link at once: one resets, the other is refused; nothing stays open.
    const uses = await Promise.all(
      ['a-new-password-2', 'a-new-password-3'].map((newPassword) =>
        new Client(t.app).post('/api/reset-password', { token: secondLink, newPassword }),
      ),
    );
    expect(statuses(uses)).toEqual({ 200: 1, 400: 1 });
    expect(await resetTokensOf(creator.userId)).toHaveLength(0);
  });

  async function linkFromLatestMail(to: string) {
    const [row] = await t.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to))
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    const token = row?.text.match(/token=([^\s&]+)/)?.[1];
    if (!token) throw new Error(`no reset link e-mailed to ${to}`);
    return decodeURIComponent(token);
  }
});
