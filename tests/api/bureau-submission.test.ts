// The monthly credit bureau submission (docs/compliance.md, "Credit bureau"): the job makes last
// month's file once, with a header, one record per agreement with a balance and a trailer with the totals; arrears
// are reported as adverse only once the consumer's 20 business days' notice has run; admins download it.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ID_NUMBER } from '../support/accounts';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, auditRows, payOk, type SignedIn, travelTo } from '../support/servicing';
import type { TestApp } from '../support/test-app';

const records = (csv: string) => csv.trimEnd().split('\r\n');

describe('the monthly credit bureau submission', () => {
  const notices = useNoticesHarness('bureau');
  const { newCreator, runJobs } = notices;
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(() => {
    ({ t, admin } = notices);
  });

  it('reports every agreement with a balance, adverse only after the notice, once a month', async () => {
    const second = await adminLoan(admin, await newCreator('second'), { requestedAmount: 12_000 });
    const late = await adminLoan(admin, await newCreator('late'), { requestedAmount: 12_000 });
    const lateRef = `VUKA${String(late.id).padStart(8, '0')}`;
    const secondRef = `VUKA${String(second.id).padStart(8, '0')}`;

    // 1 December: November's file, both current.
    travelTo(t, '2026-12-01');
    await runJobs();
    await runJobs();
    const list = await admin.get('/api/admin/bureau-submissions');
    expect(list.statusCode).toBe(200);
    // Tests run in any order: other tests' loans may be in the file too; these two are.
    expect(list.json()).toContainEqual({
      period: '2026-11',
      rows: expect.any(Number),
      totalBalance: expect.any(String),
      createdAt: expect.any(String),
    });
    const downloads = () => auditRows(t.database.db, admin.userId, 'bureau_submission_downloaded');
    const downloadedBefore = (await downloads()).length;
    const november = await admin.get('/api/admin/bureau-submissions/2026-11');
    expect(november.statusCode).toBe(200);
    expect(november.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(november.headers['content-disposition']).toBe('attachment; filename="vuka-bureau-2026-11.csv"');
    const lines = records(november.body);
    expect(lines[0]).toBe('H,NCRCP00000,Vuka Capital (Pty) Ltd,2026-11,2026-12-01');
    expect(lines[1]).toBe(
      'record,account,id_number,passport_number,registration_number,date_of_birth,surname,forenames,agreement_class,opened_on,principal,instalment,balance,arrears_amount,days_in_arrears,status,adverse,last_payment_on',
    );
    const data = lines.filter((l) => l.startsWith('D,'));
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(lines).toHaveLength(data.length + 3);
    const lateRow = lines.find((l) => l.includes(lateRef))!.split(',');
    expect(lateRow).toEqual([
      'D',
      lateRef,
      TEST_ID_NUMBER,
      '',
      '',
      '1990-01-15',
      expect.any(String),
      expect.any(String),
      'unsecured',
      '2026-11-23',
      '12000.00',
      late.schedule.installmentAmount,
      late.schedule.totalAmount,
      '0.00',
      '0',
      'C',
      'N',
      '',
    ]);
    // The trailer counts the records and adds up their balances (column 13) and the arrears reported (column 14).
    const sum = (column: number) =>
      (data.reduce((cents, l) => cents + Math.round(Number(l.split(',')[column]) * 100), 0) / 100).toFixed(2);
    expect(lines.at(-1)).toBe(`T,${data.length},${sum(12)},${sum(13)}`);
    expect(data.find((l) => l.includes(secondRef))).toContain(`,${second.schedule.totalAmount},0.00,0,C,N,`);
    // The download is audited.
    expect((await downloads()).length).toBe(downloadedBefore + 1);

    // The late loan misses 23 December; the notice goes on 22 January, adverse from 20 February. January's file
    // (made 1 February) still reports it current; February's (made 1 March) reports the arrears.
    travelTo(t, '2027-01-22');
    await runJobs();
    travelTo(t, '2027-02-01');
    await runJobs();
    const january = records((await admin.get('/api/admin/bureau-submissions/2027-01')).body);
    expect(january.find((l) => l.includes(lateRef))).toMatch(/,0\.00,0,C,N,$/);
    travelTo(t, '2027-03-01');
    await runJobs();
    const february = records((await admin.get('/api/admin/bureau-submissions/2027-02')).body);
    const overdue = february.find((l) => l.includes(lateRef))!.split(',');
    // Three instalments unpaid by 28 February (23 December, 23 January, 23 February), 67 days late.
    expect(overdue.slice(13)).toEqual([
      (Number(late.schedule.installmentAmount) * 3).toFixed(2),
      '67',
      'A',
      'Y',
      '',
    ]);
    // The other loan, never paid either, is in arrears too.
    expect(february.find((l) => l.includes(secondRef))).toContain(',A,Y,');
  });

  it('reports a loan repaid after the month ended with its balance at the month’s end', async () => {
    const loan = await adminLoan(admin, await newCreator('repaid'), { requestedAmount: 12_000 });
    const ref = `VUKA${String(loan.id).padStart(8, '0')}`;
    // Repaid in full on 2 April 2027: it was owed all of its balance at the end of March.
    travelTo(t, '2027-04-02');
    await payOk(admin, loan.id, loan.schedule.totalAmount, '2027-04-02');
    travelTo(t, '2027-04-03');
    await runJobs();
    const march = records((await admin.get('/api/admin/bureau-submissions/2027-03')).body);
    const row = march.find((l) => l.includes(ref))!.split(',');
    expect(row[12]).toBe(loan.schedule.totalAmount);
  });

  it('answers 400 for a month written wrongly, 404 for one not made, 401 and 403 to others', async () => {
    expect((await admin.get('/api/admin/bureau-submissions/2026-13')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/bureau-submissions/2020-01')).statusCode).toBe(404);
    const creator = await newCreator('guard');
    expect((await creator.get('/api/admin/bureau-submissions')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/bureau-submissions' })).statusCode).toBe(
      401,
    );
  });
});
