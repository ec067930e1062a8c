// Admin second factor (decision 017): TOTP enrolment with recovery codes, the check every admin
// sign-in must pass before admin routes answer, single-use codes, the lockout, and bursts that could race.
// Codes are computed as an authenticator app would (tests/support/totp.ts, RFC 6238 written out), at the app's
// clock, which the tests move.

import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, nextSteps } from '../../src/server/cli/create-admin';
import { DEVELOPMENT_LEGAL_SETTINGS } from '../../src/server/config';
import { queryRows } from '../../src/server/db/client';
import { mfaRecoveryCodes, sessions, userAdminActions, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed-demo';
import {
  DEMO_ADMIN_MFA_SECRET,
  DEMO_SECOND_ADMIN_MFA_SECRET,
} from '../../src/server/features/mfa/mfa.service';
import { sha256 } from '../../src/server/lib/crypto';
import { hashPassword } from '../../src/server/lib/passwords';
import { openMfaSecret } from '../../src/server/lib/secret-box';
import { PASSWORD, signedInUser } from '../support/accounts';
import { Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';
import { hotp, stepOf, totpAt, totpOfStep } from '../support/totp';

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

let counter = 0;
/** A new admin account (not enrolled), inserted directly. */
async function newAdmin(tag: string) {
  counter += 1;
  const username = `${tag}-${counter}@example.com`;
  const [row] = await t.database.db
    .insert(users)
    .values({ username, passwordHash, firstName: 'Ada', lastName: 'Admin', role: 'admin', verified: true })
    .returning({ id: users.id });
  return { id: row!.id, username };
}

async function signIn(username: string) {
  const client = new Client(t.app);
  const res = await client.post('/api/login', { username, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return { client, login: res.json() as { success: true; user: { role: string }; mfa?: string } };
}

/** A new admin who has enrolled (through the routes), with their key and recovery codes; signed out after. */
async function enrolledAdmin(tag: string) {
  const admin = await newAdmin(tag);
  const { client } = await signIn(admin.username);
  const enrol = await client.post('/api/mfa/enrol');
  expect(enrol.statusCode, enrol.body).toBe(200);
  const { secret } = enrol.json();
  const confirm = await client.post('/api/mfa/confirm', { code: totpAt(secret, t.clock.now()) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...admin, secret, recoveryCodes: confirm.json().recoveryCodes as string[], client };
}

/** `n` sign-ins of one account, one after the other (the sign-in limits are not what these tests are about). */
async function sessionsOf(username: string, n: number) {
  const out: Array<Awaited<ReturnType<typeof signIn>>> = [];
  for (let i = 0; i < n; i++) out.push(await signIn(username));
  return out;
}

/** Moves the clock to the start of a 30-second step well after the last one used. */
function nextWindow(steps = 3) {
  const step = stepOf(t.clock.now()) + steps;
  t.clock.set(new Date(step * 30_000 + 5_000));
}

/** The user's second-factor events in the audit trail, oldest first (their sign-ins are there too, left out here). */
const auditOf = async (userId: number) =>
  (
    await t.database.db
      .select({ action: userAdminActions.action, notes: userAdminActions.notes })
      .from(userAdminActions)
      .where(eq(userAdminActions.userId, userId))
      .orderBy(userAdminActions.id)
  )
    .map((r) => r.action)
    .filter((action) => action.startsWith('mfa_'));

const failuresOf = async (userId: number) => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from rate_limit_events where key = ${`mfa:${userId}`}`,
  );
  return row!.n;
};

describe('the test authenticator', () => {
  it('computes the RFC 6238 reference values (SHA-1, T = 59 s and 1111111109 s)', () => {
    const key = Buffer.from('12345678901234567890');
    expect(hotp(key, Math.floor(59 / 30), 8)).toBe('94287082');
    expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe('07081804');
  });
});

describe('sign-in answers', () => {
  it('tells an admin what comes next ("enrol", then "verify"), and says nothing of it to a creator', async () => {
    await signedInUser(t, 'plain-creator@example.com');
    const creator = await signIn('plain-creator@example.com');
    expect(creator.login).not.toHaveProperty('mfa');

    const admin = await newAdmin('answers');
    expect((await signIn(admin.username)).login.mfa).toBe('enrol');
    const enrolled = await enrolledAdmin('answers-enrolled');
    expect((await signIn(enrolled.username)).login.mfa).toBe('verify');
  });
});

describe('admin routes before the second factor', () => {
  it('refuse an admin session that has not passed it: 403 with mfaRequired and the step to do', async () => {
    const admin = await newAdmin('refused');
    const { client } = await signIn(admin.username);
    for (const url of ['/api/admin/overview', '/api/admin/users', '/api/lending-management/summary']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ mfaRequired: true, mfa: 'enrol' });
    }
    // A write is refused before its body is read.
    const patch = await client.request({ method: 'PATCH', url: '/api/admin/users/1', payload: {} });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toMatchObject({ mfaRequired: true });

    const enrolled = await enrolledAdmin('refused-enrolled');
    const again = await signIn(enrolled.username);
    const res = await again.client.get('/api/admin/overview');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      mfaRequired: true,
      mfa: 'verify',
      message: 'Enter the code from your authenticator app to use the admin pages.',
    });
    // Creator-facing routes still answer the admin (their own account pages).
    expect((await again.client.get('/api/user')).statusCode).toBe(200);
  });

  it("refuse an admin's wider rights on shared routes: another creator's loan, viewing as a creator", async () => {
    const creator = await signedInUser(t, 'shared-routes-creator@example.com');
    const creatorId = (await creator.get('/api/user')).json().id;
    const admin = await newAdmin('shared');
    const { client } = await signIn(admin.username);
    const statement = await client.get('/api/applications/1/statement');
    expect(statement.statusCode).toBe(403);
    expect(statement.json()).toMatchObject({ mfaRequired: true });
    const servicing = await client.get('/api/applications/1/servicing');
    expect(servicing.json()).toMatchObject({ mfaRequired: true });
    const view = await client.post(`/api/admin/impersonate/${creatorId}`);
    expect(view.statusCode).toBe(403);
    expect(view.json()).toMatchObject({ mfaRequired: true });
  });

  it('let the same admin in once the session has passed', async () => {
    const enrolled = await enrolledAdmin('passed');
    // Enrolment itself passes the session it was confirmed on.
    expect((await enrolled.client.get('/api/admin/overview')).statusCode).toBe(200);
  });
});

describe('who may use the MFA routes', () => {
  it('a visitor gets 401 and a creator 403 on every one', async () => {
    const creator = await signedInUser(t, 'mfa-routes-creator@example.com');
    const visitor = new Client(t.app);
    const calls: Array<[string, string, object | undefined]> = [
      ['GET', '/api/mfa', undefined],
      ['POST', '/api/mfa/enrol', undefined],
      ['POST', '/api/mfa/confirm', { code: '123456' }],
      ['POST', '/api/mfa/verify', { code: '123456' }],
    ];
    for (const [method, url, payload] of calls) {
      const options = { method: method as 'GET' | 'POST', url, ...(payload ? { payload } : {}) };
      expect((await visitor.request(options)).statusCode, `${method} ${url}`).toBe(401);
      expect((await creator.request(options)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('enrolment', () => {
  it('gives a base32 key, its otpauth URL and a QR code, and keeps the key only encrypted', async () => {
    const admin = await newAdmin('enrol');
    const { client } = await signIn(admin.username);
    expect((await client.get('/api/mfa')).json()).toEqual({
      enrolled: false,
      passed: false,
      recoveryCodesLeft: 0,
    });
    const res = await client.post('/api/mfa/enrol');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['otpauthUrl', 'qrCode', 'secret']);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Vuka Capital:${admin.username}`);
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('issuer')).toBe('Vuka Capital');
    // SHA-1, 6 digits and 30 s are what an app assumes when the URL does not say otherwise.
    for (const [name, value] of [
      ['algorithm', 'SHA1'],
      ['digits', '6'],
      ['period', '30'],
    ] as const) {
      const given = url.searchParams.get(name);
      if (given !== null) expect(given).toBe(value);
    }
    expect(body.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.mfaSecret).not.toContain(body.secret);
    expect(row!.mfaSecret).toMatch(/^v1\./);
    expect(openMfaSecret(t.config.sessionSecret, admin.id, row!.mfaSecret!)).toBe(body.secret);
    // Bound to its user and to the server's secret.
    expect(openMfaSecret(t.config.sessionSecret, admin.id + 1, row!.mfaSecret!)).toBeNull();
    expect(openMfaSecret('another-session-secret-of-32-chars!!', admin.id, row!.mfaSecret!)).toBeNull();
    expect(row!.mfaEnabledAt).toBeNull();

    // Asking again replaces the key: only the newest one confirms.
    const second = (await client.post('/api/mfa/enrol')).json();
    expect(second.secret).not.toBe(body.secret);
    const stale = await client.post('/api/mfa/confirm', { code: totpAt(body.secret, t.clock.now()) });
    expect(stale.statusCode).toBe(400);
    const confirm = await client.post('/api/mfa/confirm', { code: totpAt(second.secret, t.clock.now()) });
    expect(confirm.statusCode, confirm.body).toBe(200);
  });

  it('confirms with a first code: ten distinct recovery codes once, stored as SHA-256; the session passes', async () => {
    const admin = await newAdmin('confirm');
    const { client } = await signIn(admin.username);
    const { secret } = (await client.post('/api/mfa/enrol')).json();
    expect((await client.post('/api/mfa/confirm', { code: '000000' })).statusCode).toBe(400);
    const wrongShape = await client.post('/api/mfa/confirm', { code: '12ab56' });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().fieldErrors).toHaveProperty('code');

    // Typed as the app shows it ("123 456").
    const code = totpAt(secret, t.clock.now());
    const res = await client.post('/api/mfa/confirm', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    const stored = await t.database.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, admin.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(
      recoveryCodes.map((c) => sha256(c.replace('-', ''))).sort(),
    );
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.slice(0, 5));

    expect((await client.get('/api/mfa')).json()).toEqual({
      enrolled: true,
      passed: true,
      recoveryCodesLeft: 10,
    });
    expect((await client.get('/api/admin/overview')).statusCode).toBe(200);
    // Enrolment is done once: no new key, no second confirmation, no more recovery codes from here.
    expect((await client.post('/api/mfa/enrol')).statusCode).toBe(409);
    nextWindow();
    const again = await client.post('/api/mfa/confirm', { code: totpAt(secret, t.clock.now()) });
    expect(again.statusCode).toBe(409);
    // The wrong code tried before the first is written down too (never the code itself).
    expect(await auditOf(admin.id)).toEqual(['mfa_enrolment_started', 'mfa_code_refused', 'mfa_enrolled']);
  });

  it('cannot confirm before asking for a key, nor verify before enrolling', async () => {
    const admin = await newAdmin('order');
    const { client } = await signIn(admin.username);
    expect((await client.post('/api/mfa/confirm', { code: '123456' })).statusCode).toBe(409);
    expect((await client.post('/api/mfa/verify', { code: '123456' })).statusCode).toBe(409);
  });
});

describe('verification at sign-in', () => {
  it('accepts the current code and one step either side, never two away', async () => {
    const admin = await enrolledAdmin('drift');
    for (const [offset, expected] of [
      [-2, 400],
      [2, 400],
      [-1, 200],
      [0, 200],
      [1, 200],
    ] as const) {
      nextWindow(5);
      const { client, login } = await signIn(admin.username);
      expect(login.mfa).toBe('verify');
      const res = await client.post('/api/mfa/verify', { code: totpAt(admin.secret, t.clock.now(), offset) });
      expect(res.statusCode, `offset ${offset}: ${res.body}`).toBe(expected);
      expect((await client.get('/api/admin/overview')).statusCode).toBe(expected === 200 ? 200 : 403);
    }
  });

  it('takes each code once: not again on another session, nor an older step after a newer one', async () => {
    const admin = await enrolledAdmin('single-use');
    nextWindow();
    const now = t.clock.now();
    const first = await signIn(admin.username);
    expect((await first.client.post('/api/mfa/verify', { code: totpAt(admin.secret, now) })).statusCode).toBe(
      200,
    );
    const second = await signIn(admin.username);
    const replay = await second.client.post('/api/mfa/verify', { code: totpAt(admin.secret, now) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/already been used/);
    // The next step's code is still good; after it, the previous step's code is not.
    const ahead = await second.client.post('/api/mfa/verify', { code: totpAt(admin.secret, now, 1) });
    expect(ahead.statusCode).toBe(200);
    const third = await signIn(admin.username);
    const back = await third.client.post('/api/mfa/verify', { code: totpAt(admin.secret, now, -1) });
    expect(back.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.mfaLastStep).toBe(stepOf(now) + 1);
  });

  it('the code that confirmed enrolment does not sign in again in its window', async () => {
    const admin = await newAdmin('confirm-replay');
    const { client } = await signIn(admin.username);
    const { secret } = (await client.post('/api/mfa/enrol')).json();
    const code = totpAt(secret, t.clock.now());
    expect((await client.post('/api/mfa/confirm', { code })).statusCode).toBe(200);
    const later = await signIn(admin.username);
    expect((await later.client.post('/api/mfa/verify', { code })).statusCode).toBe(400);
  });

  it('takes a recovery code once (any case, with or without the dash) and says how many are left', async () => {
    const admin = await enrolledAdmin('recovery');
    const [a, b] = admin.recoveryCodes;
    const first = await signIn(admin.username);
    const used = await first.client.post('/api/mfa/verify', {
      recoveryCode: a!.toUpperCase().replace('-', ' '),
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ success: true, recoveryCodesLeft: 9 });
    expect((await first.client.get('/api/admin/overview')).statusCode).toBe(200);

    const second = await signIn(admin.username);
    const again = await second.client.post('/api/mfa/verify', { recoveryCode: a });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toHaveProperty('recoveryCode');
    const other = await second.client.post('/api/mfa/verify', { recoveryCode: b!.replace('-', '') });
    expect(other.json()).toEqual({ success: true, recoveryCodesLeft: 8 });
    expect((await second.client.get('/api/mfa')).json()).toMatchObject({ recoveryCodesLeft: 8 });

    const actions = await auditOf(admin.id);
    expect(actions.filter((x) => x === 'mfa_recovery_code_used')).toHaveLength(2);
    const [note] = await t.database.db
      .select({ notes: userAdminActions.notes })
      .from(userAdminActions)
      .where(
        and(eq(userAdminActions.userId, admin.id), eq(userAdminActions.action, 'mfa_recovery_code_used')),
      )
      .orderBy(desc(userAdminActions.id))
      .limit(1);
    expect(note!.notes).toBe('Recovery code used; 8 left');
  });

  it('wants exactly one of code and recoveryCode', async () => {
    const admin = await enrolledAdmin('one-of');
    const { client } = await signIn(admin.username);
    expect((await client.post('/api/mfa/verify', {})).statusCode).toBe(400);
    const both = await client.post('/api/mfa/verify', {
      code: totpAt(admin.secret, t.clock.now()),
      recoveryCode: admin.recoveryCodes[0],
    });
    expect(both.statusCode).toBe(400);
    expect((await client.post('/api/mfa/verify', { code: '1234567' })).statusCode).toBe(400);
    expect(await failuresOf(admin.id)).toBe(0);
  });

  it('audits every pass, and the session row records when it passed', async () => {
    const admin = await enrolledAdmin('audit');
    nextWindow();
    const { client } = await signIn(admin.username);
    await client.post('/api/mfa/verify', { code: totpAt(admin.secret, t.clock.now()) });
    expect(await auditOf(admin.id)).toEqual(['mfa_enrolment_started', 'mfa_enrolled', 'mfa_verified']);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(rows.filter((s) => s.mfaPassedAt?.getTime() === t.clock.now().getTime())).toHaveLength(1);
  });
});

describe('lockout', () => {
  it('5 wrong codes lock the step for 15 minutes (429 + Retry-After), even for a right code or a recovery code', async () => {
    const admin = await enrolledAdmin('lockout');
    nextWindow();
    const { client } = await signIn(admin.username);
    for (let i = 0; i < 4; i++) {
      const res = await client.post('/api/mfa/verify', { code: '000000' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('That code is not right. Check your authenticator app and try again.');
    }
    const fifth = await client.post('/api/mfa/verify', { code: '000000' });
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBe(15 * 60);
    const right = await client.post('/api/mfa/verify', { code: totpAt(admin.secret, t.clock.now()) });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/wait 15 minutes/);
    const recovery = await client.post('/api/mfa/verify', { recoveryCode: admin.recoveryCodes[0] });
    expect(recovery.statusCode).toBe(429);
    expect((await client.get('/api/admin/overview')).statusCode).toBe(403);
    expect(await auditOf(admin.id)).toContain('mfa_locked');

    // Ten minutes on: still locked, and Retry-After counts down.
    t.clock.set(new Date(t.clock.now().getTime() + 10 * 60_000));
    const still = await client.post('/api/mfa/verify', { code: totpAt(admin.secret, t.clock.now()) });
    expect(still.statusCode).toBe(429);
    expect(Number(still.headers['retry-after'])).toBe(5 * 60);
    // Fifteen minutes after the wrong codes, the right code passes.
    t.clock.set(new Date(t.clock.now().getTime() + 5 * 60_000 + 1_000));
    const after = await client.post('/api/mfa/verify', { code: totpAt(admin.secret, t.clock.now()) });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('counts wrong codes at enrolment and wrong recovery codes the same way, per admin', async () => {
    const admin = await newAdmin('lock-enrol');
    const other = await enrolledAdmin('lock-other');
    const { client } = await signIn(admin.username);
    const { secret } = (await client.post('/api/mfa/enrol')).json();
    for (let i = 0; i < 3; i++) await client.post('/api/mfa/confirm', { code: '999999' });
    const recoveryTries = await signIn(admin.username);
    // Not enrolled yet: verify is refused as a conflict and not counted.
    expect(
      (await recoveryTries.client.post('/api/mfa/verify', { recoveryCode: 'aaaaa-bbbbb' })).statusCode,
    ).toBe(409);
    expect(await failuresOf(admin.id)).toBe(3);
    await client.post('/api/mfa/confirm', { code: '999999' });
    const locked = await client.post('/api/mfa/confirm', { code: '999999' });
    expect(locked.statusCode).toBe(429);
    expect((await client.post('/api/mfa/confirm', { code: totpAt(secret, t.clock.now()) })).statusCode).toBe(
      429,
    );
    // Another admin is not affected.
    const otherSession = await signIn(other.username);
    nextWindow();
    const res = await otherSession.client.post('/api/mfa/verify', {
      code: totpAt(other.secret, t.clock.now()),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('bursts', () => {
  it('20 parallel verify calls with the same valid code on 20 sessions: exactly one passes', async () => {
    const admin = await enrolledAdmin('burst-sessions');
    nextWindow();
    const clients = await sessionsOf(admin.username, 20);
    const code = totpAt(admin.secret, t.clock.now());
    const answers = await Promise.all(clients.map(({ client }) => client.post('/api/mfa/verify', { code })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 400 || s === 429)).toBe(true);
    const passed = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, admin.id), sql`${sessions.mfaPassedAt} is not null`));
    // The enrolment session and the one that passed now.
    expect(passed).toHaveLength(2);
  });

  it('20 parallel verify calls with the same valid code on one session: exactly one passes', async () => {
    const admin = await enrolledAdmin('burst-one');
    nextWindow();
    const { client } = await signIn(admin.username);
    const code = totpAt(admin.secret, t.clock.now());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/mfa/verify', { code })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('20 parallel uses of one recovery code: exactly one passes', async () => {
    const admin = await enrolledAdmin('burst-recovery');
    const clients = await sessionsOf(admin.username, 20);
    const answers = await Promise.all(
      clients.map(({ client }) => client.post('/api/mfa/verify', { recoveryCode: admin.recoveryCodes[3] })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mfa_recovery_codes where user_id = ${admin.id} and used_at is not null`,
    );
    expect(row!.n).toBe(1);
  });

  it('20 parallel confirmations of one enrolment: exactly one passes and one set of recovery codes exists', async () => {
    const admin = await newAdmin('burst-confirm');
    const { client } = await signIn(admin.username);
    const { secret } = (await client.post('/api/mfa/enrol')).json();
    const code = totpAt(secret, t.clock.now());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/mfa/confirm', { code })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const stored = await t.database.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
  });

  it('20 parallel wrong codes: exactly 5 are counted and the rest are refused as locked', async () => {
    const admin = await enrolledAdmin('burst-wrong');
    nextWindow();
    const { client } = await signIn(admin.username);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/mfa/verify', { code: '000000' })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
    expect(await failuresOf(admin.id)).toBe(5);
    expect((await auditOf(admin.id)).filter((a) => a === 'mfa_locked')).toHaveLength(1);
  });
});

describe('secrets stay put', () => {
  it('the key, codes and hashes never appear in any other answer', async () => {
    const admin = await enrolledAdmin('leaks');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    const watcher = await signedInUser(t, 'leak-watcher@example.com', 'admin');
    const answers = [
      await admin.client.get('/api/user'),
      await admin.client.get('/api/mfa'),
      await watcher.get(`/api/admin/users/${admin.id}`),
      await watcher.get('/api/admin/users?search=leaks'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(admin.secret);
      expect(res.body).not.toContain(row!.mfaSecret!);
      expect(res.body).not.toMatch(/mfaSecret|mfa_secret|mfaLastStep|codeHash/);
      for (const code of admin.recoveryCodes) expect(res.body).not.toContain(code);
    }
  });
});

describe('create-admin', () => {
  it('says what comes next, and an existing admin set up again enrols a new authenticator', async () => {
    const steps = nextSteps('https://vuka.example', 'boss@example.com');
    expect(steps).toContain('https://vuka.example/auth');
    expect(steps).toMatch(/authenticator app/);
    expect(steps).toMatch(/recovery codes/);

    const admin = await enrolledAdmin('reset');
    expect(
      await createAdmin(t.database.db, {
        email: admin.username,
        password: PASSWORD,
        firstName: 'Ada',
        lastName: 'Admin',
      }),
    ).toBe('promoted');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ mfaSecret: null, mfaEnabledAt: null, mfaLastStep: null });
    expect(
      await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, admin.id)),
    ).toHaveLength(0);
    // Its open session no longer counts as passed.
    expect((await admin.client.get('/api/admin/overview')).json()).toMatchObject({ mfa: 'enrol' });
    expect((await signIn(admin.username)).login.mfa).toBe('enrol');

    await createAdmin(t.database.db, {
      email: 'brand-new-admin@example.com',
      password: PASSWORD,
      firstName: 'New',
      lastName: 'Admin',
    });
    expect((await signIn('brand-new-admin@example.com')).login.mfa).toBe('enrol');
  });
});

describe('the embedded demo', () => {
  it('enrols the two demo admins with their printed keys and shows their current codes on /dev/mailbox', async () => {
    const demo = await createTestApp();
    try {
      const logins = await seedDemoData(demo.database.db, demo.config, demo.clock);
      const adminLogin = logins!.find((l) => l.role === 'admin')!;
      expect(adminLogin.mfaSecret).toBe(DEMO_ADMIN_MFA_SECRET);
      // The second admin approves what the first asks for (dual control), with a key of their own.
      expect(logins!.filter((l) => l.mfaSecret).map((l) => [l.username, l.mfaSecret])).toEqual([
        ['admin@vuka.demo', DEMO_ADMIN_MFA_SECRET],
        ['nomsa@vuka.demo', DEMO_SECOND_ADMIN_MFA_SECRET],
      ]);

      const mailbox = (await demo.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json();
      const now = demo.clock.now();
      expect(mailbox.demoAdminMfa).toEqual({
        email: 'admin@vuka.demo',
        code: totpAt(DEMO_ADMIN_MFA_SECRET, now),
        secondsLeft: 30 - (Math.floor(now.getTime() / 1000) % 30),
      });
      expect(mailbox.secondDemoAdminMfa).toMatchObject({
        email: 'nomsa@vuka.demo',
        code: totpAt(DEMO_SECOND_ADMIN_MFA_SECRET, now),
      });
      const page = await demo.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.body).toContain(totpAt(DEMO_ADMIN_MFA_SECRET, now));
      expect(page.body).toContain(totpAt(DEMO_SECOND_ADMIN_MFA_SECRET, now));

      const client = new Client(demo.app);
      const login = await client.post('/api/login', {
        username: adminLogin.username,
        password: adminLogin.password,
      });
      expect(login.json().mfa).toBe('verify');
      const verify = await client.post('/api/mfa/verify', { code: mailbox.demoAdminMfa.code });
      expect(verify.statusCode, verify.body).toBe(200);
      expect((await client.get('/api/admin/overview')).statusCode).toBe(200);

      // Once the demo admin's key is not the demo key any more, the mailbox shows nothing.
      await createAdmin(demo.database.db, {
        email: 'admin@vuka.demo',
        password: adminLogin.password,
        firstName: 'Ayanda',
        lastName: 'Mokoena',
      });
      expect(
        (await demo.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json().demoAdminMfa,
      ).toBeNull();
    } finally {
      await demo.close();
    }
  }, 90_000); // Seeds the whole demo book on a fresh embedded database: seconds alone, more on a busy machine.
});

describe('production', () => {
  it('/api/docs is for admins who passed the second factor; /dev/mailbox does not exist', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      SETTLEMENT_ACCOUNT_NUMBER: '1234567890',
      ...DEVELOPMENT_LEGAL_SETTINGS,
    });
    try {
      const pwd = await hashPassword(PASSWORD);
      await prod.database.db.insert(users).values([
        {
          username: 'creator@prod.example',
          passwordHash: pwd,
          firstName: 'C',
          lastName: 'R',
          verified: true,
        },
        {
          username: 'admin@prod.example',
          passwordHash: pwd,
          firstName: 'A',
          lastName: 'D',
          role: 'admin',
          verified: true,
        },
      ]);
      const visitor = new Client(prod.app);
      const creator = new Client(prod.app);
      await creator.post('/api/login', { username: 'creator@prod.example', password: PASSWORD });
      const admin = new Client(prod.app);
      const login = await admin.post('/api/login', { username: 'admin@prod.example', password: PASSWORD });
      expect(login.json().mfa).toBe('enrol');
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
        expect((await visitor.get(url)).statusCode, url).toBe(401);
        expect((await creator.get(url)).statusCode, url).toBe(403);
        const early = await admin.get(url);
        expect(early.statusCode, url).toBe(403);
        expect(early.json(), url).toMatchObject({ mfaRequired: true });
      }
      const { secret } = (await admin.post('/api/mfa/enrol')).json();
      expect(
        (await admin.post('/api/mfa/confirm', { code: totpAt(secret, prod.clock.now()) })).statusCode,
      ).toBe(200);
      expect([200, 302]).toContain((await admin.get('/api/docs')).statusCode);
      const doc = await admin.get('/api/docs/json');
      expect(doc.statusCode).toBe(200);
      expect(Object.keys(doc.json().paths)).toEqual(
        expect.arrayContaining(['/api/mfa', '/api/mfa/enrol', '/api/mfa/confirm', '/api/mfa/verify']),
      );
      // Not registered: whatever answers (the SPA fallback, a 404) is not the mailbox.
      expect((await visitor.get('/dev/mailbox.json')).body).not.toContain('demoAdminMfa');
      expect((await visitor.get('/dev/mailbox')).body).not.toContain('Development mailbox');
    } finally {
      await prod.close();
    }
  });

  it('in development /api/docs stays open and describes the MFA routes with their tags', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/mfa', 'get'],
      ['/api/mfa/enrol', 'post'],
      ['/api/mfa/confirm', 'post'],
      ['/api/mfa/verify', 'post'],
    ] as const) {
      expect(doc.paths[path][method].tags, path).toEqual(['admin security']);
      expect(doc.paths[path][method].summary, path).toBeTruthy();
    }
    expect(
      doc.paths['/api/login'].post.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('mfa');
  });
});

describe('clock', () => {
  it('reads "now" from the app clock: a code of the travelled-to time passes, the real time does not matter', async () => {
    const admin = await enrolledAdmin('clock');
    t.clock.set('2027-03-01T12:00:00.000Z');
    const { client } = await signIn(admin.username);
    const res = await client.post('/api/mfa/verify', {
      code: totpOfStep(admin.secret, stepOf(t.clock.now())),
    });
    expect(res.statusCode).toBe(200);
    expect(new Date(TEST_EPOCH).getTime()).toBeLessThan(t.clock.now().getTime());
  });
});
