// Writes of the double-entry journal (ledger_entries and their ledger_lines).
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, ledgerLines } from '../../db/schema';

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type NewLedgerLine = Omit<typeof ledgerLines.$inferInsert, 'entryId'>;

/** One journal entry with its lines (the caller has checked that they balance). */
export async function insertJournal(db: DbOrTx, entry: NewLedgerEntry, lines: NewLedgerLine[]) {
  const [row] = await db.insert(ledgerEntries).values(entry).returning({ id: ledgerEntries.id });
  await db.insert(ledgerLines).values(lines.map((l) => ({ ...l, entryId: row!.id })));
  return row!.id;
}
