// The one source of "now" for servicing, jobs and seeds. The app is given a clock (the system clock in
// production); tests and the demo seed give it a ManualClock and travel in time instead of sleeping.
import { businessDate, type IsoDate } from '../../shared/business-date';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
    if (Number.isNaN(this.current)) throw new RangeError(`Invalid start time: ${String(start)}`);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: Date | string): void {
    const next = new Date(instant).getTime();
    if (Number.isNaN(next)) throw new RangeError(`Invalid time: ${String(instant)}`);
    this.current = next;
  }

  advanceDays(days: number): void {
    this.current += days * 24 * 60 * 60 * 1000;
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}

/** Today's date in South Africa by this clock. */
export const today = (clock: Clock): IsoDate => businessDate(clock.now());
