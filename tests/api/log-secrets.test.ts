// no secret in any log line (decision 018). The app logs at debug into a buffer while a run
// registers, verifies, signs in (right and wrong password), resets a password, saves bank details, fails a
// database write whose parameters and failing row hold a password hash and a full account number, fails a
// periodic job the same way, and asks an AI model that is not there; then the whole log is searched for every
// secret the run handled. The log must still say what failed (code, table, constraint).
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { startJobs } from '../../src/server/jobs/scheduler';
import { latestCodeFor, latestMailTo, registration } from '../support/accounts';
import { APP_URL, Client, createTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Log-test-passw0rd!';
const WRONG_PASSWORD = 'Wrong-guess-passw0rd!';
const NEW_PASSWORD = 'Brand-new-passw0rd!';
const ACCOUNT_NUMBER = '62845519073';
const OTHER_ACCOUNT_NUMBER = '40712233485';
const AI_KEY = 'sk-test-4f1c9e7a2b6d8e0f3a5c';
const SESSION_SECRET = 'log-test-session-secret-0b9d72f1c3a4e5d6f7a8b9c0';
const EMAIL = 'log.secrets@example.com';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      LOG_LEVEL: 'debug',
      SESSION_SECRET,
      // A model that is not there: the advisor falls back to Basic Mode and logs why.
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_API_KEY: AI_KEY,
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: '2000',
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(() => t?.close());

const sessionToken = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'vuka_session')?.value;
const passwordHashOf = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, email)))[0]!.passwordHash;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Everything the run below handled that is a secret, by what it is. */
const secrets: Record<string, string> = {};

/**
 * The run's steps, each done once however many tests need it, and each doing first the steps it builds on: a
 * test runs the part of the run it checks (and what that part needs), so the tests pass in any order, and the
 * log tests read the log of the whole run.
 */
const once = <T>(step: () => Promise<T>) => {
  let done: Promise<T> | undefined;
  return () => {
    done ??= step();
    return done;
  };
};

const registerVerifySignInResetSaveBankDetails = once(async () => {
  const visitor = new Client(t.app);
  const registered = await visitor.post(
    '/api/register',
    registration(EMAIL, { password: PASSWORD, bankName: 'Capitec Bank', accountNumber: ACCOUNT_NUMBER }),
  );
  expect(registered.statusCode).toBe(201);
  secrets.verificationCode = await latestCodeFor(t.database.db, EMAIL);
  secrets.firstPasswordHash = await passwordHashOf(EMAIL);
  const verified = await visitor.post('/api/verify-email', {
    email: EMAIL,
    code: secrets.verificationCode,
  });
  expect(verified.statusCode).toBe(200);
  secrets.verifySessionToken = sessionToken(verified)!;

  const wrong = await new Client(t.app).post('/api/login', { username: EMAIL, password: WRONG_PASSWORD });
  expect(wrong.statusCode).toBe(401);
  const login = await new Client(t.app).post('/api/login', { username: EMAIL, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  secrets.loginSessionToken = sessionToken(login)!;

  expect((await new Client(t.app).post('/api/request-password-reset', { username: EMAIL })).statusCode).toBe(
    200,
  );
  const link = (await latestMailTo(t.database.db, EMAIL))!.textBody.match(/\/reset-password\?token=(\S+)/)!;
  secrets.resetToken = decodeURIComponent(link[1]!);
  // The link opened in the browser: the page's request line carries the token in its query string.
  await t.app.inject({ method: 'GET', url: `/reset-password?token=${link[1]}` });
  const reset = await new Client(t.app).post('/api/reset-password', {
    token: secrets.resetToken,
    newPassword: NEW_PASSWORD,
  });
  expect(reset.statusCode).toBe(200);
  secrets.secondPasswordHash = await passwordHashOf(EMAIL);

  const client = new Client(t.app);
  const again = await client.post('/api/login', { username: EMAIL, password: NEW_PASSWORD });
  expect(again.statusCode).toBe(200);
  secrets.newSessionToken = sessionToken(again)!;
  const id = again.json().user.id as number;
  const bank = await client.request({
    method: 'PATCH',
    url: `/api/users/${id}`,
    payload: {
      bankName: 'Capitec Bank',
      accountNumber: ACCOUNT_NUMBER,
      branchCode: '470010',
      accountType: 'savings',
    },
  });
  expect(bank.statusCode).toBe(200);
  // An OAuth code in a query string (the YouTube pop-up's callback).
  await client.get('/api/youtube/callback?code=oauth-code-7d1e2f3a4b5c&state=state-9a8b7c6d5e4f');
  secrets.oauthCode = 'oauth-code-7d1e2f3a4b5c';
  secrets.oauthState = 'state-9a8b7c6d5e4f';
  // The advisor's model is unreachable: Basic Mode answers, the failure is logged.
  const advice = await client.post('/api/ai/creative-advisor', { message: 'How do I grow?' });
  expect(advice.statusCode).toBe(200);
});

const failAWriteThroughARoute = once(async () => {
  // The account the write is made as, with the new password.
  await registerVerifySignInResetSaveBankDetails();
  // A constraint the app does not know about, so the route's UPDATE reaches the database and fails there,
  // with the new account number among its parameters and the password hash in PostgreSQL's "failing row".
  await t.database.db.execute(
    sql.raw(
      `alter table users add constraint log_test_bio_check check (coalesce(bio, '') <> 'make-it-fail')`,
    ),
  );
  try {
    const client = new Client(t.app);
    const login = await client.post('/api/login', { username: EMAIL, password: NEW_PASSWORD });
    secrets.failSessionToken = sessionToken(login)!;
    const id = login.json().user.id as number;
    const res = await client.request({
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: { bio: 'make-it-fail', accountNumber: OTHER_ACCOUNT_NUMBER },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      error: 'Something went wrong on our side. Please try again.',
    });
  } finally {
    await t.database.db.execute(sql.raw('alter table users drop constraint log_test_bio_check'));
  }
});

const failAJob = once(async () => {
  // The duplicate is of the account registered, with its password hash after the reset.
  await registerVerifySignInResetSaveBankDetails();
  const stop = startJobs(
    t.database,
    [
      {
        name: 'log-test-job',
        lockId: 7_329_999,
        everyMs: 3_600_000,
        // A duplicate account: the INSERT's parameters hold a password hash and an account number.
        run: async () => {
          await t.database.db.insert(users).values({
            username: EMAIL,
            passwordHash: secrets.secondPasswordHash!,
            firstName: 'Dup',
            lastName: 'Licate',
            accountNumber: OTHER_ACCOUNT_NUMBER,
          });
        },
      },
    ],
    t.app.log,
  );
  for (let i = 0; i < 100 && !lines.some((l) => l.includes('"job failed"')); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
});

const logObjectsWithSecrets = once(async () => {
  // The secrets logged are the run's own.
  await registerVerifySignInResetSaveBankDetails();
  t.app.log.info(
    {
      body: { password: PASSWORD, accountNumber: ACCOUNT_NUMBER, code: secrets.verificationCode },
      input: { user: { passwordHash: secrets.firstPasswordHash, token: secrets.resetToken } },
      apiKey: AI_KEY,
    },
    'an object with secrets in it',
  );
});

/** The whole run, in its order. */
const wholeRun = once(async () => {
  await registerVerifySignInResetSaveBankDetails();
  await failAWriteThroughARoute();
  await failAJob();
  await logObjectsWithSecrets();
});

describe('a run that handles every kind of secret and fails on the way', () => {
  it('registers, verifies, signs in, resets, saves bank details', registerVerifySignInResetSaveBankDetails);

  it(
    'a failing write through a route logs the error without its parameters or failing row (500)',
    failAWriteThroughARoute,
  );

  it('a failing job logs the error without its parameters', failAJob);

  it('explicit log calls with secret-named fields are redacted', logObjectsWithSecrets);
});

describe('the captured log', () => {
  const log = () => lines.join('');
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('has the lines of the run: requests, the failures with code, table and constraint', async () => {
    // The log of the whole run, whichever of its tests ran before.
    await wholeRun();
    expect(lines.length).toBeGreaterThan(20);
    const all = entries();
    const urls = all.map((e) => (e.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain('/api/login');
    expect(urls).toContain('/reset-password?token=[redacted]');
    expect(urls).toContain('/api/youtube/callback?code=[redacted]&state=[redacted]');

    const unhandled = all.find((e) => e.msg === 'unhandled error');
    expect(unhandled).toBeDefined();
    const err = unhandled!.err as Record<string, unknown> & { cause?: Record<string, unknown> };
    const dbError = err.cause ?? err;
    expect(dbError).toMatchObject({ code: '23514', table: 'users', constraint: 'log_test_bio_check' });
    expect(err.message).toBe('Failed query (statement and parameters not logged)');
    for (const field of ['detail', 'where', 'query', 'params', 'internalQuery']) {
      expect(err).not.toHaveProperty(field);
      expect(dbError).not.toHaveProperty(field);
    }

    const job = all.find((e) => e.msg === 'job failed');
    expect(job).toMatchObject({ job: 'log-test-job' });
    const jobErr = job!.err as Record<string, unknown> & { cause?: Record<string, unknown> };
    expect(jobErr.cause ?? jobErr).toMatchObject({ code: '23505', table: 'users' });

    expect(all.some((e) => String(e.msg).startsWith('advisor: the model failed'))).toBe(true);
    expect(all.find((e) => e.msg === 'an object with secrets in it')).toMatchObject({
      body: { password: '[redacted]', accountNumber: '[redacted]', code: '[redacted]' },
      input: { user: { passwordHash: '[redacted]', token: '[redacted]' } },
      apiKey: '[redacted]',
    });
  });

  it('holds no password, hash, token, code, session secret, API key or full account number', async () => {
    await wholeRun();
    const text = log();
    const found: string[] = [];
    const all: Record<string, string> = {
      ...secrets,
      password: PASSWORD,
      wrongPassword: WRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
      accountNumber: ACCOUNT_NUMBER,
      otherAccountNumber: OTHER_ACCOUNT_NUMBER,
      aiKey: AI_KEY,
      sessionSecret: SESSION_SECRET,
    };
    // A session token's stored form, and the hash of each password's salt part: no part of a hash either.
    for (const key of ['verifySessionToken', 'loginSessionToken', 'newSessionToken', 'failSessionToken']) {
      all[`${key}Hash`] = sha256(secrets[key]!);
    }
    for (const key of ['firstPasswordHash', 'secondPasswordHash']) {
      all[`${key}Digest`] = secrets[key]!.split('$').at(-1)!;
    }
    for (const [name, secret] of Object.entries(all)) {
      expect(secret, name).toBeTruthy();
      // Short secrets (a six-digit code) must not appear as a whole: digits inside a timestamp are not a leak.
      const pattern =
        secret.length < 10
          ? new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`)
          : new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      if (pattern.test(text)) found.push(name);
    }
    expect(found).toEqual([]);
    expect(text).not.toContain(
      `${APP_URL.replace('http://', '')}/reset-password?token=${secrets.resetToken}`,
    );
  });
});
