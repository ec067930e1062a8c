// Builds the real app for API tests on a real database: in-memory PGlite by default, or a fresh
// PostgreSQL database per test file when TEST_DB_DRIVER=pg (URL from TEST_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { type Clock, ManualClock, systemClock } from '../../src/server/lib/clock';
import type { Deps } from '../../src/server/lib/deps';
import { giveBackImageDatabase, takeImageDatabase } from './pglite-pool';

export const APP_URL = 'http://localhost:5000';

/**
 * Where every test app's clock starts: 10:00 on Monday 23 November 2026 in Johannesburg. Fixed, so a test
 * does not behave differently at a month's end; tests travel from here with `t.clock`.
 */
export const TEST_EPOCH = '2026-11-23T08:00:00.000Z';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** The app's clock: servicing, jobs and seeds read "now" from it. */
  clock: ManualClock;
  /**
   * What ages sign-ins: real time unless the test gives a ManualClock (to age a session by moving it), so that
   * moving `clock` by months does not sign anyone out.
   */
  sessionClock: Clock;
  /** What the features are given, for a test that calls a service or a job directly. */
  deps: Deps;
  close: () => Promise<void>;
};

/** The migrated image of the embedded database (tests/support/database-image.ts), read once per worker. */
let migratedImage: Blob | undefined;
function pgliteImageFile(): Blob | undefined {
  const file = inject('pgliteImagePath');
  if (!file) return undefined;
  migratedImage ??= new Blob([readFileSync(file)]);
  return migratedImage;
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database with TEST_DB_DRIVER=pg.
 * On PGlite it starts from the run's migrated image (the app's start-up migrations then find nothing to do);
 * `empty` gives a database without tables, for tests of the migrations themselves.
 */
export async function openTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'pg') {
    const image = options.empty ? undefined : pgliteImageFile();
    if (!image) {
      const handle = await openDatabase({ driver: 'pglite' });
      return { handle, drop: () => handle.close().catch(() => undefined) };
    }
    // Used again by the worker's next file once put back as the image left it (pglite-pool.ts).
    const handle = await takeImageDatabase(image);
    return { handle, drop: () => giveBackImageDatabase(handle) };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const name = `vuka_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template (tests/support/database-image.ts); `empty` gives a database without tables.
  const template = options.empty ? undefined : inject('pgTemplateDatabase');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  // A test database is thrown away after its file: its commits need not wait for the disk (a commit is still seen
  // at once by every other connection; only a crash of the server itself could lose it).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'pg', url: url.toString(), poolSize: 5 });
  return {
    handle,
    drop: async () => {
      // A test may have closed the database itself (a database gone from under the server).
      await handle.close().catch(() => undefined);
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  /** logStream: where log lines go (a test that reads them sets LOG_LEVEL in env too). */
  options: { logStream?: DestinationStream; sessionClock?: Clock } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-test-')),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  config.runJobs = false;
  const { handle, drop } = await openTestDatabase();
  const clock = new ManualClock(TEST_EPOCH);
  const sessionClock = options.sessionClock ?? systemClock;
  const app = await buildApp(config, { database: handle, clock, sessionClock, logStream: options.logStream });
  await app.ready();
  return {
    app,
    config,
    database: handle,
    clock,
    sessionClock,
    deps: { db: handle.db, config, clock, sessionClock },
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

let devices = 0;
/**
 * A client address of its own for each Client: one browser on one device, as people are. Limits per client
 * address (sign-ups, e-mail, failed sign-ins) then count what one person does, unless a test asks for an address
 * (`remoteAddress` in the request) to show what many requests from one network do. 198.18.0.0/15 is reserved for
 * tests (RFC 2544).
 */
const nextDeviceAddress = () => {
  devices += 1;
  return `198.18.${(devices >> 8) & 255}.${devices & 255}`;
};

/** A tiny cookie jar over inject(): what a browser would send back. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly address = nextDeviceAddress(),
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader();
    const headers: Record<string, string> = {
      origin: APP_URL,
      ...(options.headers as Record<string, string>),
    };
    if (cookie) headers.cookie = cookie;
    const response = await this.app.inject({ remoteAddress: this.address, ...options, headers });
    for (const c of response.cookies) {
      if (
        c.value === '' ||
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires && c.expires < new Date())
      ) {
        this.cookies.delete(c.name);
      } else {
        this.cookies.set(c.name, c.value);
      }
    }
    return response;
  }

  get = (url: string) => this.request({ method: 'GET', url });
  post = (url: string, payload?: unknown) =>
    this.request({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  put = (url: string, payload: unknown) => this.request({ method: 'PUT', url, payload: payload as object });
  hasSession = () => this.cookies.has('vuka_session');
  /** The same browser (its cookies) talking to another instance of the app. */
  on = (other: FastifyInstance) => {
    const client = new Client(other, this.address);
    for (const [name, value] of this.cookies) client.cookies.set(name, value);
    return client;
  };
  cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
