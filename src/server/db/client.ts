// One database handle for the whole server, on either driver: PostgreSQL (node-postgres pool) when
// DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR. Both speak the same SQL dialect, so the
// repositories never know which one they run on.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the root handle or a transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseHandle = {
  db: Db;
  driver: 'pg' | 'pglite';
  /** The PostgreSQL connection string (pg driver only): migrations hold a lock on a connection of their own. */
  url?: string;
  close: () => Promise<void>;
  /**
   * Runs fn only if no other instance holds the lock (a session advisory lock on PostgreSQL; the data-dir
   * lock already makes PGlite single-process). Returns false when skipped.
   */
  withJobLock: (lockId: number, fn: () => Promise<void>) => Promise<boolean>;
};

export type DatabaseOptions =
  | {
      driver: 'pg';
      url: string;
      poolSize?: number;
      /**
       * max_parallel_workers_per_gather on every pooled connection (PostgreSQL's default, 2, when unset). The
       * app's queries are short and index-served: starting worker processes for them costs more than it saves
       * on a small server (decision 016), so the server's configuration passes 0 unless told otherwise.
       */
      parallelWorkers?: number;
      /**
       * random_page_cost on every pooled connection (PostgreSQL's default, 4, when unset: a disk that seeks). The
       * server's configuration passes 1.1, for data in memory or on SSD (decision 016).
       */
      randomPageCost?: number;
      /**
       * Told when a pooled connection dies (server restart, an administrator's terminate, a network cut), idle or
       * in use. A connection in use fails its query too: the request answers 503 (lib/database-errors.ts).
       */
      onConnectionError?: (error: Error) => void;
    }
  /**
   * dataDir undefined means in memory (tests). image: start from a data-directory image (pgliteImage below)
   * instead of an empty database, in memory only.
   */
  | { driver: 'pglite'; dataDir?: string; image?: Blob };

/**
 * PostgreSQL at DATABASE_URL did not answer (or refused the login): the message names the setting and where it
 * points, never the password, and says how to fall back to the embedded database.
 */
export class DatabaseConnectionError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `Could not connect to PostgreSQL at DATABASE_URL (${describeDatabaseUrl(url)}): ${
        cause instanceof Error ? cause.message : String(cause)
      }. Check that the server is running and DATABASE_URL is right, or unset DATABASE_URL to use the embedded database.`,
    );
    this.name = 'DatabaseConnectionError';
  }
}

/** host:port/database and the user, without the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${user}${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'not a valid postgres:// URL';
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'pg') {
    const settings = [
      options.parallelWorkers === undefined
        ? ''
        : `-c max_parallel_workers_per_gather=${options.parallelWorkers}`,
      options.randomPageCost === undefined ? '' : `-c random_page_cost=${options.randomPageCost}`,
    ].filter(Boolean);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(settings.length ? { options: settings.join(' ') } : {}),
    });
    // A connection that dies emits 'error'; without a listener that event is unhandled and ends the whole process.
    // The pool listens only while a connection is idle (and drops it then); while a request has it checked out,
    // nobody does. So every connection gets a listener of its own for its whole life: the query it was running
    // fails (the request answers 503), and the pool drops the connection when it comes back (a client with a
    // connection error is not queryable) and opens a fresh one for the next request.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
    // The pool re-emits an idle connection's error on itself: the connection's own listener above has told it.
    pool.on('error', () => {});
    // Fail fast with a clear error instead of on the first request.
    try {
      const probe = await pool.connect();
      probe.release();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new DatabaseConnectionError(options.url, error);
    }
    // Both drivers build the same PostgreSQL queries; `Db` is their one shared type (decision 006).
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const withJobLock = async (lockId: number, fn: () => Promise<void>) => {
      const client = await pool.connect();
      try {
        const { rows } = await client.query('select pg_try_advisory_lock($1) as locked', [lockId]);
        if (!rows[0]?.locked) return false;
        try {
          await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockId]);
        }
        return true;
      } finally {
        client.release();
      }
    };
    return { db, driver: 'pg', url: options.url, close: () => pool.end(), withJobLock };
  }
  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (options.image && options.dataDir) throw new Error('A PGlite image is loaded in memory only');
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
    dataDir = path.join(options.dataDir, 'pglite');
  }
  try {
    // pg_trgm serves the admin lists' '%text%' search (drizzle/0003); PGlite loads extensions explicitly.
    const client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      ...(options.image ? { loadDataDir: options.image } : {}),
    });
    // Both drivers build the same PostgreSQL queries; `Db` is their one shared type (decision 006).
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const running = new Set<number>();
    const withJobLock = async (lockId: number, fn: () => Promise<void>) => {
      if (running.has(lockId)) return false;
      running.add(lockId);
      try {
        await fn();
        return true;
      } finally {
        running.delete(lockId);
      }
    };
    return {
      withJobLock,
      db,
      driver: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** The driver's own client behind a handle: the embedded database, or the PostgreSQL pool. */
export const driverClient = (db: Db) => (db as unknown as { $client: PGlite | pg.Pool }).$client;

/**
 * An embedded database's files as one image, to start others from (`image` above): the API tests start each
 * database from one migrated image, in under a second, instead of running initdb and the migrations (about 5 s).
 */
export function pgliteImage(handle: DatabaseHandle): Promise<Blob> {
  const client = driverClient(handle.db);
  if (!(client instanceof PGlite)) throw new Error('pgliteImage needs an embedded database');
  return client.dumpDataDir('none');
}

/** Raw SQL rows on either driver (both results carry `rows`); for the few queries the builder cannot say. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
