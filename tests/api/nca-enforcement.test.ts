// Default, enforcement, debt review and monthly statements under the National Credit Act (
// docs/compliance.md): the daily job on the app's clock sends the section 129 notice on the 20th business day in
// arrears (and the notice before a bureau report), once; enforcement is refused until 10 business days after it;
// a debt counsellor's notice stops reminders, notices and enforcement, and its order restructures the loan; each
// loan with a balance gets last month's statement once. Mail goes through a real SMTP server started here.
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, auditRows, payOk, type SignedIn, servicingOf, travelTo } from '../support/servicing';
import type { TestApp } from '../support/test-app';

describe('the National Credit Act after the payout', () => {
  const notices = useNoticesHarness('nca');
  const { newCreator, runJobs, inbox, only } = notices;
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(() => {
    ({ t, admin } = notices);
  });
  const nca = (id: number) => admin.get(`/api/admin/applications/${id}/nca`);
  const record = (id: number, path: string, payload: object) =>
    admin.post(`/api/admin/applications/${id}/nca/${path}`, payload);

  it('sends the section 129 notice on the 20th business day in arrears, once, and refuses enforcement for 10 business days after it', async () => {
    const creator = await newCreator('s129');
    // Monthly from 23 November 2026: the first instalment falls due on Wednesday 23 December and is never paid.
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });

    // 20 business days from 23 December (25 December and 1 January are holidays): Friday 22 January 2027.
    travelTo(t, '2027-01-21');
    await runJobs();
    expect(inbox(creator.username).filter((m) => /section 129/.test(m.subject))).toHaveLength(0);
    const before = (await nca(loan.id)).json();
    expect(before.timeline).toMatchObject({
      stage: 'in_arrears',
      arrearsFrom: '2026-12-23',
      noticeDueOn: '2027-01-22',
      canEnforce: false,
    });
    const early = await record(loan.id, 'enforcement', { step: 'collections' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'No section 129 notice has been delivered: it goes on 22 January 2027, and enforcement waits 10 business days after it (s129(1), s130(1)(a)).',
    );

    travelTo(t, '2027-01-22');
    await runJobs();
    await runJobs();
    const notice = only(creator.username, /section 129\(1\)\(a\)/);
    expect(notice.subject).toBe(
      `Notice in terms of section 129(1)(a) of the National Credit Act: financing #${loan.id}`,
    );
    for (const text of [
      'You are in default under the agreement: payments have been in arrears since 23 December 2026',
      'refer this credit agreement to a debt counsellor, an alternative dispute resolution agent, the consumer court or the ombud with jurisdiction',
      'A debt counsellor: a debt counsellor registered with the National Credit Regulator: www.ncr.org.za',
      'The ombud with jurisdiction: the Credit Ombud: www.creditombud.org.za',
      `Payment reference: ${paymentReferenceFor(loan.id)}`,
      'Account number: shown when you sign in to Vuka Capital (we never send it by e-mail)',
      'before 6 February 2027, 10 business days after this notice',
      'NCR registration number NCRCP00000',
    ]) {
      expect(notice.text).toContain(text);
    }
    const bureau = only(creator.username, /before we report to a credit bureau/);
    expect(bureau.text).toContain(
      'If it is still in arrears on 20 February 2027 (20 business days from this notice',
    );

    const sent = (await nca(loan.id)).json();
    expect(sent.timeline).toMatchObject({
      stage: 'notice_sent',
      noticeDeliveredOn: '2027-01-22',
      enforcementAllowedFrom: '2027-02-06',
      bureauNoticeOn: '2027-01-22',
      adverseListingAllowedFrom: '2027-02-20',
      canEnforce: false,
    });
    expect(sent.events.map((e: { kind: string; byAdmin: boolean }) => [e.kind, e.byAdmin])).toEqual([
      ['s129_notice', false],
      ['bureau_adverse_notice', false],
    ]);

    // The same notice by registered post: the reference is checked, and the posting date cannot precede the notice.
    expect(
      (await record(loan.id, 'registered-post', { reference: '12345', postedOn: '2027-01-22' })).statusCode,
    ).toBe(400);
    expect(
      (await record(loan.id, 'registered-post', { reference: 'RD123456789ZA', postedOn: '2027-01-21' }))
        .statusCode,
    ).toBe(400);
    const posted = await record(loan.id, 'registered-post', {
      reference: 'rd123456789za',
      postedOn: '2027-01-22',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().timeline.registeredPost).toEqual({
      reference: 'RD123456789ZA',
      postedOn: '2027-01-22',
    });

    // Friday 5 February is the 10th business day: not yet.
    travelTo(t, '2027-02-05');
    const waiting = await record(loan.id, 'enforcement', { step: 'legal' });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toContain('no enforcement step before 6 February 2027');
    travelTo(t, '2027-02-08');
    const handed = await record(loan.id, 'enforcement', { step: 'collections', note: 'ABC Collections' });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().timeline).toMatchObject({
      stage: 'enforcement_started',
      enforcementOn: '2027-02-08',
    });
    const audit = await auditRows(t.database.db, creator.userId, 'nca_enforcement');
    expect(audit.map((row) => row.notes)).toEqual([
      `#${loan.id}: handed over to collections: ABC Collections`,
    ]);
  });

  it('a debt counsellor’s notice stops reminders, notices and enforcement; its order restructures the loan; its end resumes them', async () => {
    const reviewed = await newCreator('review');
    const control = await newCreator('control');
    const loan = await adminLoan(admin, reviewed, { requestedAmount: 12_000 });
    await adminLoan(admin, control, { requestedAmount: 12_000 });

    travelTo(t, '2026-12-01');
    const bad = await record(loan.id, 'debt-review', {
      counsellorName: 'Thuli Mokoena',
      counsellorNcrNumber: '1234',
      reference: 'DR-77',
      noticeDate: '2026-12-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.counsellorNcrNumber).toBeDefined();
    const form = {
      counsellorName: 'Thuli Mokoena',
      counsellorNcrNumber: 'ncrdc1234',
      reference: 'DR-77',
      noticeDate: '2026-12-01',
    };
    const marked = await record(loan.id, 'debt-review', form);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().debtReview).toEqual({
      since: '2026-12-01',
      counsellorName: 'Thuli Mokoena',
      counsellorNcrNumber: 'NCRDC1234',
      reference: 'DR-77',
    });
    expect((await record(loan.id, 'debt-review', form)).statusCode).toBe(409);

    // Three days before 23 December: the control creator is reminded, the one under review is not.
    travelTo(t, '2026-12-20');
    await runJobs();
    expect(inbox(control.username).filter((m) => /reminder/i.test(m.subject))).toHaveLength(1);
    expect(inbox(reviewed.username).filter((m) => /reminder/i.test(m.subject))).toHaveLength(0);
    // Nor an overdue notice, nor the section 129 notice on the 20th business day.
    travelTo(t, '2027-01-22');
    await runJobs();
    expect(
      inbox(reviewed.username).filter((m) => /overdue|section 129|credit bureau/i.test(m.subject)),
    ).toHaveLength(0);
    expect(inbox(control.username).filter((m) => /section 129/.test(m.subject))).toHaveLength(1);
    const position = (await nca(loan.id)).json();
    expect(position.timeline).toMatchObject({
      stage: 'debt_review',
      canEnforce: false,
      noticeDeliveredOn: null,
    });
    const refused = await record(loan.id, 'enforcement', { step: 'legal' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('under debt review');

    // The restructuring order: the balance over 24 months.
    const order = await record(loan.id, 'debt-review/order', {
      estimatedPeriod: 24,
      orderReference: 'MC-2027-115',
      orderDate: '2027-01-20',
    });
    expect(order.statusCode).toBe(200);
    expect(order.json().events.at(-1)).toMatchObject({
      kind: 'debt_review_order',
      occurredOn: '2027-01-20',
      details: { reference: 'MC-2027-115', months: 24 },
    });
    const servicing = await servicingOf(reviewed, loan.id);
    expect(servicing.position.amountOverdue).toBe('0.00');

    // Ended: the agreement (as restructured) is followed again.
    const ended = await record(loan.id, 'debt-review/end', { reason: 'Clearance certificate issued' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ debtReview: null, timeline: { underDebtReview: false } });
    // A restructuring order only under debt review.
    expect(
      (
        await record(loan.id, 'debt-review/order', {
          estimatedPeriod: 12,
          orderReference: 'X',
          orderDate: '2027-01-22',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('e-mails last month’s statement to each loan with a balance, once a month', async () => {
    const creator = await newCreator('statement');
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    const total = loan.schedule.totalAmount;
    travelTo(t, '2026-12-01');
    await runJobs();
    await runJobs();
    const november = only(creator.username, /statement for financing/);
    expect(november.subject).toBe(
      `Your Vuka Capital statement for financing #${loan.id}: 1 November 2026 to 30 November 2026`,
    );
    expect(november.text).toContain('section 108 of the National Credit Act');
    expect(november.text).toMatch(/Opening balance: R [\d ]+,\d\d/);

    travelTo(t, '2026-12-23');
    await payOk(admin, loan.id, loan.schedule.installmentAmount, '2026-12-23');
    travelTo(t, '2027-01-04');
    await runJobs();
    const december = inbox(creator.username).filter((m) => /statement for financing/.test(m.subject));
    expect(december).toHaveLength(2);
    const text = december[1]!.text;
    const zar = (value: string) =>
      `R ${Number(value).toLocaleString('en-ZA', { minimumFractionDigits: 2 }).replace(/\s/g, ' ')}`;
    expect(text).toContain(`Opening balance: ${zar(total)}`);
    expect(text).toContain(`Payment on 23 December 2026: ${zar(loan.schedule.installmentAmount)}`);
    expect(text).toContain(
      `Closing balance: ${zar((Number(total) - Number(loan.schedule.installmentAmount)).toFixed(2))}`,
    );
  });

  it('a loan whose first instalment has not fallen due, or falls due today, is not in arrears', async () => {
    const creator = await newCreator('current');
    // Monthly from 23 November 2026: the first instalment falls due on 23 December.
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    const current = { stage: 'current', arrearsFrom: null, noticeDueOn: null, canEnforce: false };
    expect((await nca(loan.id)).json().timeline).toMatchObject(current);
    travelTo(t, '2026-12-23');
    expect((await nca(loan.id)).json().timeline).toMatchObject(current);
    travelTo(t, '2026-12-24');
    expect((await nca(loan.id)).json().timeline).toMatchObject({
      stage: 'in_arrears',
      arrearsFrom: '2026-12-23',
    });
  });

  it('the development route runs the daily notices as at midday, also after 18:00 in Johannesburg', async () => {
    const creator = await newCreator('dev-run');
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    // 19:30 in Johannesburg: the scheduled job would send nothing now.
    travelTo(t, '2027-01-22', '19:30');
    const run = await t.app.inject({ method: 'POST', url: '/dev/notices/run' });
    expect(run.statusCode).toBe(200);
    expect(run.json().sent).toMatchObject({ ran: true });
    expect((await nca(loan.id)).json().timeline).toMatchObject({
      stage: 'notice_sent',
      noticeDeliveredOn: '2027-01-22',
    });
  });

  it('answers 401 to a visitor, 403 to a creator and 404 for an unknown loan', async () => {
    const creator = await newCreator('guard');
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/applications/${loan.id}/nca` })).statusCode,
    ).toBe(401);
    expect((await creator.get(`/api/admin/applications/${loan.id}/nca`)).statusCode).toBe(403);
    expect(
      (await creator.post(`/api/admin/applications/${loan.id}/nca/enforcement`, { step: 'legal' }))
        .statusCode,
    ).toBe(403);
    expect((await nca(999_999)).statusCode).toBe(404);
  });
});
