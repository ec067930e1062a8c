// Builds the scale book: a dedicated PostgreSQL database with the app's schema (its own migrations) and a
// lending book of 20,000 creators, 100,000 applications, 30,000 repayment schedules with their monthly
// instalments, 1,000,000 payments allocated to them and the ledger, written by SQL in bulk (set-based
// INSERT ... SELECT, no row-by-row round trips), consistent with the servicing rules of docs/lending.md:
//
// - schedules are priced as the admin setup prices them (score-based cost, whole rand; total over 6-12
//   monthly instalments rounded up to the cent, the last one taking the remainder; due dates counted from the
//   disbursement day and clamped to the month's end);
// - each payment falls in the period of the instalment it completes, so the oldest-first allocation of
//   recordRepayment is exactly the running total cut at the instalment boundaries (never a prepayment);
//   paid_amount/fees_paid are the running totals, remaining = total - paid, next_payment_date the due date
//   of the oldest unpaid instalment, arrears_from the due date where what is open first reaches R10;
// - active loans are current or up to 90 days late, defaulted ones more than 90 (what the loan review
//   leaves), completed ones are repaid to the cent;
// - every disbursement and repayment has its balanced journal, cost recognised in proportion to what is
//   repaid and the rest on the last payment, as servicing.service.ts and ledger.service.ts write them.
//
// Usage: npx tsx bench/scale/build-book.ts [--check]   (BENCH_SCALE_URL overrides the database)
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { snapshotPositions } from '../../src/server/features/reports/arrears.service';
import { hashPassword } from '../../src/server/lib/passwords';
import { LEDGER_ACCOUNTS } from '../../src/shared/ledger/chart-of-accounts';
import {
  BOOK_EPOCH,
  BOOK_NOW,
  BOOK_SIZE,
  BOOK_TODAY,
  BOOK_VERSION,
  benchUrl,
  KNOWN,
  seconds,
  splitUrl,
} from './book';
import { checkBook } from './check-book';
import { bookProfiles } from './profiles';

const T = `'${BOOK_TODAY}'::date`;
const E = `'${BOOK_EPOCH}'::date`;
const NOW = `'${BOOK_NOW}'::timestamptz`;
const SA = `'Africa/Johannesburg'`;
const PROFILES = 400;
const FEE_RATE = '2.50';
const BLOCKING = `('pending_review', 'approved', 'defaulted')`;
/** Money as the audit notes write it (approximately formatZar). */
const zar = (x: string) => `('R ' || replace(to_char(${x}, 'FM999,999,990.00'), ',', ' '))`;

// biome-ignore format: a table of names
const FIRST_NAMES = [
  'Thabo', 'Lerato', 'Sipho', 'Nomvula', 'Kagiso', 'Zanele', 'Mandla', 'Palesa', 'Bongani', 'Ayanda',
  'Lindiwe', 'Tshepo', 'Naledi', 'Themba', 'Refilwe', 'Sibusiso', 'Nandi', 'Karabo', 'Lwazi', 'Dineo',
  'Musa', 'Busisiwe', 'Kabelo', 'Mpho', 'Nokuthula', 'Siyabonga', 'Thandeka', 'Jabulani', 'Precious', 'Andile',
  'Zodwa', 'Lebo', 'Khanyisile', 'Vusi', 'Anele', 'Nthabiseng', 'Xolani', 'Boitumelo', 'Sizwe', 'Keabetswe',
  'Johan', 'Annelie', 'Pieter', 'Chantel', 'Ruan', 'Megan', 'Jason', 'Aisha', 'Yusuf', 'Priya',
  'Ravi', 'Fatima', 'Liam', 'Emma', 'Ethan', 'Chloe', 'Tumi', 'Neo', 'Amahle', 'Onthatile',
];
// biome-ignore format: a table of names
const LAST_NAMES = [
  'Nkosi', 'Dlamini', 'Ndlovu', 'Khumalo', 'Mokoena', 'Mahlangu', 'Zulu', 'Mthembu', 'Sithole', 'Ngcobo',
  'Molefe', 'Mabaso', 'Nel', 'Botha', 'van der Merwe', 'Pillay', 'Naidoo', 'Govender', 'Moodley', 'Petersen',
  'Jacobs', 'Adams', 'Williams', 'Smith', 'Kruger', 'Pretorius', 'Mokwena', 'Radebe', 'Shabalala', 'Buthelezi',
  'Cele', 'Mkhize', 'Maseko', 'Tshabalala', 'Baloyi', 'Mathebula', 'Hlongwane', 'Modise', 'Masilela', 'Phiri',
  'Chauke', 'Nxumalo', 'Zwane', 'Gumede', 'Ntuli', 'Mnguni', 'Kekana', 'Motaung', 'Sebola', 'Letsoalo',
];
const CITIES = [
  'Johannesburg',
  'Cape Town',
  'Durban',
  'Pretoria',
  'Gqeberha',
  'Bloemfontein',
  'Polokwane',
  'Soweto',
];
const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** Cumulative category boundaries over a shuffle of the 100,000 applications. */
const CATEGORIES: Array<[string, number]> = [
  ['active', 13_500],
  ['completed', 13_000],
  ['defaulted', 3_200],
  ['active_testing', 200],
  ['completed_testing', 80],
  ['defaulted_testing', 20],
  ['pending_review', 1_500],
  ['approved', 800],
  ['rejected', 39_000],
  ['cancelled', 28_300],
  ['pending_review_testing', 150],
  ['approved_testing', 100],
  ['rejected_testing', 100],
  ['cancelled_testing', 50],
];

function categoryCase() {
  let upTo = 0;
  const arms = CATEGORIES.map(([status, count]) => {
    upTo += count;
    return `when k <= ${upTo} then '${status}'`;
  });
  if (upTo !== BOOK_SIZE.applications) throw new Error(`Categories add up to ${upTo}`);
  return `case ${arms.join(' ')} end`;
}

function steps(passwordHash: string, profilesJson: string): Array<[string, string, unknown[]?]> {
  const creators = BOOK_SIZE.creators;
  const lastUser = creators + 2;
  const schedules = BOOK_SIZE.schedules;
  const paymentTarget = BOOK_SIZE.payments;
  return [
    [
      'profiles',
      `create temp table bp (p int primary key, requested_amount numeric(12,2), monthly_revenue numeric(12,2),
         use_of_funds jsonb, social_media_data jsonb, score int, breakdown jsonb);
       insert into bp select * from jsonb_to_recordset($1::jsonb) as x(p int, requested_amount numeric,
         monthly_revenue numeric, use_of_funds jsonb, social_media_data jsonb, score int, breakdown jsonb)`,
      [profilesJson],
    ],
    [
      'platforms',
      `insert into creator_platforms (id, name, description, website_url, created_at, created_by, is_active) values
        (1, 'YouTube', 'Video', 'https://youtube.com', ${E}, null, true),
        (2, 'TikTok', 'Short video', 'https://tiktok.com', ${E}, null, true),
        (3, 'Instagram', 'Photos and reels', 'https://instagram.com', ${E}, null, true),
        (4, 'Twitch', 'Live streams', 'https://twitch.tv', ${E}, null, true),
        (5, 'Facebook', 'Pages and video', 'https://facebook.com', ${E}, null, true),
        (6, 'Patreon', 'Memberships', 'https://patreon.com', ${E}, null, true)`,
    ],
    [
      'users',
      `insert into users (id, username, password_hash, first_name, last_name, country, city, creator_type, role,
         status, verified, created_at, updated_at)
       values (1, '${KNOWN.admin}', $1, 'Bench', 'Admin', 'South Africa', 'Johannesburg', 'full-time', 'admin',
           'active', true, ${E} - 30, ${E} - 30),
         (2, '${KNOWN.secondAdmin}', $1, 'Ops', 'Admin', 'South Africa', 'Cape Town', 'full-time', 'admin',
           'active', true, ${E} - 30, ${E} - 30);
       insert into users (id, username, password_hash, first_name, last_name, country, city, creator_type, bio, role,
         status, verified, bank_name, account_number, branch_code, account_type, created_at, updated_at)
       select id, lower(f || '.' || replace(l, ' ', '') || id || '@example.com'), $1, f, l, 'South Africa',
         (${sqlArray(CITIES)})[1 + floor(r1 * ${CITIES.length})::int],
         (array['full-time', 'part-time', 'hobby'])[1 + floor(r2 * 3)::int],
         case when r3 < 0.5 then 'Creator of videos about music, food and small business.' end,
         'user', case when r4 < 0.01 then 'suspended' else 'active' end, true,
         case when r3 < 0.7 then (array['FNB', 'Standard Bank', 'Capitec', 'Absa', 'Nedbank'])[1 + floor(r4 * 5)::int] end,
         case when r3 < 0.7 then lpad((id * 7919 % 1000000000)::text, 10, '6') end,
         case when r3 < 0.7 then '250655' end,
         case when r3 < 0.7 then (array['savings', 'current', 'transmission'])[1 + floor(r2 * 3)::int] end,
         ${NOW}, ${NOW}
       from (select id, (${sqlArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] as f,
               (${sqlArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] as l,
               random() as r1, random() as r2, random() as r3, random() as r4
             from generate_series(3, ${lastUser}) id) x;
       update users set username = '${KNOWN.creator}', first_name = 'Bench', last_name = 'Creator', status = 'active'
       where id = 3`,
      [passwordHash],
    ],
    [
      'applications (staging)',
      `create temp table st_apps as
       select *, regexp_replace(status, '_testing$', '') as base from (
         select n, ${categoryCase()} as status,
           6 + floor(random() * 7)::int as m,
           random() as u1, random() as u2, random() as u3, random() as u4, random() as u5, random() as u6,
           random() as u7,
           floor(random() * ${PROFILES})::int as profile,
           case when random() < 0.2 then 'business' else 'personal' end as app_type,
           null::text as known, null::date as s, null::timestamptz as created_at, null::int as user_id,
           null::int as id
         from (select n, row_number() over (order by random()) as k from generate_series(1, ${BOOK_SIZE.applications}) n) x
       ) y;
       -- The known creator's loans: one current with six months paid, one shorter, two repaid, a refusal and a cancel.
       update st_apps set known = 'main', m = 12 where n = (select min(n) from st_apps where status = 'active');
       update st_apps set known = 'second', m = 9
         where n = (select min(n) from st_apps where status = 'active' and known is null);
       update st_apps set known = 'repaid' where n in (select n from st_apps where status = 'completed' order by n limit 2);
       update st_apps set known = 'rejected' where n = (select min(n) from st_apps where status = 'rejected');
       update st_apps set known = 'cancelled' where n = (select min(n) from st_apps where status = 'cancelled');
       -- Disbursement day: completed loans ended by today; active ones are current or at most 90 days late;
       -- defaulted ones have an instalment more than 90 days overdue.
       update st_apps set s = case base
           when 'completed' then ${E} + 14 + floor(u1 * (((${T} - make_interval(months => m))::date) - (${E} + 14)))::int
           when 'active' then ((${T} - make_interval(months => m))::date - 20)
             + floor(u1 * ((${T} - 3) - ((${T} - make_interval(months => m))::date - 20) + 1))::int
           when 'defaulted' then ${E} + 30 + floor(u1 * ((${T} - 122) - (${E} + 30) + 1))::int
         end
       where base in ('completed', 'active', 'defaulted');
       update st_apps set s = ${T} - 190 where known = 'main';
       update st_apps set s = ${T} - 130 where known = 'second';
       update st_apps set created_at = least(
         ((case
             when s is not null then s - (1 + floor(u2 * 14)::int)
             when base = 'pending_review' then ${T} - floor(u1 * 45)::int
             when base = 'approved' then ${T} - 1 - floor(u1 * 30)::int
             else ${E} + floor(u1 * (${T} - ${E}))::int
           end) + make_interval(secs => 8 * 3600 + u3 * 10 * 3600))::timestamp at time zone ${SA},
         ${NOW} - make_interval(secs => 60 + u4 * 3 * 3600))`,
    ],
    [
      'owners',
      // One open request at a time: each pending, approved or defaulted application has an owner of its own,
      // and that owner applied for nothing after it.
      `create temp table st_perm as
         select id as uid, row_number() over (order by random()) as r from generate_series(4, ${lastUser}) id;
       with b as (select n, row_number() over (order by random()) as r from st_apps where status in ${BLOCKING})
       update st_apps a set user_id = p.uid from b join st_perm p on p.r = b.r where a.n = b.n;
       update st_apps set user_id = 3 + floor(random() * ${creators})::int where user_id is null;
       create temp table st_block as select user_id, created_at from st_apps where status in ${BLOCKING};
       create temp table st_moved as
         select a.n from st_apps a join st_block b on b.user_id = a.user_id and b.created_at < a.created_at
         where a.status not in ${BLOCKING}
         union select n from st_apps where user_id = 3;
       update st_apps a set user_id = p.uid
         from st_moved mv, st_perm p
         where a.n = mv.n and p.r = (select count(*) from st_block) + 1 + (a.n % (${creators - 1} - (select count(*) from st_block)));
       update st_apps set user_id = 3 where known is not null;
       update st_apps a set id = x.id
         from (select n, row_number() over (order by created_at, n)::int as id from st_apps) x where x.n = a.n`,
    ],
    [
      'applications',
      `insert into financing_applications (id, user_id, monthly_revenue, requested_amount, social_media_data,
         manual_platforms, credit_score, credit_score_breakdown, currency, application_type, business_name, first_name,
         last_name, amount, status, use_of_funds, terms_accepted, estimated_period, cancellation_reason, created_at,
         updated_at)
       select a.id, a.user_id, p.monthly_revenue, p.requested_amount, p.social_media_data, '[]'::jsonb, p.score,
         p.breakdown, 'ZAR', a.app_type,
         case when a.app_type = 'business' then u.last_name || ' '
           || (array['Media', 'Studios', 'Creative', 'Productions', 'Digital', 'Content Co.'])[1 + a.n % 6]
           || ' (Pty) Ltd' end,
         case when a.app_type = 'personal' then u.first_name end,
         case when a.app_type = 'personal' then u.last_name end,
         trunc(p.requested_amount)::text, a.status, p.use_of_funds, true,
         case when a.s is not null then a.m end,
         case when a.base = 'cancelled' then (array['I found other funding', 'The amount is no longer needed',
           'I applied by mistake', 'My plans changed'])[1 + a.n % 4] end,
         a.created_at,
         case when a.base in ('rejected', 'cancelled', 'approved')
           then least(a.created_at + make_interval(days => 1 + a.n % 10), ${NOW}) else a.created_at end
       from st_apps a join bp p on p.p = a.profile join users u on u.id = a.user_id
       order by a.id`,
    ],
    [
      'users (dates, platforms)',
      `update financing_applications set rejected_at = updated_at where status in ('rejected', 'rejected_testing');
       update users u set created_at = x.first_at, updated_at = x.first_at
         from (select user_id, min(created_at) - make_interval(days => 1 + user_id % 60, secs => user_id % 3600) as first_at
               from financing_applications group by user_id) x
         where x.user_id = u.id;
       update users u set created_at = ((${E} + floor(random() * (${T} - ${E}))::int) + time '10:00') at time zone ${SA}
         where u.role = 'user' and not exists (select 1 from financing_applications a where a.user_id = u.id);
       update users set updated_at = created_at where role = 'user';
       insert into user_platforms (user_id, platform_id, username, profile_url, metrics, created_at, updated_at, is_verified)
       select u.id, x.pl, split_part(u.username, '@', 1), null, '{}'::jsonb, u.created_at + interval '2 days',
         u.created_at + interval '2 days', u.id % 5 < 3
       from users u cross join lateral (
         select distinct 1 + floor(random() * 6)::int as pl from generate_series(1, u.id % 4) g where u.id > 0
       ) x
       where u.role = 'user'`,
    ],
    [
      'schedules (terms, instalments)',
      `create temp table st_sched as
       select *, ceil((principal + cost) * 100 / m) / 100 as inst, principal + cost as total from (
         select row_number() over (order by a.id)::int as sid, a.id as app_id, a.user_id, a.status, a.base, a.known,
           a.m, a.s, a.u4, a.u5, a.u6, a.u7, p.requested_amount as principal, p.score,
           least(greatest(35 - p.score / 10.0, 25), 35)::numeric(5,2) as cost_pct,
           ceil(p.requested_amount * least(greatest(35 - p.score / 10.0, 25), 35)::numeric(5,2) / 100)::numeric(12,2) as cost,
           (array[15, 20, 20, 20, 25, 30])[1 + a.n % 6]::numeric(5,2) as withholding,
           case when a.n % 5 < 3 then 'platform_earnings' else 'bank_debit' end as method,
           ${FEE_RATE}::numeric(5,2) as fee_rate,
           (a.s + make_interval(secs => 9 * 3600 + a.u4 * 8 * 3600))::timestamp at time zone ${SA} as start_ts
         from st_apps a join bp p on p.p = a.profile where a.s is not null
       ) x;
       alter table st_sched add primary key (sid);
       create temp table st_inst as
       select row_number() over (order by sid, k)::int as iid, sid, k, due, amount_due,
         sum(amount_due) over w as cum_due, sum(amount_due) over w - amount_due as cum_prev,
         coalesce(lag(due) over w, s0) as prev_due
       from (
         select s.sid, k, (s.s + make_interval(months => k))::date as due, s.s as s0,
           case when k < s.m then s.inst else s.total - s.inst * (s.m - 1) end as amount_due
         from st_sched s cross join lateral generate_series(1, s.m) k
       ) x window w as (partition by sid order by k);
       create index on st_inst (sid, k)`,
    ],
    [
      'loan positions',
      // j: the oldest instalment left unpaid (m + 1 when repaid). Active loans are mostly current,
      // otherwise late on an instalment due in the last 90 days; defaulted ones on one due before that.
      `alter table st_sched add column k_due int, add column n_cand int, add column j int, add column pa numeric(12,2);
       update st_sched s set k_due = x.k_due
         from (select sid, (count(*) filter (where due < ${T}))::int as k_due from st_inst group by sid) x
         where x.sid = s.sid;
       create temp table st_cand as
         select i.sid, i.k, row_number() over (partition by i.sid order by i.k)::int as rn
         from st_inst i join st_sched s using (sid)
         where (s.base = 'active' and i.due < ${T} and i.due >= ${T} - 90) or (s.base = 'defaulted' and i.due < ${T} - 90);
       create index on st_cand (sid, rn);
       analyze st_cand;
       update st_sched s set n_cand = 0;
       update st_sched s set n_cand = x.c from (select sid, count(*)::int as c from st_cand group by sid) x where x.sid = s.sid;
       update st_sched s set j = case
           when s.base = 'completed' then s.m + 1
           when s.known = 'main' or (s.base = 'active' and s.k_due < s.m and (s.u5 < 0.85 or s.n_cand = 0)) then s.k_due + 1
           else (select c.k from st_cand c where c.sid = s.sid and c.rn = 1 + floor(s.u6 * s.n_cand)::int)
         end;
       update st_sched s set pa = case when s.base = 'completed' then s.total
           else i.cum_prev + floor(i.amount_due * 100 * (case when s.known = 'main' then 0.5
             when s.j = s.k_due + 1 then 0.95 * s.u7 else 0.9 * s.u7 end)::numeric) / 100 end
         from st_inst i where i.sid = s.sid and i.k = least(s.j, s.m)`,
    ],
    [
      'payments (staging)',
      // ${paymentTarget} payments shared out in proportion to the instalments each loan has paid (largest
      // remainders), each loan's paid amount cut into payments of varying size; each payment is dated in the
      // period of the instalment its running total reaches, so allocation is oldest first and never a prepayment.
      `alter table st_sched add column p int;
       with q as (
         select sid, pa, case when sum(pa / inst) over () = 0 then 0
           else ${paymentTarget} * (pa / inst) / sum(pa / inst) over () end as q from st_sched
       ), b as (
         select sid, pa, q, greatest(floor(q), case when pa > 0 then 1 else 0 end)::int as base from q
       ), r as (
         select sid, base, ${paymentTarget} - sum(base) over () as rest,
           row_number() over (order by (pa > 0) desc, q - floor(q) desc, sid) as rank_frac,
           row_number() over (order by base desc, sid) as rank_big
         from b
       )
       update st_sched s set p = r.base + case when r.rest >= 0 and r.rank_frac <= r.rest then 1
           when r.rest < 0 and r.rank_big <= -r.rest then -1 else 0 end
         from r where r.sid = s.sid;
       create temp table st_pay as
       with g as (
         select s.sid, g.seq, s.p, s.pa, 0.6 + 0.8 * random() as wgt
         from st_sched s cross join lateral generate_series(1, s.p) g(seq)
       ), c as (
         select sid, seq, case when seq = p then (pa * 100)::bigint
           else round((pa * 100)::float8 * sum(wgt) over (partition by sid order by seq) / sum(wgt) over (partition by sid))::bigint
           end as c
         from g
       )
       select sid, seq, coalesce(lag(c) over (partition by sid order by seq), 0) as c_prev, c from c;
       create temp table st_payments as
       select x.*, case when s.base = 'completed' and x.seq = s.p
           then s.cost - (sum(x.earned_raw) over (partition by x.sid) - x.earned_raw) else x.earned_raw end as earned
       from (
         select row_number() over (order by d.pay_date, d.sid, d.seq)::int as pid, d.*,
           ((d.c - d.c_prev)::numeric / 100)::numeric(12,2) as amount,
           round((d.c - d.c_prev)::numeric / 100 * s.fee_rate / 100, 2) as fee,
           round((d.c - d.c_prev)::numeric / 100 * s.cost / s.total, 2) as earned_raw,
           1 + d.seq % 2 as created_by,
           least((d.pay_date + make_interval(secs => 8 * 3600 + random() * 9 * 3600))::timestamp at time zone ${SA},
             ${NOW} - interval '1 minute') as created_at
         from (
           select p.sid, p.seq, p.c_prev, p.c,
             least(i.prev_due + ceil((p.c - i.cum_prev * 100) / (i.amount_due * 100) * (i.due - i.prev_due))::int, ${T}) as pay_date
           from st_pay p join st_inst i on i.sid = p.sid and i.cum_prev * 100 < p.c and p.c <= i.cum_due * 100
         ) d join st_sched s using (sid)
       ) x join st_sched s using (sid);
       create index on st_payments (sid)`,
    ],
    [
      'schedules, instalments',
      `insert into repayment_schedules (id, application_id, user_id, start_date, end_date, total_amount,
         remaining_amount, installment_amount, cost_amount, cost_percentage, frequency, next_payment_date, arrears_from, status,
         payment_method, withholding_percentage, platform_fee_rate, currency, estimated_remaining_duration,
         estimated_period, paid_amount, fees_paid, created_at, updated_at, paid_out_on, defaulted_on)
       select s.sid, s.app_id, s.user_id, s.start_ts, i.last_due, s.total, s.total - s.pa, s.inst, s.cost, s.cost_pct, 'monthly',
         i.next_due, i.late_from, s.base, s.method, s.withholding, s.fee_rate, 'ZAR', i.open, s.m, s.pa, coalesce(f.fees, 0),
         s.start_ts, greatest(s.start_ts, f.last_at), (s.start_ts at time zone 'Africa/Johannesburg')::date,
         case when s.base = 'defaulted' then i.late_from + 91 end
       from st_sched s
       join (select sid, max(due) as last_due, min(due) filter (where cum_due > pa) as next_due,
               min(due) filter (where cum_due - pa >= 10) as late_from,
               (count(*) filter (where cum_due > pa))::int as open
             from st_inst join st_sched using (sid) group by sid) i using (sid)
       left join (select sid, sum(fee) as fees, max(created_at) as last_at from st_payments group by sid) f using (sid)
       order by s.sid;
       insert into repayment_instalments (id, schedule_id, number, due_date, amount_due, amount_paid, created_at, updated_at)
       select i.iid, i.sid, i.k, i.due, i.amount_due, least(i.amount_due, greatest(0, s.pa - i.cum_prev)), s.start_ts, s.start_ts
       from st_inst i join st_sched s using (sid)
       order by i.iid;
       update financing_applications a set updated_at = s.updated_at from repayment_schedules s where s.application_id = a.id`,
    ],
    [
      'payments',
      `insert into payments (id, application_id, amount, platform_fee, kind, notes, payment_date, created_by, created_at)
       select p.pid, s.app_id, p.amount, p.fee, 'manual', null, p.pay_date, p.created_by, p.created_at
       from st_payments p join st_sched s using (sid)
       order by p.pid`,
    ],
    [
      'allocations',
      `insert into payment_allocations (id, payment_id, instalment_id, amount, created_at)
       select row_number() over (order by p.pid, i.k), p.pid, i.iid,
         ((least(p.c, i.cum_due * 100) - greatest(p.c_prev, i.cum_prev * 100)) / 100)::numeric(12,2), p.created_at
       from st_payments p join st_inst i on i.sid = p.sid and i.cum_prev * 100 < p.c and i.cum_due * 100 > p.c_prev`,
    ],
    [
      'ledger entries',
      `insert into ledger_entries (id, application_id, payment_id, kind, description, created_by, created_at,
         concerns_on, booked_on)
       select sid, app_id, null, 'disbursement', 'Financing disbursed', 1, start_ts,
         (start_ts at time zone ${SA})::date, (start_ts at time zone ${SA})::date from st_sched
       union all
       select ${schedules} + p.pid, s.app_id, p.pid, 'repayment', 'Repayment received', p.created_by, p.created_at,
         p.pay_date, p.pay_date
       from st_payments p join st_sched s using (sid)`,
    ],
    [
      'ledger lines',
      `insert into ledger_lines (entry_id, account, debit, credit, booked_on)
       select sid, v.account, v.debit, v.credit, (start_ts at time zone ${SA})::date from st_sched
         cross join lateral (values ('loans_receivable', total, 0), ('cash', 0, principal),
           ('deferred_cost_income', 0, cost)) v(account, debit, credit)
         where v.debit > 0 or v.credit > 0
       union all
       select ${schedules} + pid, v.account, v.debit, v.credit, pay_date from st_payments
         cross join lateral (values ('cash', amount + fee, 0), ('loans_receivable', 0, amount),
           ('platform_fee_income', 0, fee), ('deferred_cost_income', earned, 0), ('cost_income', 0, earned))
           v(account, debit, credit)
         where v.debit > 0 or v.credit > 0`,
    ],
    [
      'closed months',
      // Every month from the first booking to the one before today's closed two days after it ended, with its closing
      // balances (cumulative debits and credits per account) and its days' totals, as month-end close keeps them.
      `insert into ledger_periods (period, closed_at, closed_by)
       select to_char(m, 'YYYY-MM'), ((m + interval '1 month' + interval '2 days')::date + time '09:00') at time zone ${SA}, 2
       from generate_series(date_trunc('month', (select min(booked_on) from ledger_entries)),
         date_trunc('month', ${T}::date) - interval '1 month', interval '1 month') m;
       insert into ledger_period_balances (period, account, debit, credit)
       select g.period, g.account,
         sum(coalesce(m.debit, 0)) over (partition by g.account order by g.period),
         sum(coalesce(m.credit, 0)) over (partition by g.account order by g.period)
       from (select p.period, a.account from ledger_periods p
             cross join unnest(array[${LEDGER_ACCOUNTS.map((a) => `'${a}'`).join(', ')}]) a(account)) g
       left join (
         select to_char(e.booked_on, 'YYYY-MM') as period, l.account, sum(l.debit) as debit, sum(l.credit) as credit
         from ledger_entries e join ledger_lines l on l.entry_id = e.id group by 1, 2
       ) m on m.period = g.period and m.account = g.account;
       insert into ledger_period_daily_totals (period, booked_on, account, debit, credit)
       select to_char(booked_on, 'YYYY-MM'), booked_on, account, sum(debit), sum(credit)
       from ledger_lines where booked_on < date_trunc('month', ${T}::date)
       group by booked_on, account`,
    ],
    [
      'settlement quotes',
      // Open quotes a few creators asked for this week (after their last payment), valid for 7 days.
      `insert into settlement_quotes (application_id, reference, amount, valid_until, status, requested_by, created_at)
       select app_id, 'VUKA-' || app_id || '-' || suffix, total - pa, d + 7, 'open', user_id,
         least((d + time '11:00') at time zone ${SA}, ${NOW} - interval '1 minute')
       from (
         select s.*, greatest((select max(pay_date) from st_payments p where p.sid = s.sid), ${T} - 6 + (s.sid % 7)) as d,
           (select string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + ((s.sid * g * 7919) % 32), 1), '')
              from generate_series(1, 6) g) as suffix
         from st_sched s where s.status = 'active' and s.known is null and s.pa < s.total
         order by s.u6 limit 250
       ) q`,
    ],
    [
      'audit trail',
      `insert into user_admin_actions (user_id, admin_id, action, notes, created_at)
       select * from (
         select user_id, null::int as admin_id, 'application_submitted' as action,
           'Application #' || id || ' for R' || trunc(requested_amount) || ', score ' || credit_score as notes, created_at
         from financing_applications
         union all
         select a.user_id, 1, 'application_updated',
           '#' || a.id || ': status ' || replace(a.status, a.base, 'pending_review') || ' → '
             || replace(a.status, a.base, case when a.base in ('rejected', 'approved') then a.base else 'approved' end),
           least(a.created_at + make_interval(hours => 20 + a.n % 48), ${NOW} - interval '2 minutes')
         from st_apps a where a.base in ('rejected', 'approved', 'active', 'completed', 'defaulted')
         union all
         select a.user_id, null, 'application_cancelled', '#' || a.id || ': ' || f.cancellation_reason, f.updated_at
         from st_apps a join financing_applications f on f.id = a.id where a.base = 'cancelled'
         union all
         select s.user_id, 1, 'repayment_schedule_created',
           '#' || s.app_id || ': total ' || ${zar('s.total')} || ' in ' || s.m || ' instalments of ' || ${zar('s.inst')}
             || ' (monthly), first due ' || to_char(i.due, 'DD Mon YYYY') || ', ' || trunc(s.withholding) || '% withholding',
           s.start_ts
         from st_sched s join st_inst i on i.sid = s.sid and i.k = 1
         union all
         select s.user_id, p.created_by, 'payment_added',
           '#' || s.app_id || ': ' || ${zar('p.amount')} || ' on ' || to_char(p.pay_date, 'DD Mon YYYY') || ' (fee '
             || ${zar('p.fee')} || '); remaining ' || ${zar('s.total - p.c / 100.0')},
           p.created_at
         from st_payments p join st_sched s using (sid)
         union all
         select s.user_id, null, 'application_defaulted',
           '#' || s.app_id || ': oldest unpaid instalment due ' || to_char(i.due, 'DD Mon YYYY') || ', over 90 days past due',
           least((i.due + 91 + time '08:00') at time zone ${SA}, ${NOW})
         from st_sched s join st_inst i on i.sid = s.sid and i.k = s.j where s.base = 'defaulted'
       ) x order by created_at`,
    ],
    [
      'sequences',
      [
        'users',
        'creator_platforms',
        'user_platforms',
        'financing_applications',
        'repayment_schedules',
        'repayment_instalments',
        'payments',
        'payment_allocations',
        'ledger_entries',
        'ledger_lines',
        'settlement_quotes',
        'user_admin_actions',
      ]
        .map((t) => `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`)
        .join(';\n'),
    ],
  ];
}

export async function buildBook(url: string = benchUrl()): Promise<void> {
  const started = performance.now();
  const { database, adminUrl } = splitUrl(url);
  console.log(`Building the scale book in "${database}" (today ${BOOK_TODAY}) ...`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ driver: 'pg', url, poolSize: 1 });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  console.log(`  migrations                   ${seconds(started)}`);

  const passwordHash = await hashPassword(KNOWN.password);
  const profilesJson = JSON.stringify(
    bookProfiles(PROFILES).map((p) => ({
      p: p.p,
      requested_amount: p.requestedAmount,
      monthly_revenue: p.monthlyRevenue,
      use_of_funds: p.useOfFunds,
      social_media_data: p.socialMediaData,
      score: p.score,
      breakdown: p.breakdown,
    })),
  );

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Bulk load: no per-row triggers (data versions, foreign keys), no waiting for the WAL flush.
    await client.query(`set session_replication_role = replica; set synchronous_commit = off;
      set work_mem = '256MB'; set maintenance_work_mem = '1GB'; select setseed(0.2026)`);
    for (const [label, text, params] of steps(passwordHash, profilesJson)) {
      const at = performance.now();
      if (params) {
        // A parameterised query runs one statement at a time.
        for (const statement of text.split(/;\s*\n/).filter((s) => s.trim())) {
          await client.query(statement, statement.includes('$1') ? params : undefined);
        }
      } else {
        await client.query(text);
      }
      console.log(`  ${label.padEnd(28)} ${seconds(at)}`);
      if (label === 'loan positions') {
        const { rows } = await client.query<{ n: string }>(
          'select count(*) as n from st_sched where j is null or pa is null',
        );
        if (rows[0]!.n !== '0') throw new Error(`${rows[0]!.n} schedules without a position`);
      }
      if (label === 'payments (staging)') {
        const { rows } = await client.query<{ n: string }>('select count(*) as n from st_payments');
        if (Number(rows[0]!.n) !== BOOK_SIZE.payments) throw new Error(`${rows[0]!.n} payments staged`);
      }
    }
    await client.query('set session_replication_role = origin');
    // Every creator's data version and the Users list's, as the triggers would have left them.
    await client.query(`insert into data_versions (key, version)
      select 'creator:' || id, 1 from users where role = 'user' union all select 'users', 1`);
    let at = performance.now();
    await client.query('vacuum (analyze)');
    console.log(`  ${'vacuum, analyze'.padEnd(28)} ${seconds(at)}`);
    // The last two closed months' loan positions, as their closes kept them (aged arrears, roll rates), by the app's
    // own code (after ANALYZE, so their query is planned on statistics): the instalments as they stood at each month's end, read through the servicing rule.
    at = performance.now();
    const positions = await openDatabase({ driver: 'pg', url, poolSize: 1 });
    try {
      for (const period of ['2026-09', '2026-10']) await snapshotPositions(positions.db, period);
    } finally {
      await positions.close();
    }
    console.log(`  ${'loan positions at closes'.padEnd(28)} ${seconds(at)}`);
    at = performance.now();
    await client.query(
      `comment on database ${database} is '${BOOK_VERSION}; today=${BOOK_TODAY}; built ${new Date().toISOString()}'`,
    );
    const counts = await client.query<Record<string, string>>(`select
      (select count(*) from users) as users, (select count(*) from financing_applications) as applications,
      (select count(*) from repayment_schedules) as schedules, (select count(*) from repayment_instalments) as instalments,
      (select count(*) from payments) as payments, (select count(*) from payment_allocations) as allocations,
      (select count(*) from ledger_entries) as ledger_entries, (select count(*) from ledger_lines) as ledger_lines,
      (select count(*) from settlement_quotes) as settlement_quotes, (select count(*) from user_admin_actions) as audit_rows,
      (select count(*) from user_platforms) as user_platforms, (select count(*) from data_versions) as data_versions,
      pg_size_pretty(pg_database_size(current_database())) as size`);
    console.log(
      `Book built in ${seconds(started)}: ${Object.entries(counts.rows[0]!)
        .map(([k, v]) => `${k} ${/^\d+$/.test(v) ? Number(v).toLocaleString('en-ZA') : v}`)
        .join(', ')}`,
    );
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = benchUrl();
  await buildBook(url);
  if (process.argv.includes('--check')) {
    const failures = await checkBook(url);
    process.exitCode = failures === 0 ? 0 : 1;
  }
}
