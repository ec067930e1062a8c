// Idempotency that survives a crash. A server process records a burst of payments, each with
// its own Idempotency-Key, and is killed with SIGKILL in the middle of it. Replaying every request afterwards
// (to a second process) must give, for each key, the original answer when the first attempt was answered, and
// otherwise perform the payment exactly once: never a 409 "still being processed", never a payment twice.
// PostgreSQL only: the embedded database belongs to one process, so there is no other process to crash.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, repaymentSchedules } from '../../src/server/db/schema';
import { scopedIdempotencyKey } from '../../src/server/features/admin/idempotency';
import { startCrashServer } from '../support/crash-process';
import { adminLoan, type Loan, quickUser, type SignedIn } from '../support/servicing';
import { APP_URL, createTestApp, type TestApp } from '../support/test-app';

const onPostgres = process.env.TEST_DB_DRIVER === 'pg';
const BURST = 40;

let t: TestApp;
let admin: SignedIn;
let loan: Loan;
const children: ChildProcess[] = [];

const startServer = () => startCrashServer(t, children);

const keyOf = (i: number) => `crash-burst-${String(i).padStart(3, '0')}`;

async function pay(url: string, i: number) {
  const res = await fetch(`${url}/api/admin/applications/${loan.id}/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: APP_URL,
      cookie: admin.cookieHeader(),
      'idempotency-key': keyOf(i),
    },
    body: JSON.stringify({ amount: '1.00', paymentDate: '2026-11-23', notes: `burst ${i}` }),
  });
  return { status: res.status, body: (await res.json()) as { data?: { payment: { id: number } } } };
}

describe.runIf(onPostgres)('Idempotency-Key after a crash (PostgreSQL only)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await quickUser(t, 'crash-admin@example.com', 'admin');
    const creator = await quickUser(t, 'crash-creator@example.com');
    loan = await adminLoan(admin, creator, { requestedAmount: 20_000 });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.close();
  });

  it('a burst killed with SIGKILL: each replay returns the original answer or pays once', async () => {
    const [before] = await t.database.db
      .select({ remaining: repaymentSchedules.remainingAmount })
      .from(repaymentSchedules)
      .where(eq(repaymentSchedules.applicationId, loan.id));

    const first = await startServer();
    const answered = new Map<number, number>();
    const attempts = Array.from({ length: BURST }, (_, i) =>
      pay(first.url, i).then(
        (r) => {
          if (r.status === 201) answered.set(i, r.body.data!.payment.id);
          return r.status;
        },
        () => 'cut' as const,
      ),
    );
    // Kill it once some payments are through and others are still in flight.
    const deadline = Date.now() + 20_000;
    while (answered.size < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    const outcomes = await Promise.all(attempts);
    expect(answered.size, 'some payments were answered before the kill').toBeGreaterThanOrEqual(5);
    expect(outcomes.filter((o) => o === 'cut').length, 'some requests were cut off').toBeGreaterThan(0);

    const second = await startServer();
    for (let i = 0; i < BURST; i++) {
      const replay = await pay(second.url, i);
      expect(replay.status, `replay of ${keyOf(i)}: ${JSON.stringify(replay.body)}`).toBe(201);
      const original = answered.get(i);
      if (original !== undefined) expect(replay.body.data!.payment.id).toBe(original);
    }

    const stored = await t.database.db
      .select({ key: payments.idempotencyKey })
      .from(payments)
      .where(
        and(
          eq(payments.applicationId, loan.id),
          inArray(
            payments.idempotencyKey,
            Array.from({ length: BURST }, (_, i) => scopedIdempotencyKey(admin.userId, keyOf(i))!),
          ),
        ),
      );
    expect(stored).toHaveLength(BURST);
    const [after] = await t.database.db
      .select({ remaining: repaymentSchedules.remainingAmount })
      .from(repaymentSchedules)
      .where(eq(repaymentSchedules.applicationId, loan.id));
    expect(Number(before!.remaining) - Number(after!.remaining)).toBeCloseTo(BURST * 1, 2);
  }, 120_000);
});
