import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coalescedRead } from './coalesced-read';

type Statement = {
  /** What the statement read: empty until it starts. */
  keys: number[];
  started: boolean;
  /** The test's step at which it started. */
  startedAt: number;
  start: () => void;
  answer: () => void;
  fail: (error: Error) => void;
};

/**
 * A batch read whose statements the test starts and answers by hand, recording what each took. On PostgreSQL a
 * statement starts when it is sent (`startAtOnce`); on the embedded database when its queue reaches it.
 */
function manualDatabase({ startAtOnce, clock = () => 0 }: { startAtOnce: boolean; clock?: () => number }) {
  const statements: Statement[] = [];
  const run = (take: () => number[]) =>
    new Promise<Array<string | undefined>>((resolve, reject) => {
      const statement: Statement = {
        keys: [],
        started: false,
        startedAt: -1,
        start() {
          if (statement.started) return;
          statement.started = true;
          statement.startedAt = clock();
          statement.keys = take();
        },
        // Keys above 100 are "not found".
        answer() {
          statement.start();
          resolve(statement.keys.map((k) => (k > 100 ? undefined : `row ${k}`)));
        },
        fail: reject,
      };
      statements.push(statement);
      if (startAtOnce) statement.start();
    });
  return { run, statements, keys: () => statements.map((s) => s.keys) };
}

/** Lets the event loop run: answers settle (microtasks), then what they scheduled with setImmediate runs. */
const turn = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
};

describe("coalescedRead, gathering each turn's reads (PostgreSQL)", () => {
  const options = (maxInFlight: number, maxBatch: number) => ({
    maxInFlight,
    maxBatch,
    gather: 'turn' as const,
  });

  it('sends a read on its own when nothing else is asked, at the end of the turn', async () => {
    const db = manualDatabase({ startAtOnce: true });
    const read = coalescedRead(db.run, options(2, 64));
    const answer = read(7);
    expect(db.statements).toHaveLength(0);
    await turn();
    expect(db.keys()).toEqual([[7]]);
    db.statements[0]!.answer();
    await expect(answer).resolves.toBe('row 7');
  });

  it('sends the reads of one turn as one statement, each answered with its own row, in order', async () => {
    const db = manualDatabase({ startAtOnce: true });
    const read = coalescedRead(db.run, options(1, 64));
    const answers = [3, 101, 3, 9].map((k) => read(k));
    await turn();
    expect(db.keys()).toEqual([[3, 101, 3, 9]]);
    db.statements[0]!.answer();
    await expect(Promise.all(answers)).resolves.toEqual(['row 3', undefined, 'row 3', 'row 9']);
  });

  it('never adds a read to a statement already sent: it waits for the next one', async () => {
    const db = manualDatabase({ startAtOnce: true });
    const read = coalescedRead(db.run, options(1, 64));
    const first = read(1);
    await turn();
    const second = read(2);
    const third = read(3);
    await turn();
    expect(db.keys()).toEqual([[1]]);
    db.statements[0]!.answer();
    await expect(first).resolves.toBe('row 1');
    await turn();
    expect(db.keys()).toEqual([[1], [2, 3]]);
    db.statements[1]!.answer();
    await expect(Promise.all([second, third])).resolves.toEqual(['row 2', 'row 3']);
  });

  it('keeps at most maxInFlight statements at the database and at most maxBatch reads in each', async () => {
    const db = manualDatabase({ startAtOnce: true });
    const read = coalescedRead(db.run, options(2, 2));
    const answers = [1, 2, 3, 4, 5].map((k) => read(k));
    await turn();
    expect(db.keys()).toEqual([
      [1, 2],
      [3, 4],
    ]);
    db.statements[1]!.answer();
    await turn();
    expect(db.keys()).toEqual([[1, 2], [3, 4], [5]]);
    db.statements[0]!.answer();
    db.statements[2]!.answer();
    await expect(Promise.all(answers)).resolves.toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
  });

  it("fails every read of a failed statement with the database's error, and goes on with the next", async () => {
    const db = manualDatabase({ startAtOnce: true });
    const read = coalescedRead(db.run, options(1, 64));
    const failed = [read(1), read(2)];
    await turn();
    const later = read(3);
    db.statements[0]!.fail(new Error('connection lost'));
    for (const answer of failed) await expect(answer).rejects.toThrow('connection lost');
    await turn();
    db.statements[1]!.answer();
    await expect(later).resolves.toBe('row 3');
  });
});

describe("coalescedRead, taking reads until the database's queue reaches the statement (embedded database)", () => {
  const options = { maxInFlight: 2, maxBatch: 64, gather: 'queue' as const };

  it('queues the statement at once and gives it every read asked before it starts', async () => {
    const db = manualDatabase({ startAtOnce: false });
    const read = coalescedRead(db.run, options);
    const early = [read(1), read(2), read(3)];
    // Queued at the database with the first read, without waiting for the end of the turn.
    expect(db.statements).toHaveLength(1);
    db.statements[0]!.start();
    expect(db.keys()).toEqual([[1, 2, 3]]);
    // Started: the next reads open a statement of their own, in the free slot.
    const late = [read(4), read(5)];
    expect(db.statements).toHaveLength(2);
    db.statements[0]!.answer();
    db.statements[1]!.answer();
    expect(db.keys()).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    await expect(Promise.all([...early, ...late])).resolves.toEqual([
      'row 1',
      'row 2',
      'row 3',
      'row 4',
      'row 5',
    ]);
  });

  it('answers a read that was never taken with an error rather than leaving it waiting', async () => {
    const read = coalescedRead<number, string>(async () => ['row 1'], options);
    await expect(read(1)).rejects.toThrow('without taking its batch');
  });
});

describe('coalescedRead under any interleaving', () => {
  it('answers every read once, from a statement that started after it was asked, within the limits', async () => {
    // Steps: ask a read, let a turn pass, start the oldest statement not started, or answer the oldest one out.
    const step = fc.constantFrom('ask' as const, 'turn' as const, 'start' as const, 'answer' as const);
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 60 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('turn' as const, 'queue' as const),
        async (steps, maxInFlight, maxBatch, gather) => {
          let now = 0;
          const db = manualDatabase({ startAtOnce: gather === 'turn', clock: () => now });
          const read = coalescedRead(db.run, { maxInFlight, maxBatch, gather });
          // Each read has a key of its own; keys above 100 are not found.
          const asked: Array<{ key: number; answers: unknown[] }> = [];
          const askedAt = new Map<number, number>();
          let answered = 0;
          const startOldest = () => db.statements.find((s) => !s.started)?.start();
          const answerOldest = async () => {
            const statement = db.statements[answered];
            if (!statement) return;
            answered++;
            statement.answer();
            await turn();
          };
          for (const s of steps) {
            now++;
            if (s === 'turn') await turn();
            else if (s === 'start') startOldest();
            else if (s === 'answer') await answerOldest();
            else {
              const entry = { key: asked.length * 7 + 1, answers: [] as unknown[] };
              asked.push(entry);
              askedAt.set(entry.key, now);
              void read(entry.key).then((row) => entry.answers.push(row));
            }
          }
          for (let i = 0; i < 200 && asked.some((a) => a.answers.length === 0); i++) {
            now++;
            await answerOldest();
            await turn();
          }
          for (const entry of asked) {
            expect(entry.answers).toEqual([entry.key > 100 ? undefined : `row ${entry.key}`]);
          }
          expect(db.statements.flatMap((st) => st.keys).sort((a, b) => a - b)).toEqual(
            asked.map((a) => a.key).sort((a, b) => a - b),
          );
          for (const statement of db.statements) {
            expect(statement.keys.length).toBeLessThanOrEqual(maxBatch);
            for (const key of statement.keys)
              expect(askedAt.get(key)!).toBeLessThanOrEqual(statement.startedAt);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
