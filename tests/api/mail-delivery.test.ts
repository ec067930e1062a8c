import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { registration } from '../support/accounts';
import { startSmtpServer } from '../support/smtp-server';
import { Client, createTestApp, type TestApp } from '../support/test-app';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('SMTP delivery through the outbox', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Vuka Capital <hello@vuka.test>',
    });
  });
  afterAll(() => t.close());

  it('delivers the verification code with plain-text and HTML bodies', async () => {
    const smtp = await startSmtpServer(port);
    try {
      await new Client(t.app).post('/api/register', registration('smtp@example.com'));
      await t.app.ctx.runJobsOnce();
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(['smtp@example.com']);
      expect(mail.from).toBe('hello@vuka.test');
      expect(mail.raw).toMatch(/Subject: Your Vuka Capital verification code: \d{6}/);
      expect(mail.raw).toContain('text/plain');
      expect(mail.raw).toContain('text/html');
      const [row] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'smtp@example.com'));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it('loses nothing while SMTP is down, and delivers once it is back', async () => {
    await new Client(t.app).post('/api/register', registration('outage@example.com'));
    await t.app.ctx.runJobsOnce();
    const [failed] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'outage@example.com'));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toBeTruthy();
    // The retry is due a backoff after the attempt, by the app's clock.
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

    const smtp = await startSmtpServer(port);
    try {
      // Not due yet: nothing is sent early.
      await t.app.ctx.runJobsOnce();
      expect(smtp.received).toHaveLength(0);
      t.clock.set(new Date(failed!.nextAttemptAt.getTime() + 1000));
      await t.app.ctx.runJobsOnce();
      expect(smtp.received.map((m) => m.to[0])).toEqual(['outage@example.com']);
      const [sent] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'outage@example.com'));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await smtp.close();
    }
  });
});
