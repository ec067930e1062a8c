// npm run seed-demo: seeds the demo data into the configured database if it is empty.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../db/seed-demo';
import { backfillInstalments } from '../features/servicing/servicing.service';
import { systemClock } from '../lib/clock';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await runMigrations(database);
  await backfillInstalments(database.db, systemClock);
  const logins = await seedDemoData(database.db, config, systemClock);
  console.log(
    logins
      ? `Demo data created:\n${logins.map((l) => `  ${l.role} ${l.username} / ${l.password}`).join('\n')}`
      : 'The database already has users; nothing seeded.',
  );
} finally {
  await database.close();
}
