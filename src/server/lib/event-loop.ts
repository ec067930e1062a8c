// Long work on the one Node thread (reading a 10 000-line statement) gives way now and then, so the requests that
// arrive meanwhile are answered between its slices instead of after it (no request over 100 ms).

/** Lets the event loop answer what is waiting (I/O, timers) before the caller carries on. */
export const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Items handled between two `giveWay`s by a loop over many: a few milliseconds of work each. */
export const SLICE = 500;
