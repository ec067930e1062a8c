// Periodic jobs. Each runs under its own advisory lock so that, with several app instances on one
// PostgreSQL, only one instance runs it at a time; a failing run is logged and retried next tick.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

export type Job = { name: string; lockId: number; everyMs: number; run: () => Promise<void> };

export function startJobs(handle: DatabaseHandle, jobs: Job[], log: FastifyBaseLogger): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (stopped) return;
      const run = handle
        .withJobLock(job.lockId, job.run)
        .catch((err) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    };
    timers.push(setInterval(tick, job.everyMs));
    setImmediate(tick);
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...inFlight]);
  };
}
