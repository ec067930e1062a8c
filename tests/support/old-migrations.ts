// Upgrade tests: a database migrated only as far as an earlier version had it, to write an old book into and then
// start the current app on (which runs the rest of the migrations).
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/server/db/client';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrate';

/** A copy of the migrations folder whose journal lists only the migrations numbered below `next`. */
export function migrationsBefore(next: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'vuka-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => Number(e.tag.slice(0, 4)) < next);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** Applies the migrations in `folder` to the database, on either driver. */
export async function migrateTo(handle: DatabaseHandle, folder: string) {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({ connectionString: handle.url });
  await client.connect();
  try {
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}
