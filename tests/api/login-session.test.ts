import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { sha256 } from '../../src/server/lib/crypto';
import { hashPassword } from '../../src/server/lib/passwords';
import { latestCodeFor, latestMailTo, PASSWORD, registration, signedInUser } from '../support/accounts';
import { quickUser } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionCookie = (res: { cookies: Array<{ name: string }> }) =>
  res.cookies.find((c) => c.name === 'vuka_session') as
    | {
        name: string;
        value: string;
        maxAge?: number;
        expires?: Date;
        httpOnly?: boolean;
        sameSite?: string;
        secure?: boolean;
      }
    | undefined;

describe('POST /api/login', () => {
  it('signs in with a browser-session cookie: HttpOnly, SameSite=Lax, no Max-Age, not Secure on http', async () => {
    await signedInUser(t, 'creator@example.com');
    const res = await new Client(t.app).post('/api/login', {
      username: 'Creator@Example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { username: 'creator@example.com' } });
    expect(res.json().user).not.toHaveProperty('passwordHash');
    const cookie = sessionCookie(res)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
    expect(cookie.secure).toBeFalsy();
    // 256-bit token in the cookie; only its hash in the database.
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(cookie.value)));
    expect(stored).toHaveLength(1);
    const plain = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, cookie.value));
    expect(plain).toHaveLength(0);
  });

  it('Remember me gives a persistent cookie of 30 days', async () => {
    await quickUser(t, 'remember@example.com');
    const res = await new Client(t.app).post('/api/login', {
      username: 'remember@example.com',
      password: PASSWORD,
      rememberMe: true,
    });
    expect(sessionCookie(res)!.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('issues a new token at every sign-in', async () => {
    await quickUser(t, 'twice@example.com');
    const a = await new Client(t.app).post('/api/login', {
      username: 'twice@example.com',
      password: PASSWORD,
    });
    const b = await new Client(t.app).post('/api/login', {
      username: 'twice@example.com',
      password: PASSWORD,
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(sessionCookie(a)!.value).not.toBe(sessionCookie(b)!.value);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    await quickUser(t, 'known@example.com');
    const unknown = await new Client(t.app).post('/api/login', {
      username: 'ghost@example.com',
      password: PASSWORD,
    });
    const wrong = await new Client(t.app).post('/api/login', {
      username: 'known@example.com',
      password: 'wrong-password',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({
      success: false,
      message: 'Incorrect email or password. Please try again.',
      error: 'Incorrect email or password. Please try again.',
    });
    expect(sessionCookie(unknown)).toBeUndefined();
  });

  it('tells an unverified account so, and e-mails a fresh code', async () => {
    await new Client(t.app).post('/api/register', registration('unverified@example.com'));
    const first = await latestMailTo(t.database.db, 'unverified@example.com');
    // Make the first code older than a minute so the sign-in sends a fresh one.
    t.clock.advance(2 * 60_000);
    const res = await new Client(t.app).post('/api/login', {
      username: 'unverified@example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      needsVerification: true,
      email: 'unverified@example.com',
    });
    expect(res.json().error).toMatch(/verify your email/i);
    const fresh = await latestMailTo(t.database.db, 'unverified@example.com');
    expect(fresh!.id).toBeGreaterThan(first!.id);
    const code = await latestCodeFor(t.database.db, 'unverified@example.com');
    const verify = await new Client(t.app).post('/api/verify-email', {
      email: 'unverified@example.com',
      code,
    });
    expect(verify.statusCode).toBe(200);
  });

  it('an unverified account with a wrong password gets the generic answer (no enumeration)', async () => {
    await new Client(t.app).post('/api/register', registration('unverified2@example.com'));
    const res = await new Client(t.app).post('/api/login', {
      username: 'unverified2@example.com',
      password: 'nope-nope',
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no password', { username: 'creator@example.com' }],
    ['no username', { password: PASSWORD }],
    ['rememberMe not a boolean', { username: 'creator@example.com', password: PASSWORD, rememberMe: 'yes' }],
    ['password as a number', { username: 'creator@example.com', password: 12345678 }],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await new Client(t.app).post('/api/login', body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('locks an account for 15 minutes after 10 failures, even for the right password', async () => {
    await signedInUser(t, 'target@example.com');
    for (let i = 0; i < 10; i++) {
      const res = await new Client(t.app).post('/api/login', {
        username: 'target@example.com',
        password: `wrong-${i}-pass`,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await new Client(t.app).post('/api/login', {
      username: 'target@example.com',
      password: PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The person is told how long, in minutes rounded up.
    expect(locked.json().message).toBe(
      `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    );
    // When the failures age out of the window, sign-in works again.
    t.clock.advance(16 * 60_000);
    const ok = await new Client(t.app).post('/api/login', {
      username: 'target@example.com',
      password: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('limits many failures from one address across accounts', async () => {
    // An account that exists, signed in with its right password, is still refused from that address.
    await quickUser(t, 'sprayed@example.com');
    const fromIp = (username: string, password: string) =>
      new Client(t.app).request({
        method: 'POST',
        url: '/api/login',
        payload: { username, password },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 50; i++) {
      expect((await fromIp(`spray${i}@example.com`, 'Password1!')).statusCode).toBe(401);
    }
    const blocked = await fromIp('sprayed@example.com', PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('sessions', () => {
  it('GET /api/user answers 401 without a session and returns no secrets with one', async () => {
    const anonymous = await new Client(t.app).get('/api/user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBeTruthy();
    const client = await signedInUser(t, 'me@example.com');
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'me@example.com',
      role: 'user',
      status: 'active',
      verified: true,
    });
    expect(JSON.stringify(me.json())).not.toMatch(/argon2|passwordHash|tokenHash/);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('a malformed or foreign session cookie is 401 with the usual message, and a good one among others works', async () => {
    const client = await signedInUser(t, 'cookies@example.com');
    const token = client.cookieHeader().replace(/^.*vuka_session=([^;]+).*$/, '$1');
    const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    for (const cookie of [
      'vuka_session=%%%',
      'vuka_session="unterminated',
      `vuka_session=${'a'.repeat(300)}`,
      `xvuka_session=${token}`,
      `vuka_session2=${token}; ;;; =`,
    ]) {
      const res = await get(cookie);
      expect(res.statusCode, cookie.slice(0, 40)).toBe(401);
      expect(res.json()).toEqual({ message: 'Not signed in', error: 'Not signed in' });
    }
    const among = await get(`theme=dark;  vuka_session=${token} ; lang=en`);
    expect(among.statusCode).toBe(200);
    expect(among.json().username).toBe('cookies@example.com');
  });

  it('logout deletes the session on the server: the old cookie no longer works', async () => {
    const client = await signedInUser(t, 'leaver@example.com');
    const cookieHeader = client.cookieHeader();
    const res = await client.post('/api/logout');
    expect(res.statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookieHeader } });
    expect(replay.statusCode).toBe(401);
  });

  it('a browser session idle for over two hours is over; a remembered one is not', async () => {
    const idle = await quickUser(t, 'idle@example.com');
    const remembered = new Client(t.app);
    await remembered.post('/api/login', {
      username: 'idle@example.com',
      password: PASSWORD,
      rememberMe: true,
    });
    // Only this user's sessions: other tests' sessions are not made idle.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '3 hours'` })
      .where(eq(sessions.userId, idle.userId));
    expect((await idle.get('/api/user')).statusCode).toBe(401);
    expect((await remembered.get('/api/user')).statusCode).toBe(200);
  });

  it('staff never keep a remembered session: no Max-Age, 30 minutes idle, 12 hours at most', async () => {
    await signedInUser(t, 'staff-remember@example.com', 'admin');
    const admin = new Client(t.app);
    const res = await admin.post('/api/login', {
      username: 'staff-remember@example.com',
      password: PASSWORD,
      rememberMe: true,
    });
    expect(res.statusCode).toBe(200);
    // The cookie ends with the browser, whatever the box said, and the server holds it to 12 hours.
    expect(sessionCookie(res)!.maxAge).toBeUndefined();
    const token = sessionCookie(res)!.value;
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row!.persistent).toBe(false);
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 1);
    const thisSession = eq(sessions.tokenHash, sha256(token));

    // 25 minutes without doing anything: still signed in. A background refresh (the Users list's poll) does not
    // count as doing something: the idle time keeps running; an ordinary request resets it.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '25 minutes'` })
      .where(thisSession);
    const poll = await admin.request({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-vuka-background': '1' },
    });
    expect(poll.statusCode).toBe(200);
    const [afterPoll] = await t.database.db.select().from(sessions).where(thisSession);
    expect(Date.now() - afterPoll!.lastSeenAt.getTime()).toBeGreaterThan(24 * 60_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(thisSession);
    expect((await admin.get('/api/user')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(thisSession)).toHaveLength(0);

    // A session in use is still over 12 hours after sign-in (one from before the rule, 30 days long, included).
    const again = new Client(t.app);
    const second = await again.post('/api/login', {
      username: 'staff-remember@example.com',
      password: PASSWORD,
    });
    const secondSession = eq(sessions.tokenHash, sha256(sessionCookie(second)!.value));
    await t.database.db
      .update(sessions)
      .set({
        createdAt: sql`now() - interval '12 hours 1 minute'`,
        expiresAt: sql`now() + interval '29 days'`,
        persistent: true,
      })
      .where(secondSession);
    expect((await again.get('/api/user')).statusCode).toBe(401);

    // A creator's remembered session is untouched by any of this: 30 days, and a background refresh keeps it.
    await quickUser(t, 'creator-remember@example.com');
    const creator = new Client(t.app);
    const creatorLogin = await creator.post('/api/login', {
      username: 'creator-remember@example.com',
      password: PASSWORD,
      rememberMe: true,
    });
    expect(sessionCookie(creatorLogin)!.maxAge).toBe(30 * 24 * 60 * 60);
    const creatorSession = eq(sessions.tokenHash, sha256(sessionCookie(creatorLogin)!.value));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 hours'` })
      .where(creatorSession);
    const creatorPoll = await creator.request({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-vuka-background': '1' },
    });
    expect(creatorPoll.statusCode).toBe(200);
  });

  it('a suspended or deleted user loses their sessions and cannot sign in', async () => {
    for (const status of ['suspended', 'deleted'] as const) {
      const username = `${status}@example.com`;
      const client = await signedInUser(t, username);
      await t.database.db.update(users).set({ status }).where(eq(users.username, username));
      expect((await client.get('/api/user')).statusCode).toBe(401);
      const again = await new Client(t.app).post('/api/login', { username, password: PASSWORD });
      expect(again.statusCode).toBe(status === 'suspended' ? 403 : 401);
      expect(sessionCookie(again)).toBeUndefined();
    }
  });
});

describe('Secure cookies', () => {
  it('are Secure when APP_URL is https', async () => {
    const https = await createTestApp({ APP_URL: 'https://vuka.example' });
    try {
      await https.database.db.insert(users).values({
        username: 'secure@example.com',
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'S',
        lastName: 'C',
        verified: true,
      });
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { origin: 'https://vuka.example' },
        payload: { username: 'secure@example.com', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(sessionCookie(res)!.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});
