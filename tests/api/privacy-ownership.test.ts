// Whose records are whose (decision 025): mail and sign-in attempts belong to the account that had
// verified the address at the time, never to whoever typed it. An export holds only its owner's data; an erasure
// deletes nothing of another person's (their mail, sign-in attempts, lockout); stored Idempotency-Key answers
// forget an erased person, including the answer of the payment that carried the erasure out, and expire; and
// the export names no member of staff (decision 020), checked key by key against an allow-list.
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { idempotencyKeys, loginAttempts, mailOutbox, payments } from '../../src/server/db/schema';
import {
  latestCodeFor,
  multipartFile,
  PASSWORD,
  PDF_BYTES,
  registration,
  TEST_ID_NUMBER,
} from '../support/accounts';
import { adminLoan, payOk, quickUser, type SignedIn } from '../support/servicing';
import { Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'owner-admin@example.com', 'admin');
});
afterAll(() => t.close());

const TODAY = '2026-11-23';

function exportOf(res: { statusCode: number; rawPayload: Buffer }) {
  expect(res.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  const text = Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
  return { text, json: (name: string) => JSON.parse(text[name]!) };
}

const wrongPassword = (username: string) =>
  new Client(t.app).post('/api/login', { username, password: 'not-the-password-1' });

async function mailTo(address: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

/** A real registration: the form, the e-mailed code, the verification (signed in afterwards). */
async function registerAndVerify(email: string, extra: Record<string, unknown> = {}) {
  const client = new Client(t.app);
  const registered = await client.post('/api/register', registration(email, extra));
  expect(registered.statusCode).toBe(201);
  const verified = await client.post('/api/verify-email', {
    email,
    code: await latestCodeFor(t.database.db, email),
  });
  expect(verified.statusCode).toBe(200);
  return client;
}

describe('mail and sign-in records belong to the verified holder of the address', () => {
  it("a code A asks to be sent to B's address, B's own mail and B's failed sign-ins are not in A's export", async () => {
    const a = await quickUser(t, 'asker-a@example.com');
    const b = await quickUser(t, 'holder-b@example.com');
    // B applies (a "We received your application" e-mail with B's name and amount) and mistypes a password.
    expect(
      (
        await b.post('/api/applications', {
          applicationType: 'personal',
          firstName: 'Bongiwe',
          lastName: 'Holder',
          identityType: 'sa_id',
          idNumber: TEST_ID_NUMBER,
          requestedAmount: 12_345,
          monthlyRevenue: 8_000,
          useOfFunds: ['equipment_purchase'],
          termsAccepted: true,
        })
      ).statusCode,
    ).toBe(201);
    expect((await wrongPassword(b.username)).statusCode).toBe(401);
    // A asks for a Visionary code at B's address.
    expect((await a.post('/api/visionary-writings/verify', { email: b.username })).statusCode).toBe(200);

    const mineA = exportOf(await a.get('/api/privacy/export'));
    expect(mineA.text['mail.json']).not.toContain(b.username);
    expect(mineA.text['mail.json']).not.toContain('Bongiwe');
    expect(mineA.text['sign-ins.json']).not.toContain(b.username);
    expect(mineA.json('sign-ins.json').attempts).toEqual([
      expect.objectContaining({ username: a.username, succeeded: true }),
    ]);

    // B's export has all of it: the code was sent to B's address, so it is B's mail.
    const mineB = exportOf(await b.get('/api/privacy/export'));
    const subjects = (mineB.json('mail.json') as Array<{ subject: string; to: string }>).map(
      (m) => m.subject,
    );
    expect(subjects).toEqual(
      expect.arrayContaining([expect.stringMatching(/Visionary/), expect.stringMatching(/received/i)]),
    );
    expect(
      (mineB.json('sign-ins.json').attempts as Array<{ succeeded: boolean }>).filter((x) => !x.succeeded),
    ).toHaveLength(1);
  });

  it('a change of e-mail asked for and cancelled leaves the address to whoever verifies it later', async () => {
    const a2 = await quickUser(t, 'changer-a2@example.com');
    const later = 'later-holder@example.com';
    expect(
      (await a2.post('/api/users/me/email-change', { newEmail: later, currentPassword: PASSWORD }))
        .statusCode,
    ).toBe(202);
    expect((await a2.request({ method: 'DELETE', url: '/api/users/me/email-change' })).statusCode).toBe(200);
    // Someone tries the address before it is anyone's, then registers it and verifies it.
    expect((await wrongPassword(later)).statusCode).toBe(401);
    const holder = await registerAndVerify(later, { firstName: 'Lerato', lastName: 'Later' });
    expect((await wrongPassword(later)).statusCode).toBe(401);
    // Mail about the new account after its registration, to the same address.
    expect((await holder.post('/api/visionary-writings/verify', { email: later })).statusCode).toBe(200);

    const mineA2 = exportOf(await a2.get('/api/privacy/export'));
    // A2's own notice that the change was asked for names the address; nothing sent to it is A2's.
    expect((mineA2.json('mail.json') as Array<{ to: string }>).map((m) => m.to)).toEqual([a2.username]);
    expect(mineA2.text['sign-ins.json']).not.toContain(later);
    expect(mineA2.text['mail.json']).not.toContain('Lerato');

    // The address's holder has everything sent to it, including the code A2 asked for before it was theirs.
    const mine = exportOf(await holder.get('/api/privacy/export'));
    const mail = mine.json('mail.json') as Array<{ to: string; subject: string }>;
    expect(new Set(mail.map((m) => m.to))).toEqual(new Set([later]));
    expect(mail.length).toBe((await mailTo(later)).length);
    expect(
      (mine.json('sign-ins.json').attempts as Array<{ username: string; succeeded: boolean }>).filter(
        (x) => !x.succeeded,
      ),
    ).toHaveLength(2);
  });

  it('an address given up in a change of e-mail keeps its history with the account that held it', async () => {
    const mover = await quickUser(t, 'mover-old@example.com');
    expect((await wrongPassword('mover-old@example.com')).statusCode).toBe(401);
    expect(
      (
        await mover.post('/api/users/me/email-change', {
          newEmail: 'mover-new@example.com',
          currentPassword: PASSWORD,
        })
      ).statusCode,
    ).toBe(202);
    const code = await latestCodeFor(t.database.db, 'mover-new@example.com');
    expect((await mover.post('/api/users/me/email-change/verify', { code })).statusCode).toBe(200);
    // The old address is free: a newcomer takes it.
    const newcomer = await registerAndVerify('mover-old@example.com', { firstName: 'Nandi' });

    const moved = exportOf(await mover.get('/api/privacy/export'));
    const movedMail = moved.json('mail.json') as Array<{ to: string; subject: string }>;
    // The change's code at the new address, and the notices to the old one while it was theirs.
    expect(movedMail.map((m) => m.to)).toEqual(
      expect.arrayContaining(['mover-new@example.com', 'mover-old@example.com']),
    );
    expect(moved.text['mail.json']).not.toContain('Nandi');
    expect(
      (moved.json('sign-ins.json').attempts as Array<{ succeeded: boolean }>).filter((x) => !x.succeeded),
    ).toHaveLength(1);

    const fresh = exportOf(await newcomer.get('/api/privacy/export'));
    const freshMail = fresh.json('mail.json') as Array<{ to: string; subject: string }>;
    expect(freshMail.every((m) => m.to === 'mover-old@example.com')).toBe(true);
    expect(fresh.text['mail.json']).not.toMatch(/changed|change of/i);
    expect(
      (fresh.json('sign-ins.json').attempts as Array<{ succeeded: boolean }>).filter((x) => !x.succeeded),
    ).toHaveLength(0);
  });

  it("deleting A's account deletes nothing of B's: not B's mail, sign-in attempts, lockout or unsent notices", async () => {
    const a = await quickUser(t, 'eraser-a@example.com');
    const b = await quickUser(t, 'victim-b@example.com');
    const loan = await adminLoan(admin, b, { requestedAmount: 4_000 });
    await payOk(admin, loan.id, '100.00', TODAY);
    expect((await a.post('/api/visionary-writings/verify', { email: b.username })).statusCode).toBe(200);
    // B's account locked by ten wrong passwords.
    for (let i = 0; i < 10; i++) expect((await wrongPassword(b.username)).statusCode).toBe(401);
    expect((await wrongPassword(b.username)).statusCode).toBe(429);
    const mailBefore = await mailTo(b.username);
    const pendingBefore = mailBefore.filter((m) => m.status === 'pending');
    expect(pendingBefore.length).toBeGreaterThan(0);
    const attemptsBefore = await t.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.username, b.username));

    const deleted = await a.post('/api/privacy/delete-account', {
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(deleted.json()).toMatchObject({ outcome: 'erased' });

    expect(await mailTo(b.username)).toEqual(mailBefore);
    expect(
      await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.username, b.username)),
    ).toEqual(attemptsBefore);
    // Still locked: no fresh guesses for B's password.
    expect((await wrongPassword(b.username)).statusCode).toBe(429);
    // A's own records are gone.
    expect(
      await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.userId, a.userId)),
    ).toEqual([]);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, a.userId))).toEqual([]);
  });
});

describe('stored Idempotency-Key answers', () => {
  const keyed = (key: string, body: object, loanId: number) =>
    admin.request({
      method: 'POST',
      url: `/api/admin/applications/${loanId}/payments`,
      headers: { 'idempotency-key': key },
      payload: body,
    });

  it('the payment that carries out a deferred erasure is replayed scrubbed; answers about others are untouched', async () => {
    const creator = await quickUser(t, 'zintle.replay@example.com');
    await creator.request({
      method: 'PATCH',
      url: `/api/users/${creator.userId}`,
      payload: { firstName: 'Zintle', lastName: 'Mabandla' },
    });
    const other = await quickUser(t, 'zintle.other@example.com');
    await other.request({
      method: 'PATCH',
      url: `/api/users/${other.userId}`,
      payload: { firstName: 'Zintle', lastName: 'Otherwise' },
    });
    const loan = await adminLoan(admin, creator, { requestedAmount: 3_000 });
    const otherLoan = await adminLoan(admin, other, { requestedAmount: 3_000 });
    const otherBody = { amount: '50.00', paymentDate: TODAY, notes: 'Zintle paid at the branch' };
    const otherFirst = await keyed('other-zintle-0001', otherBody, otherLoan.id);
    expect(otherFirst.statusCode).toBe(201);

    expect(
      (
        await creator.post('/api/privacy/delete-account', { password: PASSWORD, confirmation: 'DELETE' })
      ).json(),
    ).toMatchObject({ outcome: 'scheduled' });
    const closing = {
      amount: loan.schedule.totalAmount,
      paymentDate: TODAY,
      notes: 'Zintle Mabandla paid from zintle.replay@example.com',
    };
    const first = await keyed('closing-zintle-0001', closing, loan.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.completed).toBe(true);

    const replay = await keyed('closing-zintle-0001', closing, loan.id);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data.payment.id).toBe(first.json().data.payment.id);
    expect(replay.body).not.toMatch(/Zintle|Mabandla|zintle\.replay/i);
    expect(replay.json().data.payment.notes).toBe('[erased] paid from [erased]');
    // Another creator's stored answer that mentions the same first name stays as it was.
    const otherReplay = await keyed('other-zintle-0001', otherBody, otherLoan.id);
    expect(otherReplay.json()).toEqual(otherFirst.json());
    expect(otherReplay.json().data.payment.notes).toBe('Zintle paid at the branch');
  });

  it('expire after a day: the hourly clean-up forgets them, and the key cannot pay twice', async () => {
    const creator = await quickUser(t, 'expiring-key@example.com');
    const loan = await adminLoan(admin, creator, { requestedAmount: 3_000 });
    const body = { amount: '25.00', paymentDate: TODAY };
    const first = await keyed('expiring-key-0001', body, loan.id);
    expect(first.statusCode).toBe(201);
    const stored = () =>
      t.database.db
        .select()
        .from(idempotencyKeys)
        .where(sql`${idempotencyKeys.key} like '%expiring-key-0001'`);
    expect(await stored()).toHaveLength(1);

    try {
      await expiresAfterADay(body, loan.id, first.json(), stored);
    } finally {
      t.clock.set(TEST_EPOCH);
    }
  });

  async function expiresAfterADay(
    body: object,
    loanId: number,
    firstAnswer: unknown,
    stored: () => Promise<unknown[]>,
  ) {
    t.clock.advance(23 * 60 * 60 * 1000);
    await t.app.ctx.runJobsOnce();
    expect(await stored()).toHaveLength(1);
    expect((await keyed('expiring-key-0001', body, loanId)).json()).toEqual(firstAnswer);

    t.clock.advance(2 * 60 * 60 * 1000);
    await t.app.ctx.runJobsOnce();
    expect(await stored()).toEqual([]);
    const late = await keyed('expiring-key-0001', body, loanId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already recorded with this Idempotency-Key/);
    const paid = await t.database.db.select().from(payments).where(eq(payments.applicationId, loanId));
    expect(paid).toHaveLength(1);
  }
});

/**
 * Every key each exported file may hold (decision 020). A new column must be added here on purpose: a staff
 * member's id, a secret or another person's data cannot reach the export silently.
 */
const ALLOWED_KEYS: Record<string, Record<string, string[]>> = {
  'profile.json': {
    '': [
      'id',
      'username',
      'firstName',
      'lastName',
      'country',
      'city',
      'creatorType',
      'bio',
      'role',
      'status',
      'lastStatusChange',
      'statusChangeReason',
      'verified',
      'bankName',
      'accountNumber',
      'branchCode',
      'accountType',
      'mfaEnabledAt',
      'remindersEnabled',
      'deletionRequestedAt',
      'anonymisedAt',
      'createdAt',
      'updatedAt',
      'adminNotes',
    ],
  },
  'applications.json': {
    '[]': [
      'id',
      'userId',
      'monthlyRevenue',
      'requestedAmount',
      'approvedAmount',
      'creditScore',
      'creditScoreBreakdown',
      'currency',
      'applicationType',
      'businessName',
      'firstName',
      'lastName',
      'amount',
      'status',
      'useOfFunds',
      'otherUseOfFunds',
      'termsAccepted',
      'estimatedPeriod',
      'notes',
      'cancellationReason',
      'rejectedAt',
      'rejectionReason',
      'topUpOfApplicationId',
      'topUpSettledAmount',
      'identityType',
      'idNumber',
      'passportNumber',
      'dateOfBirth',
      'registrationNumber',
      'annualTurnover',
      'assetValue',
      'ncaApplies',
      'ncaScope',
      'consumerCredit',
      'monthlyDeductions',
      'monthlyDebtRepayments',
      'affordability',
      'createdAt',
      'updatedAt',
    ],
  },
  'repayments.json': {
    '': [
      'schedules',
      'creditQuotes',
      'instalments',
      'payments',
      'allocations',
      'settlementQuotes',
      'helpRequests',
      'promisesToPay',
      'contacts',
    ],
    // Collections (docs/collections.md): who made a promise, logged a contact or answered a request is not theirs.
    'helpRequests[]': [
      'id',
      'applicationId',
      'reason',
      'canPay',
      'status',
      'createdAt',
      'closedAt',
      'outcome',
    ],
    'promisesToPay[]': ['id', 'applicationId', 'amount', 'madeOn', 'promisedFor', 'createdAt'],
    'contacts[]': ['id', 'applicationId', 'channel', 'outcome', 'note', 'contactedAt'],
    'schedules[]': [
      'id',
      'applicationId',
      'userId',
      'startDate',
      'endDate',
      'totalAmount',
      'remainingAmount',
      'installmentAmount',
      'costAmount',
      'costPercentage',
      'frequency',
      'nextPaymentDate',
      'arrearsFrom',
      'arrearsTolerance',
      'status',
      'paymentMethod',
      'withholdingPercentage',
      'writtenOffOn',
      'writtenOffAmount',
      'writeOffReason',
      'forgivenOn',
      'forgivenAmount',
      'forgiveReason',
      'platformFeeRate',
      'currency',
      'estimatedRemainingDuration',
      'estimatedPeriod',
      'renegotiationEligibleAt',
      'restructuredOn',
      'paidAmount',
      'feesPaid',
      'rebatedAmount',
      'chargeRate',
      'quotedFees',
      'quoteId',
      'paidOutOn',
      'payoutReference',
      'payoutAccount',
      'paidOutByAdmin',
      'forbearance',
      'forbearanceCuredOn',
      'defaultedOn',
      'createdAt',
      'updatedAt',
    ],
    'creditQuotes[]': [
      'id',
      'applicationId',
      'kind',
      'amountFinanced',
      'platformFeeRate',
      'terms',
      'quote',
      'validUntil',
      'status',
      'acceptedAt',
      'acceptedIp',
      'acceptedUserAgent',
      'createdAt',
      'madeByAdmin',
    ],
    'instalments[]': [
      'id',
      'scheduleId',
      'number',
      'dueDate',
      'amountDue',
      'amountPaid',
      'amountRebated',
      'amountForgiven',
      'amountDeferred',
      'deferredFrom',
      'deferredByPaymentId',
      'voidedOn',
      'createdAt',
      'updatedAt',
    ],
    'payments[]': [
      'id',
      'applicationId',
      'amount',
      'platformFee',
      'earningsAmount',
      'earningsMonth',
      'earningsYear',
      'kind',
      'notes',
      'paymentDate',
      'createdAt',
      'reversedAt',
      'reversalReason',
      'channel',
      'bankReference',
      'byAdmin',
    ],
    'allocations[]': ['id', 'paymentId', 'instalmentId', 'amount', 'createdAt', 'reversedAt'],
    'settlementQuotes[]': [
      'id',
      'applicationId',
      'reference',
      'amount',
      'principal',
      'accruedCharge',
      'rebate',
      'validUntil',
      'status',
      'paymentId',
      'createdAt',
      'closedAt',
      'requestedByAdmin',
    ],
  },
  'platforms.json': {
    '': ['connected', 'declaredOnApplications', 'partnerPlatforms', 'proofFiles'],
    'declaredOnApplications[]': ['applicationId', 'socialMediaData', 'manualPlatforms'],
    'proofFiles[]': [
      'id',
      'userId',
      'originalName',
      'mimeType',
      'sizeBytes',
      'sha256',
      'reviewStatus',
      'reviewedAt',
      // Why a proof was rejected: the creator's own data, given to them with the decision.
      'reviewReason',
      'createdAt',
      'reviewedByAdmin',
    ],
  },
  'learning.json': {
    '': ['progress', 'preferences', 'metrics', 'recommendations'],
    'progress[]': [
      'id',
      'userId',
      'questId',
      'status',
      'currentStep',
      'completedSteps',
      'quizAnswers',
      'xpEarned',
      'startedAt',
      'completedAt',
    ],
  },
  'insights.json': {
    '[]': [
      'id',
      'userId',
      'analysisId',
      'timestamp',
      'analysis',
      'insight',
      'industryFocus',
      'context',
      'source',
      'madeByAdmin',
    ],
  },
  'activity.json': { '[]': ['id', 'action', 'notes', 'createdAt', 'byAdmin'] },
  'mail.json': { '[]': ['id', 'to', 'subject', 'text', 'status', 'createdAt', 'sentAt'] },
  'sign-ins.json': {
    '': ['sessions', 'attempts'],
    'sessions[]': [
      'id',
      'persistent',
      'createdAt',
      'lastSeenAt',
      'expiresAt',
      'ip',
      'userAgent',
      'mfaPassedAt',
    ],
    'attempts[]': ['id', 'username', 'ip', 'succeeded', 'createdAt'],
  },
};

/** The keys found at each path of a JSON value: '' for the top object, 'x[]' for the objects in array x. */
function keysByPath(value: unknown, at = '', out: Record<string, Set<string>> = {}) {
  if (Array.isArray(value)) {
    for (const item of value) keysByPath(item, `${at}[]`, out);
  } else if (value && typeof value === 'object') {
    out[at] ??= new Set();
    for (const [key, inner] of Object.entries(value)) {
      out[at].add(key);
      // The lists of a file's top object (repayments' payments, ...); shapes inside one column (score parts,
      // connected platforms, quest state) are that column's own.
      if (at === '' && Array.isArray(inner)) keysByPath(inner, key, out);
    }
  }
  return out;
}

describe('the export names no member of staff', () => {
  it('shows byAdmin instead of the admin id, and every file holds only the allowed keys', async () => {
    const creator = await quickUser(t, 'allowlist@example.com');
    const loan = await adminLoan(admin, creator, { requestedAmount: 5_000 });
    await payOk(admin, loan.id, '300.00', TODAY);
    expect((await creator.post(`/api/applications/${loan.id}/settlement-quote`)).statusCode).toBeLessThan(
      300,
    );
    await wrongPassword(creator.username);
    // Collections: a request for help, a contact and a promise, each with a member of staff behind it.
    const help = await creator.post(`/api/applications/${loan.id}/help-request`, {
      reason: 'A sponsor is late.',
      canPay: 100,
    });
    expect(help.statusCode, help.body).toBe(201);
    const contact = { channel: 'call', outcome: 'reached', note: 'Agreed a date.' };
    expect((await admin.post(`/api/admin/collections/${loan.id}/contacts`, contact)).statusCode).toBe(201);
    const promise = { amount: 100, promisedFor: TODAY };
    expect((await admin.post(`/api/admin/collections/${loan.id}/promises`, promise)).statusCode).toBe(201);
    // A proof an admin reviewed, an analysis an admin ran, a quest started: each has a staff member behind it or
    // its own shape.
    const proof = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('earnings.pdf', PDF_BYTES, 'application/pdf'),
    });
    expect(proof.statusCode).toBe(201);
    expect(
      (await admin.post(`/api/admin/proof-files/${proof.json().id}/review`, { decision: 'verified' }))
        .statusCode,
    ).toBe(200);
    expect((await admin.post(`/api/insights/analyze-user/${creator.userId}`, {})).statusCode).toBe(201);
    const quests = (await creator.get('/api/quests')).json() as Array<{ id: number }>;
    expect(
      (await creator.post(`/api/quests/${quests[0]!.id}/progress`, { step: 0, completed: false })).statusCode,
    ).toBe(200);

    const mine = exportOf(await creator.get('/api/privacy/export'));
    const repayments = mine.json('repayments.json');
    expect(repayments.payments).toEqual([expect.objectContaining({ amount: '300.00', byAdmin: true })]);
    expect(repayments.payments[0]).not.toHaveProperty('createdBy');
    expect(repayments.settlementQuotes).toEqual([expect.objectContaining({ requestedByAdmin: false })]);
    expect(mine.text['repayments.json']).not.toContain(`"createdBy"`);

    for (const [file, allowed] of Object.entries(ALLOWED_KEYS)) {
      const found = keysByPath(mine.json(file));
      // Every list of objects in the file has its allow-list, and holds exactly those keys.
      expect(Object.keys(found).sort(), file).toEqual(Object.keys(allowed).sort());
      for (const [at, keys] of Object.entries(found)) {
        expect([...keys].sort(), `${file} ${at || '(top)'}`).toEqual([...allowed[at]!].sort());
      }
    }
    // Nothing of any admin: their e-mail and id appear nowhere.
    const all = Object.values(mine.text).join('\n');
    expect(all).not.toContain(admin.username);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payments where created_by = ${admin.userId} and application_id = ${loan.id}`,
    );
    expect(row!.n).toBe(1);
  });
});
