// The paged admin lists (Applications and Users tabs): one page, its total and its counts, computed in SQL.
// Every order is served by an index (drizzle/0003) with the id as tie-breaker, so a page is stable and never
// sorts the whole table; search uses trigram indexes; no query carries a parameter per row.
import { type SQL, sql } from 'drizzle-orm';
import type { DashboardMode } from '../../../shared/constants';
import type { AdminApplicationsQuery, AdminUsersQuery } from '../../../shared/schemas/admin-lists';
import { baseStatus } from '../../../shared/status-machine';
import { type DbOrTx, queryRows } from '../../db/client';
import { pageWindow } from '../../lib/paging';
import { applicationSearch, containsPattern, searchedId, USER_NAMES } from '../../lib/sql-search';
import { statusInMode } from '../app-settings/app-settings.service';

const APPLICATION_ORDER: Record<AdminApplicationsQuery['sort']['column'], SQL> = {
  createdAt: sql`a.created_at`,
  requestedAmount: sql`a.requested_amount`,
  creditScore: sql`a.credit_score`,
  status: sql`a.status`,
};

type AdminApplicationListRow = {
  id: number;
  user_id: number;
  created_at: Date | string;
  status: string;
  application_type: string;
  business_name: string | null;
  first_name: string | null;
  last_name: string | null;
  requested_amount: string;
  monthly_revenue: string;
  credit_score: number | null;
  currency: string;
  estimated_period: number | null;
  top_up_of_application_id: number | null;
  username: string;
  user_first_name: string;
  user_last_name: string;
  schedule_id: number | null;
  schedule_status: string | null;
  total_amount: string | null;
  remaining_amount: string | null;
  paid_amount: string | null;
  schedule_currency: string | null;
  forgiven: boolean | null;
};

export async function applicationsPage(db: DbOrTx, query: AdminApplicationsQuery, mode: DashboardMode) {
  const where: SQL[] = [statusInMode(sql`a.status`, mode)];
  if (query.search) where.push(applicationSearch(query.search));
  // Counts per status with the same search, chips ignored: the chips' numbers and, summed, the total.
  const counted = await queryRows<{ status: string; n: number }>(
    db,
    sql`select a.status, count(*)::int as n from financing_applications a
        where ${sql.join(where, sql` and `)} group by a.status`,
  );
  const statusCounts: Record<string, number> = {};
  for (const { status, n } of counted) {
    const chip = baseStatus(status);
    statusCounts[chip] = (statusCounts[chip] ?? 0) + n;
  }
  const chips = query.status ?? [];
  const total = Object.entries(statusCounts)
    .filter(([chip]) => chips.length === 0 || (chips as string[]).includes(chip))
    .reduce((sum, [, n]) => sum + n, 0);
  if (chips.length > 0) {
    const statuses = chips.flatMap((chip) => [chip, `${chip}_testing`]);
    where.push(sql`a.status in ${statuses}`);
  }
  const window = pageWindow(query.page, query.pageSize, total);
  // A search that is an application's number ('4' or '#4') puts that application first, whatever the sort: the
  // other matches ('4' in a name or an e-mail) follow in the chosen order.
  const exactId = query.search ? searchedId(query.search) : undefined;
  const order = (descending: boolean, first: 'first' | 'last' = 'first') => {
    const direction = descending ? sql`desc` : sql`asc`;
    const exact =
      exactId === undefined ? sql`` : sql`(a.id = ${exactId}) ${first === 'first' ? sql`desc` : sql`asc`}, `;
    return sql`${exact}${APPLICATION_ORDER[query.sort.column]} ${direction}, a.id ${direction}`;
  };
  // The page's ids first (an index-only walk of the order's index, from the nearer end), then their rows.
  const rows = !window
    ? []
    : await queryRows<AdminApplicationListRow>(
        db,
        sql`select a.id, a.user_id, a.created_at, a.status, a.application_type, a.business_name,
              a.first_name, a.last_name, a.requested_amount::text, a.monthly_revenue::text, a.credit_score,
              a.currency, a.estimated_period, a.top_up_of_application_id,
              u.username, u.first_name as user_first_name, u.last_name as user_last_name,
              s.id as schedule_id, s.status as schedule_status, s.total_amount::text,
              s.remaining_amount::text, s.paid_amount::text, s.currency as schedule_currency,
              s.forgiven_on is not null as forgiven
            from (
              select a.id from financing_applications a
              where ${sql.join(where, sql` and `)}
              order by ${order(query.sort.descending !== window.reversed, window.reversed ? 'last' : 'first')}
              limit ${window.limit} offset ${window.offset}
            ) page
            join financing_applications a on a.id = page.id
            join users u on u.id = a.user_id
            left join repayment_schedules s on s.application_id = a.id
            order by ${order(query.sort.descending)}`,
      );
  return { rows, total, statusCounts };
}

const USER_ORDER: Record<AdminUsersQuery['sort']['column'], (d: SQL) => SQL> = {
  createdAt: (d) => sql`u.created_at ${d}, u.id ${d}`,
  name: (d) => sql`u.first_name ${d}, u.last_name ${d}, u.id ${d}`,
  username: (d) => sql`lower(u.username) ${d}, u.id ${d}`,
  applicationCount: (d) => sql`application_count ${d}, u.id ${d}`,
};

type AdminUserListRow = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  role: string;
  status: string;
  verified: boolean;
  created_at: Date | string;
  application_count: number;
  deletion_requested_at: Date | string | null;
};

export async function usersPage(db: DbOrTx, query: AdminUsersQuery) {
  const where: SQL[] = [sql`true`];
  if (query.search) {
    // Every word somewhere in the names or e-mail ('khumalo nal' finds Naledi Khumalo), or the id.
    const words = query.search.split(/\s+/).filter(Boolean);
    const byWords = sql.join(
      words.map((word) => sql`${USER_NAMES} ilike ${containsPattern(word)}`),
      sql` and `,
    );
    const id = searchedId(query.search);
    if (id !== undefined && query.search.startsWith('#')) where.push(sql`u.id = ${id}`);
    else where.push(id === undefined ? sql`(${byWords})` : sql`(${byWords} or u.id = ${id})`);
  }
  if (query.role) where.push(sql`u.role = ${query.role}`);
  if (query.status) where.push(sql`u.status = ${query.status}`);
  if (query.deletion) where.push(sql`u.deletion_requested_at is not null and u.anonymised_at is null`);
  const condition = sql.join(where, sql` and `);
  const [{ total }] = (await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from users u where ${condition}`,
  )) as [{ total: number }];
  const direction = query.sort.descending ? sql`desc` : sql`asc`;
  const countOf = sql`(select count(*) from financing_applications a where a.user_id = u.id)::int`;
  const rows =
    total === 0
      ? []
      : query.sort.column === 'applicationCount'
        ? await queryRows<AdminUserListRow>(
            db,
            sql`select u.id, u.username, u.first_name, u.last_name, u.role, u.status, u.verified, u.created_at,
                  case when u.anonymised_at is null then u.deletion_requested_at end as deletion_requested_at,
                  coalesce(c.n, 0)::int as application_count
                from users u
                left join (select user_id, count(*) as n from financing_applications group by user_id) c
                  on c.user_id = u.id
                where ${condition}
                order by coalesce(c.n, 0) ${direction}, u.id ${direction}
                limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
          )
        : await queryRows<AdminUserListRow>(
            db,
            sql`select u.id, u.username, u.first_name, u.last_name, u.role, u.status, u.verified, u.created_at,
                  case when u.anonymised_at is null then u.deletion_requested_at end as deletion_requested_at,
                  ${countOf} as application_count
                from (
                  select u.* from users u where ${condition}
                  order by ${USER_ORDER[query.sort.column](direction)}
                  limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
                ) u
                order by ${USER_ORDER[query.sort.column](direction)}`,
          );
  return { rows, total };
}

/**
 * Development seeding (admin.dev-routes.ts): a creator called Naledi `lastName` and one application per amount,
 * a minute apart in the given order (the first the oldest), all cancelled but the last when `openLast` (that one
 * under review, as if just submitted). The amounts travel as one JSON array, not a parameter each.
 */
export async function seedJourneyApplications(
  db: DbOrTx,
  input: { lastName: string; amounts: number[]; openLast: boolean },
  now: Date,
) {
  const email = `naledi.${input.lastName.toLowerCase()}@example.com`;
  return db.transaction(async (tx) => {
    const [user] = await queryRows<{ id: number }>(
      tx,
      sql`insert into users (username, password_hash, first_name, last_name, verified)
          values (${email}, '!', 'Naledi', ${input.lastName}, true)
          returning id`,
    );
    const count = input.amounts.length;
    const rows = await queryRows<{ id: number; requested_amount: number; status: string }>(
      tx,
      sql`insert into financing_applications (user_id, monthly_revenue, requested_amount, credit_score, status,
            first_name, last_name, cancellation_reason, created_at, updated_at)
          select ${user!.id}, 8000, a.amount::int, 40 + (a.n * 7) % 60,
            case when ${input.openLast} and a.n = ${count} then 'pending_review' else 'cancelled' end,
            'Naledi', ${input.lastName},
            case when ${input.openLast} and a.n = ${count} then null else 'Seeded for a journey' end,
            ${now.toISOString()}::timestamptz - ((${count} - a.n + 1) || ' minutes')::interval,
            ${now.toISOString()}::timestamptz
          from jsonb_array_elements_text(${JSON.stringify(input.amounts)}::jsonb) with ordinality as a(amount, n)
          order by a.n
          returning id, requested_amount::int as requested_amount, status`,
    );
    return {
      userId: user!.id,
      email,
      applications: rows.map((r) => ({ id: r.id, requestedAmount: r.requested_amount, status: r.status })),
    };
  });
}
