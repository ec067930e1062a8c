import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type User, users } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

export async function findUserByUsername(db: DbOrTx, username: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The stored password hash, for the routes that confirm a password (a request's user does not carry it). */
export async function passwordHashOf(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.hash;
}

/** Whether a user with this id exists (reads the id only). */
export async function userExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** Returns undefined when the username is taken (the unique index decides, not a racy pre-check). */
export async function insertUser(db: DbOrTx, values: NewUser): Promise<User | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<NewUser>,
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Locks the user's row until the transaction ends: rules about "one of something per user" check under it. */
export async function lockUser(db: DbOrTx, id: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}
