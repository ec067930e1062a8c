import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { mailOutbox } from '../../db/schema';
import { verifiedHoldersOf } from '../users/users.repository';
import type { OutboxMessage } from './mail.templates';

/**
 * Writes a message to the outbox (in the caller's transaction). A message with a notice key goes once: a second
 * insert with the same key does nothing (the unique index decides, whatever the number of instances), and the
 * answer says whether this call wrote it.
 */
export async function insertOutboxMessage(db: DbOrTx, message: OutboxMessage): Promise<boolean> {
  return (await insertOutboxMessages(db, [message])) > 0;
}

/** Several messages in one statement (a batch of payments' receipts); how many were written (a used key writes none). */
export async function insertOutboxMessages(
  db: DbOrTx,
  messages: ReadonlyArray<OutboxMessage>,
): Promise<number> {
  if (messages.length === 0) return 0;
  // A notice names its person; other mail belongs to whoever has verified the address (decision 025).
  const holders = await verifiedHoldersOf(
    db,
    messages.filter((m) => m.userId == null).map((m) => m.to),
  );
  const rows = await insertRows(
    db,
    mailOutbox,
    messages.map((message) => ({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      userId: message.userId ?? holders.get(message.to.toLowerCase()) ?? null,
      noticeKey: message.noticeKey ?? null,
      attachment: message.attachment ?? null,
      // Written and due at the app's clock, as the outbox job reads it (never the database's own clock).
      createdAt: message.at,
      nextAttemptAt: message.at,
    })),
    { onConflictDoNothing: true, returning: ['id'] },
  );
  return rows.length;
}

/**
 * Claims due messages by pushing their next attempt past a lease, in one short statement. Sending then
 * happens outside any transaction; a worker that dies mid-send leaves the message to be retried after the
 * lease (at-least-once delivery), and SKIP LOCKED keeps two instances from claiming the same row.
 */
export async function claimDueMessages(db: DbOrTx, now: Date, leaseUntil: Date, limit: number) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markSent(db: DbOrTx, id: number, now: Date) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markFailedAttempt(
  db: DbOrTx,
  id: number,
  error: string,
  nextAttemptAt: Date,
  final: boolean,
) {
  await db
    .update(mailOutbox)
    .set({
      status: final ? 'failed' : 'pending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      nextAttemptAt,
    })
    .where(eq(mailOutbox.id, id));
}

export async function listRecentMessages(db: DbOrTx, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

export async function findOutboxMessage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
