// npm run create-admin -- --email E --password P --first-name F --last-name L
// Creates a verified admin, or promotes (and verifies) an existing account, on whichever database the
// configuration points at (DATABASE_URL, or the embedded one in DATA_DIR).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../shared/schemas/auth';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { userAdminActions } from '../db/schema';
import { findUserByUsername, insertUser, updateUser } from '../features/users/users.repository';
import { hashPassword } from '../lib/passwords';

const argsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: z.string().trim().min(1, '--first-name is required').max(100),
  lastName: z.string().trim().min(1, '--last-name is required').max(100),
});
export type CreateAdminArgs = z.input<typeof argsSchema>;

export async function createAdmin(db: Db, input: CreateAdminArgs): Promise<'created' | 'promoted'> {
  const args = argsSchema.parse(input);
  const passwordHash = await hashPassword(args.password);
  return db.transaction(async (tx) => {
    const existing = await findUserByUsername(tx, args.email);
    if (existing) {
      await updateUser(tx, existing.id, { role: 'admin', verified: true, status: 'active', passwordHash });
      await tx
        .insert(userAdminActions)
        .values({ userId: existing.id, action: 'promoted_to_admin', notes: 'create-admin CLI' });
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
    });
    await tx
      .insert(userAdminActions)
      .values({ userId: user!.id, action: 'admin_created', notes: 'create-admin CLI' });
    return 'created';
  });
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
    const outcome = await createAdmin(database.db, parsed.data);
    console.log(
      outcome === 'created' ? `Admin ${parsed.data.email} created.` : `${parsed.data.email} is now an admin.`,
    );
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
