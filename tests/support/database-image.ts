// Vitest global setup for the API tests: one migrated database per run that every test file's databases start from
// (tests/support/test-app.ts), built from the current migrations on every run, so it never goes stale.
// - On the embedded database, an image written to a temporary file: PGlite runs initdb in WebAssembly for each new
//   database (about 4 s of CPU, then 0.5 s of migrations), which was a third of the API tests' time; loading the
//   image takes under a second.
// - On PostgreSQL, a template database: each file's database is a copy of it (CREATE DATABASE ... TEMPLATE), instead
//   of a new database that then runs every migration.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteImage } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite image's file (unset on PostgreSQL runs). */
    pgliteImagePath: string | undefined;
    /** The migrated PostgreSQL template database's name (unset on PGlite runs). */
    pgTemplateDatabase: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB_DRIVER === 'pg') {
    project.provide('pgliteImagePath', undefined);
    return templateOnPostgres(project);
  }
  project.provide('pgTemplateDatabase', undefined);
  const dir = mkdtempSync(path.join(tmpdir(), 'vuka-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = await openDatabase({ driver: 'pglite' });
  try {
    await runMigrations(handle);
    writeFileSync(file, Buffer.from(await (await pgliteImage(handle)).arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteImagePath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Runs a statement on the test server's maintenance database. */
async function onServer(baseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function templateOnPostgres(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const name = `vuka_test_template_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Migrated, then closed: a database is copied only while nobody is connected to it.
  const handle = await openDatabase({ driver: 'pg', url: url.toString(), poolSize: 1 });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  project.provide('pgTemplateDatabase', name);
  return () => onServer(baseUrl, `drop database if exists ${name} with (force)`);
}
