// Helpers for the /admin journeys (admin-*.spec.ts): creators who apply through the API in their own request
// context (so the page stays free for the admin), the Applications tab's row-or-card, Radix selects, and a
// cross-worker lock for the one global setting the journeys change (the dashboard mode).

import { open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  request,
  type TestInfo,
  test,
} from '@playwright/test';
import { DEVELOPMENT_LEGAL_SETTINGS } from '../../../src/server/config';
import { adminScheduleTerms, previewTerms } from '../../../src/shared/finance/repayment-plan';
import { enterDemoAdminSession, enterSecondAdminSession } from './admin-session';
import {
  adminApi,
  currentBaseUrl,
  E2E_IDENTITY,
  offerAcceptAndPayOut,
  type PaidOutSchedule,
  PROOF_PDF,
} from './creator';
import { createVerifiedAccount, markToursSeen, openMenuIfNeeded, toast, uniqueEmail } from './mailbox';
import { shot } from './servicing';

/** As the demo admin, from the home page to the Admin Panel by the header's own link (the menu on a phone). */
export async function openAdminPanelByLinks(page: Page): Promise<void> {
  await markToursSeen(page);
  await enterDemoAdminSession(page, currentBaseUrl());
  await page.goto('/');
  await openMenuIfNeeded(page);
  await page
    .getByRole('link', { name: 'Admin Panel', exact: true })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
}

/** Below Tailwind's lg breakpoint the Applications tab shows cards instead of the table. */
export const ADMIN_TABLE_BREAKPOINT = 1024;

export interface AppliedCreator {
  email: string;
  firstName: string;
  lastName: string;
  /** The creator's own API context (signed in); dispose it when done. */
  api: APIRequestContext;
  userId: number;
  application: {
    id: number;
    status: string;
    requestedAmount: number;
    monthlyRevenue: string;
    creditScore: number | null;
  };
  proofFileId: number;
}

/** Letters only, so a search for it matches this creator's name and nothing else. */
function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = '';
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A fresh creator (own request context) with bank details, a manual platform with a proof of earnings, and
 * one submitted application. The last name is unique, so searching for it finds exactly this application.
 */
export async function creatorWithApplication(
  testInfo: TestInfo,
  tag: string,
  input: { requestedAmount?: number; monthlyRevenue?: number; accountNumber?: string } = {},
): Promise<AppliedCreator> {
  const baseURL = currentBaseUrl();
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const firstName = 'Naledi';
  const lastName = `Khumalo${uniqueWord()}`;
  const email = uniqueEmail(testInfo, tag);
  await createVerifiedAccount(api, { email, password: 'Creator-pass-2026', firstName, lastName });

  const me = await api.get('/api/user');
  expect(me.status(), await me.text()).toBe(200);
  const userId = ((await me.json()) as { id: number }).id;
  const bank = await api.patch(`/api/users/${userId}`, {
    data: {
      bankName: 'Capitec Bank',
      accountNumber: input.accountNumber ?? '1234567890',
      branchCode: '470010',
      accountType: 'savings',
    },
  });
  expect(bank.status(), await bank.text()).toBe(200);

  const proof = await api.post('/api/proof-files', { multipart: { file: PROOF_PDF } });
  expect(proof.status(), await proof.text()).toBe(201);
  const proofFileId = ((await proof.json()) as { id: number }).id;

  const submitted = await api.post('/api/applications', {
    data: {
      applicationType: 'personal',
      ...E2E_IDENTITY,
      firstName,
      lastName,
      businessName: '',
      requestedAmount: input.requestedAmount ?? 12_000,
      monthlyRevenue: input.monthlyRevenue ?? 9_000,
      useOfFunds: ['equipment_purchase'],
      otherUseOfFunds: '',
      termsAccepted: true,
      manualPlatforms: [
        {
          platform: 'TikTok',
          username: lastName.toLowerCase(),
          estimatedFollowers: 12_500,
          estimatedRevenue: 3_000,
          proofFileId,
        },
      ],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const application = ((await submitted.json()) as { application: AppliedCreator['application'] })
    .application;
  return { email, firstName, lastName, api, userId, application, proofFileId };
}

/**
 * The application made a loan through the API: the admin approves it and offers 12 months at 20 %, the creator
 * (signed in on `creator`) accepts, and the admin records the payout today. Answers the schedule the payout wrote.
 */
export async function activateByApi(
  applicationId: number,
  creator: APIRequestContext,
): Promise<PaidOutSchedule> {
  const admin = await adminApi();
  try {
    const approved = await admin.patch(`/api/admin/applications/${applicationId}`, {
      data: { status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    return await offerAcceptAndPayOut(admin, creator, applicationId);
  } finally {
    await admin.dispose();
  }
}

/** Signs in as the demo admin (this worker's session, second factor passed) and opens the given tab of /admin. */
export async function openAdminTab(page: Page, tab: 'Overview' | 'Applications' | 'Users'): Promise<void> {
  await markToursSeen(page);
  await enterDemoAdminSession(page, currentBaseUrl());
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

/**
 * Types into the Applications tab's search box and waits for the server's answer: `expected` applications
 * match (the search is sent once typing pauses, and kept in the address).
 */
export async function searchApplications(page: Page, text: string, expected = 1): Promise<void> {
  await page.getByLabel('Search applications').fill(text);
  await expect(page).toHaveURL(
    new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '\\+')}(&|$)`),
  );
  await expect(page.getByTestId('applications-count')).toHaveText(
    `${expected} ${expected === 1 ? 'application' : 'applications'} match`,
  );
}

/** The application's table row (lg and up) or its card (narrower): whichever this viewport shows. */
export function adminEntry(page: Page, applicationId: number): Locator {
  const width = page.viewportSize()?.width ?? ADMIN_TABLE_BREAKPOINT;
  return width >= ADMIN_TABLE_BREAKPOINT
    ? page.getByTestId(`admin-application-row-${applicationId}`)
    : page.getByTestId(`admin-application-card-${applicationId}`);
}

/** Opens a Radix select by its label and picks an option. */
export async function chooseOption(
  page: Page,
  scope: Page | Locator,
  label: string,
  option: string,
): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A toast on screen, found by its text. While a modal dialog is open the notifications region is hidden from
 * assistive technology (so the role-based toast() helper cannot see it); the dialogs repeat their errors in
 * an alert of their own for that reason, and this finds the toast a sighted user sees.
 */
export function visibleToast(page: Page, text: string): Locator {
  return page.locator('li[data-state="open"]').getByText(text, { exact: true });
}

/** Whole-rand en-ZA text with plain spaces: 15000 -> 'R 15 000'. */
export function randWhole(amount: number): string {
  return `R ${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`;
}

/** Cents as an integer, so balances are compared without binary fractions. */
export const cents = (amount: number | string) => Math.round(Number(amount) * 100);

/** The platform-earnings price of section 9 in tenths of a percent: cost = ceil(amount x (35 - score/10) %). */
export function priced(requestedAmount: number, score: number, monthlyRevenue: number) {
  // The list price held within the National Credit Act's ceilings, as the server prices a creator's first loan of the
  // year on the development repo rate (docs/compliance.md): the shared pure function, not a copy of it.
  const terms = previewTerms({
    requestedAmount,
    monthlyRevenue,
    creditScore: score,
    legal: E2E_LEGAL_PRICING,
  });
  return { cost: Number(terms.costAmount), total: Number(terms.totalAmount) };
}

/** An admin's offer of `months` monthly instalments at the score's price, within the ceilings. */
export function offered(requestedAmount: number, score: number, months: number) {
  const terms = adminScheduleTerms({
    requestedAmount,
    creditScore: score,
    estimatedPeriod: months,
    legal: E2E_LEGAL_PRICING,
  });
  return { total: Number(terms.totalAmount), instalment: Number(terms.installmentAmount) };
}

/** The e2e server runs outside production: the development repo rate; every test creator's first loan of the year. */
export const E2E_LEGAL_PRICING = { repoRate: DEVELOPMENT_LEGAL_SETTINGS.NCA_REPO_RATE, loanInYear: 1 };

/**
 * Runs `work` while holding a lock shared by every Playwright worker on this machine and server port, for
 * journeys that change a server-wide setting (both projects run the same test at the same time).
 */
export async function withServerLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const port = new URL(currentBaseUrl()).port || '80';
  const file = path.join(tmpdir(), `vuka-e2e-${port}-${name}.lock`);
  const deadline = Date.now() + 45_000;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a crashed run is older than any journey: take it over.
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > 90_000) await rm(file, { force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the ${name} lock (${file})`);
      // Polled: another worker holds it and there is nothing to await across processes.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(file, { force: true });
  }
}

/** Puts the dashboard mode back to production (Live) through the API. */
export async function resetDashboardMode(): Promise<void> {
  const admin = await adminApi();
  try {
    const response = await admin.post('/api/platform-management/dashboard/mode', {
      data: { mode: 'production' },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/**
 * The request number of a change just sent for approval, read from the toast the dialog showed
 * ('Sent for approval (request #12)'; decision 028).
 */
export async function sentForApprovalId(page: Page): Promise<number> {
  // Not by the region's role: behind a modal dialog (the Application Details) the toasts are hidden from assistive
  // technology, and the dialog that sent the request may have opened from one.
  const sent = page.locator('li[data-state="open"]').getByText(/^Sent for approval \(request #\d+\)$/);
  await expect(sent).toBeVisible();
  return Number(/#(\d+)/.exec((await sent.textContent()) ?? '')![1]);
}

/**
 * The second demo admin, in their own browser, opens Approvals from the Admin Panel and approves request `id` after
 * its confirmation: the change is made. `shotName` photographs the queue before the approval.
 */
export async function approveInQueue(browser: Browser, id: number, shotName?: string): Promise<void> {
  const context = await browser.newContext({
    baseURL: currentBaseUrl(),
    viewport: test.info().project.use.viewport ?? null,
    reducedMotion: 'reduce',
  });
  try {
    const checker = await context.newPage();
    await markToursSeen(checker);
    await enterSecondAdminSession(checker, currentBaseUrl());
    await checker.goto('/admin');
    await checker.getByRole('link', { name: /^Approvals/ }).click();
    await expect(checker.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    const card = checker.getByTestId(`approval-${id}`);
    await expect(card).toContainText('Waiting for approval');
    if (shotName) await shot(checker, shotName);
    await card.getByRole('button', { name: 'Approve' }).click();
    const confirm = checker.getByRole('alertdialog', { name: `Approve request #${id}?` });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(checker, `Request #${id} approved`)).toBeVisible();
    await expect(card).toBeHidden();
  } finally {
    await context.close();
  }
}

/** Playwright's `test` with an admin API session per test (each sign-in is an argon2 check; the machine is shared). */
export const testWithAdminApi = test.extend<{ admin: APIRequestContext }>({
  admin: async ({ baseURL }, use) => {
    const admin = await adminApi(baseURL);
    await use(admin);
    await admin.dispose();
  },
});
