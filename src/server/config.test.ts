import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = () => ({
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/vuka',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-config-')),
  SESSION_SECRET: 'x'.repeat(40),
});

describe('the PostgreSQL planner settings (decision 016)', () => {
  it('default to no parallel workers and SSD page costs, and take other values', () => {
    const defaults = loadConfig(base()).database;
    expect(defaults).toMatchObject({ driver: 'pg', parallelWorkers: 0, randomPageCost: 1.1 });
    const set = loadConfig({ ...base(), DATABASE_PARALLEL_WORKERS: '2', DATABASE_RANDOM_PAGE_COST: '4' });
    expect(set.database).toMatchObject({ parallelWorkers: 2, randomPageCost: 4 });
  });

  it.each(['abc', '0.5', '11', ''])('refuse DATABASE_RANDOM_PAGE_COST=%j, naming it', (value) => {
    const load = () => loadConfig({ ...base(), DATABASE_RANDOM_PAGE_COST: value });
    if (value === '') {
      // An empty variable is unset: the default applies.
      expect(load().database).toMatchObject({ randomPageCost: 1.1 });
      return;
    }
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/DATABASE_RANDOM_PAGE_COST/);
  });
});
