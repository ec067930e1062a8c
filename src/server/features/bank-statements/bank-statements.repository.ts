// Table access of the bank statement import and the suspense account (docs/bank-statements.md).
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { LineOutcome, SuspenseStatus } from '../../../shared/bank-statements/constants';
import { type DbOrTx, queryRows } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import {
  bankStatementLines,
  bankStatements,
  suspenseAllocations,
  suspenseItems,
  users,
} from '../../db/schema';
import { containsPattern, searchedId } from '../../lib/sql-search';

type NewStatement = typeof bankStatements.$inferInsert;
type NewLine = typeof bankStatementLines.$inferInsert;
type NewSuspenseItem = typeof suspenseItems.$inferInsert;

/** A statement's lines counted by outcome, named as the statement's columns (and the API's summary) name them. */
export type StatementCounts = {
  lines: number;
  matched: number;
  suggested: number;
  suspense: number;
  duplicates: number;
  failed: number;
  outgoing: number;
};

/** An import of this very file that never completed (the server stopped mid-way): loading it again resumes it. */
export async function unfinishedImportOf(db: DbOrTx, bank: string, fileSha256: string) {
  const [row] = await db
    .select()
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.bank, bank),
        eq(bankStatements.fileSha256, fileSha256),
        eq(bankStatements.status, 'importing'),
      ),
    )
    .orderBy(bankStatements.id)
    .limit(1);
  return row;
}

export async function insertStatement(db: DbOrTx, values: NewStatement) {
  const [row] = await db.insert(bankStatements).values(values).returning();
  return row!;
}

/** A statement with the name of the admin who uploaded it. */
export async function findStatement(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      statement: bankStatements,
      uploadedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.uploadedBy))
    .where(eq(bankStatements.id, id));
  return row;
}

export async function completeStatement(db: DbOrTx, id: number, counts: StatementCounts, at: Date) {
  const [row] = await db
    .update(bankStatements)
    .set({ status: 'complete', ...counts, completedAt: at })
    .where(eq(bankStatements.id, id))
    .returning();
  return row!;
}

/**
 * The line's row, claimed by its key: null when a line with this key (of this bank) is already stored, by this import
 * (a resumed one) or an earlier one. The unique index decides, so two imports of one file at once store it once.
 */
export async function claimLine(db: DbOrTx, values: NewLine) {
  const [row] = await db
    .insert(bankStatementLines)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: bankStatementLines.id });
  return row?.id ?? null;
}

/** claimLine for many lines in one statement: the ids and keys of those claimed now (the others were stored before). */
export async function claimLines(db: DbOrTx, values: NewLine[]) {
  return insertRows(db, bankStatementLines, values, {
    onConflictDoNothing: true,
    returning: ['id', 'lineKey'],
  });
}

/** Lines that wait with a suggested loan. */
export async function markSuggested(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(bankStatementLines)
    .set({ outcome: 'suggested' })
    .where(inArray(bankStatementLines.id, ids));
}

/** A line without a key (a duplicate, a failed line); nothing when this import already stored its position. */
export async function insertKeylessLine(db: DbOrTx, values: NewLine) {
  await db.insert(bankStatementLines).values(values).onConflictDoNothing();
}

export async function lineByKey(db: DbOrTx, bank: string, lineKey: string) {
  const [row] = await db
    .select({ id: bankStatementLines.id, statementId: bankStatementLines.statementId })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.bank, bank), eq(bankStatementLines.lineKey, lineKey)));
  return row;
}

export async function updateLine(db: DbOrTx, id: number, values: Partial<NewLine>) {
  await db.update(bankStatementLines).set(values).where(eq(bankStatementLines.id, id));
}

/** Lines that became payments: each with its loan and payment, in one statement. */
export async function markMatched(
  db: DbOrTx,
  rows: ReadonlyArray<{ lineId: number; applicationId: number; paymentId: number }>,
) {
  if (rows.length === 0) return;
  await db.execute(
    sql`update bank_statement_lines as l
        set outcome = 'matched', application_id = v.application_id, payment_id = v.payment_id
        from (values ${sql.join(
          rows.map((r) => sql`(${r.lineId}::integer, ${r.applicationId}::integer, ${r.paymentId}::integer)`),
          sql`, `,
        )}) as v(id, application_id, payment_id)
        where l.id = v.id`,
  );
}

export async function countOutcomes(db: DbOrTx, statementId: number): Promise<StatementCounts> {
  const rows = await queryRows<{ outcome: LineOutcome; n: number }>(
    db,
    sql`select outcome, count(*)::int as n from bank_statement_lines where statement_id = ${statementId} group by outcome`,
  );
  const counts: StatementCounts = {
    lines: 0,
    matched: 0,
    suggested: 0,
    suspense: 0,
    duplicates: 0,
    failed: 0,
    outgoing: 0,
  };
  for (const { outcome, n } of rows) {
    counts[outcome === 'duplicate' ? 'duplicates' : outcome] = n;
    counts.lines += n;
  }
  return counts;
}

export async function statementsPage(db: DbOrTx, page: number, pageSize: number) {
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from bank_statements`,
  );
  const rows = await queryRows<StatementListRow>(
    db,
    sql`select s.*, u.first_name || ' ' || u.last_name as uploaded_by_name
        from bank_statements s left join users u on u.id = s.uploaded_by
        order by s.created_at desc, s.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { rows, total };
}

export type StatementListRow = {
  id: number;
  bank: string;
  file_name: string;
  status: string;
  lines: number;
  matched: number;
  suggested: number;
  suspense: number;
  duplicates: number;
  failed: number;
  outgoing: number;
  created_at: Date | string;
  completed_at: Date | string | null;
  uploaded_by_name: string | null;
};

export type LineRow = {
  id: number;
  position: number;
  posted_on: string | null;
  amount: string | null;
  description: string;
  outcome: LineOutcome;
  application_id: number | null;
  payment_id: number | null;
  reason: string | null;
  suspense_item_id: number | null;
  duplicate_of_statement_id: number | null;
};

export async function linesPage(
  db: DbOrTx,
  statementId: number,
  outcome: LineOutcome | undefined,
  page: number,
  pageSize: number,
) {
  const where = outcome
    ? sql`l.statement_id = ${statementId} and l.outcome = ${outcome}`
    : sql`l.statement_id = ${statementId}`;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from bank_statement_lines l where ${where}`,
  );
  const rows = await queryRows<LineRow>(
    db,
    sql`select l.id, l.position, l.posted_on::text as posted_on, l.amount, l.description, l.outcome,
          coalesce(l.application_id, si.suggested_application_id) as application_id, l.payment_id, l.reason,
          si.id as suspense_item_id, d.statement_id as duplicate_of_statement_id
        from bank_statement_lines l
        left join suspense_items si on si.line_id = l.id
        left join bank_statement_lines d on d.id = l.duplicate_of_id
        where ${where} order by l.position limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------------------
// Suspense

export async function insertSuspenseItem(db: DbOrTx, values: NewSuspenseItem) {
  const [row] = await db.insert(suspenseItems).values(values).returning();
  return row!;
}

/** Many suspense items at once, in the order given. */
export async function insertSuspenseItems(db: DbOrTx, values: NewSuspenseItem[]) {
  const rows = await insertRows(db, suspenseItems, values, { returning: ['id'] });
  return rows.map((r) => r.id);
}

export async function lockSuspenseItem(db: DbOrTx, id: number) {
  const [row] = await db.select().from(suspenseItems).where(eq(suspenseItems.id, id)).for('update');
  return row;
}

export async function updateSuspenseItem(db: DbOrTx, id: number, values: Partial<NewSuspenseItem>) {
  await db.update(suspenseItems).set(values).where(eq(suspenseItems.id, id));
}

export async function lineOfItem(db: DbOrTx, lineId: number) {
  const [row] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId));
  return row!;
}

export async function insertSuspenseAllocation(db: DbOrTx, values: typeof suspenseAllocations.$inferInsert) {
  await db.insert(suspenseAllocations).values(values);
}

export type SuspenseRow = {
  id: number;
  amount: string;
  amount_left: string;
  status: SuspenseStatus;
  reason: string;
  suggested_application_id: number | null;
  suggested_creator: string | null;
  refund_reference: string | null;
  refund_notes: string | null;
  resolved_by_name: string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
  statement_id: number;
  bank: string;
  posted_on: string;
  description: string;
};

/** One page of the worklist: its status (or all), searched in the line's words, the reason, or by id ('#12'). */
export async function suspensePage(
  db: DbOrTx,
  query: { status?: SuspenseStatus; search?: string; page: number; pageSize: number },
) {
  const where: SQL[] = [sql`true`];
  if (query.status) where.push(sql`si.status = ${query.status}`);
  if (query.search) {
    const id = searchedId(query.search);
    const like = containsPattern(query.search);
    where.push(
      id !== undefined && query.search.trim().startsWith('#')
        ? sql`si.id = ${id}`
        : sql`(l.description ilike ${like} or si.reason ilike ${like} or si.refund_reference ilike ${like}
              ${id === undefined ? sql`` : sql`or si.id = ${id} or si.suggested_application_id = ${id}`})`,
    );
  }
  const whereSql = sql.join(where, sql` and `);
  const [totals = { total: 0, open_total: '0' }] = await queryRows<{ total: number; open_total: string }>(
    db,
    query.search
      ? // Every item has its line: the join is needed only to search the lines' words.
        sql`select count(*)::int as total, coalesce(sum(si.amount_left), 0)::text as open_total
            from suspense_items si join bank_statement_lines l on l.id = si.line_id
            where ${whereSql}`
      : // Unsearched, the totals the database keeps per status (migration 0028): one row read, not every item counted.
        sql`select coalesce(sum(items), 0)::int as total, coalesce(sum(amount_left), 0)::text as open_total
            from suspense_totals ${query.status ? sql`where status = ${query.status}` : sql``}`,
  );
  const rows = await queryRows<SuspenseRow>(
    db,
    sql`select si.id, si.amount, si.amount_left, si.status, si.reason, si.suggested_application_id,
          su.first_name || ' ' || su.last_name as suggested_creator, si.refund_reference, si.refund_notes,
          ru.first_name || ' ' || ru.last_name as resolved_by_name, si.resolved_at, si.created_at,
          l.statement_id, l.bank, l.posted_on::text as posted_on, l.description
        from suspense_items si
        join bank_statement_lines l on l.id = si.line_id
        left join financing_applications sa on sa.id = si.suggested_application_id
        left join users su on su.id = sa.user_id
        left join users ru on ru.id = si.resolved_by
        where ${whereSql}
        order by si.created_at desc, si.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return { rows, total: totals.total, amountLeft: totals.open_total };
}

export async function allocationsOfItems(db: DbOrTx, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return queryRows<{
    suspense_item_id: number;
    application_id: number;
    payment_id: number;
    amount: string;
    allocated_by_name: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select a.suspense_item_id, a.application_id, a.payment_id, a.amount, a.created_at,
          u.first_name || ' ' || u.last_name as allocated_by_name
        from suspense_allocations a left join users u on u.id = a.allocated_by
        where a.suspense_item_id in (${sql.join(
          itemIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by a.id`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Suggestions

export type Candidate = {
  application_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  schedule_id: number;
  platform_fee_rate: string;
  quoted_fees: string | null;
  fees_paid: string;
  arrears_tolerance: string;
};

/** Serviced loans whose creator's surname is one of `words` (lower case): the candidates a line's name may name. */
export async function candidatesBySurname(db: DbOrTx, words: string[], limit = 50): Promise<Candidate[]> {
  if (words.length === 0) return [];
  return queryRows<Candidate>(
    db,
    sql`select a.id as application_id, u.id as user_id, u.first_name, u.last_name, s.id as schedule_id, s.platform_fee_rate,
          s.quoted_fees, s.fees_paid, s.arrears_tolerance
        from users u
        join financing_applications a on a.user_id = u.id
        join repayment_schedules s on s.application_id = a.id
        where lower(u.last_name) in (${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )}) and a.status in ('active', 'defaulted', 'active_testing', 'defaulted_testing')
        limit ${limit}`,
  );
}
