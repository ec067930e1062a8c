// The server the crash tests start in a child process (tests/support/crash-process.ts, which runs it as a bundle): the
// real app on the test's PostgreSQL database, listening on a free port that it prints as `listening <port>`. The tests
// kill it with SIGKILL or cut its connections.
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { ManualClock, systemClock } from '../../src/server/lib/clock';

const config = loadConfig({
  NODE_ENV: 'test',
  APP_URL: process.env.APP_URL,
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.DATA_DIR,
  SESSION_SECRET: process.env.SESSION_SECRET,
  LOG_LEVEL: 'silent',
});
config.runJobs = false;
// Sessions in real time, as the test app that signed the test's clients in keeps them (lib/deps.ts).
const app = await buildApp(config, {
  clock: new ManualClock(process.env.CLOCK_AT!),
  sessionClock: systemClock,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
