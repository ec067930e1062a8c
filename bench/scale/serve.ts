// The real app on the scale book, in a process of its own so the measuring client never shares its event
// loop: production configuration, no background jobs, no request logs, time standing still at the book's
// day. Started by run.ts (BENCH_PORT, BENCH_SCALE_URL); tells its parent when it is listening.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { DEVELOPMENT_LEGAL_SETTINGS, loadConfig } from '../../src/server/config';
import { ManualClock } from '../../src/server/lib/clock';
import { BOOK_NOW, benchUrl } from './book';

const port = Number(process.env.BENCH_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('BENCH_PORT must be set');

const config = loadConfig({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: benchUrl(),
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-scale-')),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  SETTLEMENT_ACCOUNT_NUMBER: '1234567890',
  ...DEVELOPMENT_LEGAL_SETTINGS,
  LOG_LEVEL: 'silent',
});
config.runJobs = false;
const app = await buildApp(config, { logger: false, clock: new ManualClock(BOOK_NOW) });
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ ready: true });

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
