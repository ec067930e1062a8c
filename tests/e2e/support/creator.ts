// Helpers for the creator journeys (creator-*.spec.ts): fresh creators set up through the API, applications
// submitted and approved through the API, the dashboard's row-or-card for an application, and rand text.
// The e-mail helpers (codes, unique addresses, toasts) live in ./mailbox and are reused from there.
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request,
  type TestInfo,
  test,
} from '@playwright/test';
import { approveAsSecondAdmin, demoAdminApi } from './admin-session';
import { createVerifiedAccount, uniqueEmail } from './mailbox';

/** Below Tailwind's md breakpoint the Application History is a list of cards instead of a table. */
export const HISTORY_TABLE_BREAKPOINT = 768;

export interface Creator {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** What GET /api/applications answers, as far as these journeys read it. */
export interface ApiApplication {
  id: number;
  status: string;
  requestedAmount: number;
  createdAt: string;
  monthlyRevenue: string;
  creditScore: number | null;
  socialMediaData: Record<string, unknown> | null;
  manualPlatforms: Array<{ platform: string; username: string; proofFile: string | null }> | null;
  repaymentSchedule: {
    totalAmount: string;
    remainingAmount: string | null;
    paymentMethod: string | null;
    payments: Array<{ amount: string }>;
  } | null;
}

/** The onboarding tour opens on the first visit to /dashboard and /apply; mark both as already seen. */
export async function skipTours(page: Page): Promise<void> {
  await page.addInitScript(() =>
    localStorage.setItem('completed-tours', JSON.stringify(['dashboard', 'apply'])),
  );
}

/**
 * Registers and verifies a new creator through the API with the page's own request context, so the session
 * cookie the verification sets is the page's: the next page.goto is signed in.
 */
export async function newCreator(
  page: Page,
  testInfo: TestInfo,
  tag: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<Creator> {
  const creator: Creator = {
    email: uniqueEmail(testInfo, tag),
    password: 'Creator-pass-2026',
    firstName: names.firstName ?? 'Naledi',
    lastName: names.lastName ?? 'Khumalo',
  };
  await createVerifiedAccount(page.request, creator);
  return creator;
}

/** Signs the page in through the API (for journeys that are not about signing in). */
export async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username: email, password },
    headers: { origin: currentBaseUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The running test's baseURL (playwright.config.ts), sent as the Origin of state-changing API calls. */
export function currentBaseUrl(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  return baseURL;
}

export interface ApplicationInput {
  applicationType?: 'personal' | 'business';
  firstName?: string;
  lastName?: string;
  businessName?: string;
  requestedAmount?: number;
  monthlyRevenue?: number;
  useOfFunds?: string[];
}

/** Submits an application as the page's signed-in creator (setup only; creator-apply.spec uses the form). */
/**
 * Who applies, as the National Credit Act needs it (docs/compliance.md): a person's SA ID number (an adult born
 * 15 January 1990), or a small business's registration number, turnover and assets.
 */
export const E2E_IDENTITY = { identityType: 'sa_id', idNumber: '9001155009086' } as const;
export const E2E_BUSINESS = {
  registrationNumber: '2019/123456/07',
  annualTurnover: 360_000,
  assetValue: 80_000,
} as const;

export async function submitApplicationByApi(
  creator: Page | APIRequestContext,
  input: ApplicationInput = {},
): Promise<ApiApplication> {
  const api = 'request' in creator ? creator.request : creator;
  const response = await api.post('/api/applications', {
    headers: { origin: currentBaseUrl() },
    data: {
      applicationType: input.applicationType ?? 'personal',
      ...((input.applicationType ?? 'personal') === 'personal' ? E2E_IDENTITY : E2E_BUSINESS),
      firstName: input.firstName ?? 'Naledi',
      lastName: input.lastName ?? 'Khumalo',
      businessName: input.businessName ?? '',
      requestedAmount: input.requestedAmount ?? 10_000,
      monthlyRevenue: input.monthlyRevenue ?? 8_000,
      useOfFunds: input.useOfFunds ?? ['equipment_purchase'],
      otherUseOfFunds: '',
      termsAccepted: true,
      manualPlatforms: [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { application: ApiApplication }).application;
}

/** GET /api/applications as the page's signed-in creator. */
export async function applicationsOf(page: Page): Promise<ApiApplication[]> {
  const response = await page.request.get('/api/applications');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiApplication[];
}

/** The creator's only application (each journey's creator is fresh, so there is exactly one). */
export async function onlyApplication(page: Page): Promise<ApiApplication> {
  const applications = await applicationsOf(page);
  expect(applications, 'applications of a fresh creator').toHaveLength(1);
  return applications[0]!;
}

/** An API context signed in as the demo admin; dispose it when done. */
export async function adminApi(baseURL: string = currentBaseUrl()): Promise<APIRequestContext> {
  // This worker's admin session (second factor passed): every admin sign-in needs a fresh code (./admin-session).
  return demoAdminApi(baseURL);
}

/** Approves an application as the admin, through PATCH /api/admin/applications/{id}. */
export async function approveApplication(applicationId: number): Promise<void> {
  const admin = await adminApi();
  try {
    const response = await admin.patch(`/api/admin/applications/${applicationId}`, {
      data: { status: 'approved' },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/** The bank account creators put on file before a payout (Settings, Bank Account Details): paid to 'FNB ..7890'. */
export const TEST_BANK_ACCOUNT = {
  bankName: 'First National Bank (FNB)',
  accountNumber: '62001237890',
  branchCode: '250655',
  accountType: 'current',
} as const;

/** How the screens name TEST_BANK_ACCOUNT: the bank's short name and the last four digits. */
export const TEST_PAYOUT_ACCOUNT = 'FNB ..7890';

/** Today in South Africa (UTC+2 all year), 'YYYY-MM-DD': the latest payout day the server accepts. */
export function southAfricanToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 2 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Puts TEST_BANK_ACCOUNT on file for the creator signed in on `creator` (a payout needs one), unless they have an
 * account already. Call it after the application was submitted: the profile points it would earn must not change
 * the score the journey worked its figures out from.
 */
export async function addBankAccount(creator: APIRequestContext): Promise<void> {
  const me = await creator.get('/api/user');
  expect(me.status(), await me.text()).toBe(200);
  const user = (await me.json()) as { id: number; accountNumber: string | null };
  if (user.accountNumber) return;
  const response = await creator.patch(`/api/users/${user.id}`, {
    data: TEST_BANK_ACCOUNT,
    headers: { origin: currentBaseUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The admin's setup through the API: an offer (automatic, 20 % withheld, 12 months unless told); it reads offered. */
export async function offerByApi(
  admin: APIRequestContext,
  applicationId: number,
  terms: { withholdingPercentage?: number; estimatedPeriod?: number } = {},
): Promise<void> {
  const response = await admin.post(`/api/applications/${applicationId}/repayment-schedule`, {
    data: {
      frequency: 'automatic',
      paymentMethod: 'platform_earnings',
      withholdingPercentage: terms.withholdingPercentage ?? 20,
      estimatedPeriod: terms.estimatedPeriod ?? 12,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { data: { status: string } }).data.status).toMatch(/^offered/);
}

/** The creator accepts the quote on their table (the admin's offer, or their plan's) through the API. */
export async function acceptQuoteByApi(creator: APIRequestContext, applicationId: number): Promise<void> {
  const quote = await creator.get(`/api/applications/${applicationId}/quote`);
  expect(quote.status(), await quote.text()).toBe(200);
  const { id } = (await quote.json()) as { id: number };
  const response = await creator.post(`/api/applications/${applicationId}/accept`, {
    data: { quoteId: id },
    headers: { origin: currentBaseUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** What the admin's answer to a payout holds of the schedule it wrote. */
export interface PaidOutSchedule {
  totalAmount: string;
  remainingAmount: string;
  paidOutOn: string;
  payoutAccount: string;
}

/**
 * The admin records the payout of an accepted agreement through the API, today in South Africa, and the second demo
 * admin approves it: the loan starts.
 * The creator must have a bank account on file (addBankAccount).
 */
export async function payOutByApi(admin: APIRequestContext, applicationId: number): Promise<PaidOutSchedule> {
  const response = await admin.post(`/api/admin/applications/${applicationId}/payout`, {
    data: { paidOn: southAfricanToday(), bankReference: `E2E-PAYOUT-${applicationId}` },
  });
  // A payout waits for a second person (decision 028): the second demo admin approves it.
  expect(response.status(), await response.text()).toBe(202);
  const asked = (await response.json()) as { pendingApproval: { id: number } };
  await approveAsSecondAdmin(currentBaseUrl(), asked.pendingApproval.id);
  const details = await admin.get(`/api/admin/applications/${applicationId}`);
  const body = (await details.json()) as {
    application: { status: string; repaymentSchedule: PaidOutSchedule };
  };
  expect(body.application.status).toMatch(/^active/);
  return body.application.repaymentSchedule;
}

/**
 * An approved application made a loan through the API as the admin and the creator would: the admin's offer, the
 * creator's bank account and acceptance, and the payout today.
 */
export async function offerAcceptAndPayOut(
  admin: APIRequestContext,
  creator: APIRequestContext,
  applicationId: number,
  terms: { withholdingPercentage?: number; estimatedPeriod?: number } = {},
): Promise<PaidOutSchedule> {
  await offerByApi(admin, applicationId, terms);
  await addBankAccount(creator);
  await acceptQuoteByApi(creator, applicationId);
  return payOutByApi(admin, applicationId);
}

/**
 * After the creator accepted their own plan in the dialog: their bank account goes on file and the admin records the
 * payout, so the plan starts (the journeys about the plan card, not about the payout).
 */
export async function payOutAcceptedPlan(creator: APIRequestContext, applicationId: number) {
  await addBankAccount(creator);
  const admin = await adminApi();
  try {
    return await payOutByApi(admin, applicationId);
  } finally {
    await admin.dispose();
  }
}

/** The application's table row (md and up) or its card (phones): whichever this viewport shows. */
export function applicationEntry(page: Page, applicationId: number): Locator {
  const width = page.viewportSize()?.width ?? HISTORY_TABLE_BREAKPOINT;
  return width >= HISTORY_TABLE_BREAKPOINT
    ? page.getByTestId(`application-row-${applicationId}`)
    : page.getByTestId(`application-card-${applicationId}`);
}

/** en-ZA rand with two decimals and plain spaces, worked out here: 2160 -> 'R 2 160,00'. */
export function rand(amount: number | string): string {
  const [whole, cents] = Number(amount).toFixed(2).split('.');
  return `R ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${cents}`;
}

function plainText(text: string | null): string {
  return (text ?? '').replace(/\s/g, ' ').trim();
}

/** Waits until the locator's text, with every kind of space made plain, equals `expected`. */
export async function expectText(locator: Locator, expected: string): Promise<void> {
  await expect.poll(async () => plainText(await locator.textContent())).toBe(expected);
}

/** Waits until the locator's text, with every kind of space made plain, contains `expected`. */
export async function expectTextContaining(locator: Locator, expected: string): Promise<void> {
  await expect.poll(async () => plainText(await locator.textContent())).toContain(expected);
}

/** A small valid PDF for the proof-of-earnings upload. */
export const PROOF_PDF = {
  name: 'proof.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
};

/**
 * A fresh creator in their own request context whose application was approved and offered, and who accepted the
 * offer: with TEST_BANK_ACCOUNT on file (added after applying), or without a bank account.
 */
export async function creatorWhoAccepted(
  admin: APIRequestContext,
  tag: string,
  names: { firstName: string; lastName: string },
  withBank: boolean,
) {
  const baseURL = currentBaseUrl();
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = uniqueEmail(test.info(), tag);
  await createVerifiedAccount(api, { email, password: 'Creator-pass-2026', ...names });
  const applicationId = (await submitApplicationByApi(api, names)).id;
  const approved = await admin.patch(`/api/admin/applications/${applicationId}`, {
    data: { status: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await offerByApi(admin, applicationId);
  if (withBank) await addBankAccount(api);
  await acceptQuoteByApi(api, applicationId);
  return { email, applicationId, api };
}
