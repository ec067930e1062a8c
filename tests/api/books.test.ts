// The books a finance team closes (docs/accounting.md): the chart of accounts in the database, the
// trial balance on any day against sums computed here, capital paid in, month-end close in order and once (20 at
// once close it once), a backdated payment into a closed month booked in the open one, and the journal export in
// Xero's and Sage's layouts read back. Each test starts with no month closed.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { SAGE_COLUMNS, XERO_COLUMNS } from '../../src/server/features/ledger/journal-export';
import { CHART_OF_ACCOUNTS, nextPeriod } from '../../src/shared/ledger/chart-of-accounts';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, payOk, quickUser, travelTo } from '../support/servicing';

type TrialBalanceAnswer = {
  asOf: string;
  fromClose: string | null;
  accounts: Array<{ account: string; code: string; name: string; debit: string; credit: string }>;
  totals: { debit: string; credit: string };
  balanced: boolean;
};

describe('the books', () => {
  const h = useNoticesHarness('books');
  beforeEach(async () => {
    await h.t.database.db.execute(sql`delete from ledger_periods`);
  });

  /** Each account's debits less credits over every journal booked up to `day`, computed here from the lines. */
  async function balancesBookedBy(day: string) {
    const rows = await queryRows<{ account: string; balance: string }>(
      h.t.database.db,
      sql`select l.account, sum(l.debit - l.credit)::numeric(14,2)::text as balance
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
        where e.booked_on <= ${day} group by l.account`,
    );
    return new Map(rows.map((r) => [r.account, r.balance]));
  }

  async function trialBalance(asOf?: string) {
    const res = await h.admin.get(`/api/admin/books/trial-balance${asOf ? `?asOf=${asOf}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TrialBalanceAnswer;
  }

  /** The trial balance as account -> signed balance (debit positive), accounts at zero left out. */
  const signed = (tb: TrialBalanceAnswer) =>
    new Map(
      tb.accounts
        .map((a) => [a.account, new Decimal(a.debit).minus(a.credit).toFixed(2)] as const)
        .filter(([, b]) => b !== '0.00'),
    );
  const nonZero = (m: Map<string, string>) => new Map([...m].filter(([, b]) => b !== '0.00'));

  it('adds up to the sums of the journal lines on any day, debits equal to credits, in the chart order', async () => {
    const creator = await h.newCreator('tb');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 10_000 });
    travelTo(h.t, '2026-12-23');
    await payOk(h.admin, loan.id, loan.schedule.installmentAmount, '2026-12-22');

    const today = await trialBalance();
    expect(today.asOf).toBe('2026-12-23');
    expect(today.balanced).toBe(true);
    expect(today.totals.debit).toBe(today.totals.credit);
    expect(signed(today)).toEqual(nonZero(await balancesBookedBy('2026-12-23')));
    expect(today.accounts.map((a) => a.code)).toEqual(
      Object.values(CHART_OF_ACCOUNTS)
        .map((a) => a.code)
        .sort(),
    );
    // A day before the payment leaves it out.
    const before = await trialBalance('2026-12-21');
    expect(signed(before)).toEqual(nonZero(await balancesBookedBy('2026-12-21')));
    expect(signed(before).get('cash')).not.toBe(signed(today).get('cash'));

    // The same figures as a CSV file: each account's line, then the totals.
    const csv = await h.admin.get('/api/admin/books/trial-balance.csv?asOf=2026-12-21');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/vuka-trial-balance-2026-12-21\.csv/);
    const rows = Papa.parse<Record<string, string>>(csv.body, { header: true, skipEmptyLines: true }).data;
    expect(Object.keys(rows[0]!)).toEqual(['As at', 'Account code', 'Account', 'Debit', 'Credit']);
    expect(rows.map((r) => [r['Account code'], r.Debit, r.Credit])).toEqual([
      ...before.accounts.map((a) => [a.code, a.debit, a.credit]),
      ['', before.totals.debit, before.totals.credit],
    ]);

    const future = await h.admin.get('/api/admin/books/trial-balance?asOf=2026-12-24');
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/cannot be after today/);
    expect((await h.admin.get('/api/admin/books/trial-balance?asOf=2026-02-30')).statusCode).toBe(400);
  });

  it('records capital paid in: bank and funding capital rise, audited; bad input stores nothing', async () => {
    const before = signed(await trialBalance());
    const res = await h.admin.post('/api/admin/books/capital', {
      amount: '250000.00',
      receivedOn: '2026-11-20',
      reference: 'Seed round tranche 1',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toMatch(/R\s250\s000,00 of capital received on 20 Nov 2026/);
    const after = signed(await trialBalance());
    expect(new Decimal(after.get('cash') ?? 0).minus(before.get('cash') ?? 0).toFixed(2)).toBe('250000.00');
    expect(
      new Decimal(after.get('funding_capital') ?? 0).minus(before.get('funding_capital') ?? 0).toFixed(2),
    ).toBe('-250000.00');
    const audit = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from user_admin_actions where action = 'capital_received'`,
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(1);

    for (const body of [
      { amount: '-5', receivedOn: '2026-11-20', reference: 'x-ref' },
      { amount: '100', receivedOn: '2026-11-24', reference: 'Future money' },
      { amount: '100.001', receivedOn: '2026-11-20', reference: 'Cents' },
      { amount: '100', receivedOn: '2026-11-20', reference: '' },
      { amount: '100', receivedOn: '2026-11-20', reference: 'ok ref', extra: 1 },
    ]) {
      const refused = await h.admin.post('/api/admin/books/capital', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    expect(signed(await trialBalance())).toEqual(after);
  });

  it('closes months in order once they end; a payment dated in a closed month is booked in the open one', async () => {
    const creator = await h.newCreator('close');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 10_000 });
    const first = (
      await queryRows<{ day: string }>(
        h.t.database.db,
        sql`select min(booked_on)::text as day from ledger_entries`,
      )
    )[0]!.day;
    const firstMonth = first.slice(0, 7);

    const early = await h.admin.post('/api/admin/books/periods/2026-11/close');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(
      firstMonth === '2026-11' ? /has not ended: it can be closed from 01 Dec 2026/ : /first/,
    );

    travelTo(h.t, '2027-01-05');
    // Every month before November must close first, one by one, in order.
    const outOfOrder = await h.admin.post('/api/admin/books/periods/2026-12/close');
    expect(outOfOrder.statusCode).toBe(409);
    expect(outOfOrder.json().message).toMatch(/first: months are closed in order/);
    const periods = (await h.admin.get('/api/admin/books/periods')).json();
    expect(periods.nextToClose).toBe(firstMonth);
    for (let p = firstMonth; p <= '2026-11'; ) {
      const res = await h.admin.post(`/api/admin/books/periods/${p}/close`);
      expect(res.statusCode, res.body).toBe(200);
      p = nextPeriod(p);
    }
    const novemberClose = await trialBalance('2026-11-30');
    expect(novemberClose.fromClose).toBe('2026-11');
    expect(signed(novemberClose)).toEqual(nonZero(await balancesBookedBy('2026-11-30')));

    const again = await h.admin.post('/api/admin/books/periods/2026-11/close');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already closed/);

    // A payment received on 28 November, recorded on 5 January: November is closed, so it is booked on 5 January.
    const paid = await payOk(h.admin, loan.id, loan.schedule.installmentAmount, '2026-11-28');
    const [journal] = await queryRows<{ concerns_on: string; booked_on: string; description: string }>(
      h.t.database.db,
      sql`select concerns_on::text, booked_on::text, description from ledger_entries
        where payment_id = ${paid.payment.id} and kind = 'repayment'`,
    );
    expect(journal).toEqual({
      concerns_on: '2026-11-28',
      booked_on: '2027-01-05',
      description: expect.stringMatching(/concerns 28 Nov 2026, in a closed month/),
    });
    // November reads as it closed; today's balance has the payment.
    expect(signed(await trialBalance('2026-11-30'))).toEqual(signed(novemberClose));
    expect(signed(await trialBalance())).toEqual(nonZero(await balancesBookedBy('2027-01-05')));

    const list = (await h.admin.get('/api/admin/books/periods')).json();
    expect(list.lastClosed).toBe('2026-11');
    expect(list.nextToClose).toBe('2026-12');
    expect(list.periods[0]).toMatchObject({ period: '2027-01', status: 'open', closable: false });
    expect(list.periods[1]).toMatchObject({
      period: '2026-12',
      label: 'December 2026',
      status: 'open',
      closable: true,
    });
    expect(list.periods[2]).toMatchObject({
      period: '2026-11',
      status: 'closed',
      closedBy: 'Ada Test',
      closable: false,
    });

    const audit = await queryRows<{ notes: string }>(
      h.t.database.db,
      sql`select notes from user_admin_actions where action = 'books_period_closed' order by id desc limit 1`,
    );
    expect(audit[0]!.notes).toMatch(/November 2026 closed: its trial balance stands at R/);
  });

  it('closes a month once when 20 ask at once, and misses none of the payments posted into it meanwhile', async () => {
    const loans = [];
    for (const tag of ['race-a', 'race-b', 'race-c']) {
      loans.push(await adminLoan(h.admin, await h.newCreator(tag), { requestedAmount: 5_000 }));
    }
    travelTo(h.t, '2026-12-03');
    const first = (await h.admin.get('/api/admin/books/periods')).json().nextToClose as string;
    for (let p = first; p < '2026-11'; ) {
      expect((await h.admin.post(`/api/admin/books/periods/${p}/close`)).statusCode).toBe(200);
      p = nextPeriod(p);
    }
    // Payments dated 28 November arrive while November closes: each is booked in November (before the close) or on
    // 3 December (after it), and the closing balances hold exactly those booked in November.
    const payments = loans.flatMap((loan) =>
      Array.from({ length: 5 }, () =>
        h.admin.post(`/api/admin/applications/${loan.id}/payments`, {
          amount: 100,
          paymentDate: '2026-11-28',
        }),
      ),
    );
    const closes = Array.from({ length: 20 }, () => h.admin.post('/api/admin/books/periods/2026-11/close'));
    const [paid, answers] = await Promise.all([Promise.all(payments), Promise.all(closes)]);
    for (const res of paid) expect(res.statusCode, res.body).toBe(201);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const kept = await queryRows<{ account: string; balance: string }>(
      h.t.database.db,
      sql`select account, (debit - credit)::numeric(14,2)::text as balance from ledger_period_balances
        where period = '2026-11'`,
    );
    expect(kept).toHaveLength(Object.keys(CHART_OF_ACCOUNTS).length);
    expect(nonZero(new Map(kept.map((r) => [r.account, r.balance])))).toEqual(
      nonZero(await balancesBookedBy('2026-11-30')),
    );
    const booked = await queryRows<{ booked_on: string }>(
      h.t.database.db,
      sql`select e.booked_on::text from ledger_entries e join payments p on p.id = e.payment_id
        where p.payment_date = '2026-11-28' and p.amount = 100 and e.kind = 'repayment'
          and p.application_id in (${sql.join(
            loans.map((l) => sql`${l.id}`),
            sql`, `,
          )})`,
    );
    expect(booked).toHaveLength(15);
    for (const b of booked) expect(['2026-11-28', '2026-12-03']).toContain(b.booked_on);
    // Its days' totals were kept from the same lines: 28 November's are exactly the payments booked in November.
    const keptDay = await queryRows<{ kept: string | null; lines: string | null }>(
      h.t.database.db,
      sql`select (select debit::text from ledger_period_daily_totals where booked_on = '2026-11-28' and account = 'cash')
          as kept,
        (select sum(debit)::text from ledger_lines where booked_on = '2026-11-28' and account = 'cash') as lines`,
    );
    expect(keptDay[0]!.kept).toBe(keptDay[0]!.lines);
  });

  it('exports the journals booked in a period in Xero and Sage layouts that read back to the same books', async () => {
    const creator = await h.newCreator('export');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 8_000 });
    travelTo(h.t, '2026-12-23');
    await payOk(h.admin, loan.id, loan.schedule.installmentAmount, '2026-12-23');
    const movements = async (from: string, to: string) => {
      const rows = await queryRows<{ account: string; balance: string }>(
        h.t.database.db,
        sql`select l.account, sum(l.debit - l.credit)::numeric(14,2)::text as balance
          from ledger_lines l join ledger_entries e on e.id = l.entry_id
          where e.booked_on between ${from} and ${to} group by l.account`,
      );
      return nonZero(
        new Map(
          rows.map((r) => [CHART_OF_ACCOUNTS[r.account as keyof typeof CHART_OF_ACCOUNTS].code, r.balance]),
        ),
      );
    };

    const xero = await h.admin.get(
      '/api/admin/books/journal.csv?from=2026-11-01&to=2026-12-31&layout=xero&detail=entries',
    );
    expect(xero.statusCode, xero.body).toBe(200);
    expect(xero.headers['content-disposition']).toMatch(/vuka-journals-xero-2026-11-01-to-2026-12-31\.csv/);
    const x = Papa.parse<Record<string, string>>(xero.body, { header: true, skipEmptyLines: true });
    expect(x.meta.fields).toEqual([...XERO_COLUMNS]);
    const byJournal = new Map<string, Decimal>();
    const byCode = new Map<string, Decimal>();
    for (const row of x.data) {
      expect(row['*Date']).toMatch(/^\d{2}\/\d{2}\/2026$/);
      expect(row['*TaxRate']).toBe('No VAT');
      const key = `${row['*Narration']}|${row['*Date']}`;
      byJournal.set(key, (byJournal.get(key) ?? new Decimal(0)).plus(row['*Amount']!));
      byCode.set(
        row['*AccountCode']!,
        (byCode.get(row['*AccountCode']!) ?? new Decimal(0)).plus(row['*Amount']!),
      );
    }
    expect(byJournal.size).toBeGreaterThan(1);
    for (const total of byJournal.values()) expect(total.toFixed(2)).toBe('0.00');
    expect(nonZero(new Map([...byCode].map(([c, d]) => [c, d.toFixed(2)])))).toEqual(
      await movements('2026-11-01', '2026-12-31'),
    );
    expect(x.data.some((r) => r['*Narration']!.includes(`(loan #${loan.id})`))).toBe(true);

    const sage = await h.admin.get(
      '/api/admin/books/journal.csv?from=2026-11-01&to=2026-12-31&layout=sage&detail=entries',
    );
    expect(sage.statusCode).toBe(200);
    const s = Papa.parse<Record<string, string>>(sage.body, { header: true, skipEmptyLines: true });
    expect(s.meta.fields).toEqual([...SAGE_COLUMNS]);
    const sageByCode = new Map<string, Decimal>();
    for (const row of s.data) {
      const amount = new Decimal(row.Debit || 0).minus(row.Credit || 0);
      sageByCode.set(
        row['Ledger Account Number']!,
        (sageByCode.get(row['Ledger Account Number']!) ?? new Decimal(0)).plus(amount),
      );
    }
    expect(nonZero(new Map([...sageByCode].map(([c, d]) => [c, d.toFixed(2)])))).toEqual(
      await movements('2026-11-01', '2026-12-31'),
    );

    // The daily layout (the default): one journal a day, the same totals per account.
    const daily = await h.admin.get('/api/admin/books/journal.csv?from=2026-11-01&to=2026-12-31');
    expect(daily.statusCode).toBe(200);
    expect(daily.headers['content-disposition']).toMatch(
      /vuka-daily-journals-xero-2026-11-01-to-2026-12-31\.csv/,
    );
    const d = Papa.parse<Record<string, string>>(daily.body, { header: true, skipEmptyLines: true });
    const dailyByCode = new Map<string, Decimal>();
    const dailyJournals = new Map<string, Decimal>();
    for (const row of d.data) {
      dailyByCode.set(
        row['*AccountCode']!,
        (dailyByCode.get(row['*AccountCode']!) ?? new Decimal(0)).plus(row['*Amount']!),
      );
      dailyJournals.set(
        row['*Narration']!,
        (dailyJournals.get(row['*Narration']!) ?? new Decimal(0)).plus(row['*Amount']!),
      );
    }
    expect(dailyJournals.size).toBe(new Set(d.data.map((r) => r['*Date'])).size);
    for (const total of dailyJournals.values()) expect(total.toFixed(2)).toBe('0.00');
    expect(nonZero(new Map([...dailyByCode].map(([c, v]) => [c, v.toFixed(2)])))).toEqual(
      await movements('2026-11-01', '2026-12-31'),
    );

    for (const q of [
      'from=2026-12-31&to=2026-11-01',
      'from=2025-01-01&to=2026-12-31',
      'from=2026-11-01&to=2026-12-31&layout=pastel',
    ]) {
      const refused = await h.admin.get(`/api/admin/books/journal.csv?${q}`);
      expect(refused.statusCode, q).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
  });

  it("reads a closed month's daily journals as its close kept them: the same file as from the lines, before and after", async () => {
    const creator = await h.newCreator('daily-kept');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 6_000 });
    travelTo(h.t, '2026-12-23');
    await payOk(h.admin, loan.id, loan.schedule.installmentAmount, '2026-12-10');
    const first = (await h.admin.get('/api/admin/books/periods')).json().nextToClose as string;
    const dailyCsv = async (from: string, to: string) => {
      const res = await h.admin.get(`/api/admin/books/journal.csv?from=${from}&to=${to}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const decemberOpen = await dailyCsv(`${first}-01`, '2026-12-31');

    travelTo(h.t, '2027-01-05');
    for (let p = first; p <= '2026-12'; p = nextPeriod(p)) {
      expect((await h.admin.post(`/api/admin/books/periods/${p}/close`)).statusCode).toBe(200);
    }
    // Kept at the close: each closed day's totals per account are the lines booked that day.
    const keptAgainstLines = await queryRows<{ differing: number; kept: number }>(
      h.t.database.db,
      sql`select count(*) filter (where k.debit is distinct from l.debit or k.credit is distinct from l.credit)::int
          as differing, count(k.booked_on)::int as kept
        from (select booked_on, account, sum(debit) as debit, sum(credit) as credit from ledger_lines
              where booked_on <= '2026-12-31' group by booked_on, account) l
        full join ledger_period_daily_totals k on k.booked_on = l.booked_on and k.account = l.account`,
    );
    expect(keptAgainstLines[0]!.differing).toBe(0);
    expect(keptAgainstLines[0]!.kept).toBeGreaterThan(0);
    // The closed months read as they did open, byte for byte.
    expect(await dailyCsv(`${first}-01`, '2026-12-31')).toBe(decemberOpen);

    // A payment dated in closed December, recorded on 5 January, is booked on 5 January: December stays as it closed,
    // and a file across the close (from the middle of December into January) joins the kept days to the open ones.
    await payOk(h.admin, loan.id, loan.schedule.installmentAmount, '2026-12-20');
    expect(await dailyCsv(`${first}-01`, '2026-12-31')).toBe(decemberOpen);
    const acrossClosed = await dailyCsv('2026-12-15', '2027-01-31');
    const wholeClosed = await dailyCsv(`${first}-01`, '2027-01-31');
    expect(wholeClosed).toContain('05/01/2027');
    // The same files summed from the lines alone, once no month is closed.
    await h.t.database.db.execute(sql`delete from ledger_periods`);
    expect(await dailyCsv('2026-12-15', '2027-01-31')).toBe(acrossClosed);
    expect(await dailyCsv(`${first}-01`, '2027-01-31')).toBe(wholeClosed);
  });

  it('lets every member of staff read the books and only finance or an admin close a month or record capital', async () => {
    const collector = await quickUser(h.t, 'books-collector@example.com', 'collector');
    const auditor = await quickUser(h.t, 'books-auditor@example.com', 'auditor');
    const finance = await quickUser(h.t, 'books-finance@example.com', 'finance');
    const creator = await h.newCreator('roles');
    expect((await auditor.get('/api/admin/books/trial-balance')).statusCode).toBe(200);
    expect((await collector.get('/api/admin/books/periods')).statusCode).toBe(200);
    expect((await creator.get('/api/admin/books/trial-balance')).statusCode).toBe(403);
    const capital = { amount: 1000, receivedOn: '2026-11-23', reference: 'Roles test' };
    for (const staff of [collector, auditor]) {
      expect((await staff.post('/api/admin/books/periods/2026-10/close')).statusCode).toBe(403);
      expect((await staff.post('/api/admin/books/capital', capital)).statusCode).toBe(403);
    }
    expect((await finance.post('/api/admin/books/capital', capital)).statusCode).toBe(201);
  });

  it('refuses a journal line on an account outside the chart of accounts (the database checks it)', async () => {
    const [entry] = await queryRows<{ id: number }>(
      h.t.database.db,
      sql`insert into ledger_entries (kind, description, concerns_on, booked_on) values ('test', 'x', '2026-11-23', '2026-11-23') returning id`,
    );
    const refused = await h.t.database.db
      .execute(
        sql`insert into ledger_lines (entry_id, account, debit, credit, booked_on)
          values (${entry!.id}, 'petty_cash', 5, 0, '2026-11-23')`,
      )
      .then(
        () => null,
        (error: { cause?: { constraint?: string } }) => error.cause?.constraint,
      );
    expect(refused).toBe('ledger_lines_account_check');
    await h.t.database.db.execute(sql`delete from ledger_entries where id = ${entry!.id}`);
  });
});
