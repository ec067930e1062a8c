// Collections (docs/collections.md): the worklist of loans in arrears ordered by risk, assignment to a
// collector with a next action date, the contact log, promises to pay that the payments received keep or break, and
// the creator's "I can't pay this month", which opens a case in the worklist. Refusals store nothing; a promise and a
// request for help are one at a time under bursts.
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { WorklistRow } from '../../src/shared/schemas/collections';
import { PASSWORD } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { plain } from '../support/notices';
import { adminLoan, auditRows, pay, payOk, quickUser, type SignedIn, travelTo } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let collector: SignedIn;
let underwriter: SignedIn;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'collections-admin@example.com', 'admin');
  collector = await quickUser(t, 'collections-collector@example.com', 'collector');
  underwriter = await quickUser(t, 'collections-underwriter@example.com', 'underwriter');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => travelTo(t, '2026-11-23'));

const newCreator = (tag: string) => quickUser(t, `collections-${tag}-${++n}@example.com`);

/** A loan (R 10 000 unless told) paid out on 23 November 2026 unless told, monthly over 12 months: the first
 * instalment falls due a month later. */
async function loanOf(tag: string, requestedAmount = 10_000, paidOutOn = '2026-11-23') {
  travelTo(t, paidOutOn);
  const creator = await newCreator(tag);
  const loan = await adminLoan(admin, creator, { requestedAmount });
  return { creator, loan };
}

async function worklist(client: Client, query = '') {
  const res = await client.get(`/api/admin/collections?pageSize=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: WorklistRow[];
    total: number;
    today: string;
    collectors: Array<{ id: number }>;
  };
}

const rowOf = async (client: Client, id: number, query = '') =>
  (await worklist(client, query)).data.find((r) => r.applicationId === id);

async function caseOf(client: Client, id: number) {
  const res = await client.get(`/api/admin/collections/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as WorklistRow & {
    contacts: Array<{ channel: string; outcome: string; note: string; staff: { id: number } | null }>;
    promises: Array<{ id: number; amount: string; paid: string; status: string; promisedFor: string }>;
    helpRequests: Array<{ id: number; status: string; outcome: string | null }>;
  };
}

const stored = (id: number) =>
  queryRows<{ contacts: number; promises: number; requests: number; accounts: number }>(
    t.database.db,
    sql`select (select count(*) from collection_contacts where application_id = ${id})::int as contacts,
      (select count(*) from payment_promises where application_id = ${id})::int as promises,
      (select count(*) from hardship_requests where application_id = ${id})::int as requests,
      (select count(*) from collection_accounts where application_id = ${id})::int as accounts`,
  );

describe('the worklist', () => {
  it('holds the loans in arrears, riskiest first: the later bucket, then the larger balance', async () => {
    const older = await loanOf('older', 5_000, '2026-10-23');
    const small = await loanOf('small', 6_000);
    const large = await loanOf('large', 12_000);
    const current = await loanOf('current', 8_000);
    // On 11 January 2027 the older loan's first instalment (23 November) is 49 days late, the others' (23 December)
    // 19 days; the current loan paid its instalment.
    travelTo(t, '2027-01-11');
    await payOk(admin, current.loan.id, current.loan.schedule.installmentAmount, '2026-12-23');
    const rows = (await worklist(collector)).data;
    const ids = rows.map((r) => r.applicationId);
    expect(ids).not.toContain(current.loan.id);
    const ours = ids.filter((id) => [small.loan.id, large.loan.id, older.loan.id].includes(id));
    expect(ours).toEqual([older.loan.id, large.loan.id, small.loan.id]);
    // Every row is in a bucket no less risky than the next, and within a bucket the balance falls.
    const rank = ['current', '1-30', '31-60', '61-90', '90+'];
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(rank.indexOf(a.bucket)).toBeGreaterThanOrEqual(rank.indexOf(b.bucket));
      if (a.bucket === b.bucket) expect(Number(a.balance)).toBeGreaterThanOrEqual(Number(b.balance));
    }
    const olderRow = rows.find((r) => r.applicationId === older.loan.id)!;
    expect(olderRow).toMatchObject({ daysPastDue: 49, bucket: '31-60', brokenPromises: 0, collector: null });
    // Both its instalments fallen due (23 November and 23 December) are unpaid.
    expect(olderRow.amountOverdue).toBe((Number(older.loan.schedule.installmentAmount) * 2).toFixed(2));
    // The bucket filter keeps to it.
    const late = (await worklist(collector, '&bucket=31-60')).data;
    expect(late.every((r) => r.bucket === '31-60')).toBe(true);
    expect(late.map((r) => r.applicationId)).toContain(older.loan.id);
  });

  it('is for staff: a visitor is asked to sign in, a creator refused', async () => {
    const creator = await newCreator('peek');
    expect((await new Client(t.app).get('/api/admin/collections')).statusCode).toBe(401);
    expect((await creator.get('/api/admin/collections')).statusCode).toBe(403);
    expect((await creator.get('/api/admin/collections/1')).statusCode).toBe(403);
    const bad = await collector.get('/api/admin/collections?view=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/view is one of/);
  });
});

describe('assigning a loan', () => {
  it("to a collector with a next action date: in the collector's own view, and audited", async () => {
    const { creator, loan } = await loanOf('assign');
    travelTo(t, '2027-01-05');
    const res = await admin.put(`/api/admin/collections/${loan.id}/assignment`, {
      collectorId: collector.userId,
      nextActionOn: '2027-01-07',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await rowOf(collector, loan.id, '&view=mine'))!;
    expect(row.collector).toEqual({ id: collector.userId, name: 'Ada Test' });
    expect(row.nextActionOn).toBe('2027-01-07');
    expect(await rowOf(collector, loan.id, '&view=due')).toBeUndefined();
    travelTo(t, '2027-01-07');
    expect(await rowOf(collector, loan.id, '&view=due')).toBeDefined();
    expect(await rowOf(collector, loan.id, '&view=unassigned')).toBeUndefined();
    const audit = await auditRows(t.database.db, creator.userId, 'collections_assigned');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('Ada');
  });

  it('refuses a creator as collector, a past date, an underwriter and a loan not being repaid; nothing stored', async () => {
    const { creator, loan } = await loanOf('assign-refused');
    travelTo(t, '2027-01-05');
    const toCreator = await admin.put(`/api/admin/collections/${loan.id}/assignment`, {
      collectorId: creator.userId,
      nextActionOn: null,
    });
    expect(toCreator.statusCode).toBe(400);
    expect(toCreator.json().error).toMatch(/active member of staff who collects/);
    const past = await admin.put(`/api/admin/collections/${loan.id}/assignment`, {
      collectorId: null,
      nextActionOn: '2027-01-04',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatch(/cannot be in the past/);
    const byUnderwriter = await underwriter.put(`/api/admin/collections/${loan.id}/assignment`, {
      collectorId: null,
      nextActionOn: null,
    });
    expect(byUnderwriter.statusCode).toBe(403);
    const pending = await admin.put('/api/admin/collections/999999/assignment', {
      collectorId: null,
      nextActionOn: null,
    });
    expect(pending.statusCode).toBe(404);
    expect(await stored(loan.id)).toEqual([{ contacts: 0, promises: 0, requests: 0, accounts: 0 }]);
  });
});

describe('the contact log', () => {
  it('keeps every contact, newest first, with who made it; a bad channel is refused and nothing stored', async () => {
    const { creator, loan } = await loanOf('contact');
    travelTo(t, '2027-01-05');
    const first = await collector.post(`/api/admin/collections/${loan.id}/contacts`, {
      channel: 'call',
      outcome: 'no_answer',
      note: 'Rang twice at 10:00.',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await collector.post(`/api/admin/collections/${loan.id}/contacts`, {
      channel: 'whatsapp',
      outcome: 'reached',
      note: 'Sponsor paid late; will pay on Friday.',
    });
    expect(second.json().message).toBe('Contact logged: WhatsApp: spoke to the creator.');
    const bad = await collector.post(`/api/admin/collections/${loan.id}/contacts`, {
      channel: 'pigeon',
      outcome: 'reached',
      note: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const empty = await collector.post(`/api/admin/collections/${loan.id}/contacts`, {
      channel: 'sms',
      outcome: 'reached',
      note: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Note is required/);
    const c = await caseOf(admin, loan.id);
    expect(c.contacts.map((x) => [x.channel, x.outcome, x.note, x.staff?.id])).toEqual([
      ['whatsapp', 'reached', 'Sponsor paid late; will pay on Friday.', collector.userId],
      ['call', 'no_answer', 'Rang twice at 10:00.', collector.userId],
    ]);
    expect(await auditRows(t.database.db, creator.userId, 'collections_contact')).toHaveLength(2);
  });
});

describe('promises to pay', () => {
  const promise = (client: Client, id: number, amount: string | number, promisedFor: string) =>
    client.post(`/api/admin/collections/${id}/promises`, { amount, promisedFor });

  it('are kept by the payments that arrive by their date', async () => {
    const { loan } = await loanOf('kept');
    travelTo(t, '2027-01-05');
    const made = await promise(collector, loan.id, '500.00', '2027-01-12');
    expect(made.statusCode, made.body).toBe(201);
    expect(plain(made.json().message)).toBe('Promise to pay R 500,00 by 12 Jan 2027 recorded.');
    await payOk(admin, loan.id, '300.00', '2027-01-05');
    let c = await caseOf(collector, loan.id);
    // What the creator handed over counts: the R 300,00 and its platform fee of 2,5 %.
    expect(c.promises[0]).toMatchObject({ amount: '500.00', paid: '307.50', status: 'open' });
    expect(c.openPromise).toMatchObject({ amount: '500.00', paid: '307.50', promisedFor: '2027-01-12' });
    travelTo(t, '2027-01-09');
    await payOk(admin, loan.id, '200.00', '2027-01-09');
    c = await caseOf(collector, loan.id);
    expect(c.promises[0]).toMatchObject({ paid: '512.50', status: 'kept' });
    expect(c.openPromise).toBeNull();
    travelTo(t, '2027-01-20');
    expect((await caseOf(collector, loan.id)).promises[0]!.status).toBe('kept');
    expect((await caseOf(collector, loan.id)).brokenPromises).toBe(0);
  });

  it('are broken when the date passes short; a later payment does not mend it; a reversed payment unkeeps one', async () => {
    const { loan } = await loanOf('broken');
    travelTo(t, '2027-01-05');
    expect((await promise(collector, loan.id, 400, '2027-01-08')).statusCode).toBe(201);
    travelTo(t, '2027-01-06');
    await payOk(admin, loan.id, '100.00', '2027-01-06');
    travelTo(t, '2027-01-09');
    await payOk(admin, loan.id, '300.00', '2027-01-09');
    let c = await caseOf(collector, loan.id);
    expect(c.promises[0]).toMatchObject({ paid: '102.50', status: 'broken' });
    expect(c.brokenPromises).toBe(1);
    expect((await rowOf(collector, loan.id))!.brokenPromises).toBe(1);
    // A new promise, kept by one payment, which is then reversed (it bounced): broken once its date passes.
    expect((await promise(collector, loan.id, 250, '2027-01-15')).statusCode).toBe(201);
    const paid = await payOk(admin, loan.id, '250.00', '2027-01-09');
    expect((await caseOf(collector, loan.id)).promises[0]!.status).toBe('kept');
    const reversal = await withSecondApproval(
      admin,
      admin.post(`/api/admin/payments/${paid.payment.id}/reverse`, { reason: 'The debit bounced' }),
    );
    expect(reversal.statusCode, reversal.body).toBe(200);
    c = await caseOf(collector, loan.id);
    expect(c.promises[0]).toMatchObject({ paid: '0.00', status: 'open' });
    travelTo(t, '2027-01-16');
    c = await caseOf(collector, loan.id);
    expect(c.promises.map((p) => p.status)).toEqual(['broken', 'broken']);
    expect(c.brokenPromises).toBe(2);
  });

  it('refuse a date past 31 days or in the past, more than the balance, and a second open promise; nothing stored', async () => {
    const { loan } = await loanOf('promise-refused');
    travelTo(t, '2027-01-05');
    const far = await promise(collector, loan.id, 100, '2027-02-06');
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toMatch(/from today to 05 Feb 2027 \(31 days\)/);
    expect((await promise(collector, loan.id, 100, '2027-01-04')).statusCode).toBe(400);
    const tooMuch = await promise(collector, loan.id, 50_000, '2027-01-10');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatch(/more than the balance owed/);
    expect((await promise(collector, loan.id, '12.345', '2027-01-10')).statusCode).toBe(400);
    expect((await promise(underwriter, loan.id, 100, '2027-01-10')).statusCode).toBe(403);
    expect(await stored(loan.id)).toEqual([{ contacts: 0, promises: 0, requests: 0, accounts: 0 }]);
    expect((await promise(collector, loan.id, 100, '2027-01-10')).statusCode).toBe(201);
    const second = await promise(collector, loan.id, 200, '2027-01-11');
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatch(/already has an open promise/);
  });

  it('one open at a time: of 20 asked at once, one is recorded', async () => {
    const { loan } = await loanOf('promise-burst');
    travelTo(t, '2027-01-05');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => promise(collector, loan.id, 100 + i, '2027-01-12')),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await stored(loan.id))[0]!.promises).toBe(1);
  });
});

describe("the creator's request for help", () => {
  const ask = (creator: Client, id: number, body: object = { reason: 'A sponsor cancelled this month.' }) =>
    creator.post(`/api/applications/${id}/help-request`, body);

  it('opens a case in the worklist with an answer date two business days on; the collector answers it', async () => {
    const { creator, loan } = await loanOf('help');
    // Friday 4 December 2026, nothing late yet: the answer is due Tuesday 8 December.
    travelTo(t, '2026-12-04');
    expect((await creator.get(`/api/applications/${loan.id}/help-request`)).json()).toEqual({
      success: true,
      data: null,
      answerBy: null,
    });
    const res = await ask(creator, loan.id, { reason: 'A sponsor cancelled this month.', canPay: '250.00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      answerBy: '2026-12-08',
      data: { status: 'open', canPay: '250.00', reason: 'A sponsor cancelled this month.' },
    });
    expect(res.json().message).toMatch(/A collector will contact you by 08 Dec 2026/);
    const row = (await rowOf(collector, loan.id, '&view=requests'))!;
    expect(row).toMatchObject({ bucket: 'current', nextActionOn: '2026-12-08' });
    expect(row.askedForHelpAt).not.toBeNull();
    const again = await ask(creator, loan.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already asked for help/);

    const requestId = res.json().data.id as number;
    const close = await collector.post(`/api/admin/collections/${loan.id}/help-requests/${requestId}/close`, {
      outcome: 'Agreed: R 250 now and the rest with the January instalment.',
    });
    expect(close.statusCode, close.body).toBe(200);
    const twice = await collector.post(`/api/admin/collections/${loan.id}/help-requests/${requestId}/close`, {
      outcome: 'again',
    });
    expect(twice.statusCode).toBe(409);
    expect((await creator.get(`/api/applications/${loan.id}/help-request`)).json()).toMatchObject({
      data: { status: 'closed', outcome: 'Agreed: R 250 now and the rest with the January instalment.' },
      answerBy: null,
    });
    expect(await rowOf(collector, loan.id)).toBeUndefined();
    expect(await auditRows(t.database.db, creator.userId, 'help_requested')).toHaveLength(1);
    expect(await auditRows(t.database.db, creator.userId, 'help_request_closed')).toHaveLength(1);
  });

  it("another creator's loan is not found; an empty reason is refused; 20 at once open one", async () => {
    const { creator, loan } = await loanOf('help-burst');
    const other = await newCreator('help-other');
    expect((await ask(other, loan.id)).statusCode).toBe(404);
    expect((await other.get(`/api/applications/${loan.id}/help-request`)).statusCode).toBe(404);
    const empty = await ask(creator, loan.id, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Tell us what has happened/);
    expect((await stored(loan.id))[0]!.requests).toBe(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(creator, loan.id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await stored(loan.id))[0]!.requests).toBe(1);
  });

  it('is refused on a loan that is not being repaid', async () => {
    const creator = await newCreator('help-none');
    const res = await creator.post('/api/applications/999999/help-request', { reason: 'Please help' });
    expect(res.statusCode).toBe(404);
    // A payment in full repays the loan: nothing left to ask about.
    const { creator: paidUp, loan } = await loanOf('help-repaid', 2_000);
    const settle = await pay(admin, loan.id, loan.schedule.totalAmount, '2026-11-23');
    expect(settle.statusCode, settle.body).toBe(201);
    const late = await ask(paidUp, loan.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/not being repaid/);
  });
});

describe("a creator's collections record and their data rights", () => {
  it('is in their data export without staff names, and their erasure removes their own words', async () => {
    const { creator, loan } = await loanOf('erase', 2_000);
    travelTo(t, '2026-12-04');
    expect(
      (await creator.post(`/api/applications/${loan.id}/help-request`, { reason: 'My mother is ill.' }))
        .statusCode,
    ).toBe(201);
    const note = `Spoke to ${creator.username} about the payment.`;
    expect(
      (
        await collector.post(`/api/admin/collections/${loan.id}/contacts`, {
          channel: 'call',
          outcome: 'reached',
          note,
        })
      ).statusCode,
    ).toBe(201);
    const exported = await creator.get('/api/privacy/export');
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const repayments = JSON.parse(strFromU8(files['repayments.json']!));
    expect(repayments.helpRequests).toEqual([expect.objectContaining({ reason: 'My mother is ill.' })]);
    expect(repayments.contacts).toEqual([expect.objectContaining({ note, channel: 'call' })]);
    expect(JSON.stringify(repayments.contacts)).not.toContain('staffId');

    // Repaid in full, the account can be deleted.
    await payOk(admin, loan.id, loan.schedule.totalAmount, '2026-12-04');
    const deleted = await creator.post('/api/privacy/delete-account', {
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [stored] = await queryRows<{ reason: string; note: string }>(
      t.database.db,
      sql`select h.reason, c.note from hardship_requests h join collection_contacts c using (application_id)
          where h.application_id = ${loan.id}`,
    );
    expect(stored).toEqual({ reason: '[erased]', note: 'Spoke to [erased] about the payment.' });
  });
});
