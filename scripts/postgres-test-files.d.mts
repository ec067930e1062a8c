/** Files that run on PostgreSQL though they send nothing at once, and why (postgres-test-files.mjs). */
export const ALSO_ON_POSTGRES: Readonly<Record<string, string>>;
/** The API test files for the PostgreSQL pass, relative to the project, sorted. */
export function postgresTestFiles(): string[];
export function pgliteExclusions(): string[];
