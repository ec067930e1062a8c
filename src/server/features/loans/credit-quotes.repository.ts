// Credit quotes (credit_quotes): the plans creators were shown and the offers admins made, and the one each
// application's creator accepted (docs/lending.md, "The quote is the contract").
import { and, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditQuotes, repaymentSchedules } from '../../db/schema';

export type NewCreditQuote = typeof creditQuotes.$inferInsert;

export async function insertCreditQuote(db: DbOrTx, values: NewCreditQuote) {
  const [row] = await db.insert(creditQuotes).values(values).returning();
  return row!;
}

export async function findCreditQuote(db: DbOrTx, id: number) {
  const [row] = await db.select().from(creditQuotes).where(eq(creditQuotes.id, id));
  return row;
}

/** The application's newest quote of `kind` still open (valid or not: the caller checks the date). */
export async function latestOpenQuote(db: DbOrTx, applicationId: number, kind: 'plan' | 'offer') {
  const [row] = await db
    .select()
    .from(creditQuotes)
    .where(
      and(
        eq(creditQuotes.applicationId, applicationId),
        eq(creditQuotes.kind, kind),
        eq(creditQuotes.status, 'open'),
      ),
    )
    .orderBy(desc(creditQuotes.id))
    .limit(1);
  return row;
}

/** The quote the application's creator accepted: the contract. */
export async function acceptedQuoteOf(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select()
    .from(creditQuotes)
    .where(and(eq(creditQuotes.applicationId, applicationId), eq(creditQuotes.status, 'accepted')));
  return row;
}

/** The quote on the creator's table: the accepted one, else the newest open offer, else the newest open plan. */
export async function currentQuoteOf(db: DbOrTx, applicationId: number) {
  const rows = await db
    .select()
    .from(creditQuotes)
    .where(
      and(eq(creditQuotes.applicationId, applicationId), inArray(creditQuotes.status, ['open', 'accepted'])),
    )
    .orderBy(desc(creditQuotes.id));
  return (
    rows.find((q) => q.status === 'accepted') ??
    rows.find((q) => q.kind === 'offer') ??
    rows.find((q) => q.kind === 'plan')
  );
}

/** Closes the application's other open quotes (of one kind, or all): a newer one, or an acceptance, replaces them. */
export async function closeOpenQuotes(
  db: DbOrTx,
  applicationId: number,
  status: 'superseded' | 'withdrawn',
  options: { kind?: 'plan' | 'offer'; except?: number } = {},
) {
  await db
    .update(creditQuotes)
    .set({ status })
    .where(
      and(
        eq(creditQuotes.applicationId, applicationId),
        eq(creditQuotes.status, 'open'),
        options.kind ? eq(creditQuotes.kind, options.kind) : undefined,
        options.except !== undefined ? ne(creditQuotes.id, options.except) : undefined,
      ),
    );
}

export async function markQuoteAccepted(
  db: DbOrTx,
  id: number,
  consent: { at: Date; by: number; ip: string; userAgent: string | null },
) {
  await db
    .update(creditQuotes)
    .set({
      status: 'accepted',
      acceptedAt: consent.at,
      acceptedBy: consent.by,
      acceptedIp: consent.ip,
      acceptedUserAgent: consent.userAgent,
    })
    .where(eq(creditQuotes.id, id));
}

/**
 * How many of the creator's loans were paid out in a calendar year (days 'YYYY-01-01' to 'YYYY-12-31'): a short-term
 * loan's interest ceiling is lower from the second one in a year (regulation 42, Table A; docs/compliance.md).
 */
export async function loansPaidOutInYear(db: DbOrTx, userId: number, year: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(repaymentSchedules)
    .where(
      and(
        eq(repaymentSchedules.userId, userId),
        gte(repaymentSchedules.paidOutOn, `${year}-01-01`),
        lte(repaymentSchedules.paidOutOn, `${year}-12-31`),
      ),
    );
  return row?.count ?? 0;
}
