// npm run create-admin -- --email E --password P --first-name F --last-name L
// Creates a verified admin, or promotes (and verifies) an existing account, on whichever database the
// configuration points at (DATABASE_URL, or the embedded one in DATA_DIR). Admins pass a second factor at every
// sign-in (decision 017): the account sets up an authenticator app at its first sign-in after this, so running
// it for an existing account also forgets any authenticator it had (the operator's way back in for an admin
// who lost their phone and recovery codes).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../shared/schemas/auth';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { recordAction } from '../features/audit/audit.repository';
import { forgetMfa } from '../features/mfa/mfa.service';
import { findUserByUsername, insertUser, updateUser } from '../features/users/users.repository';
import { type Clock, systemClock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';

const argsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: z.string().trim().min(1, '--first-name is required').max(100),
  lastName: z.string().trim().min(1, '--last-name is required').max(100),
});
export type CreateAdminArgs = z.input<typeof argsSchema>;

/** `clock` is the system clock when run from the command line; tests give theirs. */
export async function createAdmin(
  db: Db,
  input: CreateAdminArgs,
  clock: Clock = systemClock,
): Promise<'created' | 'promoted'> {
  const args = argsSchema.parse(input);
  const passwordHash = await hashPassword(args.password);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const existing = await findUserByUsername(tx, args.email);
    if (existing) {
      await updateUser(tx, existing.id, { role: 'admin', verified: true, status: 'active', passwordHash });
      await forgetMfa(tx, existing.id);
      await recordAction(tx, {
        userId: existing.id,
        action: 'promoted_to_admin',
        notes: 'create-admin CLI; authenticator to be set up at next sign-in',
        at: now,
      });
      return 'promoted';
    }
    const user = await insertUser(tx, {
      username: args.email,
      passwordHash,
      firstName: args.firstName,
      lastName: args.lastName,
      role: 'admin',
      status: 'active',
      verified: true,
      createdAt: now,
    });
    await recordAction(tx, {
      userId: user!.id,
      action: 'admin_created',
      notes: 'create-admin CLI',
      at: now,
    });
    return 'created';
  });
}

/** What the new admin does next: admin pages need an authenticator app, set up at the first sign-in. */
export function nextSteps(appUrl: string, email: string): string {
  return [
    'Next steps:',
    `  1. Sign in at ${appUrl}/auth as ${email} with this password.`,
    '  2. At that first sign-in, set up an authenticator app (Google Authenticator, Microsoft Authenticator,',
    '     1Password, ...): scan the QR code or type the key, then enter the 6-digit code it shows.',
    '  3. Keep the ten recovery codes shown once after that somewhere safe: each signs in once without the phone.',
    'Every later admin sign-in asks for a code from the app. Admin pages answer only after it.',
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const parsed = argsSchema.safeParse({
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!parsed.success) {
    console.error(
      `Usage: npm run create-admin -- --email E --password P --first-name F --last-name L\n${parsed.error.issues
        .map((i) => `  ${i.path.join('.')}: ${i.message}`)
        .join('\n')}`,
    );
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await runMigrations(database);
    const outcome = await createAdmin(database.db, parsed.data, systemClock);
    console.log(
      outcome === 'created' ? `Admin ${parsed.data.email} created.` : `${parsed.data.email} is now an admin.`,
    );
    console.log(nextSteps(config.appUrl, parsed.data.email));
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
