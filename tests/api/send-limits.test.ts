// Sign-ups and every route that sends e-mail are limited per client address and in all, per hour (
// lib/send-limits.ts): a burst from one address gets exactly the limit through, the rest 429 with
// Retry-After, and nothing of a refused request is stored or sent. Two instances on one database share the
// limits, as behind a load balancer; an hour later the address may sign up again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { mailOutbox, users } from '../../src/server/db/schema';
import {
  EMAILS_BUSY_MESSAGE,
  EMAILS_FROM_ADDRESS_MESSAGE,
  SIGNUPS_BUSY_MESSAGE,
  SIGNUPS_FROM_ADDRESS_MESSAGE,
} from '../../src/server/lib/send-limits';
import { PASSWORD, registration } from '../support/accounts';
import { quickUser } from '../support/servicing';
import { APP_URL, Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-test-')),
    SESSION_SECRET: t.config.sessionSecret,
    LOG_LEVEL: 'silent',
  });
  config.runJobs = false;
  second = await buildApp(config, { database: t.database, clock: t.clock, sessionClock: t.sessionClock });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const tally = (answers: Array<{ statusCode: number }>) => {
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.statusCode] = (byStatus[a.statusCode] ?? 0) + 1;
  return byStatus;
};

const stored = async (prefix: string) => ({
  users: (
    await t.database.db
      .select({ n: count() })
      .from(users)
      .where(like(users.username, `${prefix}%`))
  )[0]!.n,
  mail: (
    await t.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(like(mailOutbox.toAddress, `${prefix}%`))
  )[0]!.n,
});

describe('sign-ups', () => {
  it('60 registrations from one address at once, over two instances: 20 answered 201, 40 refused, 20 e-mails', async () => {
    const network = '203.0.113.60';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        new Client(i % 2 ? second : t.app, network).post(
          '/api/register',
          registration(`burst-signup-${i}@example.com`),
        ),
      ),
    );
    const limit = t.config.sendLimits.signupsPerAddress;
    expect(limit).toBe(20);
    expect(tally(answers)).toEqual({ 201: limit, 429: 60 - limit });
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toBe(SIGNUPS_FROM_ADDRESS_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await stored('burst-signup-')).toEqual({ users: limit, mail: limit });
    // Another network is not held back.
    const elsewhere = await new Client(t.app, '203.0.113.61').post(
      '/api/register',
      registration('burst-signup-elsewhere@example.com'),
    );
    expect(elsewhere.statusCode).toBe(201);

    // An hour later the first network may sign up again.
    try {
      t.clock.advance(60 * 60 * 1000 + 1000);
      const later = await new Client(t.app, network).post(
        '/api/register',
        registration('burst-signup-later@example.com'),
      );
      expect(later.statusCode).toBe(201);
    } finally {
      t.clock.set(TEST_EPOCH);
    }
  });
});

describe('e-mail-sending routes', () => {
  it('share one limit per address: resends, reset links, Visionary codes and e-mail changes', async () => {
    const network = '203.0.113.70';
    const creator = await quickUser(t, 'mailer@example.com');
    const fromNetwork = (path: string, body: object) =>
      creator.request({ method: 'POST', url: path, payload: body, remoteAddress: network });
    const limit = t.config.sendLimits.emailsPerAddress;
    expect(limit).toBe(60);
    // A mix of routes, 70 requests, one after the other: each counts whether or not it ends in an e-mail.
    const routes = [
      () =>
        new Client(t.app, network).post('/api/request-password-reset', { username: 'nobody@example.com' }),
      () => new Client(t.app, network).post('/api/resend-verification', { email: 'nobody@example.com' }),
      () => new Client(t.app, network).post('/api/request-password-reset', { username: creator.username }),
    ];
    const answers = [];
    for (let i = 0; i < limit + 10; i++) answers.push(await routes[i % routes.length]!());
    // The account's own one-a-minute rule refuses some resets (429 too); none is a 5xx, and the address's limit
    // refuses the last ten, with its own message.
    expect(answers.slice(limit).map((a) => a.statusCode)).toEqual(Array(10).fill(429));
    for (const a of answers.slice(limit)) expect(a.json().message).toBe(EMAILS_FROM_ADDRESS_MESSAGE);
    for (const a of answers.slice(0, limit)) expect([200, 429]).toContain(a.statusCode);
    expect(answers.slice(0, limit).filter((a) => a.statusCode === 200).length).toBeGreaterThan(40);

    // Signed-in routes from the same network are held too, and store nothing.
    const before = await stored('mailer');
    const visionary = await fromNetwork('/api/visionary-writings/verify', {
      email: 'mailer.visionary@example.com',
    });
    expect(visionary.statusCode).toBe(429);
    expect(visionary.headers['retry-after']).toBeDefined();
    const change = await fromNetwork('/api/users/me/email-change', {
      newEmail: 'mailer.new@example.com',
      currentPassword: PASSWORD,
    });
    expect(change.statusCode).toBe(429);
    expect(await stored('mailer')).toEqual(before);
    // Signing in to an account still waiting for its code sends one: held too, before anything is sent.
    const waiting = await new Client(t.app).post(
      '/api/register',
      registration('mailer-unverified@example.com'),
    );
    expect(waiting.statusCode).toBe(201);
    const mailBefore = await stored('mailer-unverified');
    t.clock.advance(2 * 60 * 1000);
    try {
      const signIn = await new Client(t.app, network).post('/api/login', {
        username: 'mailer-unverified@example.com',
        password: PASSWORD,
      });
      expect(signIn.statusCode).toBe(429);
      expect(signIn.json().message).toBe(EMAILS_FROM_ADDRESS_MESSAGE);
      expect(await stored('mailer-unverified')).toEqual(mailBefore);
    } finally {
      t.clock.set(TEST_EPOCH);
    }
    // From the creator's own device, they work.
    expect(
      (await creator.post('/api/visionary-writings/verify', { email: 'mailer.visionary@example.com' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('limits in all', () => {
  it('hold sign-ups and e-mail across every address once the hourly total is reached', async () => {
    const small = await createTestApp({ SIGNUPS_PER_HOUR: '5', EMAILS_PER_HOUR: '8' });
    try {
      const signups = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          new Client(small.app).post('/api/register', registration(`everyone-${i}@example.com`)),
        ),
      );
      expect(tally(signups)).toEqual({ 201: 5, 429: 7 });
      expect(signups.find((a) => a.statusCode === 429)!.json().message).toBe(SIGNUPS_BUSY_MESSAGE);
      // Five e-mails went with the sign-ups: three more, then every address is held.
      const resets = [];
      for (let i = 0; i < 5; i++)
        resets.push(
          await new Client(small.app).post('/api/request-password-reset', { username: `x${i}@example.com` }),
        );
      expect(resets.map((r) => r.statusCode)).toEqual([200, 200, 200, 429, 429]);
      expect(resets[4]!.json().message).toBe(EMAILS_BUSY_MESSAGE);
    } finally {
      await small.close();
    }
  });
});
