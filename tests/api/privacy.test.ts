// The creator's data rights (docs/privacy.md): a ZIP of everything stored about them, with no
// secret in it; deleting the account erases every personal detail at once when nothing is owed (checked by
// searching every text column of every table), keeps the money records and a balanced ledger, and waits for an
// open loan to close; one erasure whatever the number of parallel requests.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { sessions, users } from '../../src/server/db/schema';
import { applicationBody, multipartFile, PASSWORD, PDF_BYTES } from '../support/accounts';
import {
  acceptAndPayOut,
  adminLoan,
  auditRows,
  payOk,
  quickUser,
  type SignedIn,
  storedState,
} from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'privacy-admin@example.com', 'admin');
});
afterAll(() => t.close());

const TODAY = '2026-11-23';
const signIn = (username: string, password = PASSWORD) =>
  new Client(t.app).post('/api/login', { username, password });

/** A creator with a distinctive name, bank account, bio, platform handle and business name to look for later. */
async function richCreator(tag: string) {
  const email = `nomvula.${tag}@example.com`;
  const creator = await quickUser(t, email);
  const first = `Nomvula${tag}`;
  const last = `Xabanisa${tag}`;
  const account = `6284${String(Date.now()).slice(-8)}`;
  const saved = await creator.request({
    method: 'PATCH',
    url: `/api/users/${creator.userId}`,
    payload: {
      firstName: first,
      lastName: last,
      bio: `Cooking videos from Soweto by ${first}`,
      bankName: 'Capitec Bank',
      accountNumber: account,
      branchCode: '470010',
      accountType: 'savings',
      socialMediaData: { instagram: { platform: 'Instagram', username: `${first}_cooks`, followers: 4200 } },
    },
  });
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.body}`);
  return { creator, email, first, last, account, handle: `${first}_cooks`, business: `${last} Kitchen` };
}

/** Every (table, column) holding text, varchar or JSON, and how many rows in it mention `term`. */
async function mentions(term: string) {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.database.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  const found: string[] = [];
  for (const c of columns) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(c.table_name)}
          where ${sql.identifier(c.column_name)}::text ilike ${`%${term}%`}`,
    );
    if (row!.n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

async function ledgerBalances() {
  const [row] = await queryRows<{ debit: string; credit: string; unbalanced: number }>(
    t.database.db,
    sql`select coalesce(sum(debit), 0)::text as debit, coalesce(sum(credit), 0)::text as credit,
          (select count(*)::int from (select entry_id from ledger_lines group by entry_id
             having sum(debit) <> sum(credit)) x) as unbalanced
        from ledger_lines`,
  );
  return row!;
}

function readZip(body: Buffer) {
  const files = unzipSync(new Uint8Array(body));
  const text = Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
  const json = (name: string) => JSON.parse(text[name]!);
  return { names: Object.keys(files).sort(), text, json };
}

describe('GET /api/privacy/export', () => {
  it('is a ZIP of JSON files with everything stored about the creator and none of their secrets', async () => {
    const { creator, email, first, account, handle } = await richCreator('export');
    const proof = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('march earnings.pdf', PDF_BYTES, 'application/pdf'),
    });
    expect(proof.statusCode).toBe(201);
    const loan = await adminLoan(admin, creator, { requestedAmount: 6_000 });
    await payOk(admin, loan.id, '500.00', TODAY);
    const quests = (await creator.get('/api/quests')).json() as Array<{ id: number }>;
    expect(
      (await creator.post(`/api/quests/${quests[0]!.id}/progress`, { step: 0, completed: false })).statusCode,
    ).toBe(200);
    // An e-mail with a one-time code in it, to their own address.
    expect((await creator.post('/api/visionary-writings/verify', { email })).statusCode).toBe(200);
    // A change of address asked for and not confirmed.
    expect(
      (
        await creator.post('/api/users/me/email-change', {
          newEmail: 'nomvula.elsewhere@example.com',
          currentPassword: PASSWORD,
        })
      ).statusCode,
    ).toBe(202);

    const res = await creator.get('/api/privacy/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="vuka-capital-my-data-${TODAY}.zip"`,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const zip = readZip(res.rawPayload);
    expect(zip.names).toEqual([
      'README.txt',
      'activity.json',
      'applications.json',
      'insights.json',
      'learning.json',
      'mail.json',
      'platforms.json',
      'profile.json',
      'repayments.json',
      'sign-ins.json',
    ]);
    expect(zip.json('profile.json')).toMatchObject({
      id: creator.userId,
      username: email,
      firstName: first,
      accountNumber: account,
      bankName: 'Capitec Bank',
    });
    expect(zip.json('applications.json')).toEqual([
      expect.objectContaining({ id: loan.id, requestedAmount: '6000.00', status: 'active' }),
    ]);
    const repayments = zip.json('repayments.json');
    expect(repayments.schedules).toHaveLength(1);
    expect(repayments.instalments.length).toBeGreaterThan(1);
    expect(repayments.payments).toEqual([expect.objectContaining({ amount: '500.00', paymentDate: TODAY })]);
    expect(repayments.allocations.length).toBeGreaterThan(0);
    const platforms = zip.json('platforms.json');
    expect(platforms.connected.instagram.username).toBe(handle);
    expect(platforms.proofFiles).toEqual([
      expect.objectContaining({ originalName: 'march earnings.pdf', mimeType: 'application/pdf' }),
    ]);
    expect(platforms.proofFiles[0]).not.toHaveProperty('storagePath');
    expect(zip.json('learning.json').progress).toHaveLength(1);
    expect(zip.json('activity.json').map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['application_submitted', 'payment_added', 'email_change_requested']),
    );
    const mail = zip.json('mail.json') as Array<{ to: string; subject: string; text: string }>;
    // Their own address's mail (the notice that a change was asked for among it); the code for the change went to
    // an address they have not verified, so it is not theirs yet (decision 025).
    expect(mail.length).toBeGreaterThan(0);
    expect(new Set(mail.map((m) => m.to))).toEqual(new Set([email]));
    expect(mail.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/change/i)]));
    expect(zip.json('sign-ins.json').sessions.length).toBeGreaterThan(0);

    // No secret: the password hash, session token hashes, one-time code hashes or the codes themselves.
    const all = Object.values(zip.text).join('\n');
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, creator.userId));
    expect(all).not.toContain(stored!.passwordHash);
    expect(all).not.toMatch(/passwordHash|mfaSecret|tokenHash|codeHash/);
    const tokens = await t.database.db.select().from(sessions).where(eq(sessions.userId, creator.userId));
    for (const s of tokens) expect(all).not.toContain(s.tokenHash);
    const codes = await queryRows<{ code_hash: string }>(
      t.database.db,
      sql`select code_hash from email_verification_codes where user_id = ${creator.userId}`,
    );
    for (const c of codes) expect(all).not.toContain(c.code_hash);
    for (const m of mail) expect(`${m.subject}\n${m.text}`).not.toMatch(/\b\d{6}\b/);
    expect(mail.some((m) => m.text.includes('[code removed]'))).toBe(true);

    expect((await auditRows(t.database.db, creator.userId, 'data_exported')).length).toBe(1);
  });

  it('is for the signed-in creator only; an admin viewing as them is refused', async () => {
    expect((await new Client(t.app).get('/api/privacy/export')).statusCode).toBe(401);
    const creator = await quickUser(t, 'viewed-export@example.com');
    const viewer = await quickUser(t, 'viewing-admin@example.com', 'admin');
    expect((await viewer.post(`/api/admin/impersonate/${creator.userId}`)).statusCode).toBe(200);
    const res = await viewer.get('/api/privacy/export');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Only the creator can download their data/);
    // Looking at where deletion stands is allowed; asking for it is not.
    expect((await viewer.get('/api/privacy')).statusCode).toBe(200);
    const del = await viewer.post('/api/privacy/delete-account', {
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(del.statusCode).toBe(403);
    expect(await auditRows(t.database.db, creator.userId, 'data_exported')).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, creator.userId));
    expect(row).toMatchObject({ status: 'active', anonymisedAt: null, deletionRequestedAt: null });
  });
});

describe('POST /api/privacy/delete-account', () => {
  it('refuses a wrong password, a missing confirmation and an application still under review, storing nothing', async () => {
    const creator = await quickUser(t, 'careful@example.com');
    const wrong = await creator.post('/api/privacy/delete-account', {
      password: 'nope-nope',
      confirmation: 'DELETE',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.password).toEqual(['Your password is not correct.']);
    const unconfirmed = await creator.post('/api/privacy/delete-account', {
      password: PASSWORD,
      confirmation: 'yes',
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fieldErrors.confirmation).toEqual(['Type DELETE to confirm']);
    const applied = await creator.post('/api/applications', applicationBody({ requestedAmount: 5_000 }));
    expect(applied.statusCode).toBe(201);
    const pending = await creator.post('/api/privacy/delete-account', {
      password: PASSWORD,
      confirmation: 'delete',
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(
      `Cancel application #${applied.json().application.id} first (Dashboard, Applications), then delete your account.`,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, creator.userId));
    expect(row).toMatchObject({ status: 'active', anonymisedAt: null, deletionRequestedAt: null });
    expect((await creator.get('/api/privacy')).json()).toEqual({
      deletionRequestedAt: null,
      openLoanIds: [],
      pendingApplicationIds: [applied.json().application.id],
    });
  });

  it('with nothing owed erases every personal detail at once, keeps the money records and signs the creator out', async () => {
    const { creator, email, first, last, account, handle, business } = await richCreator('erase');
    const proof = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('proof.pdf', PDF_BYTES, 'application/pdf'),
    });
    const applied = await creator.post(
      '/api/applications',
      applicationBody({
        firstName: first,
        lastName: last,
        applicationType: 'business',
        businessName: business,
        registrationNumber: '2019/123456/07',
        annualTurnover: 240_000,
        assetValue: 50_000,
        requestedAmount: 4_000,
        manualPlatforms: [
          {
            platform: 'TikTok',
            username: handle,
            estimatedFollowers: 3000,
            estimatedRevenue: 900,
            proofFileId: proof.json().id,
          },
        ],
      }),
    );
    expect(applied.statusCode).toBe(201);
    const appId = applied.json().application.id as number;
    const approved = await admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${appId}`,
      payload: { status: 'approved', notes: `Spoke to ${first} ${last} on the phone` },
    });
    expect(approved.statusCode).toBe(200);
    expect(
      (
        await admin.post(`/api/applications/${appId}/repayment-schedule`, {
          frequency: 'monthly',
          withholdingPercentage: 20,
          estimatedPeriod: 6,
        })
      ).statusCode,
    ).toBe(200);
    await acceptAndPayOut(admin, creator, appId);
    const total = (await creator.get('/api/applications')).json()[0].repaymentSchedule.totalAmount as string;
    const paid = await payOk(admin, appId, total, TODAY);
    expect(paid.completed).toBe(true);
    const moneyBefore = await storedState(t.database.db, appId);
    const ledgerBefore = await ledgerBalances();
    const storedProof = path.join(t.config.dataDir, 'uploads', String(creator.userId));
    expect(existsSync(storedProof)).toBe(true);
    for (const term of [email, first, last, account, handle])
      expect((await mentions(term)).length).toBeGreaterThan(0);

    const res = await creator.post('/api/privacy/delete-account', {
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, outcome: 'erased', deletionRequestedAt: null });
    expect(res.cookies.find((c) => c.name === 'vuka_session')?.value).toBe('');

    // Nothing personal left anywhere: every text column of every table searched.
    for (const term of [email, first, last, account, handle, business])
      expect(await mentions(term)).toEqual([]);
    expect(existsSync(storedProof)).toBe(false);
    // Money records intact, the ledger still balances, and the account cannot be used again.
    expect(await storedState(t.database.db, appId)).toEqual(moneyBefore);
    expect(await ledgerBalances()).toEqual(ledgerBefore);
    expect(ledgerBefore.unbalanced).toBe(0);
    expect(ledgerBefore.debit).toBe(ledgerBefore.credit);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, creator.userId));
    expect(row).toMatchObject({
      username: `deleted-${creator.userId}@erased.invalid`,
      firstName: 'Deleted',
      status: 'deleted',
      bankName: null,
      bio: null,
    });
    expect(row!.anonymisedAt).not.toBeNull();
    expect((await creator.get('/api/user')).statusCode).toBe(401);
    expect((await signIn(email)).statusCode).toBe(401);
    const audit = await auditRows(t.database.db, creator.userId, 'account_erased');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.notes).toMatch(/^Personal data erased at the creator’s request/);
    // The admin sees an erased account without personal details, and the approval note scrubbed.
    const details = (await admin.get(`/api/admin/users/${creator.userId}`)).json();
    expect(details.user).toMatchObject({ firstName: 'Deleted', deletionRequestedAt: null });
    expect(details.user.anonymisedAt).not.toBeNull();
    expect(details.applications[0]).toMatchObject({ id: appId, requestedAmount: 4000, status: 'completed' });
  });

  it('gives one erasure for 20 parallel requests', async () => {
    const creator = await quickUser(t, 'twenty-at-once@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        creator.post('/api/privacy/delete-account', { password: PASSWORD, confirmation: 'DELETE' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const c of codes) expect([200, 401, 409, 429]).toContain(c);
    expect(codes.some((c) => c >= 500)).toBe(false);
    expect(await auditRows(t.database.db, creator.userId, 'account_erased')).toHaveLength(1);
  });

  it('with a loan open records the request, shows it to admins, and erases when the loan is repaid', async () => {
    const { creator, email, first, last, account } = await richCreator('owed');
    const loan = await adminLoan(admin, creator, { requestedAmount: 5_000 });

    const asked = await Promise.all(
      Array.from({ length: 20 }, () =>
        creator.post('/api/privacy/delete-account', { password: PASSWORD, confirmation: 'DELETE' }),
      ),
    );
    const ok = asked.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const a of asked) expect([200, 429]).toContain(a.statusCode);
    expect(ok[0]!.json()).toMatchObject({ outcome: 'scheduled' });
    expect(ok[0]!.json().message).toBe(
      `Your account will be deleted when financing #${loan.id} is repaid. Until then you can sign in, pay and download your data.`,
    );
    expect(await auditRows(t.database.db, creator.userId, 'deletion_requested')).toEqual([
      { admin_id: null, notes: `Waiting for #${loan.id} to be repaid` },
    ]);
    // Still the creator's account until then.
    expect((await signIn(email)).statusCode).toBe(200);
    expect((await creator.get('/api/privacy')).json()).toMatchObject({ openLoanIds: [loan.id] });
    expect((await creator.get('/api/privacy')).json().deletionRequestedAt).not.toBeNull();

    // Admins see the waiting request in the list (filter) and in the user's details.
    const listed = (await admin.get('/api/admin/users?deletion=requested&pageSize=200')).json();
    expect(listed.data.map((u: { id: number }) => u.id)).toContain(creator.userId);
    expect(
      listed.data.every((u: { deletionRequestedAt: string | null }) => u.deletionRequestedAt !== null),
    ).toBe(true);
    expect((await admin.get('/api/admin/users?deletion=maybe')).statusCode).toBe(400);
    const details = (await admin.get(`/api/admin/users/${creator.userId}`)).json();
    expect(details.user.deletionRequestedAt).not.toBeNull();

    // A part payment changes nothing; the payment that closes the loan carries the erasure out.
    await payOk(admin, loan.id, '100.00', TODAY);
    expect(await mentions(email)).not.toEqual([]);
    const ledgerBefore = await ledgerBalances();
    const rest = (await creator.get('/api/applications')).json()[0].repaymentSchedule
      .remainingAmount as string;
    const closing = await payOk(admin, loan.id, rest, TODAY);
    expect(closing.completed).toBe(true);
    // Mail not yet sent (the paid-up letter this payment queued) still goes to the creator; nothing else is left,
    // and the hourly clean-up removes that mail once delivered.
    for (const term of [email, first, last, account]) {
      for (const column of await mentions(term)) expect(column).toMatch(/^mail_outbox\./);
    }
    const [letter] = await queryRows<{ subject: string; status: string }>(
      t.database.db,
      sql`select subject, status from mail_outbox where user_id = ${creator.userId} order by id desc limit 1`,
    );
    expect(letter).toMatchObject({ status: 'pending' });
    await t.app.ctx.runJobsOnce();
    for (const term of [email, first, last, account]) expect(await mentions(term)).toEqual([]);
    const after = await ledgerBalances();
    expect(after.unbalanced).toBe(0);
    expect(after.debit).toBe(after.credit);
    expect(Number(after.debit)).toBeGreaterThan(Number(ledgerBefore.debit));
    expect((await signIn(email)).statusCode).toBe(401);
    const erased = await auditRows(t.database.db, creator.userId, 'account_erased');
    expect(erased).toHaveLength(1);
    expect(erased[0]!.notes).toMatch(new RegExp(`when financing #${loan.id} was repaid`));
    expect(
      (await admin.get('/api/admin/users?deletion=requested&pageSize=200'))
        .json()
        .data.map((u: { id: number }) => u.id),
    ).not.toContain(creator.userId);
  });

  it('lets the creator withdraw a waiting request', async () => {
    const creator = await quickUser(t, 'second-thoughts@example.com');
    const loan = await adminLoan(admin, creator, { requestedAmount: 3_000 });
    expect(
      (
        await creator.post('/api/privacy/delete-account', { password: PASSWORD, confirmation: 'DELETE' })
      ).json().outcome,
    ).toBe('scheduled');
    const withdrawn = await creator.request({ method: 'DELETE', url: '/api/privacy/deletion-request' });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({
      deletionRequestedAt: null,
      openLoanIds: [loan.id],
      pendingApplicationIds: [],
    });
    expect(
      (await creator.request({ method: 'DELETE', url: '/api/privacy/deletion-request' })).statusCode,
    ).toBe(409);
    expect(await auditRows(t.database.db, creator.userId, 'deletion_request_withdrawn')).toHaveLength(1);
    // Repaying now closes the loan and keeps the account.
    await payOk(admin, loan.id, loan.schedule.totalAmount, TODAY);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, creator.userId));
    expect(row).toMatchObject({ status: 'active', anonymisedAt: null });
  });
});
