// Queries for learning quests, progress, metrics and preferences.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creatorMetrics, learningQuests, userQuestPreferences, userQuestProgress } from '../../db/schema';

export type QuestRow = typeof learningQuests.$inferSelect;
export type ProgressRow = typeof userQuestProgress.$inferSelect;

export const listQuestRows = (db: DbOrTx) =>
  db.select().from(learningQuests).orderBy(asc(learningQuests.position), asc(learningQuests.id));

export async function findQuest(db: DbOrTx, id: number): Promise<QuestRow | undefined> {
  const [row] = await db.select().from(learningQuests).where(eq(learningQuests.id, id));
  return row;
}

export const progressOfUser = (db: DbOrTx, userId: number) =>
  db.select().from(userQuestProgress).where(eq(userQuestProgress.userId, userId));

/** The user's progress row for a quest, created if missing, locked for this transaction. */
export async function lockProgress(db: DbOrTx, userId: number, questId: number): Promise<ProgressRow> {
  await db.insert(userQuestProgress).values({ userId, questId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(userQuestProgress)
    .where(and(eq(userQuestProgress.userId, userId), eq(userQuestProgress.questId, questId)))
    .for('update');
  return row!;
}

export async function saveProgress(db: DbOrTx, id: number, changes: Partial<ProgressRow>) {
  const [row] = await db
    .update(userQuestProgress)
    .set(changes)
    .where(eq(userQuestProgress.id, id))
    .returning();
  return row!;
}

export async function findMetrics(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(creatorMetrics).where(eq(creatorMetrics.userId, userId));
  return row;
}

/** Adds a completed quest's XP atomically; the level is recomputed by the caller's rule. */
export async function addQuestXp(db: DbOrTx, userId: number, xp: number, levelFor: (xp: number) => number) {
  const [row] = await db
    .insert(creatorMetrics)
    .values({ userId, totalXp: xp, questsCompleted: 1, currentLevel: levelFor(xp) })
    .onConflictDoUpdate({
      target: creatorMetrics.userId,
      set: {
        totalXp: sql`${creatorMetrics.totalXp} + ${xp}`,
        questsCompleted: sql`${creatorMetrics.questsCompleted} + 1`,
        updatedAt: new Date(),
      },
    })
    .returning();
  const level = levelFor(row!.totalXp);
  if (level === row!.currentLevel) return row!;
  const [updated] = await db
    .update(creatorMetrics)
    .set({ currentLevel: level })
    .where(eq(creatorMetrics.userId, userId))
    .returning();
  return updated!;
}

export async function findPreferences(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userQuestPreferences).where(eq(userQuestPreferences.userId, userId));
  return row;
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: number,
  values: { preferredCategories: string[]; difficulty: string; learningGoals: string[] },
) {
  const [row] = await db
    .insert(userQuestPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: userQuestPreferences.userId,
      set: { ...values, lastUpdated: new Date() },
    })
    .returning();
  return row!;
}

/** Catalog sync: one transaction at a time across instances (transaction-scoped advisory lock). */
export async function lockQuestCatalog(tx: DbOrTx, lockId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`);
}

/** Inserts a catalog quest, or updates the one with its slug in place (its id, and progress, survive). */
export async function upsertQuestBySlug(
  db: DbOrTx,
  values: typeof learningQuests.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(learningQuests)
    .values(values)
    .onConflictDoUpdate({ target: learningQuests.slug, set: values })
    .returning({ id: learningQuests.id });
  return row!.id;
}

export async function setQuestPrerequisites(db: DbOrTx, slug: string, prerequisites: number[]) {
  await db.update(learningQuests).set({ prerequisites }).where(sql`${learningQuests.slug} = ${slug}`);
}
