// The creator's one-second poll: GET /api/applications answers with an ETag, an unchanged list
// answers 304 with no body, and every kind of change a creator can see gives a new ETag and a new answer:
// an admin's status change, schedule set-up and payment, the creator's cancel, the next South African
// business day, and who is looking (impersonation). The list leaves the score breakdown to the detail route,
// and large JSON answers are compressed.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { sessions, users } from '../../src/server/db/schema';
import {
  loadApplications,
  loadCreatorApplications,
} from '../../src/server/features/loans/applications.repository';
import { findSessionWithUser } from '../../src/server/features/sessions/sessions.repository';
import { sha256 } from '../../src/server/lib/crypto';
import { PAYMENT_HISTORY_PREVIEW } from '../../src/shared/constants';
import { applicationBody, multipartFile, PDF_BYTES } from '../support/accounts';
import {
  acceptAndPayOut,
  adminLoan,
  approvedApplication,
  pay,
  quickUser,
  type SignedIn,
  travelTo,
} from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'poll-admin@example.com', 'admin');
});
afterAll(() => t.close());

const poll = (client: Client, etag?: string, headers: Record<string, string> = {}) =>
  client.request({
    method: 'GET',
    url: '/api/applications',
    headers: etag ? { 'if-none-match': etag, ...headers } : headers,
  });

/** A 200 with an ETag and the revalidate-every-time cache policy; returns the ETag. */
function etagOf(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body).toBe(200);
  const etag = res.headers.etag;
  expect(etag).toMatch(/^"[^"]+"$/);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  return etag as string;
}

/** The poll answers 304 with no body for `etag`. */
async function expectUnchanged(client: Client, etag: string) {
  const res = await poll(client, etag);
  expect(res.statusCode).toBe(304);
  expect(res.rawPayload.length).toBe(0);
  expect(res.headers.etag).toBe(etag);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(res.headers['content-encoding']).toBeUndefined();
  // Only what a 304 needs: the browser keeps the security headers of the answer it has.
  expect(res.headers['content-security-policy']).toBeUndefined();
  expect(res.headers['x-frame-options']).toBeUndefined();
  expect(res.headers['x-content-type-options']).toBeUndefined();
}

/** The poll with a stale ETag answers 200 with a new one; returns the new ETag and the list. */
async function expectChanged(client: Client, stale: string) {
  const res = await poll(client, stale);
  const etag = etagOf(res);
  expect(etag).not.toBe(stale);
  await expectUnchanged(client, etag);
  return { etag, list: res.json() as Array<Record<string, unknown> & { id: number; status: string }> };
}

describe('GET /api/applications: ETag and 304', () => {
  it('answers with an ETag, 304 with no body while nothing changed, and again 200 for a stale one', async () => {
    const creator = await quickUser(t, 'poll-etag@example.com');
    const empty = etagOf(await poll(creator));
    await expectUnchanged(creator, empty);
    expect((await creator.post('/api/applications', applicationBody())).statusCode).toBe(201);
    const { etag, list } = await expectChanged(creator, empty);
    expect(list).toHaveLength(1);
    // Lists of ETags and weak forms are understood; another ETag is not a match.
    expect((await poll(creator, `"other", W/${etag}`)).statusCode).toBe(304);
    expect((await poll(creator, '"other"')).statusCode).toBe(200);
    // Another creator's ETag says nothing about this creator's list.
    const other = await quickUser(t, 'poll-other@example.com');
    expect((await poll(other, etag)).statusCode).toBe(200);
  });

  it('changes after each admin change a creator sees: status, schedule set-up, payment', async () => {
    const creator = await quickUser(t, 'poll-admin-changes@example.com');
    const submitted = await creator.post('/api/applications', applicationBody({ requestedAmount: 12_000 }));
    const id = submitted.json().application.id as number;
    let etag = etagOf(await poll(creator));

    const approved = await admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${id}`,
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    let changed = await expectChanged(creator, etag);
    expect(changed.list[0]!.status).toBe('approved');
    etag = changed.etag;

    const setup = await admin.post(`/api/applications/${id}/repayment-schedule`, {
      frequency: 'monthly',
      withholdingPercentage: 20,
      estimatedPeriod: 12,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    changed = await expectChanged(creator, etag);
    expect(changed.list[0]!.status).toBe('offered');
    etag = changed.etag;

    await acceptAndPayOut(admin, creator, id);
    changed = await expectChanged(creator, etag);
    expect(changed.list[0]!.repaymentSchedule).toMatchObject({ payments: [] });
    etag = changed.etag;

    const paid = await admin.post(`/api/admin/applications/${id}/payments`, {
      amount: '500.00',
      paymentDate: '2026-11-23',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    changed = await expectChanged(creator, etag);
    expect(changed.list[0]!.repaymentSchedule).toMatchObject({ payments: [{ amount: '500.00' }] });
  });

  it("changes when the creator cancels, and not after another creator's change", async () => {
    const creator = await quickUser(t, 'poll-cancel@example.com');
    const other = await quickUser(t, 'poll-bystander@example.com');
    const id = (await creator.post('/api/applications', applicationBody())).json().application.id as number;
    const etag = etagOf(await poll(creator));
    expect((await other.post('/api/applications', applicationBody())).statusCode).toBe(201);
    await expectUnchanged(creator, etag);
    const cancelled = await creator.post(`/api/applications/${id}/cancel`, { reason: 'No longer needed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { list } = await expectChanged(creator, etag);
    expect(list[0]!.status).toBe('cancelled');
  });

  it('changes on the next South African business day (days past due move), not within the day', async () => {
    const creator = await quickUser(t, 'poll-days@example.com');
    await approvedApplication(admin, creator);
    travelTo(t, '2026-11-23', '10:00');
    const etag = etagOf(await poll(creator));
    travelTo(t, '2026-11-23', '23:59');
    await expectUnchanged(creator, etag);
    // 00:30 in Johannesburg is still the 23rd in UTC: the business date is South Africa's.
    travelTo(t, '2026-11-24', '00:30');
    await expectChanged(creator, etag);
    travelTo(t, '2026-11-23', '10:00');
  });

  it("gives an impersonating admin the creator's list under an ETag of its own", async () => {
    const creator = await quickUser(t, 'poll-viewed@example.com');
    const viewer = await quickUser(t, 'poll-impersonator@example.com', 'admin');
    expect((await creator.post('/api/applications', applicationBody())).statusCode).toBe(201);
    const own = await poll(creator);
    const ownEtag = etagOf(own);
    expect((await viewer.post(`/api/admin/impersonate/${creator.userId}`)).statusCode).toBe(200);
    const seen = await poll(viewer, ownEtag);
    const seenEtag = etagOf(seen);
    expect(seenEtag).not.toBe(ownEtag);
    expect(seen.json()).toEqual(own.json());
    await expectUnchanged(viewer, seenEtag);
    // The creator's own change reaches the admin viewing as them.
    const id = seen.json()[0].id as number;
    expect(
      (await creator.post(`/api/applications/${id}/cancel`, { reason: 'Changed plans' })).statusCode,
    ).toBe(200);
    await expectChanged(viewer, seenEtag);
    expect((await viewer.post('/api/admin/stop-impersonate')).statusCode).toBe(200);
    const back = etagOf(await poll(viewer));
    expect(back).not.toBe(seenEtag);
  });
});

describe('the poll keeps session rules', () => {
  it('answers 401 without a session, or with an idle one even when the ETag matches', async () => {
    expect((await poll(new Client(t.app))).statusCode).toBe(401);
    const creator = await quickUser(t, 'poll-idle@example.com');
    const etag = etagOf(await poll(creator));
    const tokenHash = sha256(creator.cookieHeader().replace(/^.*vuka_session=([^;]+).*$/, '$1'));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '3 hours'` })
      .where(eq(sessions.tokenHash, tokenHash));
    const res = await poll(creator, etag);
    expect(res.statusCode).toBe(401);
    expect(res.headers.etag).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash))).toEqual([]);
  });

  it('answers 401 once the user is suspended, and refreshes a stale last-seen time on a 304', async () => {
    const creator = await quickUser(t, 'poll-touch@example.com');
    const etag = etagOf(await poll(creator));
    const tokenHash = sha256(creator.cookieHeader().replace(/^.*vuka_session=([^;]+).*$/, '$1'));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions.tokenHash, tokenHash));
    await expectUnchanged(creator, etag);
    const [touched] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(Date.now() - touched!.lastSeenAt.getTime()).toBeLessThan(60_000);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, creator.userId));
    expect((await poll(creator, etag)).statusCode).toBe(401);
  });

  it('sends no ETag and keeps no-store on an error answer', async () => {
    const creator = await quickUser(t, 'poll-error@example.com');
    const res = await creator.get('/api/applications/999999');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('what the list sends', () => {
  it('leaves the score breakdown to the detail route', async () => {
    const creator = await quickUser(t, 'poll-breakdown@example.com');
    const id = (await creator.post('/api/applications', applicationBody())).json().application.id as number;
    const [listed] = (await poll(creator)).json();
    expect(listed).toMatchObject({ id, creditScore: expect.any(Number), status: 'pending_review' });
    expect(listed).not.toHaveProperty('creditScoreBreakdown');
    const detail = await creator.get(`/api/applications/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().creditScoreBreakdown.total).toBe(listed.creditScore);
    // The detail is the list's item plus the breakdown and who applies (its identity number masked).
    const { creditScoreBreakdown: _breakdown, applicant, ...rest } = detail.json();
    expect(rest).toEqual(listed);
    expect(listed).not.toHaveProperty('applicant');
    expect(applicant).toMatchObject({ identityType: 'sa_id', identityNumberMasked: '900115*****86' });
    expect(detail.body).not.toContain('9001155009086');
    const stranger = await quickUser(t, 'poll-stranger@example.com');
    expect((await stranger.get(`/api/applications/${id}`)).statusCode).toBe(404);
  });

  it('compresses large JSON with brotli or gzip, and leaves small answers and 304s alone', async () => {
    const creator = await quickUser(t, 'poll-compress@example.com');
    const loan = await adminLoan(admin, creator);
    expect((await pay(admin, loan.id, '250.00', '2026-11-23')).statusCode).toBe(201);
    const plain = await poll(creator);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await poll(creator, undefined, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gzip = await poll(creator, undefined, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    const notModified = await poll(creator, plain.headers.etag as string, { 'accept-encoding': 'br' });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();

    const small = await creator.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });
});

describe('what the poll writes to the log', () => {
  it('logs polls at debug only, each line with its request id, and still logs errors at info', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { LOG_LEVEL: 'debug' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const creator = await quickUser(logged, 'poll-logged@example.com');
      expect((await creator.post('/api/applications', applicationBody())).statusCode).toBe(201);
      const requestId = 'poll-trace-0001';
      const first = await poll(creator, undefined, { 'x-request-id': requestId });
      const etag = etagOf(first);
      expect(first.headers['x-request-id']).toBe(requestId);
      await expectUnchanged(creator, etag);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const isPoll = (e: Record<string, unknown>) => {
        const req = e.req as { method?: string; url?: string } | undefined;
        return req?.method === 'GET' && req.url === '/api/applications';
      };
      // Each poll (a 200, then a 304): its incoming and completed lines at debug, none at info.
      const pollIds = entries.filter(isPoll).map((e) => e.reqId);
      expect(pollIds).toHaveLength(2);
      const pollLines = entries.filter((e) => pollIds.includes(e.reqId));
      expect(
        pollLines.map((e) => [e.msg, e.level, (e.res as { statusCode?: number } | undefined)?.statusCode]),
      ).toEqual([
        ['incoming request', 20, undefined],
        ['request completed', 20, 200],
        ['incoming request', 20, undefined],
        ['request completed', 20, 304],
      ]);
      // The request id the client sent is on the lines of its request, written as pino writes a binding.
      const traced = entries.filter((e) => e.reqId === requestId);
      expect(traced.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines.some((line) => line.includes(`"reqId":"${requestId}"`))).toBe(true);
      // A refused poll is still logged at info, with its own generated id.
      lines.length = 0;
      expect((await poll(new Client(logged.app))).statusCode).toBe(401);
      const refused = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'request completed');
      expect(refused).toMatchObject({ level: 30, res: { statusCode: 401 } });
      expect(refused.reqId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await logged.close();
    }
  });
});

describe('the hooks every request runs', () => {
  it('take multipart bodies on the upload route only: elsewhere they get 415 and change nothing', async () => {
    const creator = await quickUser(t, 'poll-multipart@example.com');
    const upload = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('earnings.pdf', PDF_BYTES, 'application/pdf'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const refused = await creator.request({
      method: 'POST',
      url: '/api/applications',
      ...multipartFile('earnings.pdf', PDF_BYTES, 'application/pdf'),
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/as JSON/);
    expect((await poll(creator)).json()).toEqual([]);
  });
});

describe('the prepared reads behind the poll', () => {
  it('read the session and both users exactly as the ORM does, without the secrets and the admin notes', async () => {
    const creator = await quickUser(t, 'poll-read-creator@example.com');
    const viewer = await quickUser(t, 'poll-read-admin@example.com', 'admin');
    await t.database.db
      .update(users)
      .set({
        bio: 'Cooks on camera',
        socialMediaData: { youtube: { platform: 'youtube', verified: true, followers: 1200 } },
        bankName: 'FNB',
        accountNumber: '62000000001',
        lastStatusChange: new Date('2026-11-20T08:15:30.123Z'),
        adminNotes: 'Asked about a top-up',
      })
      .where(eq(users.id, creator.userId));
    await t.database.db
      .update(users)
      .set({ mfaSecret: 'sealed-secret', mfaLastStep: 12 })
      .where(eq(users.id, viewer.userId));
    expect((await viewer.post(`/api/admin/impersonate/${creator.userId}`)).statusCode).toBe(200);
    const tokenHash = sha256(viewer.cookieHeader().replace(/^.*vuka_session=([^;]+).*$/, '$1'));
    const db = t.database.db;
    const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    const [admin] = await db.select().from(users).where(eq(users.id, viewer.userId));
    const [target] = await db.select().from(users).where(eq(users.id, creator.userId));
    const read = await findSessionWithUser(db, tokenHash, 'creator');
    // What a request holds of its user: every column but the secrets, the admins' notes and the status
    // history; of its session, everything but where and with what it signed in (when it did: staff sessions end 12
    // hours after it).
    const asRequestUser = ({
      passwordHash: _hash,
      mfaSecret: _secret,
      mfaLastStep: _step,
      adminNotes: _notes,
      statusChangeReason: _reason,
      lastStatusChange: _changed,
      updatedAt: _updated,
      ...rest
    }: typeof users.$inferSelect) => rest;
    const { ip: _ip, userAgent: _agent, ...requestSession } = session!;
    expect(read).toEqual({
      session: requestSession,
      user: asRequestUser(admin!),
      target: asRequestUser(target!),
      dataVersion: null,
    });
    for (const secret of ['passwordHash', 'mfaSecret', 'adminNotes']) {
      expect(read!.user).not.toHaveProperty(secret);
      expect(read!.target).not.toHaveProperty(secret);
    }
    expect(read!.user.createdAt).toBeInstanceOf(Date);
    expect(await findSessionWithUser(db, sha256('no such token'))).toBeUndefined();
  });

  it('answer a burst of requests each as its own reader (their session reads go to the database together)', async () => {
    const creators = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => quickUser(t, `poll-burst-${i}@example.com`)),
    );
    for (const [i, creator] of creators.entries()) {
      const res = await creator.post(
        '/api/applications',
        applicationBody({ requestedAmount: 11_000 + i * 1000 }),
      );
      expect(res.statusCode).toBe(201);
    }
    const viewer = await quickUser(t, 'poll-burst-admin@example.com', 'admin');
    expect((await viewer.post(`/api/admin/impersonate/${creators[0]!.userId}`)).statusCode).toBe(200);
    // A signed-out browser that still sends its old cookie.
    const gone = await quickUser(t, 'poll-burst-gone@example.com');
    const staleCookie = gone.cookieHeader();
    expect((await gone.post('/api/logout')).statusCode).toBe(200);
    const stale = () =>
      t.app.inject({ method: 'GET', url: '/api/applications', headers: { cookie: staleCookie } });

    const readers = [...creators, viewer];
    const burst = await Promise.all([
      ...readers.flatMap((reader) => [0, 1, 2, 3].map(() => poll(reader))),
      ...[0, 1, 2, 3].map(stale),
    ]);
    const answersOf = (r: number) => burst.slice(r * 4, r * 4 + 4);
    for (const [i, creator] of creators.entries()) {
      for (const answer of answersOf(i)) {
        expect(answer.statusCode).toBe(200);
        const list = answer.json() as Array<{ userId: number; requestedAmount: string }>;
        expect(list.map((a) => [a.userId, Number(a.requestedAmount)])).toEqual([
          [creator.userId, 11_000 + i * 1000],
        ]);
        expect(answer.headers.etag).toMatch(new RegExp(`-${creator.userId}-`));
      }
    }
    for (const answer of answersOf(creators.length)) {
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as Array<{ userId: number }>).map((a) => a.userId)).toEqual([
        creators[0]!.userId,
      ]);
      expect(answer.headers.etag).toContain(`-${creators[0]!.userId}.as.${viewer.userId}-`);
    }
    for (const answer of burst.slice(readers.length * 4)) expect(answer.statusCode).toBe(401);
  });

  it("read a creator's applications as the ORM does, with only what the list shows", async () => {
    const creator = await quickUser(t, 'poll-read-loans@example.com');
    // An application without a schedule (cancelled, so that the loan below may be the open one), then a loan.
    const first = await creator.post('/api/applications', applicationBody());
    expect(first.statusCode).toBe(201);
    const cancelUrl = `/api/applications/${first.json().application.id}/cancel`;
    expect((await creator.post(cancelUrl, { reason: 'Changed my plans' })).statusCode).toBe(200);
    const loan = await adminLoan(admin, creator);
    // More payments than the list carries, all on one day: the later recorded is the later.
    for (const [amount, on] of [
      ['321.45', '2026-11-23'],
      ['100.00', '2026-11-23'],
      ['200.00', '2026-11-23'],
      ['50.00', '2026-11-23'],
    ] as const)
      expect((await pay(admin, loan.id, amount, on)).statusCode).toBe(201);
    // The ORM's record without what the list does not show: the score breakdown, the admins' notes, the
    // schedule's paid total, timestamps and the day it is late from, the payments' earnings and keys, the
    // instalments' ids (the fees paid are read: what the next payment's fee may be depends on them). Of the payments,
    // the latest PAYMENT_HISTORY_PREVIEW and what all of them add up to (as the admin's user page reads them).
    const totals = new Map(
      (await loadApplications(t.database.db, { userId: creator.userId }, { payments: 'totals' })).map((a) => [
        a.id,
        a.schedule?.totals,
      ]),
    );
    const expected = (await loadApplications(t.database.db, { userId: creator.userId })).map(
      ({ creditScoreBreakdown: _breakdown, notes: _notes, schedule, ...rest }) => {
        if (!schedule) return { ...rest, schedule };
        const {
          paidAmount: _paid,
          restructuredOn: _restructured,
          arrearsFrom: _lateSince,
          createdAt: _created,
          updatedAt: _updated,
          payments,
          instalments,
          ...shown
        } = schedule;
        return {
          ...rest,
          schedule: {
            ...shown,
            totals: totals.get(rest.id),
            payments: payments
              .slice(-PAYMENT_HISTORY_PREVIEW)
              .map(
                ({
                  applicationId: _application,
                  earningsAmount: _earnings,
                  earningsMonth: _month,
                  earningsYear: _year,
                  idempotencyKey: _key,
                  createdBy: _by,
                  reversedBy: _reversedBy,
                  ...payment
                }) => payment,
              ),
            instalments: instalments?.map(
              ({ id: _id, scheduleId: _schedule, createdAt: _at, updatedAt: _changed, ...instalment }) =>
                instalment,
            ),
          },
        };
      },
    );
    expect(expected).toHaveLength(2);
    expect(expected.find((a) => a.id === loan.id)!.schedule!.instalments!.length).toBeGreaterThan(1);
    expect(expected.find((a) => a.id !== loan.id)!.schedule).toBeFalsy();
    const read = await loadCreatorApplications(t.database.db, creator.userId);
    expect(read).toEqual(expected);
    for (const application of read) expect(application).not.toHaveProperty('notes');
  });
});

const onPostgres = process.env.TEST_DB_DRIVER === 'pg';

describe.runIf(onPostgres)('the batched reads of the poll on PostgreSQL (PostgreSQL only)', () => {
  it('keep one generic plan each whatever the size of their batches (no planning per request)', async () => {
    const creator = await quickUser(t, 'poll-plan@example.com');
    expect((await creator.post('/api/applications', applicationBody())).statusCode).toBe(201);
    const tokenHash = sha256(creator.cookieHeader().replace(/^.*vuka_session=([^;]+).*$/, '$1'));
    // One pooled connection, so that pg_prepared_statements (per connection) is the statements' own.
    const database = await openDatabase({ driver: 'pg', url: t.database.url!, poolSize: 1 });
    try {
      for (const size of [1, 3, 1, 5, 2, 7, 1, 4, 2, 6]) {
        const times = Array.from({ length: size });
        const reads = await Promise.all(
          times.map(() => findSessionWithUser(database.db, tokenHash, 'creator')),
        );
        expect(reads.map((r) => r?.user.id)).toEqual(Array(size).fill(creator.userId));
        const lists = await Promise.all(
          times.map(() => loadCreatorApplications(database.db, creator.userId)),
        );
        expect(lists.map((list) => list.map((a) => a.userId))).toEqual(Array(size).fill([creator.userId]));
      }
      const plans = await queryRows<{ name: string; generic: number; custom: number }>(
        database.db,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements order by name`,
      );
      // PostgreSQL tries five custom plans before it compares them with the generic one.
      expect(plans).toEqual([
        { name: 'creator_applications', generic: 5, custom: 5 },
        { name: 'session_reads', generic: 5, custom: 5 },
      ]);
    } finally {
      await database.close();
    }
  });
});
