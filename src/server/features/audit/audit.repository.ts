import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { userAdminActions, users } from '../../db/schema';
import { containsPattern, searchedId, USER_NAMES } from '../../lib/sql-search';

/** One audit row per state change, written in the same transaction as the change. */
export async function recordAction(
  db: DbOrTx,
  entry: {
    userId: number | null;
    adminId?: number | null;
    action: string;
    notes?: string | null;
    /** When it happened: the injected clock's now (never the database's time, so tests can travel). */
    at: Date;
  },
) {
  await db.insert(userAdminActions).values({
    userId: entry.userId,
    adminId: entry.adminId ?? null,
    action: entry.action,
    notes: entry.notes ?? null,
    createdAt: entry.at,
  });
}

/** Many audit rows in one statement (an import's lines), each as recordAction writes one. */
export async function recordActions(
  db: DbOrTx,
  entries: ReadonlyArray<{
    userId: number | null;
    adminId?: number | null;
    action: string;
    notes?: string | null;
    at: Date;
  }>,
) {
  await insertRows(
    db,
    userAdminActions,
    entries.map((e) => ({
      userId: e.userId,
      adminId: e.adminId ?? null,
      action: e.action,
      notes: e.notes ?? null,
      createdAt: e.at,
    })),
  );
}

/** The user's audit log, newest first, each row with the acting admin's name ('who did what' in one read). */
/** One page of the actions about a user, newest first, with the acting admin's name, and how many there are. */
export async function actionsForUser(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const aboutUser = eq(userAdminActions.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        action: userAdminActions,
        admin: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(userAdminActions)
      .leftJoin(users, eq(users.id, userAdminActions.adminId))
      .where(aboutUser)
      .orderBy(desc(userAdminActions.createdAt), desc(userAdminActions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(userAdminActions).where(aboutUser),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

type AuditTrailRow = {
  id: number;
  action: string;
  notes: string | null;
  created_at: Date | string;
  actor_id: number | null;
  actor_first: string | null;
  actor_last: string | null;
  actor_username: string | null;
  subject_id: number | null;
  subject_first: string | null;
  subject_last: string | null;
  subject_username: string | null;
};

/** The people a filter names: an id ('#12' or '12' also by id), else every word in a name or the e-mail. */
function peopleMatching(search: string): SQL {
  const id = searchedId(search);
  if (id !== undefined && search.startsWith('#')) return sql`select ${id}::int as id`;
  const words = search.split(/\s+/).filter(Boolean);
  const byWords = sql.join(
    words.map((word) => sql`${USER_NAMES} ilike ${containsPattern(word)}`),
    sql` and `,
  );
  return id === undefined
    ? sql`select id from users where ${byWords}`
    : sql`select id from users where (${byWords}) or id = ${id}`;
}

/**
 * One page of the audit trail, newest first, with the acting and the concerned person's names in the same read.
 * Days are South African: from 00:00 of `from` to 00:00 after `to` in Johannesburg.
 */
export async function auditTrailPage(
  db: DbOrTx,
  query: {
    actor?: string;
    subject?: string;
    action?: string;
    from?: Date;
    until?: Date;
    page: number;
    pageSize: number;
  },
) {
  const where: SQL[] = [sql`true`];
  if (query.actor) where.push(sql`a.admin_id in (${peopleMatching(query.actor)})`);
  if (query.subject) where.push(sql`a.user_id in (${peopleMatching(query.subject)})`);
  if (query.action) where.push(sql`a.action like ${`${query.action.replace(/_/g, '\\_')}%`}`);
  if (query.from) where.push(sql`a.created_at >= ${query.from.toISOString()}`);
  if (query.until) where.push(sql`a.created_at < ${query.until.toISOString()}`);
  const condition = sql.join(where, sql` and `);
  const [{ total }] = (await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from user_admin_actions a where ${condition}`,
  )) as [{ total: number }];
  const rows =
    total === 0
      ? []
      : await queryRows<AuditTrailRow>(
          db,
          sql`select a.id, a.action, a.notes, a.created_at,
                au.id as actor_id, au.first_name as actor_first, au.last_name as actor_last,
                au.username as actor_username,
                su.id as subject_id, su.first_name as subject_first, su.last_name as subject_last,
                su.username as subject_username
              from (
                select * from user_admin_actions a where ${condition}
                order by a.created_at desc, a.id desc
                limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
              ) a
              left join users au on au.id = a.admin_id
              left join users su on su.id = a.user_id
              order by a.created_at desc, a.id desc`,
        );
  return { rows, total };
}
