// "Nothing was stored": a digest of every table's rows, so a test can compare the whole database before and
// after requests that must be refused. A session's last_seen_at moves when it is merely used, so it is left out.
// All tables are digested in one statement (not one round trip per table): the sweeps in input-hardening call
// this hundreds of times, and the suite runs on busy machines.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client';

export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  if (tables.length === 0) return {};
  const perTable = tables.map(
    ({ name }) =>
      sql`select ${name}::text as name, count(*)::int as rows,
                 md5(coalesce(string_agg((to_jsonb(t) - 'last_seen_at')::text, '|' order by (to_jsonb(t) - 'last_seen_at')::text), '')) as digest
          from ${sql.identifier(name)} t`,
  );
  const rows = await queryRows<{ name: string; rows: number; digest: string }>(
    db,
    sql.join(perTable, sql` union all `),
  );
  const digest: Record<string, string> = {};
  for (const row of rows) digest[row.name] = `${row.rows}:${row.digest}`;
  return digest;
}
