// The test workers' embedded databases are used again from file to file (tests/support/pglite-pool.ts): a database
// given back must be exactly as the migrated image left it (no rows a file wrote, the migrations' own rows, every
// sequence where it was), and one that cannot be known to be so (its tables changed, or closed) is never handed on.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type DatabaseHandle,
  driverClient,
  openDatabase,
  pgliteImage,
  queryRows,
} from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { giveBackImageDatabase, takeImageDatabase } from '../support/pglite-pool';

/** A migrated image of this test's own, so that it runs whatever driver the rest of the pass uses. */
async function migratedImage(): Promise<Blob> {
  const handle = await openDatabase({ driver: 'pglite' });
  try {
    await runMigrations(handle);
    return await pgliteImage(handle);
  } finally {
    await handle.close();
  }
}

const image = await migratedImage();
// Each test gives back what it takes: the worker's next file may be handed it.
const take = () => takeImageDatabase(image);

const one = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  (await queryRows<T>(handle.db, query))[0]!;

/** What a file could tell apart: the rows of every table, and the next id each sequence would give. */
async function stateOf(handle: DatabaseHandle) {
  const tables = await queryRows<{ table: string }>(
    handle.db,
    sql`select tablename as "table" from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rows: Record<string, string | null> = {};
  for (const { table } of tables) {
    rows[table] = (
      await one<{ rows: string | null }>(
        handle,
        sql.raw(`select json_agg(t order by t)::text as rows from public."${table}" t`),
      )
    ).rows;
  }
  const sequences = await queryRows<{ sequence: string; last: string | null }>(
    handle.db,
    sql`select sequencename as sequence, last_value::text as last from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { rows, sequences };
}

describe('the embedded databases a worker uses again', () => {
  it('a database given back is the image again: no rows a file wrote, the migrations’ rows, every sequence where it was', async () => {
    const first = await take();
    const before = await stateOf(first);
    expect(Object.values(before.rows).some((rows) => rows !== null)).toBe(true);

    await first.db.execute(sql`
      insert into users (username, password_hash, first_name, last_name)
      values ('pool@example.com', 'x', 'Pool', 'Test'), ('pool2@example.com', 'x', 'Pool', 'Two')`);
    await first.db.execute(sql`update suspense_totals set items = items + 5`);
    expect(await stateOf(first)).not.toEqual(before);

    await giveBackImageDatabase(first);
    const again = await take();
    expect(again).toBe(first);
    expect(await stateOf(again)).toEqual(before);
    // The next user is the image's first, as in a new database.
    const { id } = await one<{ id: number }>(
      again,
      sql`insert into users (username, password_hash, first_name, last_name)
          values ('pool@example.com', 'x', 'Pool', 'Test') returning id`,
    );
    expect(id).toBe(1);
    await giveBackImageDatabase(again);
  });

  it('a database whose tables a file changed (a column, a constraint) is closed, not handed on', async () => {
    const changed = await take();
    await changed.db.execute(sql`alter table users add column pool_test text`);
    await giveBackImageDatabase(changed);
    expect((driverClient(changed.db) as PGlite).closed).toBe(true);
    const next = await take();
    expect(next).not.toBe(changed);
    const { columns } = await one<{ columns: number }>(
      next,
      sql`select count(*)::int as columns from information_schema.columns
          where table_name = 'users' and column_name = 'pool_test'`,
    );
    expect(columns).toBe(0);
    await giveBackImageDatabase(next);

    // A constraint left behind is a change too.
    const constrained = await take();
    await constrained.db.execute(
      sql`alter table users add constraint pool_test_check check (bio is null or bio <> 'x')`,
    );
    await giveBackImageDatabase(constrained);
    expect((driverClient(constrained.db) as PGlite).closed).toBe(true);
  });

  it('a database its file closed (a database gone from under the server) is not handed on', async () => {
    const closed = await take();
    await closed.close();
    await giveBackImageDatabase(closed);
    const next = await take();
    expect(next).not.toBe(closed);
    await giveBackImageDatabase(next);
  });

  it('a database given back twice is handed to one file only', async () => {
    const twice = await take();
    await giveBackImageDatabase(twice);
    await giveBackImageDatabase(twice);
    const first = await take();
    const second = await take();
    expect(first).toBe(twice);
    expect(second).not.toBe(twice);
    await giveBackImageDatabase(second);
    await giveBackImageDatabase(first);
  });
});
