// The scale book's fixed facts, shared by the builder, the checker and the runner: where it lives, the day it
// is measured on, its size and its known accounts.
import pg from 'pg';

/** Bumped whenever the builder changes what it writes: a book of another version is rebuilt. */
export const BOOK_VERSION = 'vuka-scale-book v9';

/** "Today" in South Africa for the whole book; the app runs on a ManualClock at BOOK_NOW. */
export const BOOK_TODAY = '2026-11-23';
/** 12:00 in South Africa on BOOK_TODAY. */
export const BOOK_NOW = '2026-11-23T10:00:00.000Z';
/** The first day of the book: applications are spread from here to BOOK_TODAY. */
export const BOOK_EPOCH = '2022-01-01';

export const BOOK_SIZE = {
  creators: 20_000,
  applications: 100_000,
  schedules: 30_000,
  payments: 1_000_000,
} as const;

export const KNOWN = {
  password: 'bench-password',
  admin: 'bench-admin@example.com',
  secondAdmin: 'bench-ops@example.com',
  /** A creator with two active loans (many payments), two repaid ones, one rejected and one cancelled. */
  creator: 'bench-creator@example.com',
} as const;

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/vuka_bench';
export const benchUrl = () => process.env.BENCH_SCALE_URL || DEFAULT_BENCH_URL;

/** The database name of a connection string, and the same server's maintenance database. */
export function splitUrl(url: string) {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database)) {
    throw new Error(`The bench database name must be a plain identifier, got "${database}"`);
  }
  if (database === 'postgres')
    throw new Error('Refusing to rebuild the "postgres" database: name another one.');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return { database, adminUrl: admin.toString() };
}

/** 'ready' when the database exists and was built by this version of the builder. */
export async function bookStatus(url: string): Promise<'missing' | 'stale' | 'ready'> {
  const { database, adminUrl } = splitUrl(url);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ comment: string | null }>(
      'select shobj_description(oid, $2) as comment from pg_database where datname = $1',
      [database, 'pg_database'],
    );
    if (rows.length === 0) return 'missing';
    return rows[0]!.comment?.startsWith(`${BOOK_VERSION};`) ? 'ready' : 'stale';
  } finally {
    await client.end();
  }
}

export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
