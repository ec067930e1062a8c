import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 5055);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Three journeys at a time on two cores: each waits on its server and its browser's round trips part of the time,
  // and two left an eighth of the machine idle. The whole run went from 7.1 to 6.0 minutes on a quiet machine (four:
  // 5.8 minutes, with the demo admin's sign-ins waiting up to 30 s for a fresh authenticator step; bench/README.md).
  workers: 3,
  retries: 0,
  forbidOnly: true,
  // Two minutes a journey: the longest take 40-60 s on this machine on a slow day (its pace moves by up to 2x from
  // day to day, bench/README.md), and a journey cut off by the clock proves nothing. A journey that needs more says
  // so itself (test.setTimeout).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs about a sixth of the suite's time on two cores: on request only (E2E_TRACE=1).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // The app honours reduced motion (styles.css): no animation frames to paint, which the tests never look at.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell when installed, else its Chromium (scripts/find-chromium.mjs).
      executablePath: findChromium() ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Every journey but those written for a phone alone (@phone-only: the back office's layout at 390 px, whose flows
    // the desktop journeys prove).
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // At 390 px, the journeys tagged @phone: those whose screens are laid out differently on a phone (cards for
    // tables, the menu sheet, dialogs that must fit, nothing scrolling sideways), at least one for every screen. The
    // creator's flows run here whole (creators use phones); the back office's run at 1280 px, and its cards, dialogs
    // and pages at this width are tests/e2e/admin-phone.spec.ts's (@phone-only). What the others prove (rules,
    // flows, messages) does not depend on the width, and the desktop project runs them all.
    {
      name: 'phone',
      grep: /@phone/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: false,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
