// Which of Debian's Chromium builds the browser tests drive (the machine cannot download Playwright's own).
// The headless shell (package chromium-headless-shell) comes first: it is the same Blink without the browser's
// window and toolbar, and each new browser context costs about a third of the CPU time it costs the full
// browser, which on two cores is most of the suite's time. The full browser (package chromium) is the fallback.
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((p) => p && existsSync(p));
}
