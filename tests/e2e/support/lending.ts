// Helpers for the lending dashboard journeys (admin-lending.spec.ts): creators whose names carry a token no
// other test uses (so a search shows only this test's rows, whatever runs in parallel), applications moved
// to approved or active through the admin API, the row-or-card of an application, and rand text as cents.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { enterDemoAdminSession } from './admin-session';
import { currentBaseUrl, newCreator, offerAcceptAndPayOut, submitApplicationByApi } from './creator';
import { normalised } from './mailbox';

/** Below Tailwind's md breakpoint the Lending Data rows are stacked cards. */
export const LENDING_TABLE_BREAKPOINT = 768;

/** A token of letters only (names are searched with ilike; digits would do too, letters read better). */
export function nameToken(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let token = '';
  for (let i = 0; i < 8; i += 1) token += letters[Math.floor(Math.random() * letters.length)];
  return token.charAt(0).toUpperCase() + token.slice(1);
}

export interface LendingClient {
  email: string;
  firstName: string;
  lastName: string;
  applicationId: number;
}

/**
 * A fresh creator called `firstName` `lastName` with one submitted application (pending_review). The page's
 * session is the creator's afterwards; call signInAsAdmin before opening the dashboard.
 */
export async function clientWithApplication(
  page: Page,
  testInfo: TestInfo,
  names: { firstName: string; lastName: string },
  application: { requestedAmount?: number; monthlyRevenue?: number } = {},
): Promise<LendingClient> {
  const creator = await newCreator(page, testInfo, 'lending', names);
  const submitted = await submitApplicationByApi(page, {
    firstName: names.firstName,
    lastName: names.lastName,
    requestedAmount: application.requestedAmount ?? 10_000,
    monthlyRevenue: application.monthlyRevenue ?? 8_000,
  });
  return { ...names, email: creator.email, applicationId: submitted.id };
}

/**
 * Moves an application to approved, and with `withholdingPercentage` on to a loan: the admin's offer, accepted by the
 * creator signed in on `creator`, and paid out today.
 */
export async function advanceApplication(
  admin: APIRequestContext,
  applicationId: number,
  to: 'approved' | { withholdingPercentage: number; creator: APIRequestContext },
): Promise<void> {
  const approved = await admin.patch(`/api/admin/applications/${applicationId}`, {
    data: { status: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  if (to === 'approved') return;
  await offerAcceptAndPayOut(admin, to.creator, applicationId, {
    withholdingPercentage: to.withholdingPercentage,
    estimatedPeriod: 12,
  });
}

/** What GET /api/lending-management/details answers for one application (read as the admin). */
export interface ApiLendingRow {
  id: number;
  status: string;
  withholdingRate: number | null;
  platformFeeRate: number | null;
  remainingAmount: string | null;
  totalPaymentsMade: string;
}

export async function lendingRowByApi(
  admin: APIRequestContext,
  applicationId: number,
  search: string,
): Promise<ApiLendingRow> {
  const response = await admin.get(
    `/api/lending-management/details?mode=hybrid&search=${encodeURIComponent(search)}`,
  );
  expect(response.status(), await response.text()).toBe(200);
  const rows = ((await response.json()) as { data: ApiLendingRow[] }).data;
  const row = rows.find((r) => r.id === applicationId);
  expect(row, `lending row of application ${applicationId}`).toBeTruthy();
  return row!;
}

/** The page becomes the demo admin: this worker's admin session, second factor passed (./admin-session). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await enterDemoAdminSession(page, currentBaseUrl());
}

/** The application's table row (md and up) or its card (phones): whichever this viewport shows. */
export function lendingEntry(page: Page, applicationId: number): Locator {
  const width = page.viewportSize()?.width ?? LENDING_TABLE_BREAKPOINT;
  return width >= LENDING_TABLE_BREAKPOINT
    ? page.getByTestId(`lending-row-${applicationId}`)
    : page.getByTestId(`lending-card-${applicationId}`);
}

/** 'R 2 098,76' (any spaces) -> 209876. Fails the test on anything else. */
export function centsOf(text: string | null): number {
  const plain = normalised(text);
  const match = plain.match(/^(-?)R ?([\d ]+),(\d{2})$/);
  expect(match, `rand text: ${JSON.stringify(plain)}`).toBeTruthy();
  const cents = Number(match![2]!.replace(/ /g, '')) * 100 + Number(match![3]);
  return match![1] ? -cents : cents;
}

/** The cents as en-ZA rand with plain spaces: 209876 -> 'R 2 098,76'. */
export function randOfCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `R ${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${rest}`;
}

/** numerator / denominator rounded half-up, for non-negative whole numbers. */
export function divideHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  return 2 * (numerator - quotient * denominator) >= denominator ? quotient + 1 : quotient;
}

/**
 * docs/lending.md, worked out in whole numbers: payment = earnings × withholding % / 100 and fee = payment ×
 * fee % / 100, each rounded half-up to the cent. Rates are taken in thousandths of a percent.
 */
export function expectedWithholding(earningsCents: number, withholdingRate: number, feeRate: number) {
  const withholdingMilli = Math.round(withholdingRate * 1000);
  const feeMilli = Math.round(feeRate * 1000);
  const payment = divideHalfUp(earningsCents * withholdingMilli, 100_000);
  const fee = divideHalfUp(payment * feeMilli, 100_000);
  return { payment, fee };
}

/** The page has no horizontal scroll (390 px phones included). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/** Every value of the National Credit Act part's timeline fits its row: a day in words is never cut at the dialog's edge on a phone. */
export async function expectNcaTimelineFits(nca: Locator): Promise<void> {
  const cut = await nca
    .getByTestId('details-nca-timeline')
    .locator('dd')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => {
          const box = cell.getBoundingClientRect();
          const row = cell.parentElement!.getBoundingClientRect();
          return cell.scrollWidth > cell.clientWidth + 1 || box.right > row.right + 1;
        })
        .map((cell) => cell.textContent),
    );
  expect(cut, 'timeline values cut or past their row').toEqual([]);
}

/** Picks `option` in the labelled Radix select (or combobox) inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** No serious or critical axe-core violations (WCAG 2.1 A and AA) on what the page shows now. */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  // A list showing the previous page while the next loads is dimmed on purpose: judge the settled screen.
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n');
  expect(serious, `${label} has serious or critical axe violations:\n${report}`).toEqual([]);
}

/**
 * A toast found by its title even while a modal dialog is open (Radix then hides the page's other content,
 * the notifications region included, from role queries).
 */
export function visibleToast(page: Page, title: string): Locator {
  return page.locator('[role="region"][aria-label^="Notifications"]').getByText(title, { exact: true });
}
