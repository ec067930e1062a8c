import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../src/server/db/schema';
import { latestMailTo, PASSWORD, signedInUser } from '../support/accounts';
import { APP_URL, Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function resetLinkFor(username: string): Promise<string> {
  const mail = await latestMailTo(t.database.db, username);
  const link = mail?.textBody.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  if (!link) throw new Error('no reset link');
  return link;
}
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

describe('password reset', () => {
  it('answers a known and an unknown e-mail the same, and mails a link only to the known one', async () => {
    await signedInUser(t, 'forgetful@example.com');
    const known = await new Client(t.app).post('/api/request-password-reset', {
      username: 'forgetful@example.com',
    });
    const unknown = await new Client(t.app).post('/api/request-password-reset', {
      username: 'nobody@example.com',
    });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(
      "If an account exists with this email, you'll receive password reset instructions.",
    );
    const link = await resetLinkFor('forgetful@example.com');
    expect(link.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
    expect(Buffer.from(tokenOf(link), 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(await latestMailTo(t.database.db, 'nobody@example.com')).toBeUndefined();
    // Only the token's hash is stored.
    const rows = await t.database.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash === tokenOf(link))).toBe(false);
  });

  it('sets the new password, ends every session, and works once', async () => {
    const client = await signedInUser(t, 'reset-me@example.com');
    await new Client(t.app).post('/api/request-password-reset', { username: 'reset-me@example.com' });
    const token = tokenOf(await resetLinkFor('reset-me@example.com'));
    const res = await new Client(t.app).post('/api/reset-password', {
      token,
      newPassword: 'a-brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const oldLogin = await new Client(t.app).post('/api/login', {
      username: 'reset-me@example.com',
      password: PASSWORD,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await new Client(t.app).post('/api/login', {
      username: 'reset-me@example.com',
      password: 'a-brand-new-pass',
    });
    expect(newLogin.statusCode).toBe(200);
    const twice = await new Client(t.app).post('/api/reset-password', {
      token,
      newPassword: 'another-pass-1',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Invalid reset link. Please request a new password reset.');
  });

  it('refuses an expired link and a short password, changing nothing', async () => {
    await signedInUser(t, 'late@example.com');
    await new Client(t.app).post('/api/request-password-reset', { username: 'late@example.com' });
    const token = tokenOf(await resetLinkFor('late@example.com'));
    const [before] = await t.database.db.select().from(users).where(eq(users.username, 'late@example.com'));
    const short = await new Client(t.app).post('/api/reset-password', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) });
    const expired = await new Client(t.app).post('/api/reset-password', {
      token,
      newPassword: 'long-enough-1',
    });
    expect(expired.statusCode).toBe(400);
    const [after] = await t.database.db.select().from(users).where(eq(users.username, 'late@example.com'));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });

  it.each([
    ['no token', { newPassword: 'long-enough-1' }],
    ['an unknown token', { token: 'x'.repeat(43), newPassword: 'long-enough-1' }],
    ['a password over 128', { token: 'abc', newPassword: 'p'.repeat(129) }],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await new Client(t.app).post('/api/reset-password', body);
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 for a request without a valid e-mail', async () => {
    expect((await new Client(t.app).post('/api/request-password-reset', {})).statusCode).toBe(400);
    expect((await new Client(t.app).post('/api/request-password-reset', { username: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('sends at most one link a minute per account, with the same answer', async () => {
    await signedInUser(t, 'spam@example.com');
    await new Client(t.app).post('/api/request-password-reset', { username: 'spam@example.com' });
    const first = await latestMailTo(t.database.db, 'spam@example.com');
    const again = await new Client(t.app).post('/api/request-password-reset', {
      username: 'spam@example.com',
    });
    expect(again.statusCode).toBe(200);
    expect((await latestMailTo(t.database.db, 'spam@example.com'))!.id).toBe(first!.id);
  });
});
