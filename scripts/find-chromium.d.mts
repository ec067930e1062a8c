/** The Chromium build the browser tests drive, or undefined when none is installed (find-chromium.mjs). */
export function findChromium(): string | undefined;
