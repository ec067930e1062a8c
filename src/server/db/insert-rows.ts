// Many rows in one INSERT with one parameter per column: `insert into t (a, b) select * from unnest($1::a[], $2::b[])`.
//
// The query builder's cost grows with every value it binds (a few microseconds each), and a bank statement's batch
// writes thousands of values at once (a 10 000-line statement in under 10 s): here each column's values
// travel as one array, so the statement is built once per column, not once per value. Values are converted by
// their columns as the builder converts them (timestamps, JSON), and returned columns are read back the same way.
import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from './client';

type Options<K> = {
  /** Rows whose unique key is taken are skipped (ON CONFLICT DO NOTHING); they are absent from the answer. */
  onConflictDoNothing?: boolean;
  /** The columns to read back, each row's in insertion order; none when omitted. */
  returning?: readonly K[];
};

/**
 * Inserts `rows` (all naming the same columns; a column none of them names takes its default) in one statement and
 * returns the `returning` columns of the rows written, in the order given.
 */
export async function insertRows<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  db: DbOrTx,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
  options: Options<K> = {},
): Promise<Array<Pick<T['$inferSelect'], K>>> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const named = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const arrays = named.map((key) => {
    const column = columns[key]!;
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined && column.hasDefault) {
        // A default cannot be asked for row by row in an array: the caller names the column in every row or in none.
        throw new Error(`insertRows ${getTableConfig(table).name}: ${key} is named by some rows only`);
      }
      return value === undefined || value === null ? null : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  const returning = options.returning ?? [];
  const rowsBack = await queryRows<Record<string, unknown>>(
    db,
    sql`insert into ${table} (${sql.join(
      named.map((key) => sql.identifier(columns[key]!.name)),
      sql`, `,
    )})
        select * from unnest(${sql.join(arrays, sql`, `)})
        ${options.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
        ${
          returning.length > 0
            ? sql`returning ${sql.join(
                returning.map((key) => sql.identifier(columns[key]!.name)),
                sql`, `,
              )}`
            : sql``
        }`,
  );
  return rowsBack.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const key of returning) {
      const column = columns[key]!;
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as Pick<T['$inferSelect'], K>;
  });
}
