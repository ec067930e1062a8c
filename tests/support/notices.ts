// What the notice tests share (tests/api/notices*.test.ts): an app whose outbox delivers to a real SMTP server
// started for the file, the jobs run as a scheduler tick would until the outbox is empty, and each recipient's
// inbox decoded as they read it. Registers the file's hooks; call it once inside the file's describe.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { formatZar } from '../../src/shared/format';
import { readMail } from './mime';
import { adminLoan, payOk, quickUser, type SignedIn, travelTo } from './servicing';
import { startSmtpServer } from './smtp-server';
import { createTestApp, type TestApp } from './test-app';

/** Text with every space as a plain space (en-ZA money and dates carry no-break spaces). */
export const plain = (text: string) => text.replace(/\s/g, ' ');
/** Money as the e-mails write it, with plain spaces: 'R 9 000,00'. */
export const zar = (amount: string | number | Decimal) => plain(formatZar(new Decimal(amount).toFixed(2)));

export interface NoticesHarness {
  readonly t: TestApp;
  readonly smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  readonly admin: SignedIn;
  /** A new creator of this file, e-mail `<prefix>-<tag>-<n>@example.com`. */
  newCreator(tag: string): Promise<SignedIn>;
  /**
   * Runs every job as a scheduler tick would (the loan review and the daily notices among them), then again
   * until the outbox has nothing due left to send: it sends 20 a run, and the file's other loans have mail too.
   */
  runJobs(): Promise<void>;
  /** What reached `to` through SMTP, decoded as the recipient reads it, oldest first. */
  inbox(to: string): Array<ReturnType<typeof readMail> & { to: string[]; from: string }>;
  matching(to: string, subject: RegExp): ReturnType<NoticesHarness['inbox']>;
  /** The one mail to `to` whose subject matches (the test fails if there are none or several). */
  only(to: string, subject: RegExp): ReturnType<NoticesHarness['inbox']>[number];
}

/** The file's app, SMTP server and admin, made before its tests; every test starts on 23 November 2026. */
export function useNoticesHarness(prefix: string): NoticesHarness {
  let t: TestApp;
  let smtp: NoticesHarness['smtp'];
  let admin: SignedIn;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Vuka Capital <hello@vuka.test>' });
    admin = await quickUser(t, `${prefix}-admin@example.com`, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => travelTo(t, '2026-11-23'));

  const harness: NoticesHarness = {
    get t() {
      return t;
    },
    get smtp() {
      return smtp;
    },
    get admin() {
      return admin;
    },
    newCreator: (tag) => quickUser(t, `${prefix}-${tag}-${++n}@example.com`),
    async runJobs() {
      for (let run = 0; run < 50; run++) {
        await t.app.ctx.runJobsOnce();
        const [left] = await queryRows<{ pending: number }>(
          t.database.db,
          sql`select count(*)::int as pending from mail_outbox
              where status = 'pending' and next_attempt_at <= ${t.clock.now()}`,
        );
        if (!left?.pending) return;
      }
      throw new Error('the outbox still has mail to send after 50 runs');
    },
    inbox: (to) =>
      smtp.received
        .filter((m) => m.to.includes(to))
        .map((m) => {
          const mail = readMail(m.raw);
          return {
            ...mail,
            to: m.to,
            from: m.from,
            subject: plain(mail.subject),
            text: plain(mail.text),
            html: plain(mail.html),
          };
        }),
    matching: (to, subject) => harness.inbox(to).filter((m) => subject.test(m.subject)),
    only(to, subject) {
      const found = harness.matching(to, subject);
      expect(found, `${subject} to ${to}`).toHaveLength(1);
      return found[0]!;
    },
  };
  return harness;
}

/** A R 10 000 loan with one instalment paid, put in default by the loan review on 25 April 2027. */
export async function defaultedLoan(h: NoticesHarness, tag: string) {
  const creator = await h.newCreator(tag);
  const loan = await adminLoan(h.admin, creator, { requestedAmount: 10_000 });
  travelTo(h.t, '2026-12-23');
  await payOk(h.admin, loan.id, loan.schedule.installmentAmount, '2026-12-23');
  travelTo(h.t, '2027-04-25');
  await h.runJobs();
  const [row] = await queryRows<{ status: string }>(
    h.t.database.db,
    sql`select status from financing_applications where id = ${loan.id}`,
  );
  expect(row?.status).toBe('defaulted');
  return { creator, loan };
}
