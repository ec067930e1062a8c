// Vitest global setup for the API tests on the embedded database: one migrated database image per run,
// written to a temporary file that every test file's databases start from (tests/support/test-app.ts). PGlite
// runs initdb in WebAssembly for each new database (about 4 s of CPU, then 0.5 s of migrations), which was
// a third of the API tests' time; loading the image takes under a second. Built from the current migrations on
// every run, so it never goes stale.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteImage } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite image's file (unset on PostgreSQL runs). */
    pgliteImagePath: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB_DRIVER === 'pg') {
    project.provide('pgliteImagePath', undefined);
    return;
  }
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
