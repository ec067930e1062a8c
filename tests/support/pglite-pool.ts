// The embedded databases of one test worker, used again from file to file. Starting PGlite from the run's migrated
// image costs about 0.7 s of CPU (the WebAssembly server starting on its files) for each of ~150 API files; putting a
// used database back as the image left it (every table emptied, the rows the migrations wrote put back, every
// sequence where the image had it) costs about a fifth of that. A database is used again only when it is known to
// be as the image left it:
// - the reset ran whole, in one statement (a database left in a failed transaction, or closed by its test to play a
//   database gone from under the server, is closed and never used again);
// - its tables, columns, constraints, indexes and triggers are the image's (a test that changed them and did not put
//   them back leaves a database that is closed, not handed on).
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, driverClient, openDatabase, queryRows } from '../../src/server/db/client';

type ImageState = {
  /** One statement that puts a used database back as the image left it. */
  resetScript: string;
  /** The image's tables, columns, constraints, indexes and triggers, to tell a database a test changed. */
  shape: string;
};

const idle: DatabaseHandle[] = [];
let imageState: ImageState | undefined;

/** The public schema's columns, constraints, indexes and triggers, as one text. */
const SHAPE_QUERY = sql`
  select concat_ws(' | ',
    (select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name)
       from information_schema.columns where table_schema = 'public'),
    (select string_agg(c.conname, ',' order by c.conname)
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'),
    (select string_agg(indexname, ',' order by indexname) from pg_indexes where schemaname = 'public'),
    (select string_agg(t.tgname, ',' order by t.tgname)
       from pg_trigger t join pg_class r on r.oid = t.tgrelid join pg_namespace n on n.oid = r.relnamespace
       where n.nspname = 'public' and not t.tgisinternal)) as shape`;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const name = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Reads, from a database just opened from the image, what a reset needs: its tables, their rows, its sequences. */
async function readImageState(handle: DatabaseHandle): Promise<ImageState> {
  const tables = await queryRows<{ table: string }>(
    handle.db,
    sql`select tablename as "table" from pg_tables where schemaname = 'public' order by tablename`,
  );
  const statements = [
    `truncate table ${tables.map((t) => `public.${name(t.table)}`).join(', ')} restart identity cascade`,
  ];
  for (const { table } of tables) {
    const [{ rows }] = await queryRows<{ rows: string | null }>(
      handle.db,
      sql.raw(`select json_agg(t)::text as rows from public.${name(table)} t`),
    );
    if (rows) {
      statements.push(
        `insert into public.${name(table)} overriding system value select * from json_populate_recordset(null::public.${name(table)}, ${literal(rows)})`,
      );
    }
  }
  const sequences = await queryRows<{ sequence: string; last: string | null; start: string }>(
    handle.db,
    sql`select sequencename as sequence, last_value::text as last, start_value::text as start
        from pg_sequences where schemaname = 'public'`,
  );
  for (const { sequence, last, start } of sequences) {
    const target = literal(`public.${name(sequence)}`);
    statements.push(
      last === null ? `select setval(${target}, ${start}, false)` : `select setval(${target}, ${last}, true)`,
    );
  }
  const [{ shape }] = await queryRows<{ shape: string }>(handle.db, SHAPE_QUERY);
  return { resetScript: statements.join(';\n'), shape };
}

function isClosed(handle: DatabaseHandle): boolean {
  const client = driverClient(handle.db);
  return !(client instanceof PGlite) || client.closed;
}

/** A database as the image left it: one used before and put back, or a new one started from the image. */
export async function takeImageDatabase(image: Blob): Promise<DatabaseHandle> {
  // One closed after it was given back (its file kept it and closed it) is left behind.
  for (let reused = idle.pop(); reused; reused = idle.pop()) {
    if (!isClosed(reused)) return reused;
  }
  const handle = await openDatabase({ driver: 'pglite', image });
  imageState ??= await readImageState(handle);
  return handle;
}

/** Puts a database back as the image left it for the next file, or closes it when that cannot be known. */
export async function giveBackImageDatabase(handle: DatabaseHandle): Promise<void> {
  // Given back twice (a file that closes its app twice): it is in the pool once.
  if (isClosed(handle) || idle.includes(handle)) return;
  const client = driverClient(handle.db) as PGlite;
  try {
    if (!imageState) throw new Error('no image state');
    const [{ shape }] = await queryRows<{ shape: string }>(handle.db, SHAPE_QUERY);
    if (shape !== imageState.shape) throw new Error('its tables are not the image’s');
    await client.exec(imageState.resetScript);
    idle.push(handle);
  } catch {
    await handle.close().catch(() => undefined);
  }
}
