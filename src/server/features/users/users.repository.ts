import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts, mailOutbox, type User, users } from '../../db/schema';

export type NewUser = typeof users.$inferInsert;

export async function findUserByUsername(db: DbOrTx, username: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/**
 * The account that has verified `address` as its sign-in e-mail, as a subquery (null when none has): mail written
 * to that address and sign-in attempts with it are that account's records (decision 025). An address typed by
 * someone else, or registered and never verified, belongs to nobody yet.
 */
export const verifiedHolderOf = (address: string) =>
  sql<number | null>`(select ${users.id} from ${users} where lower(${users.username}) = lower(${address})
    and ${users.verified} and ${users.anonymisedAt} is null)`;

/** The accounts holding each of `addresses` verified (lower-cased address to user id; an address nobody holds is absent). */
export async function verifiedHoldersOf(
  db: DbOrTx,
  addresses: ReadonlyArray<string>,
): Promise<Map<string, number>> {
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (lower.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, address: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.username})`, lower),
        eq(users.verified, true),
        isNull(users.anonymisedAt),
      ),
    );
  return new Map(rows.map((r) => [r.address, r.id]));
}

/**
 * An account has just verified `address` (registration, a password reset link, a change of e-mail): the mail and
 * sign-in attempts at that address that nobody owned yet become its records (decision 025). Records that another
 * account owned while it held the address stay that account's.
 */
export async function claimUnownedRecordsAt(db: DbOrTx, userId: number, address: string) {
  await db
    .update(mailOutbox)
    .set({ userId })
    .where(and(isNull(mailOutbox.userId), sql`lower(${mailOutbox.toAddress}) = lower(${address})`));
  await db
    .update(loginAttempts)
    .set({ userId })
    .where(and(isNull(loginAttempts.userId), sql`lower(${loginAttempts.username}) = lower(${address})`));
}

export async function findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Several users by id, in one statement. */
export async function findUsersByIds(db: DbOrTx, ids: ReadonlyArray<number>): Promise<User[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
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
