// What every feature is given: the database, the configuration and the clock (the one source of "now").
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';

export type Deps = { db: Db; config: Config; clock: Clock };
