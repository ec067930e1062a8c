// Writes of the double-entry journal (ledger_entries and their ledger_lines).
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { ledgerEntries, ledgerLines, ledgerPeriods } from '../../db/schema';

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type NewLedgerLine = Omit<typeof ledgerLines.$inferInsert, 'entryId' | 'bookedOn'>;

/** One journal entry with its lines (the caller has checked that they balance). */
export async function insertJournal(db: DbOrTx, entry: NewLedgerEntry, lines: NewLedgerLine[]) {
  const [row] = await db.insert(ledgerEntries).values(entry).returning({ id: ledgerEntries.id });
  await db
    .insert(ledgerLines)
    .values(lines.map((l) => ({ ...l, entryId: row!.id, bookedOn: entry.bookedOn })));
  return row!.id;
}

/**
 * Many journal entries at once, each with its lines (an import's suspense receipts): two statements whatever their
 * number. Entries come back in the order given (ids are drawn in insert order).
 */
export async function insertJournals(
  db: DbOrTx,
  journals: ReadonlyArray<{ entry: NewLedgerEntry; lines: NewLedgerLine[] }>,
) {
  if (journals.length === 0) return [];
  const rows = await insertRows(
    db,
    ledgerEntries,
    journals.map((j) => j.entry),
    { returning: ['id'] },
  );
  const ids = rows.map((r) => r.id);
  await insertRows(
    db,
    ledgerLines,
    journals.flatMap((j, i) => j.lines.map((l) => ({ ...l, entryId: ids[i]!, bookedOn: j.entry.bookedOn }))),
  );
  return ids;
}

/** The lines of a payment's journal of `kind` (a repayment's), to reverse it line by line. */
export async function journalLinesOfPayment(db: DbOrTx, paymentId: number, kind: string) {
  return db
    .select({ account: ledgerLines.account, debit: ledgerLines.debit, credit: ledgerLines.credit })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, kind)))
    .orderBy(asc(ledgerLines.id));
}

/** Each account's balance (debits less credits) in one loan's journals. */
export async function accountBalancesOf(db: DbOrTx, applicationId: number): Promise<Map<string, string>> {
  const rows = await queryRows<{ account: string; balance: string }>(
    db,
    sql`select l.account, sum(l.debit - l.credit)::numeric(14,2)::text as balance
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
      where e.application_id = ${applicationId}
      group by l.account`,
  );
  return new Map(rows.map((r) => [r.account, r.balance]));
}

/**
 * The books' lock (docs/accounting.md): every posting holds it shared until its transaction ends; a month-end close
 * takes it alone, so it waits for the postings in flight and the ones after it see the month closed.
 */
const BOOKS_LOCK = sql`7001, 1`;

export async function holdBooksOpen(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${BOOKS_LOCK})`);
}

export async function lockBooksForClose(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(${BOOKS_LOCK})`);
}

/** The last month closed ('YYYY-MM'), or null while none is. */
export async function lastClosedPeriod(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ period: max(ledgerPeriods.period) }).from(ledgerPeriods);
  return row?.period ?? null;
}
