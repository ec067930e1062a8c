// Starts the server: config, app, demo data on the embedded database, listen, graceful shutdown.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseConnectionError } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedDemoData } from './db/seed-demo';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  if (config.seedDemo) {
    const logins = await seedDemoData(app.ctx.database.db, config, app.ctx.clock);
    if (logins) {
      const lines = logins
        .map(
          (l) =>
            `  ${l.role.padEnd(7)} ${l.username}  /  ${l.password}` +
            (l.mfaSecret
              ? `  /  authenticator key ${l.mfaSecret} (its current code is also on ${config.appUrl}/dev/mailbox)`
              : ''),
        )
        .join('\n');
      // The passwords go to the terminal only, never into a log line (decision 018).
      app.log.info({ accounts: logins.map((l) => l.username) }, 'demo data created (logins on stdout)');
      console.log(`\nDemo logins (embedded database only):\n${lines}\n`);
    }
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`Vuka Capital is running at ${config.appUrl}`);
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseConnectionError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
