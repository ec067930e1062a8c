// Helpers for the bank statement tests: the fixtures in tests/fixtures/bank-statements/ with each loan's reference
// written in ('{{ref:A}}'), the multipart upload with its `bank` field, and what the import tables hold.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';
import type { Client } from './test-app';

export function fixture(name: string, refs: Record<string, number> = {}): Buffer {
  const text = readFileSync(new URL(`../fixtures/bank-statements/${name}`, import.meta.url), 'utf8');
  return Buffer.from(
    text.replace(/\{\{ref:(\w+)\}\}/g, (token, key: string) =>
      refs[key] ? paymentReferenceFor(refs[key]) : token,
    ),
  );
}

export function statementUpload(bank: string | null, filename: string, data: Buffer) {
  const boundary = `----vuka${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (bank !== null) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bank"\r\n\r\n${bank}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const uploadStatement = (client: Client, bank: string | null, filename: string, data: Buffer) =>
  client.request({
    method: 'POST',
    url: '/api/admin/bank-statements',
    ...statementUpload(bank, filename, data),
  });

/** Every journal of the books balances, and what the suspense account holds (credit less debit). */
export async function books(db: Db) {
  const [row] = await queryRows<{ unbalanced: number; suspense: string; open_items: string }>(
    db,
    sql`select
      (select count(*)::int from (select e.id from ledger_entries e join ledger_lines l on l.entry_id = e.id
        group by e.id having sum(l.debit) <> sum(l.credit)) x) as unbalanced,
      (select coalesce(sum(credit - debit), 0)::numeric(14,2)::text from ledger_lines where account = 'suspense') as suspense,
      (select coalesce(sum(amount_left), 0)::numeric(14,2)::text from suspense_items) as open_items`,
  );
  return row!;
}

/** Empties the import's tables: line keys are unique per bank for good, and each test loads its own files. */
export async function clearImports(db: Db) {
  await db.execute(sql`delete from suspense_allocations`);
  await db.execute(sql`delete from suspense_items`);
  await db.execute(sql`update bank_statement_lines set duplicate_of_id = null`);
  await db.execute(sql`delete from bank_statement_lines`);
  await db.execute(sql`delete from bank_statements`);
}
