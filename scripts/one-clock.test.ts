// One clock (docs/ARCHITECTURE.md, lib/clock.ts): the server reads "now" from the injected clocks only, so a test
// that travels in time sees every date move with it. The one exception is a row's own write stamp
// (updated_at, last_updated): it records when the row was written, not a moment of the business.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../src/server');
const WALL_CLOCK = /new Date\(\)|Date\.now\(\)/;
const ROW_STAMP = /\b(updatedAt|lastUpdated): new Date\(\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every line of the server that reads the wall clock, but the system clock itself and row stamps. */
function wallClockReads(): string[] {
  return sourceFiles(SERVER).flatMap((file) => {
    const relative = path.relative(SERVER, file);
    if (relative === path.join('lib', 'clock.ts')) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        WALL_CLOCK.test(line) && !ROW_STAMP.test(line) ? [`${relative}:${i + 1}: ${line.trim()}`] : [],
      );
  });
}

describe('one clock', () => {
  it('no server code reads the wall clock for a business or session moment', () => {
    expect(wallClockReads()).toEqual([]);
  });
});
