// A PostgreSQL server that closes an idle pooled connection (a restart, an administrator's terminate, a
// dropped database) must not take the process down: the pool drops the connection and opens a new one. Those
// run in the PostgreSQL pass of the API tests (TEST_DB_DRIVER=pg); the embedded database has no pool. A database
// gone altogether answers 503 on either driver (connections cut mid-transaction: connection-loss.test.ts).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { driverClient, openDatabase, queryRows } from '../../src/server/db/client';
import { CONNECTION_LOST_MESSAGE } from '../../src/server/lib/database-errors';
import { quickUser } from '../support/servicing';
import { createTestApp } from '../support/test-app';

const onPostgres = process.env.TEST_DB_DRIVER === 'pg';

describe.runIf(onPostgres)('pooled PostgreSQL connections (PostgreSQL only)', () => {
  it('survive the server terminating an idle connection, and the next query works', async () => {
    const lost: string[] = [];
    const database = await openDatabase({
      driver: 'pg',
      url: process.env.TEST_DATABASE_URL!,
      poolSize: 2,
      onConnectionError: (error) => lost.push(error.message),
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUnhandled);
    try {
      const [me] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [me!.pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
      expect(lost).toEqual([expect.stringContaining('terminating connection')]);
      const [again] = await queryRows<{ ok: number }>(database.db, sql`select 1 as ok`);
      expect(again!.ok).toBe(1);
    } finally {
      process.off('uncaughtException', onUnhandled);
      await database.close();
    }
  });

  it('run without parallel workers and with SSD page costs unless the settings say otherwise (decision 016)', async () => {
    for (const [env, workers, pageCost] of [
      [{}, '0', '1.1'],
      [{ DATABASE_PARALLEL_WORKERS: '2', DATABASE_RANDOM_PAGE_COST: '4' }, '2', '4'],
    ] as const) {
      const config = loadConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL, ...env });
      if (config.database.driver !== 'pg') throw new Error('expected the pg driver');
      const database = await openDatabase({ ...config.database, poolSize: 1 });
      try {
        const [row] = await queryRows<{ workers: string; page_cost: string }>(
          database.db,
          sql`select current_setting('max_parallel_workers_per_gather') as workers,
                     current_setting('random_page_cost') as page_cost`,
        );
        expect(row!.workers).toBe(workers);
        expect(row!.page_cost).toBe(pageCost);
      } finally {
        await database.close();
      }
    }
  });
});

describe('a database that went away under the server (either driver)', () => {
  it('answers 503 with a short wait, never a 500, and the process lives', async () => {
    const t = await createTestApp();
    const creator = await quickUser(t, 'gone-database@example.com');
    expect((await creator.get('/api/user')).statusCode).toBe(200);
    // The embedded database closed, or every pooled connection refused: the same answer.
    if (t.database.driver === 'pglite') await t.database.close();
    else await (driverClient(t.database.db) as pg.Pool).end();
    const res = await creator.get('/api/applications');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json().message).toBe(CONNECTION_LOST_MESSAGE);
    await t.close();
  });
});
