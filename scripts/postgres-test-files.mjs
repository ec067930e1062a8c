// The API test files the PostgreSQL pass runs (scripts/test.mjs). Every API file runs on PGlite, which is
// PostgreSQL itself (the same SQL, types, constraints and locks) on one connection; what only a server with many
// connections can show is how rules hold when requests really run at once, how the app lives through its
// connections failing, and how the network driver carries values. So the PostgreSQL pass runs:
// - every file that sends requests at once (`Promise.all`, `Promise.allSettled`) or says it depends on the
//   server (`onPostgres`, `TEST_DB_DRIVER`): found by reading the files, so a new burst test is never left out;
// - the files named below, each for the reason given.
// When the PostgreSQL pass runs, the PGlite pass leaves out the files it takes for bursts and the server's connections
// (`pgliteExclusions`): they prove those rules on the production database, and running them on PGlite too cost half of
// the PGlite pass. The files named below for how the driver carries values run on both drivers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const API_TESTS = 'tests/api';

/** Files that run on PostgreSQL though they send nothing at once. */
export const ALSO_ON_POSTGRES = {
  'tests/api/input-hardening.test.ts':
    'text the network protocol cannot carry (NUL, lone surrogates) and huge ids',
  'tests/api/insert-rows.test.ts': 'many rows in one statement: the driver parameters and their limit',
  'tests/api/upgrade-instalments.test.ts': 'migrations and the start-up backfill on a server database',
  'tests/api/upgrade-oldest-first.test.ts': 'migrations and the start-up backfill on a server database',
};

const SENDS_AT_ONCE_OR_NEEDS_THE_SERVER = /Promise\.all(Settled)?\(|onPostgres|TEST_DB_DRIVER/;

/** The API test files for the PostgreSQL pass, relative to the project, sorted. */
export function postgresTestFiles() {
  return readdirSync(path.join(root, API_TESTS))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${API_TESTS}/${name}`)
    .filter(
      (file) =>
        file in ALSO_ON_POSTGRES ||
        SENDS_AT_ONCE_OR_NEEDS_THE_SERVER.test(readFileSync(path.join(root, file), 'utf8')),
    )
    .sort();
}

/**
 * The API files the PGlite pass leaves out when the PostgreSQL pass runs them: those it takes for bursts or the
 * server's connections. The files named in ALSO_ON_POSTGRES (driver behaviour) stay in both passes.
 */
export function pgliteExclusions() {
  return postgresTestFiles().filter((file) => !(file in ALSO_ON_POSTGRES));
}
