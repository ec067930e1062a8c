// Named prepared statements for the hottest reads (the session behind every API request, the creator's
// one-second poll): parsed and planned once per connection, then only bound and executed.
// - node-postgres: a named query, prepared by each pooled connection on first use.
// - PGlite: its query() sends parse, describe, bind, describe and execute on every call and plans the
//   statement each time, which costs several times the execution itself; here the statement is parsed once
//   per database and each call is one bind/execute/sync exchange, under the same locks as query().
// Rows come back as arrays of values parsed by each driver's own type parsers. The two drivers agree on
// int4, bool, text/varchar, numeric (a string), timestamptz (a Date), json/jsonb and float8; they differ on
// int8 and date, so a statement casts those (`::int`, `::float8`, `::text`) in its SQL, or reads whole rows
// with jsonRow() below.
import { PGlite, protocol } from '@electric-sql/pglite';
import { getTableColumns, type Table } from 'drizzle-orm';
import type pg from 'pg';
import { type Db, driverClient } from './client';
import { coalescedRead } from './coalesced-read';

export type PreparedStatement = { readonly name: string; readonly text: string };

const names = new Set<string>();

/** Declares a statement once, at module load; the name must be unique in the process. */
export function preparedStatement(name: string, text: string): PreparedStatement {
  if (names.has(name)) throw new Error(`Prepared statement ${name} is declared twice`);
  names.add(name);
  return { name, text };
}

type Value = string | number | boolean | null;

/**
 * Runs a prepared statement on the root handle (not inside a transaction): rows as arrays of values. Values may
 * be given as a function, called as the statement starts (on the embedded database, when its queue reaches it).
 */
export function runPrepared(
  db: Db,
  statement: PreparedStatement,
  values: Value[] | (() => Value[]),
): Promise<unknown[][]> {
  const client = driverClient(db);
  return client instanceof PGlite
    ? runOnPglite(client, statement, values)
    : runOnPg(client as pg.Pool, statement, typeof values === 'function' ? values() : values);
}

/** A batch read for coalescedPreparedRead: the statement, its parameters for some keys, and their answers. */
export type BatchStatement<K, R> = {
  statement: PreparedStatement;
  params: (keys: K[]) => Value[];
  /** One answer or undefined per key, in the keys' order. */
  answers: (rows: unknown[][], keys: K[]) => Array<R | undefined>;
};

/**
 * Two statements of each coalesced read at the database at once, so that one batch is at the database while the
 * server answers the last one; up to 16 reads in each. Larger batches share a statement's cost more widely but
 * pipeline worse: none of a batch's requests goes on until its whole statement has run, and then all of them
 * need the server at once. With 64 requests in flight, batches of up to 64 (about 40 each) left the server's
 * thread idle a quarter of the time; batches of 16 served 10-13% more polls, changed or not, for about 15%
 * more of PostgreSQL's CPU per poll (bench/README.md). Two statements of each kind hold at most four
 * of the pool's ten connections.
 */
const BATCH_LIMITS = { maxInFlight: 2, maxBatch: 16 } as const;

/**
 * A read whose concurrent calls go to the database together (db/coalesced-read.ts), one coalescer per database
 * handle: gathering each event-loop turn's reads on PostgreSQL, and on the embedded database the reads that
 * arrive until its queue reaches the statement.
 */
export function coalescedPreparedRead<K, R>({
  statement,
  params,
  answers,
}: BatchStatement<K, R>): (db: Db, key: K) => Promise<R | undefined> {
  const byDb = new WeakMap<Db, (key: K) => Promise<R | undefined>>();
  return (db, key) => {
    let read = byDb.get(db);
    if (!read) {
      const gather = driverClient(db) instanceof PGlite ? 'queue' : 'turn';
      read = coalescedRead(
        async (take: () => K[]) => {
          let keys: K[] = [];
          const rows = await runPrepared(db, statement, () => {
            keys = take();
            return params(keys);
          });
          return answers(rows, keys);
        },
        { ...BATCH_LIMITS, gather },
      );
      byDb.set(db, read);
    }
    return read(key);
  };
}

async function runOnPg(pool: pg.Pool, statement: PreparedStatement, values: Value[]) {
  const result = await pool.query<unknown[]>({
    name: statement.name,
    text: statement.text,
    values,
    rowMode: 'array',
  });
  return result.rows;
}

/** Result column types of the statements each PGlite database has already parsed. */
const parsedOn = new WeakMap<PGlite, Map<string, number[]>>();
const SYNC = protocol.serialize.sync();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function runOnPglite(client: PGlite, statement: PreparedStatement, valuesOrLater: Value[] | (() => Value[])) {
  // The same two locks as PGlite's own query(): wait for an open transaction, then for the running query.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      // The protocol calls below skip query()'s own check: a closed database says so, as query() would (503).
      if (client.closed) throw new Error('PGlite is closed');
      const values = typeof valuesOrLater === 'function' ? valuesOrLater() : valuesOrLater;
      let parsed = parsedOn.get(client);
      if (!parsed) {
        parsed = new Map();
        parsedOn.set(client, parsed);
      }
      let types = parsed.get(statement.name);
      if (!types) {
        const { messages } = await client.execProtocol(
          concat([
            protocol.serialize.parse({ name: statement.name, text: statement.text }),
            protocol.serialize.describe({ type: 'S', name: statement.name }),
            SYNC,
          ]),
          { syncToFs: false },
        );
        const description = messages.find((m) => m.name === 'rowDescription') as
          | { fields: Array<{ dataTypeID: number }> }
          | undefined;
        types = description?.fields.map((f) => f.dataTypeID) ?? [];
        parsed.set(statement.name, types);
      }
      const { messages } = await client.execProtocol(
        concat([
          protocol.serialize.bind({
            statement: statement.name,
            values: values.map((v) => (v === null ? null : typeof v === 'string' ? v : String(v))),
          }),
          protocol.serialize.execute({}),
          SYNC,
        ]),
        // A read changes no file.
        { syncToFs: false },
      );
      const rows: unknown[][] = [];
      for (const message of messages) {
        if (message.name !== 'dataRow') continue;
        const fields = (message as unknown as { fields: Array<string | null> }).fields;
        const row = new Array<unknown>(fields.length);
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i]!;
          const parse = field === null ? undefined : client.parsers[types[i]!];
          row[i] = field === null ? null : parse ? parse(field, types[i]!) : field;
        }
        rows.push(row);
      }
      return rows;
    }),
  );
}

/** A table's row as one JSON value in a prepared statement's select list, and its reader. */
export type JsonRow<Row> = {
  /** `row_to_json(alias)`, or `json_build_array(alias."column", ...)` when columns need a cast. */
  readonly sql: string;
  /** The row object (the schema's property names and types) from the JSON value; null stays null. */
  read(value: unknown): Row | null;
};

/**
 * Every column of a drizzle table but the omitted ones as one JSON value: a driver then decodes one field
 * with JSON.parse instead of each column with its own parser (PGlite copies and decodes every field, which
 * costs more than the query on a wide row). A whole row is `row_to_json` (the cheapest to build); a table
 * with numerics or calendar dates, or a partial row, is a `json_build_array` with numerics as text (as
 * drizzle gives them) and dates as 'YYYY-MM-DD' text. Timestamps arrive as ISO 8601 with their offset and
 * are read back as Date, truncated to the millisecond as node-postgres does. Column kinds without a reading
 * here are refused when the statement is declared, not on a request.
 */
export function jsonRow<T extends Table, K extends keyof T['$inferSelect'] = never>(
  table: T,
  alias: string,
  omit: readonly K[] = [],
): JsonRow<Omit<T['$inferSelect'], K>> {
  const all = Object.entries(getTableColumns(table));
  const columns = all.filter(([key]) => !omit.includes(key as K));
  const instants: number[] = [];
  let casts = 0;
  const expressions = columns.map(([, column], i) => {
    const ref = `${alias}."${column.name}"`;
    const { columnType } = column;
    if (columnType === 'PgNumeric' || columnType === 'PgDateString') {
      casts++;
      return `${ref}::text`;
    }
    if (columnType === 'PgTimestamp' && (column as { withTimezone?: boolean }).withTimezone) {
      instants.push(i);
      return ref;
    }
    // bigint in number mode: JSON carries it as a number (the columns that use it stay below 2^53).
    if (/^Pg(Serial|Integer|BigInt53|Varchar|Text|Boolean|Jsonb)$/.test(columnType)) return ref;
    throw new Error(`${alias}.${column.name}: no JSON reading for ${columnType}`);
  });
  if (expressions.length > 100) throw new Error(`${alias}: json_build_array takes at most 100 values`);
  const whole = casts === 0 && columns.length === all.length;
  // The reader is compiled once per statement into one object literal (one shape, no loop over the keys): the
  // creator's poll reads some twenty rows per changed answer, and the loop was about a tenth of its CPU
  //. Keys and column names are the schema's own, quoted by JSON.stringify.
  const fields = columns.map(([key, column], i) => {
    const value = whole ? `v[${JSON.stringify(column.name)}]` : `v[${i}]`;
    const read = instants.includes(i) ? `(${value} === null ? null : new Date(${value}))` : value;
    return `${JSON.stringify(key)}: ${read}`;
  });
  const build = new Function('v', `return { ${fields.join(', ')} };`) as (
    value: unknown,
  ) => Omit<T['$inferSelect'], K>;
  return {
    sql: whole ? `row_to_json(${alias})` : `json_build_array(${expressions.join(', ')})`,
    read: (value) => (value === null || value === undefined ? null : build(value)),
  };
}
