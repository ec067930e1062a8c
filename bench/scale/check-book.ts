// Checks the scale book against the servicing rules (docs/lending.md) and prints each invariant with the
// number of rows breaking it: balances and running totals, instalments and allocations, statuses and
// arrears, the ledger, one open request per creator, data versions. Then replays a sample of loans with
// the product's own allocation code (src/shared/finance/instalments.ts) and compares every allocation.
//
// Usage: npx tsx bench/scale/check-book.ts   (exit code 1 when an invariant is broken)
import { pathToFileURL } from 'node:url';
import Decimal from 'decimal.js';
import pg from 'pg';
import {
  allocatePayment,
  applyAllocations,
  type InstalmentBalance,
  loanPosition,
} from '../../src/shared/finance/instalments';
import { BOOK_TODAY, benchUrl, seconds } from './book';

const T = `'${BOOK_TODAY}'::date`;

/** Each query counts the rows that break the rule: 0 is a pass. */
const INVARIANTS: Array<[string, string]> = [
  [
    'paid <= total, remaining = total - paid, paid/fees = sums of payments',
    `select count(*) from repayment_schedules s
     left join (select application_id, sum(amount) as amount, sum(platform_fee) as fee from payments group by 1) p
       on p.application_id = s.application_id
     where s.paid_amount <> coalesce(p.amount, 0) or s.fees_paid <> coalesce(p.fee, 0)
       or s.remaining_amount <> s.total_amount - s.paid_amount or s.paid_amount > s.total_amount`,
  ],
  [
    'instalments add up to the total; paid on them = paid_amount; next due = oldest unpaid; end = last due',
    `select count(*) from repayment_schedules s
     left join (select schedule_id, sum(amount_due) as due, sum(amount_paid) as paid, max(due_date) as last_due,
                  min(due_date) filter (where amount_paid < amount_due) as next_due,
                  count(*) filter (where amount_paid < amount_due) as open
                from repayment_instalments group by 1) i on i.schedule_id = s.id
     where i.schedule_id is null or i.due <> s.total_amount or i.paid <> s.paid_amount
       or i.next_due is distinct from s.next_payment_date or i.last_due <> s.end_date
       or i.open <> s.estimated_remaining_duration`,
  ],
  [
    'late from where what is open, counted from the oldest instalment, first reaches the tolerance',
    `select count(*) from repayment_schedules s
     left join (select o.schedule_id, min(o.due_date) filter (where o.open > 0 and o.open >= greatest(t.tol, 0.01)) as late
                from (select schedule_id, due_date,
                        sum(amount_due - amount_paid) over (partition by schedule_id order by number) as open
                      from repayment_instalments) o
                join (select id, arrears_tolerance as tol from repayment_schedules) t on t.id = o.schedule_id
                group by o.schedule_id) l on l.schedule_id = s.id
     where l.late is distinct from s.arrears_from`,
  ],
  [
    'instalment amount_paid = its allocations, 0 <= paid <= due',
    `select count(*) from repayment_instalments i
     left join (select instalment_id, sum(amount) as amount from payment_allocations group by 1) a on a.instalment_id = i.id
     where i.amount_paid <> coalesce(a.amount, 0) or i.amount_paid < 0 or i.amount_paid > i.amount_due`,
  ],
  [
    'every payment allocated in full',
    `select count(*) from payments p
     left join (select payment_id, sum(amount) as amount from payment_allocations group by 1) a on a.payment_id = p.id
     where p.amount <> coalesce(a.amount, 0)`,
  ],
  [
    "allocations stay within the payment's schedule",
    `select count(*) from payment_allocations pa
     join payments p on p.id = pa.payment_id
     join repayment_instalments i on i.id = pa.instalment_id
     join repayment_schedules s on s.id = i.schedule_id
     where s.application_id <> p.application_id`,
  ],
  [
    'fee = amount x schedule rate, to the cent; paid between disbursement day and today',
    `select count(*) from payments p join repayment_schedules s on s.application_id = p.application_id
     where p.platform_fee <> round(p.amount * s.platform_fee_rate / 100, 2)
       or p.payment_date < (s.start_date at time zone 'Africa/Johannesburg')::date or p.payment_date > ${T}`,
  ],
  [
    'schedule status: completed <=> remaining 0 <=> no next due date',
    `select count(*) from repayment_schedules
     where (status = 'completed') <> (remaining_amount = 0) or (remaining_amount = 0) <> (next_payment_date is null)
       or status not in ('active', 'completed', 'defaulted')`,
  ],
  [
    'application status matches its schedule (testing twins included); financed <=> has a schedule',
    `select count(*) from financing_applications a left join repayment_schedules s on s.application_id = a.id
     where (s.id is null) = (regexp_replace(a.status, '_testing$', '') in ('active', 'completed', 'defaulted'))
       or (s.id is not null and regexp_replace(a.status, '_testing$', '') <> s.status)`,
  ],
  [
    "a schedule's creator is its application's",
    `select count(*) from repayment_schedules s join financing_applications a on a.id = s.application_id
     where s.user_id <> a.user_id`,
  ],
  [
    'active loans at most 90 days past due, defaulted ones more (as the loan review leaves them)',
    `select count(*) from repayment_schedules
     where (status = 'active' and arrears_from < ${T} - 90)
        or (status = 'defaulted' and (arrears_from is null or arrears_from >= ${T} - 90))`,
  ],
  [
    'one open request (pending, approved or defaulted) per creator',
    `select count(*) from (select user_id from financing_applications
       where status in ('pending_review', 'approved', 'defaulted') group by 1 having count(*) > 1) x`,
  ],
  [
    'ledger entries balanced (debits = credits), lines one-sided',
    `select count(*) from (select entry_id from ledger_lines group by 1
       having sum(debit) <> sum(credit) or sum(debit) = 0) x`,
  ],
  [
    'one disbursement journal per schedule, one repayment journal per payment',
    `select (select count(*) from repayment_schedules s
              left join (select application_id, count(*) as n from ledger_entries where kind = 'disbursement' group by 1) e
                on e.application_id = s.application_id where coalesce(e.n, 0) <> 1)
          + (select count(*) from payments p
              left join (select payment_id, count(*) as n from ledger_entries where kind = 'repayment' group by 1) e
                on e.payment_id = p.id where coalesce(e.n, 0) <> 1)`,
  ],
  [
    'loans_receivable = sum of remaining balances; platform_fee_income = sum of fees',
    `select ((select sum(debit - credit) from ledger_lines where account = 'loans_receivable')
              <> (select sum(remaining_amount) from repayment_schedules))::int
          + ((select sum(credit - debit) from ledger_lines where account = 'platform_fee_income')
              <> (select sum(platform_fee) from payments))::int
          + ((select sum(credit - debit) from ledger_lines where account = 'cash')
              <> (select sum(a.requested_amount) from financing_applications a join repayment_schedules s on s.application_id = a.id)
                 - (select sum(amount + platform_fee) from payments))::int`,
  ],
  [
    "each closed month's closing balances = the lines booked up to its last day",
    `select count(*) from ledger_period_balances b
       left join (select p.period, l.account, sum(l.debit) as debit, sum(l.credit) as credit
                  from ledger_periods p join ledger_entries e
                    on e.booked_on < (to_date(p.period || '-01', 'YYYY-MM-DD') + interval '1 month')
                  join ledger_lines l on l.entry_id = e.id
                  where p.period in (select max(period) from ledger_periods)
                  group by 1, 2) x on x.period = b.period and x.account = b.account
     where b.period in (select max(period) from ledger_periods)
       and (b.debit <> coalesce(x.debit, 0) or b.credit <> coalesce(x.credit, 0))`,
  ],
  [
    "each closed day's kept totals = the lines booked that day",
    `select count(*) from (
       select booked_on, account, sum(debit) as debit, sum(credit) as credit from ledger_lines
       where booked_on <= (select (to_date(max(period), 'YYYY-MM') + interval '1 month' - interval '1 day')::date
                           from ledger_periods)
       group by booked_on, account) l
     full join ledger_period_daily_totals k on k.booked_on = l.booked_on and k.account = l.account
     where k.debit is distinct from l.debit or k.credit is distinct from l.credit`,
  ],
  [
    'deferred cost never negative, zero once repaid; cost earned + deferred = cost',
    `select count(*) from repayment_schedules s
     join (select e.application_id,
             sum(l.credit - l.debit) filter (where l.account = 'deferred_cost_income') as deferred,
             sum(l.credit - l.debit) filter (where l.account = 'cost_income') as earned
           from ledger_lines l join ledger_entries e on e.id = l.entry_id group by 1) d
       on d.application_id = s.application_id
     where d.deferred < 0 or (s.status = 'completed' and d.deferred <> 0)
        or coalesce(d.deferred, 0) + coalesce(d.earned, 0) <> s.cost_amount`,
  ],
  [
    'open settlement quotes: one per loan, for the remaining balance, valid today',
    `select count(*) from settlement_quotes q join repayment_schedules s on s.application_id = q.application_id
     where q.status = 'open' and (q.amount <> s.remaining_amount or q.valid_until < ${T} or s.status = 'completed')`,
  ],
  [
    "data versions: 'users' and one per creator",
    `select abs((select count(*) from data_versions) - (select count(*) + 1 from users where role = 'user'))
          + (select count(*) from users u where u.role = 'user'
               and not exists (select 1 from data_versions d where d.key = 'creator:' || u.id))`,
  ],
];

type InstalmentRow = { id: number; number: number; due_date: string; amount_due: string };
type PaymentRow = { id: number; amount: string; payment_date: string };
type AllocationRow = { payment_id: number; instalment_id: number; amount: string };

/** Replays `sample` loans (and the known creator's) through allocatePayment; returns the loans that differ. */
async function replay(client: pg.Client, sample: number): Promise<string[]> {
  const { rows: loans } = await client.query<{ id: number; next_payment_date: string | null }>(
    `(select s.id, to_char(s.next_payment_date, 'YYYY-MM-DD') as next_payment_date
      from repayment_schedules s order by random() limit ${sample})
     union
     (select s.id, to_char(s.next_payment_date, 'YYYY-MM-DD') from repayment_schedules s
      join financing_applications a on a.id = s.application_id
      join users u on u.id = a.user_id where u.username = 'bench-creator@example.com')`,
  );
  const problems: string[] = [];
  for (const loan of loans) {
    const { rows: instalments } = await client.query<InstalmentRow>(
      `select id, number, to_char(due_date, 'YYYY-MM-DD') as due_date, amount_due::text
       from repayment_instalments where schedule_id = $1 order by number`,
      [loan.id],
    );
    const { rows: paid } = await client.query<PaymentRow>(
      `select p.id, p.amount::text, to_char(p.payment_date, 'YYYY-MM-DD') as payment_date
       from payments p join repayment_schedules s on s.application_id = p.application_id
       where s.id = $1 order by p.id`,
      [loan.id],
    );
    const { rows: stored } = await client.query<AllocationRow>(
      `select pa.payment_id, pa.instalment_id, pa.amount::text from payment_allocations pa
       join repayment_instalments i on i.id = pa.instalment_id where i.schedule_id = $1`,
      [loan.id],
    );
    const numberOf = new Map(instalments.map((i) => [i.id, i.number]));
    let balances: InstalmentBalance[] = instalments.map((i) => ({
      number: i.number,
      dueDate: i.due_date,
      amountDue: i.amount_due,
      amountPaid: '0.00',
    }));
    for (const payment of paid) {
      const expected = allocatePayment(balances, new Decimal(payment.amount));
      const actual = stored
        .filter((a) => a.payment_id === payment.id)
        .map((a) => ({ number: numberOf.get(a.instalment_id)!, amount: a.amount }))
        .sort((a, b) => a.number - b.number);
      if (JSON.stringify(expected) !== JSON.stringify(actual)) {
        problems.push(
          `schedule ${loan.id} payment ${payment.id}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`,
        );
        break;
      }
      balances = applyAllocations(balances, expected);
    }
    const position = loanPosition(balances, BOOK_TODAY);
    if (position.nextPaymentDate !== loan.next_payment_date) {
      problems.push(
        `schedule ${loan.id}: next due ${loan.next_payment_date}, replay says ${position.nextPaymentDate}`,
      );
    }
  }
  return problems;
}

/** Prints every check; returns how many failed. */
export async function checkBook(url: string = benchUrl(), sample = 300): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let failures = 0;
  try {
    await client.query("set work_mem = '256MB'");
    console.log('Consistency of the book:');
    for (const [label, query] of INVARIANTS) {
      const at = performance.now();
      const { rows } = await client.query<{ count: string }>(query);
      const broken = Number(Object.values(rows[0]!)[0]);
      if (broken !== 0) failures++;
      console.log(
        `  ${broken === 0 ? 'ok  ' : 'FAIL'} ${label}${broken ? `: ${broken} rows` : ''} (${seconds(at)})`,
      );
    }
    const at = performance.now();
    const problems = await replay(client, sample);
    if (problems.length) failures++;
    console.log(
      `  ${problems.length === 0 ? 'ok  ' : 'FAIL'} ${sample} loans replayed with allocatePayment/loanPosition (${seconds(at)})`,
    );
    for (const problem of problems.slice(0, 10)) console.log(`       ${problem}`);
    const { rows } = await client.query<Record<string, string>>(`select
      string_agg(status || ' ' || n, ', ' order by n desc) as statuses
      from (select status, count(*) as n from financing_applications group by 1) x`);
    console.log(`  applications by status: ${rows[0]!.statuses}`);
    const buckets = await client.query<Record<string, string>>(`select
      count(*) filter (where status = 'active' and (next_payment_date is null or next_payment_date >= ${T})) as current,
      count(*) filter (where status = 'active' and next_payment_date between ${T} - 30 and ${T} - 1) as "1-30",
      count(*) filter (where status = 'active' and next_payment_date between ${T} - 60 and ${T} - 31) as "31-60",
      count(*) filter (where status = 'active' and next_payment_date between ${T} - 90 and ${T} - 61) as "61-90",
      count(*) filter (where status = 'defaulted') as "90+ (defaulted)"
      from repayment_schedules`);
    console.log(
      `  loans being repaid by bucket: ${Object.entries(buckets.rows[0]!)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(`${failures === 0 ? 'All checks pass' : `${failures} checks FAIL`} (${seconds(started)})`);
  } finally {
    await client.end();
  }
  return failures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const failures = await checkBook();
  process.exitCode = failures === 0 ? 0 : 1;
}
