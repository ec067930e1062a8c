// Helpers for the admin servicing journeys (admin-servicing.spec.ts): creators with their own API
// context (so a creator can ask for a settlement quote while the page is the admin's), loans activated by
// the admin through the API, and the development-only time travel that makes one loan days older without
// touching any other test's loans (POST /dev/servicing/{id}/travel).
import { mkdir } from 'node:fs/promises';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
  request,
  type TestInfo,
} from '@playwright/test';
import { adminApi, currentBaseUrl, E2E_IDENTITY, offerAcceptAndPayOut } from './creator';
import { createVerifiedAccount, uniqueEmail } from './mailbox';

export interface LoanOwner {
  email: string;
  firstName: string;
  lastName: string;
  applicationId: number;
  /** The creator's own signed-in API context; dispose it when done. */
  api: APIRequestContext;
}

/**
 * The journeys' test with one admin API session per test, and every creator context a test makes (pushed on
 * `owners`) disposed at its end.
 */
export const loanTest = base.extend<{ admin: APIRequestContext; owners: LoanOwner[] }>({
  admin: async ({ baseURL }, use) => {
    const admin = await adminApi(baseURL);
    await use(admin);
    await admin.dispose();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  owners: async ({}, use) => {
    const owners: LoanOwner[] = [];
    await use(owners);
    await Promise.all(owners.map((owner) => owner.api.dispose()));
  },
});

/**
 * A fresh creator called `firstName lastName` whose application the admin approves and offers (automatic, 20 %
 * withholding, 12 months), the creator accepts and the admin pays out today: a loan being repaid from today, with
 * no payments.
 */
export async function activeLoan(
  testInfo: TestInfo,
  admin: APIRequestContext,
  names: { firstName: string; lastName: string },
  input: { requestedAmount?: number; monthlyRevenue?: number } = {},
): Promise<LoanOwner> {
  const baseURL = currentBaseUrl();
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = uniqueEmail(testInfo, 'servicing');
  await createVerifiedAccount(api, { email, password: 'Creator-pass-2026', ...names });
  const submitted = await api.post('/api/applications', {
    data: {
      applicationType: 'personal',
      ...E2E_IDENTITY,
      firstName: names.firstName,
      lastName: names.lastName,
      businessName: '',
      requestedAmount: input.requestedAmount ?? 10_000,
      monthlyRevenue: input.monthlyRevenue ?? 8_000,
      useOfFunds: ['equipment_purchase'],
      otherUseOfFunds: '',
      termsAccepted: true,
      manualPlatforms: [],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const applicationId = ((await submitted.json()) as { application: { id: number } }).application.id;

  const approved = await admin.patch(`/api/admin/applications/${applicationId}`, {
    data: { status: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await offerAcceptAndPayOut(admin, api, applicationId);
  return { email, ...names, applicationId, api };
}

/**
 * `activeLoan` 70 days on, its section 129 notice sent by the daily notices (run now by the development route): the
 * first instalment, due a month in, is then about 40 days (well over 20 business days) in arrears.
 */
export async function loanWithNoticeSent(
  testInfo: TestInfo,
  admin: APIRequestContext,
  names: { firstName: string; lastName: string },
): Promise<LoanOwner> {
  const loan = await activeLoan(testInfo, admin, names);
  await travel(admin, loan.applicationId, 70);
  const run = await admin.post('/dev/notices/run');
  expect(run.status(), await run.text()).toBe(200);
  return loan;
}

/** Makes one loan `days` older (its start, due dates and payments) and runs the daily loan review. */
export async function travel(admin: APIRequestContext, applicationId: number, days: number): Promise<void> {
  const response = await admin.post(`/dev/servicing/${applicationId}/travel`, { data: { days } });
  expect(response.status(), await response.text()).toBe(200);
}

/** What GET /api/applications/{id}/servicing answers, as far as these journeys read it. */
export interface ApiServicing {
  today: string;
  instalments: Array<{ number: number; dueDate: string; amountDue: string; status: string }>;
  position: {
    nextPaymentDate: string | null;
    amountOverdue: string;
    daysPastDue: number;
    bucket: string;
    amountDueNow: string;
  };
  installmentAmount: string;
  renegotiationEligible: boolean;
}

export async function servicingOf(admin: APIRequestContext, applicationId: number): Promise<ApiServicing> {
  const response = await admin.get(`/api/applications/${applicationId}/servicing`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiServicing;
}

/** A lending row as GET /api/lending-management/details answers it (read as the admin). */
export interface ApiLendingRow {
  id: number;
  status: string;
  remainingAmount: string | null;
  daysPastDue: number | null;
  delinquencyBucket: string | null;
  amountOverdue: string | null;
  installmentAmount: string | null;
  estimatedMonthlyWithholding: string | null;
}

export async function lendingRowsByApi(admin: APIRequestContext, search: string): Promise<ApiLendingRow[]> {
  const response = await admin.get(
    `/api/lending-management/details?mode=production&search=${encodeURIComponent(search)}`,
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: ApiLendingRow[] }).data;
}

/** Days past due within a bucket's range (travel moves a loan by days; months are not all 30 days long). */
export function expectBucketOf(daysPastDue: number, bucket: '31-60' | '61-90' | '90+'): void {
  const range = { '31-60': [31, 60], '61-90': [61, 90], '90+': [91, 10_000] }[bucket];
  expect(daysPastDue, `days past due in the ${bucket} bucket`).toBeGreaterThanOrEqual(range[0]!);
  expect(daysPastDue).toBeLessThanOrEqual(range[1]!);
}

/** The instalment rows this viewport shows: the table's body rows (sm and up) or the list's items. */
export function instalmentRows(scope: Locator, page: Page): Locator {
  const width = page.viewportSize()?.width ?? 640;
  return width >= 640
    ? scope.getByTestId('instalment-table').locator('tbody tr')
    : scope.getByTestId('instalment-list').locator('li');
}

/** Today's date in South Africa, 'YYYY-MM-DD' (what the server calls today). */
export function todayInSouthAfrica(now: Date = new Date()): string {
  return new Date(now.getTime() + 2 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * With SHOTS_DIR set (screenshots are for a person to look at, never taken otherwise), a screenshot into it,
 * named after the project (desktop or phone): of `target`, or of the whole page. The viewport is made tall (same width) for the picture, so a long dialog is shown whole
 * instead of cut at its scroll box.
 */
export async function shoot(page: Page, testInfo: TestInfo, name: string, target?: Locator): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const path = `${dir}/${name}-${testInfo.project.name}.png`;
  const size = page.viewportSize();
  if (size) await page.setViewportSize({ width: size.width, height: 2400 });
  try {
    if (target) {
      await target.screenshot({ path });
      return;
    }
    // From the top, so the sticky header sits where it belongs in the full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path, fullPage: true });
  } finally {
    if (size) await page.setViewportSize(size);
  }
}
