// The test command's own rules: the PostgreSQL pass takes every API file that sends requests at once or needs the
// server, and no other; the suite's time budget is written down (bench/README.md) rather than timed by a test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALSO_ON_POSTGRES, pgliteExclusions, postgresTestFiles } from './postgres-test-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the PostgreSQL pass', () => {
  const files = postgresTestFiles();
  const apiFiles = readdirSync(path.join(root, 'tests/api'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `tests/api/${name}`);

  it('runs every API file that sends requests at once or depends on the server', () => {
    const needed = apiFiles.filter((file) => /Promise\.all|onPostgres|TEST_DB_DRIVER/.test(read(file)));
    expect(needed.length).toBeGreaterThan(10);
    for (const file of needed) expect(files, file).toContain(file);
    expect(files).toContain('tests/api/concurrency-rules.test.ts');
  });

  it('runs each file named with a reason, and every such file exists', () => {
    for (const [file, reason] of Object.entries(ALSO_ON_POSTGRES)) {
      expect(apiFiles, file).toContain(file);
      expect(files).toContain(file);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it('leaves out files PGlite proves alone', () => {
    expect(files.length).toBeLessThan(apiFiles.length);
    expect(files).not.toContain('tests/api/admin-lists.test.ts');
  });
});

describe('the PGlite pass beside it', () => {
  it('leaves to PostgreSQL the files it runs for bursts, and keeps the driver files on both', () => {
    const left = pgliteExclusions();
    const files = postgresTestFiles();
    for (const file of left) expect(files).toContain(file);
    for (const file of Object.keys(ALSO_ON_POSTGRES)) expect(left).not.toContain(file);
    expect(left).toContain('tests/api/concurrency-rules.test.ts');
    expect(left.length).toBe(files.length - Object.keys(ALSO_ON_POSTGRES).length);
  });

  it('is what npm test excludes when PostgreSQL is at hand, and nothing when it is not', () => {
    const script = read('scripts/test.mjs');
    expect(script).toMatch(/process\.env\.TEST_DATABASE_URL\s*\?\s*pgliteExclusions\(\)/);
    expect(script).toContain("step('unit + API tests (PGlite)', bin('vitest'), ['run', ...leftToPostgres]");
  });
});

describe('the suite budget', () => {
  it('is written down in bench/README.md with each step', () => {
    const readme = read('bench/README.md');
    const section = readme.slice(readme.indexOf('## The test suite'));
    expect(readme).toContain('## The test suite');
    expect(section).toMatch(/Budget: `npm test` in at most \d+ minutes/);
    for (const step of ['typecheck', 'lint', 'PGlite', 'PostgreSQL', 'end-to-end'])
      expect(section).toContain(step);
  });
});
