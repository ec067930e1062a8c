import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coalescedRead } from './coalesced-read';

/** A batch read whose statements the test answers by hand, recording what each was sent. */
function manualDatabase() {
  const statements: Array<{ keys: number[]; answer: () => void; fail: (error: Error) => void }> = [];
  const run = (keys: number[]) =>
    new Promise<Array<string | undefined>>((resolve, reject) => {
      statements.push({
        keys,
        // Keys above 100 are "not found".
        answer: () => resolve(keys.map((k) => (k > 100 ? undefined : `row ${k}`))),
        fail: reject,
      });
    });
  return { run, statements };
}

/** Lets the event loop run: answers settle (microtasks), then what they scheduled with setImmediate runs. */
const turn = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
};

describe("coalescedRead, gathering each turn's reads (PostgreSQL)", () => {
  it('sends a read on its own when nothing else is asked, at the end of the turn', async () => {
    const db = manualDatabase();
    const read = coalescedRead(db.run, { maxInFlight: 2, maxBatch: 64, gather: 'turn' });
    const answer = read(7);
    expect(db.statements).toHaveLength(0);
    await turn();
    expect(db.statements.map((s) => s.keys)).toEqual([[7]]);
    db.statements[0]!.answer();
    await expect(answer).resolves.toBe('row 7');
  });

  it('sends the reads of one turn as one statement, each answered with its own row, in order', async () => {
    const db = manualDatabase();
    const read = coalescedRead(db.run, { maxInFlight: 1, maxBatch: 64, gather: 'turn' });
    const answers = [3, 101, 3, 9].map((k) => read(k));
    await turn();
    expect(db.statements.map((s) => s.keys)).toEqual([[3, 101, 3, 9]]);
    db.statements[0]!.answer();
    await expect(Promise.all(answers)).resolves.toEqual(['row 3', undefined, 'row 3', 'row 9']);
  });

  it('never adds a read to a statement already sent: it waits for the next one', async () => {
    const db = manualDatabase();
    const read = coalescedRead(db.run, { maxInFlight: 1, maxBatch: 64, gather: 'turn' });
    const first = read(1);
    await turn();
    const second = read(2);
    const third = read(3);
    await turn();
    expect(db.statements.map((s) => s.keys)).toEqual([[1]]);
    db.statements[0]!.answer();
    await expect(first).resolves.toBe('row 1');
    await turn();
    expect(db.statements.map((s) => s.keys)).toEqual([[1], [2, 3]]);
    db.statements[1]!.answer();
    await expect(Promise.all([second, third])).resolves.toEqual(['row 2', 'row 3']);
  });

  it('keeps at most maxInFlight statements at the database and at most maxBatch reads in each', async () => {
    const db = manualDatabase();
    const read = coalescedRead(db.run, { maxInFlight: 2, maxBatch: 2, gather: 'turn' });
    const answers = [1, 2, 3, 4, 5].map((k) => read(k));
    await turn();
    expect(db.statements.map((s) => s.keys)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    db.statements[1]!.answer();
    await turn();
    expect(db.statements.map((s) => s.keys)).toEqual([[1, 2], [3, 4], [5]]);
    db.statements[0]!.answer();
    db.statements[2]!.answer();
    await expect(Promise.all(answers)).resolves.toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
  });

  it("fails every read of a failed statement with the database's error, and goes on with the next", async () => {
    const db = manualDatabase();
    const read = coalescedRead(db.run, { maxInFlight: 1, maxBatch: 64, gather: 'turn' });
    const failed = [read(1), read(2)];
    await turn();
    const later = read(3);
    db.statements[0]!.fail(new Error('connection lost'));
    for (const answer of failed) await expect(answer).rejects.toThrow('connection lost');
    await turn();
    db.statements[1]!.answer();
    await expect(later).resolves.toBe('row 3');
  });

  it('answers every read exactly once, from a statement sent after it was asked (any interleaving, either way)', async () => {
    // Steps: ask a read, let a turn pass, or answer the oldest statement still out.
    const step = fc.oneof(
      fc.record({ ask: fc.integer({ min: 1, max: 120 }) }),
      fc.constant('turn' as const),
      fc.constant('answer' as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 60 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('turn' as const, 'none' as const),
        async (steps, maxInFlight, maxBatch, gather) => {
          const db = manualDatabase();
          const read = coalescedRead(db.run, { maxInFlight, maxBatch, gather });
          const asked: Array<{ key: number; sentBefore: number; answers: unknown[] }> = [];
          let answered = 0;
          const answerOldest = () => {
            if (answered < db.statements.length) db.statements[answered++]!.answer();
          };
          for (const s of steps) {
            if (s === 'turn') await turn();
            else if (s === 'answer') {
              answerOldest();
              await turn();
            } else {
              const entry = { key: s.ask, sentBefore: db.statements.length, answers: [] as unknown[] };
              asked.push(entry);
              void read(s.ask).then((row) => entry.answers.push(row));
            }
          }
          // Drain: answer everything still out until every read has its answer.
          for (let i = 0; i < 200 && asked.some((a) => a.answers.length === 0); i++) {
            answerOldest();
            await turn();
          }
          for (const entry of asked) {
            expect(entry.answers).toEqual([entry.key > 100 ? undefined : `row ${entry.key}`]);
          }
          // Each key appears in the statements once per read, and only in statements sent after the read.
          const sentKeys = db.statements.flatMap((st) => st.keys);
          expect(sentKeys.sort()).toEqual(asked.map((a) => a.key).sort());
          for (const entry of asked) {
            const earlier = db.statements.slice(0, entry.sentBefore).flatMap((st) => st.keys);
            const sameKeyBefore = asked.filter((a) => a.key === entry.key && a.sentBefore < entry.sentBefore);
            expect(earlier.filter((k) => k === entry.key).length).toBeLessThanOrEqual(sameKeyBefore.length);
          }
          expect(db.statements.every((st) => st.keys.length <= maxBatch)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('coalescedRead, sending at once while a slot is free (the embedded database)', () => {
  it('sends reads on their own while statements are free, and the rest together when one comes back', async () => {
    const db = manualDatabase();
    const read = coalescedRead(db.run, { maxInFlight: 2, maxBatch: 64, gather: 'none' });
    const answers = [1, 2, 3, 4, 5].map((k) => read(k));
    // No wait for the end of the turn: the first two are at the database before anything else runs.
    expect(db.statements.map((s) => s.keys)).toEqual([[1], [2]]);
    db.statements[0]!.answer();
    await turn();
    expect(db.statements.map((s) => s.keys)).toEqual([[1], [2], [3, 4, 5]]);
    db.statements[1]!.answer();
    db.statements[2]!.answer();
    await expect(Promise.all(answers)).resolves.toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
  });
});
