// "Nothing was stored": a digest of every table's rows, so a test can compare the whole database before and
// after requests that must be refused. A session's last_seen_at moves when it is merely used, so it is left out.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client';

export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; digest: string }>(
      db,
      sql`select count(*)::int as rows,
                 md5(coalesce(string_agg((to_jsonb(t) - 'last_seen_at')::text, '|' order by (to_jsonb(t) - 'last_seen_at')::text), '')) as digest
          from ${sql.identifier(name)} t`,
    );
    digest[name] = `${row!.rows}:${row!.digest}`;
  }
  return digest;
}
