import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationCodes, mailOutbox, users } from '../../src/server/db/schema';
import { latestCodeFor, latestMailTo, PASSWORD, registration, signedInUser } from '../support/accounts';
import { APP_URL, Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('POST /api/register', () => {
  it('creates an unverified creator whatever the request says, and e-mails a 6-digit code', async () => {
    const client = new Client(t.app);
    const res = await client.post(
      '/api/register',
      registration('Mixed.Case@Example.com', { role: 'admin', status: 'suspended', verified: true }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, email: 'mixed.case@example.com' });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'mixed.case@example.com'));
    expect(user).toMatchObject({ role: 'user', status: 'active', verified: false, country: 'South Africa' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await latestMailTo(t.database.db, 'mixed.case@example.com');
    expect(mail!.subject).toContain('Vuka Capital');
    expect(mail!.htmlBody).toContain('<html');
    const code = await latestCodeFor(t.database.db, 'mixed.case@example.com');
    expect(code).toMatch(/^\d{6}$/);
    // Only a keyed hash of the code is stored.
    const [stored] = await t.database.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.userId, user!.id));
    expect(stored!.codeHash).toHaveLength(64);
    expect(stored!.codeHash).not.toContain(code);
    // Registering does not sign in.
    expect(client.hasSession()).toBe(false);
  });

  it('replaces an empty country or city with Default', async () => {
    const res = await new Client(t.app).post(
      '/api/register',
      registration('nocity@example.com', { country: '', city: '' }),
    );
    expect(res.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'nocity@example.com'));
    expect(user).toMatchObject({ country: 'Default', city: 'Default' });
  });

  it('refuses a second account for the same e-mail in any letter case, storing nothing', async () => {
    const first = await new Client(t.app).post('/api/register', registration('twice.Over@example.com'));
    expect(first.statusCode).toBe(201);
    const before = await userCount();
    const mailsBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!
      .n;
    const res = await new Client(t.app).post('/api/register', registration('TWICE.over@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
    expect(await userCount()).toBe(before);
    const mailsAfter = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n;
    expect(mailsAfter).toBe(mailsBefore);
  });

  it.each([
    ['missing e-mail', { username: undefined }, 'username'],
    ['not an e-mail', { username: 'not-an-email' }, 'username'],
    ['short password', { password: 'short' }, 'password'],
    ['password over 128', { password: 'x'.repeat(129) }, 'password'],
    ['missing first name', { firstName: '' }, 'firstName'],
    ['number as last name', { lastName: 42 }, 'lastName'],
    ['unknown creator type', { creatorType: 'pro' }, 'creatorType'],
    ['unknown account type', { accountType: 'cheque' }, 'accountType'],
  ])('answers 400 for %s and stores nothing', async (_label, change, field) => {
    const before = await userCount();
    const body = { ...registration('bad-input@example.com'), ...change };
    const res = await new Client(t.app).post('/api/register', body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(typeof json.message).toBe('string');
    expect(json.fieldErrors[field]).toBeDefined();
    expect(await userCount()).toBe(before);
  });

  it('answers 400 for malformed JSON, 415 for a form post, 413 for an oversize body', async () => {
    const before = await userCount();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x@example.com",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('The request body is not valid JSON');
    // A form post from this site is the wrong type (415); without a matching Origin it is refused first (403).
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL },
      payload: 'username=x%40example.com',
    });
    expect(form.statusCode).toBe(415);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=x%40example.com',
    });
    expect(crossSite.statusCode).toBe(403);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...registration('huge@example.com'), bio: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large');
    expect(await userCount()).toBe(before);
  });

  it('refuses a request from another origin with 403 and stores nothing', async () => {
    const before = await userCount();
    const res = await new Client(t.app).request({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example' },
      payload: registration('csrf@example.com'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused');
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/verify-email', () => {
  it('signs the user in with the right code, once', async () => {
    const client = new Client(t.app);
    await client.post('/api/register', registration('verify@example.com'));
    const code = await latestCodeFor(t.database.db, 'verify@example.com');
    const res = await client.post('/api/verify-email', { email: 'verify@example.com', code });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'verify@example.com', verified: true, role: 'user' });
    expect(client.hasSession()).toBe(true);
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().firstName).toBe('Naledi');
    const again = await new Client(t.app).post('/api/verify-email', { email: 'verify@example.com', code });
    expect(again.statusCode).toBe(400);
  });

  it('voids a code after 5 wrong tries, even for the right code after that', async () => {
    const client = new Client(t.app);
    await client.post('/api/register', registration('brute@example.com'));
    const code = await latestCodeFor(t.database.db, 'brute@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await client.post('/api/verify-email', { email: 'brute@example.com', code: wrong });
      expect(res.statusCode).toBe(400);
      if (i < 5) expect(res.json().message).toContain(`${5 - i} tries left`);
      else expect(res.json().message).toMatch(/Too many wrong codes/);
    }
    const right = await client.post('/api/verify-email', { email: 'brute@example.com', code });
    expect(right.statusCode).toBe(400);
    expect(client.hasSession()).toBe(false);
  });

  it('refuses an expired code', async () => {
    const client = new Client(t.app);
    await client.post('/api/register', registration('expired@example.com'));
    const code = await latestCodeFor(t.database.db, 'expired@example.com');
    await t.database.db
      .update(emailVerificationCodes)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(emailVerificationCodes.email, 'expired@example.com'));
    const res = await client.post('/api/verify-email', { email: 'expired@example.com', code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  it.each([
    ['a code over 6 characters', { email: 'verify@example.com', code: '1234567' }],
    ['no code', { email: 'verify@example.com' }],
    ['a bad e-mail', { email: 'nope', code: '123456' }],
    ['an unknown e-mail', { email: 'ghost@example.com', code: '123456' }],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await new Client(t.app).post('/api/verify-email', body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('POST /api/resend-verification', () => {
  it('allows one code a minute and voids the old code', async () => {
    const client = new Client(t.app);
    await client.post('/api/register', registration('resend@example.com'));
    const first = await latestCodeFor(t.database.db, 'resend@example.com');
    const tooSoon = await client.post('/api/resend-verification', { email: 'resend@example.com' });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    // A minute later:
    await t.database.db
      .update(emailVerificationCodes)
      .set({ createdAt: new Date(t.clock.now().getTime() - 61_000) })
      .where(eq(emailVerificationCodes.email, 'resend@example.com'));
    const ok = await client.post('/api/resend-verification', { email: 'resend@example.com' });
    expect(ok.statusCode).toBe(200);
    const second = await latestCodeFor(t.database.db, 'resend@example.com');
    if (first !== second) {
      const old = await client.post('/api/verify-email', { email: 'resend@example.com', code: first });
      expect(old.statusCode).toBe(400);
    }
    const res = await client.post('/api/verify-email', { email: 'resend@example.com', code: second });
    expect(res.statusCode).toBe(200);
  });

  it('tells the verify step how long to wait: the full minute after a code, the seconds left before', async () => {
    const client = new Client(t.app);
    const registered = await client.post('/api/register', registration('countdown@example.com'));
    expect(registered.json()).toMatchObject({ success: true, retryAfterSeconds: 60 });
    t.clock.advance(20_000);
    const tooSoon = await client.post('/api/resend-verification', { email: 'countdown@example.com' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('40');
    expect(tooSoon.json().message).toBe('Please wait 40 seconds before requesting another code.');
    t.clock.advance(40_000);
    const sent = await client.post('/api/resend-verification', { email: 'countdown@example.com' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      message: 'If this account is waiting for verification, a new code has been sent.',
      retryAfterSeconds: 60,
    });
  });

  it('answers an unknown e-mail exactly like a known one', async () => {
    await signedInUser(t, 'known-verified@example.com');
    const unknown = await new Client(t.app).post('/api/resend-verification', { email: 'nobody@example.com' });
    const verified = await new Client(t.app).post('/api/resend-verification', {
      email: 'known-verified@example.com',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(verified.body);
  });

  it('answers 400 for a missing or malformed e-mail', async () => {
    expect((await new Client(t.app).post('/api/resend-verification', {})).statusCode).toBe(400);
    expect((await new Client(t.app).post('/api/resend-verification', { email: 12 })).statusCode).toBe(400);
  });
});

describe('password policy at registration', () => {
  it('accepts 8 and 128 characters', async () => {
    const eight = await new Client(t.app).post(
      '/api/register',
      registration('eight@example.com', { password: '12345678' }),
    );
    expect(eight.statusCode).toBe(201);
    const max = await new Client(t.app).post(
      '/api/register',
      registration('max@example.com', { password: 'p'.repeat(128) }),
    );
    expect(max.statusCode).toBe(201);
    expect(PASSWORD.length).toBeGreaterThanOrEqual(8);
  });
});
