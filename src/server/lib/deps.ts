// What every feature is given: the database, the configuration and the clocks. `clock` is the one source of
// "now" for the business (servicing, jobs, notices, records); `sessionClock` ages sign-ins (their expiry, idle
// time and purge). In production both are the system clock; tests that move the business clock by months give
// sessions a clock of their own, so that travelling does not sign everyone out (and can age a session by itself).
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';

export type Deps = { db: Db; config: Config; clock: Clock; sessionClock: Clock };
