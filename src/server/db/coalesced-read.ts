// Request coalescing for the one read behind every API request (the session). Under load, the
// reads that arrive while earlier ones are at the database are sent together as one statement, answered in
// one round trip: the database runs one statement per batch instead of one per request, and the server
// writes and parses one message pair instead of one per request.
//
// A read that finds a statement slot free opens a batch and its statement is started; the batch takes every
// read that arrives until the statement actually starts at the database (`take()`), then closes. When that
// happens depends on the database (`gather`):
// - 'turn' (PostgreSQL): the statement is sent at the end of the event loop's current turn, with the reads that
//   arrived in it. The wait is a few microseconds, and batches come out about twice as large under load.
// - 'queue' (the embedded database): the statement joins the database's own queue at once, so the first read
//   keeps its place, and the batch closes when the database takes the statement up. (Waiting for the end of the
//   turn instead let every request in progress, whose queries run as promise chains in this process, run all
//   its queries first: a poll issued beside five admin screens waited 41 ms instead of 5.)
//
// Freshness: a read never joins a statement that has started. Every caller's answer comes from a statement
// that started after the caller asked, so a sign-out or a suspension committed before a request counts for it,
// exactly as with one statement per request. A batch is one statement, so one snapshot.
// Failure: a failed statement fails every read in its batch with the same error (as each would have failed
// on its own when the database is down).

export type CoalescedReadOptions = {
  /** Statements at the database at once; further reads wait and go out together when one comes back. */
  maxInFlight: number;
  /** Reads in one statement at most (more wait for the next one). */
  maxBatch: number;
  /** When a batch's statement starts: at the end of the turn, or when the database's own queue reaches it. */
  gather: 'turn' | 'queue';
};

type Waiting<K, R> = { key: K; resolve: (value: R | undefined) => void; reject: (error: unknown) => void };

/**
 * Wraps a batch read into a one-key read that is batched with the reads around it. `run` must call `take()`
 * once, as its statement starts, and answer one result or undefined per key taken, in their order.
 */
export function coalescedRead<K, R>(
  run: (take: () => K[]) => Promise<Array<R | undefined>>,
  { maxInFlight, maxBatch, gather }: CoalescedReadOptions,
): (key: K) => Promise<R | undefined> {
  /** Reads waiting for a free statement slot. */
  const queue: Waiting<K, R>[] = [];
  /** The batch whose statement has not started yet (it still takes reads), if any. */
  let open: Waiting<K, R>[] | null = null;
  let inFlight = 0;

  const startBatch = () => {
    const batch = queue.splice(0, maxBatch);
    open = batch.length < maxBatch ? batch : null;
    inFlight++;
    let taken = -1;
    const take = () => {
      if (open === batch) open = null;
      taken = batch.length;
      return batch.map((w) => w.key);
    };
    const settle = () => {
      inFlight--;
      if (open === batch) open = null;
      pump();
    };
    const go = () =>
      run(take).then(
        (results) => {
          settle();
          if (taken !== batch.length) {
            const error = new Error('A coalesced read answered without taking its batch');
            for (const waiting of batch) waiting.reject(error);
            return;
          }
          for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]);
        },
        (error: unknown) => {
          settle();
          for (const waiting of batch) waiting.reject(error);
        },
      );
    if (gather === 'turn') setImmediate(go);
    else go();
  };

  const pump = () => {
    while (queue.length > 0 && inFlight < maxInFlight) startBatch();
  };

  return (key) =>
    new Promise<R | undefined>((resolve, reject) => {
      const waiting = { key, resolve, reject };
      if (open) {
        open.push(waiting);
        if (open.length >= maxBatch) open = null;
        return;
      }
      queue.push(waiting);
      pump();
    });
}
