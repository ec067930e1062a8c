// Stored proofs of earnings (proof_files): uploads, their review, and lookups by owner.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ProofReviewStatus, proofFiles } from '../../db/schema';

export type ProofFile = typeof proofFiles.$inferSelect;

export async function insertProofFile(
  db: DbOrTx,
  values: typeof proofFiles.$inferInsert,
): Promise<ProofFile> {
  const [row] = await db.insert(proofFiles).values(values).returning();
  return row!;
}

export async function findProofFile(db: DbOrTx, id: number): Promise<ProofFile | undefined> {
  const [file] = await db.select().from(proofFiles).where(eq(proofFiles.id, id));
  return file;
}

/** The file row locked for a review decision (FOR UPDATE). */
export async function lockProofFile(db: DbOrTx, id: number): Promise<ProofFile | undefined> {
  const [file] = await db.select().from(proofFiles).where(eq(proofFiles.id, id)).for('update');
  return file;
}

export async function setProofReview(
  db: DbOrTx,
  id: number,
  review: {
    reviewStatus: ProofReviewStatus;
    reviewedBy: number;
    reviewedAt: Date;
    reviewReason: string | null;
  },
) {
  await db.update(proofFiles).set(review).where(eq(proofFiles.id, id));
}

export function proofFilesOfUser(db: DbOrTx, userId: number): Promise<ProofFile[]> {
  return db.select().from(proofFiles).where(eq(proofFiles.userId, userId));
}

/** Of the given ids, the files that are this user's own uploads (another user's id is simply absent). */
export function ownedProofFiles(db: DbOrTx, ids: number[], userId: number): Promise<ProofFile[]> {
  return db
    .select()
    .from(proofFiles)
    .where(and(inArray(proofFiles.id, ids), eq(proofFiles.userId, userId)));
}
