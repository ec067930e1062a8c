// Helpers for the paged admin lists journeys (admin-lists.spec.ts): more than a page of
// applications or users whose names carry a token no other test uses (so a search shows exactly this
// test's set, whatever runs in parallel), the first entry of a list, the pager, and reading a CSV download.
import { readFile } from 'node:fs/promises';
import {
  type APIRequestContext,
  type Download,
  expect,
  type Locator,
  type Page,
  request,
  type TestInfo,
} from '@playwright/test';
import Papa from 'papaparse';
import { currentBaseUrl } from './creator';
import { createVerifiedAccount, uniqueEmail } from './mailbox';

/** Eight letters, capitalised: a last name no other test's creator has. */
export function listToken(): string {
  let token = '';
  for (let i = 0; i < 8; i += 1) token += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return token.charAt(0).toUpperCase() + token.slice(1);
}

export interface SeededApplication {
  id: number;
  requestedAmount: number;
  status: string;
}

export interface SeededBook {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** In the order they were submitted (oldest first). */
  applications: SeededApplication[];
}

async function creatorApi(): Promise<APIRequestContext> {
  const baseURL = currentBaseUrl();
  return request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
}

/**
 * One creator called Naledi `lastName` with `count` applications a minute apart: the last under review, the
 * others cancelled (one open application at a time), as a creator who applied and cancelled again and again
 * would leave them. Made at once by the development seeding route: submitting and cancelling them one by one
 * through the API took most of a journey's time. Amounts are R2 000 + R700 × a shuffle of i (all different,
 * and not in the order of submission, so sorting by amount differs from sorting by date).
 */
export async function seedApplications(lastName: string, count: number): Promise<SeededBook> {
  // 37 shares no factor with the counts used (30, 60): (i × 37) mod count visits each i once.
  const amounts = Array.from({ length: count }, (_, i) => 2_000 + 700 * ((i * 37) % count));
  const api = await creatorApi();
  try {
    const seeded = await api.post('/dev/admin/seed-applications', {
      data: { lastName, amounts, openLast: true },
    });
    expect(seeded.status(), await seeded.text()).toBe(200);
    const book = (await seeded.json()) as Omit<SeededBook, 'firstName' | 'lastName'>;
    expect(book.applications.map((a) => a.requestedAmount)).toEqual(amounts);
    return { ...book, firstName: 'Naledi', lastName };
  } finally {
    await api.dispose();
  }
}

export interface SeededUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * `count` verified creators called `<first name> Mokoena<token>`, first names 'Amahle 01', 'Amahle 02'…
 * so that A to Z by name is the order they were made in. Made a few at a time.
 */
export async function seedUsers(
  testInfo: TestInfo,
  tag: string,
  token: string,
  count: number,
): Promise<SeededUser[]> {
  const lastName = `Mokoena${token}`;
  const users: SeededUser[] = [];
  const BATCH = 4;
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => start + j);
    users.push(
      ...(await Promise.all(
        batch.map(async (i) => {
          const api = await creatorApi();
          try {
            const firstName = `Amahle ${String(i + 1).padStart(2, '0')}`;
            const email = uniqueEmail(testInfo, `${tag}${i}`);
            await createVerifiedAccount(api, { email, password: 'Creator-pass-2026', firstName, lastName });
            const me = await api.get('/api/user');
            expect(me.status(), await me.text()).toBe(200);
            return { id: ((await me.json()) as { id: number }).id, email, firstName, lastName };
          } finally {
            await api.dispose();
          }
        }),
      )),
    );
  }
  return users;
}

/** The pager's "Showing 1–50 of 60 applications" (en-ZA counts; any kind of space). */
export function pagerSummary(scope: Page | Locator): Locator {
  return scope.getByTestId('pager-summary');
}

/** Waits until the pager says exactly this (spaces made plain). */
export async function expectPager(scope: Page | Locator, text: string): Promise<void> {
  await expect
    .poll(async () => ((await pagerSummary(scope).textContent()) ?? '').replace(/\s/g, ' '))
    .toBe(text);
}

/** The ids the list shows, in order, read from the entries' test ids (`<prefix><id>`). */
export async function shownIds(page: Page, prefix: string): Promise<number[]> {
  const ids = await page
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll(
      (nodes, p) => nodes.map((n) => Number(n.getAttribute('data-testid')!.slice(p.length))),
      prefix,
    );
  return ids.filter((id) => Number.isInteger(id));
}

/** Waits until the list shows exactly these ids in this order. */
export async function expectShownIds(page: Page, prefix: string, ids: number[]): Promise<void> {
  await expect.poll(() => shownIds(page, prefix)).toEqual(ids);
}

/** The CSV's rows (header first), read from the download with the BOM removed. */
export async function csvRowsOf(download: Download): Promise<string[][]> {
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text.trim()).data;
}

/** Fails the test on any uncaught error in the page, checked at the end of the journey. */
export function collectPageErrors(page: Page): () => void {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'errors thrown in the page').toEqual([]);
}
