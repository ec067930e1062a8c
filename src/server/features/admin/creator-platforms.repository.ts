// The platform catalog admins manage (creator_platforms).
import type { DbOrTx } from '../../db/client';
import { creatorPlatforms } from '../../db/schema';

export function listCreatorPlatforms(db: DbOrTx) {
  return db.select().from(creatorPlatforms).orderBy(creatorPlatforms.name);
}

/** Undefined when a platform with this name exists (the unique index decides). */
export async function insertCreatorPlatform(db: DbOrTx, values: typeof creatorPlatforms.$inferInsert) {
  const [row] = await db.insert(creatorPlatforms).values(values).onConflictDoNothing().returning();
  return row;
}
