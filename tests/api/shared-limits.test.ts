// Limits shared by every instance: two servers (two `buildApp`s) on one database, as behind a
// load balancer. The creator's session works on both, and each limit holds across them, also when both are hit
// at once: the advisor's 20 questions in 10 minutes, one open application, 10 password checks per account, and
// one e-mailed code a minute.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { mailOutbox } from '../../src/server/db/schema';
import { ADVISOR_RATE_LIMIT } from '../../src/server/features/ai/advisor.service';
import { MAX_ACCOUNT_FAILURES } from '../../src/server/features/auth/auth.service';
import { applicationBody } from '../support/accounts';
import { quickUser } from '../support/servicing';
import { APP_URL, Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  // The second instance: the same configuration (the session secret keys the e-mailed codes) and database,
  // its own process state.
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

describe('two instances on one database', () => {
  it('share the advisor limit: 30 questions split over both at once, 20 answered', async () => {
    const creator = await quickUser(t, 'two-instances-advisor@example.com');
    const elsewhere = creator.on(second);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(200);
    const ask = (client: Client, i: number) =>
      client.post('/api/ai/creative-advisor', { message: `Question ${i}`, history: [] });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => ask(i % 2 === 0 ? creator : elsewhere, i)),
    );
    expect(tally(answers)).toEqual({ 200: ADVISOR_RATE_LIMIT.limit, 429: 30 - ADVISOR_RATE_LIMIT.limit });
  });

  it('share the one-open-application rule', async () => {
    const creator = await quickUser(t, 'two-instances-apply@example.com');
    const elsewhere = creator.on(second);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? creator : elsewhere).post('/api/applications', applicationBody()),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 1, 409: 19 });
  });

  it('share the password-check limit and the one-code-a-minute rule', async () => {
    await quickUser(t, 'two-instances-login@example.com');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new Client(i % 2 === 0 ? t.app : second).post('/api/login', {
          username: 'two-instances-login@example.com',
          password: 'not-the-password',
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 401: MAX_ACCOUNT_FAILURES, 429: 30 - MAX_ACCOUNT_FAILURES });

    const creator = await quickUser(t, 'two-instances-code@example.com');
    const elsewhere = creator.on(second);
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? creator : elsewhere).post('/api/visionary-writings/verify', {
          email: 'writer-two@example.com',
        }),
      ),
    );
    expect(tally(codes)).toEqual({ 200: 1, 429: 19 });
    const [sent] = await t.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'writer-two@example.com'));
    expect(sent!.n).toBe(1);
  });
});
