// insertRows (src/server/db/insert-rows.ts): many rows in one statement, one parameter per column, on both databases.
// The rows stored and read back are those the query builder's insert would store: text with quotes, commas and
// braces, money, dates, timestamps, JSON, nulls, defaults; ON CONFLICT DO NOTHING skips taken keys.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from '../../src/server/db/insert-rows';
import { bankStatementLines, bankStatements, mailOutbox, userAdminActions } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('insertRows', () => {
  it('stores awkward text, nulls, timestamps and JSON as the builder would, and returns ids in the order given', async () => {
    const at = new Date('2026-11-23T08:15:30.123Z');
    const notes = ['He said "hi", {and} left', 'back\\slash', null, 'ünïcödé ✓', "it's NULL"];
    const rows = await insertRows(
      t.database.db,
      userAdminActions,
      notes.map((n, i) => ({
        userId: null,
        adminId: null,
        action: `insert_rows_${i}`,
        notes: n,
        createdAt: at,
      })),
      { returning: ['id', 'action', 'createdAt'] },
    );
    expect(rows.map((r) => r.action)).toEqual(notes.map((_, i) => `insert_rows_${i}`));
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    expect(rows[0]!.createdAt).toEqual(at);
    const stored = await t.database.db
      .select()
      .from(userAdminActions)
      .where(
        inArray(
          userAdminActions.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(userAdminActions.id);
    expect(stored.map((s) => s.notes)).toEqual(notes);
    expect(stored.every((s) => s.createdAt.getTime() === at.getTime())).toBe(true);

    const mails = await insertRows(
      t.database.db,
      mailOutbox,
      [
        { toAddress: 'a@example.com', subject: 'S', textBody: 't', htmlBody: '<p>"x"</p>', attachment: null },
        {
          toAddress: 'b@example.com',
          subject: 'S, {2}',
          textBody: 't',
          htmlBody: 'h',
          attachment: { kind: 'credit_agreement', quoteId: 7, filename: 'a "b".pdf' },
        },
      ],
      { returning: ['id', 'attachment', 'createdAt'] },
    );
    expect(mails[1]!.attachment).toEqual({ kind: 'credit_agreement', quoteId: 7, filename: 'a "b".pdf' });
    // A column none of the rows names takes its default.
    expect(mails[0]!.createdAt).toBeInstanceOf(Date);
    const [html] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mails[0]!.id));
    expect(html!.htmlBody).toBe('<p>"x"</p>');
  });

  it('skips rows whose unique key is taken, and answers only the rows written', async () => {
    const [statement] = await t.database.db
      .insert(bankStatements)
      .values({ bank: 'fnb', fileName: 'x.csv', fileSha256: 'f'.repeat(64), createdAt: new Date() })
      .returning();
    const line = (key: string, position: number) => ({
      statementId: statement!.id,
      position,
      bank: 'fnb',
      postedOn: '2026-11-20',
      amount: '10.50',
      description: `line ${key}`,
      lineKey: key,
      outcome: 'suspense' as const,
      createdAt: new Date(),
    });
    const first = await insertRows(t.database.db, bankStatementLines, [line('k1', 1), line('k2', 2)], {
      onConflictDoNothing: true,
      returning: ['id', 'lineKey'],
    });
    expect(first.map((r) => r.lineKey)).toEqual(['k1', 'k2']);
    const second = await insertRows(
      t.database.db,
      bankStatementLines,
      [line('k2', 3), line('k3', 4), line('k1', 5)],
      { onConflictDoNothing: true, returning: ['id', 'lineKey'] },
    );
    expect(second.map((r) => r.lineKey)).toEqual(['k3']);
    const [k3] = await t.database.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, second[0]!.id));
    expect(k3).toMatchObject({ amount: '10.50', postedOn: '2026-11-20', position: 4 });
  });

  it('refuses rows that name a defaulted column in some rows only, and stores nothing', async () => {
    await expect(
      insertRows(t.database.db, userAdminActions, [
        { userId: null, action: 'insert_rows_partial', createdAt: new Date() },
        { userId: null, action: 'insert_rows_partial' },
      ]),
    ).rejects.toThrow(/createdAt is named by some rows only/);
    const stored = await t.database.db
      .select()
      .from(userAdminActions)
      .where(eq(userAdminActions.action, 'insert_rows_partial'));
    expect(stored).toEqual([]);
  });
});
