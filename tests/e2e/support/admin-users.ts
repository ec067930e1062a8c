// Helpers for the users-administration journeys (admin-users.spec.ts): fresh creators made in their own API
// context (so the page can be the admin), the Users tab, a user's row-or-card, and the role dropdown.
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request,
  type TestInfo,
} from '@playwright/test';
import { enterDemoAdminSession } from './admin-session';
import { currentBaseUrl, E2E_IDENTITY } from './creator';
import { createVerifiedAccount, uniqueEmail } from './mailbox';

/** Below Tailwind's md breakpoint the Users tab is a list of cards instead of a table. */
export const USERS_TABLE_BREAKPOINT = 768;

export interface FreshCreator {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  name: string;
}

function randomLetters(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return out;
}

/** A signed-in API context for a brand-new verified creator; dispose it when done. */
async function creatorContext(
  testInfo: TestInfo,
  tag: string,
  firstName: string,
): Promise<{ api: APIRequestContext; creator: FreshCreator }> {
  const baseURL = currentBaseUrl();
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  // A last name no other user has, so a search by it finds exactly this creator.
  const lastName = `Mokoena${randomLetters(1).toUpperCase()}${randomLetters(7)}`;
  const email = uniqueEmail(testInfo, tag);
  const password = 'Creator-pass-2026';
  await createVerifiedAccount(api, { email, password, firstName, lastName });
  const me = await api.get('/api/user');
  expect(me.status(), await me.text()).toBe(200);
  const { id } = (await me.json()) as { id: number };
  return { api, creator: { id, email, password, firstName, lastName, name: `${firstName} ${lastName}` } };
}

export interface CreatorSetup {
  /** Saves bank details (the admin sees the account number masked to its last 4 digits). */
  accountNumber?: string;
  /** Submits one application for this amount. */
  applicationAmount?: number;
}

/** Registers and verifies a creator through the API, optionally with bank details and an application. */
export async function newCreatorAccount(
  testInfo: TestInfo,
  tag: string,
  options: CreatorSetup & { firstName?: string } = {},
): Promise<FreshCreator> {
  const { api, creator } = await creatorContext(testInfo, tag, options.firstName ?? 'Naledi');
  try {
    if (options.accountNumber) {
      const saved = await api.patch(`/api/users/${creator.id}`, {
        data: {
          bankName: 'Capitec Bank',
          accountNumber: options.accountNumber,
          branchCode: '470010',
          accountType: 'savings',
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    if (options.applicationAmount) {
      const submitted = await api.post('/api/applications', {
        data: {
          applicationType: 'personal',
          ...E2E_IDENTITY,
          firstName: creator.firstName,
          lastName: creator.lastName,
          businessName: '',
          requestedAmount: options.applicationAmount,
          monthlyRevenue: 8_000,
          useOfFunds: ['equipment_purchase'],
          otherUseOfFunds: '',
          termsAccepted: true,
          manualPlatforms: [],
        },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
    }
  } finally {
    await api.dispose();
  }
  return creator;
}

/** The page becomes the demo admin: this worker's admin session, second factor passed (./admin-session). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await enterDemoAdminSession(page, currentBaseUrl());
}

/** /admin, then the Users tab; waits for the list to load. */
export async function openUsersTab(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(usersSearch(page)).toBeVisible();
  await expect(page.getByTestId('users-count')).toHaveText(/^\d[\d\s]* users?$/);
}

export function usersSearch(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search users' });
}

/** The user's table row (md and up) or card (phones): whichever this viewport shows. */
export function userEntry(page: Page, userId: number): Locator {
  const width = page.viewportSize()?.width ?? USERS_TABLE_BREAKPOINT;
  return width >= USERS_TABLE_BREAKPOINT
    ? page.getByTestId(`user-row-${userId}`)
    : page.getByTestId(`user-card-${userId}`);
}

/** Searches the Users tab by the creator's unique last name and answers their entry (the only one). */
export async function findUser(page: Page, creator: FreshCreator): Promise<Locator> {
  await usersSearch(page).fill(creator.lastName);
  await expect(page.getByTestId('users-count')).toHaveText('1 user match');
  const entry = userEntry(page, creator.id);
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(creator.email);
  return entry;
}

export function roleSelect(entry: Locator, creator: FreshCreator): Locator {
  return entry.getByRole('combobox', { name: `Role of ${creator.name}` });
}

/** Picks a role in the dropdown (a Radix select: the options render in a portal). */
export async function chooseRole(page: Page, entry: Locator, creator: FreshCreator, role: string) {
  await roleSelect(entry, creator).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

/**
 * The toast with this title shows this description. One assertion for both, so the check sees one toast at
 * one moment (a toast closes by itself after 5 s).
 */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const item = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
  await expect(item).toContainText(description);
}

/** The amber Admin Mode banner. */
export function impersonationBanner(page: Page): Locator {
  return page.getByRole('region', { name: 'Impersonation' });
}
