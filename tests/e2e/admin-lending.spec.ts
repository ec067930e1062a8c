// The Lending Management Dashboard (/admin/lending: earnings records, cancelling, the toasts; docs/lending.md
// for the figures). Each test makes its own
// creators, named with a token no other test uses, and searches for it: the summary follows the filters, so
// the cards then hold only this test's figures even while other specs write to the same server.
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { MONTH_NAMES } from '../../src/shared/business-date';
import { testWithAdminApi } from './support/admin';
import { expectText, expectTextContaining, rand } from './support/creator';
import {
  advanceApplication,
  centsOf,
  choose,
  clientWithApplication,
  expectedWithholding,
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  lendingEntry,
  lendingRowByApi,
  nameToken,
  randOfCents,
  signInAsAdmin,
  visibleToast,
} from './support/lending';
import { toast } from './support/mailbox';
import { shot } from './support/servicing';

const test = testWithAdminApi;

test.describe.configure({ mode: 'parallel' });

async function openLending(page: Page, query = ''): Promise<void> {
  await page.goto(`/admin/lending${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lending Management Dashboard' })).toBeVisible();
}

/** Types into the debounced search and waits until the URL carries it. */
async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text)}(&|$)`));
}

const MONTHS = MONTH_NAMES;

/** The current month (1-12) and year in South Africa (UTC+2). */
function southAfricanMonths(now: Date = new Date()) {
  const local = new Date(now.getTime() + 2 * 60 * 60 * 1000);
  return { month: local.getUTCMonth() + 1, year: local.getUTCFullYear() };
}

const visibleEntries = (page: Page) => page.getByTestId(/^lending-(row|card)-\d+$/).filter({ visible: true });

test('recording earnings: the preview, then the summary and the row move by exactly that payment and fee', async ({
  page,
  admin,
}, testInfo) => {
  const token = nameToken();
  const client = await clientWithApplication(page, testInfo, { firstName: 'Zanele', lastName: token });
  await advanceApplication(admin, client.applicationId, {
    withholdingPercentage: 17,
    creator: page.request,
  });
  const api = await lendingRowByApi(admin, client.applicationId, token);
  expect(api.withholdingRate).toBe(17);

  await signInAsAdmin(page);
  await openLending(page);
  // Mixed shows live and test applications alike; the choice goes into the URL.
  await choose(page, page.locator('main'), 'Mode', 'Mixed');
  await expect(page).toHaveURL(/[?&]mode=hybrid/);
  await search(page, token);

  const entry = lendingEntry(page, client.applicationId);
  await expect(entry).toBeVisible();
  await expect(visibleEntries(page)).toHaveCount(1);
  await expect(entry).toContainText(`Zanele ${token}`);
  await expect(entry).toContainText(client.email);
  await expectText(entry.getByTestId('status'), 'Active');
  await expectText(entry.getByTestId('requested'), rand(10_000));
  await expectText(entry.getByTestId('withholding-rate'), '17,0%');
  await expect(entry.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // Every status is listed, so it counts applications, and says how many of them are loans.
  await expect(page.getByTestId('lending-subtitle')).toHaveText('1 application · 1 loan');

  // The cards follow the search: once they show this client's R10 000, read them.
  const disbursed = page.getByTestId('summary-credit-disbursed-value');
  const repayments = page.getByTestId('summary-repayments-value');
  const fees = page.getByTestId('summary-platform-fees-value');
  await expectText(disbursed, rand(10_000));
  const before = {
    repayments: centsOf(await repayments.textContent()),
    fees: centsOf(await fees.textContent()),
    remaining: centsOf(await entry.getByTestId('remaining').textContent()),
  };
  expect(before.remaining).toBe(Math.round(Number(api.remainingAmount) * 100));
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, '/admin/lending with a row');

  await entry.getByRole('button', { name: 'Record Earnings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Monthly Earnings' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Record Earnings' });
  const amount = dialog.getByLabel('Earnings amount (R)');
  await expect(submit).toBeDisabled();
  await amount.fill('0');
  await expect(submit).toBeDisabled();
  await amount.fill('-50');
  await expect(submit).toBeDisabled();

  // Earnings months run from the schedule's first month (this one: it started today) to the current month,
  // in South Africa: the dialog offers only the months the loan allows, here this year and this month alone.
  const { month: thisMonth, year } = southAfricanMonths();
  await amount.fill('100');
  await dialog.getByLabel('Year', { exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([String(year)]);
  await page.getByRole('option', { name: String(year), exact: true }).click();
  await dialog.getByLabel('Month', { exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([MONTHS[thisMonth - 1]!]);
  await page.getByRole('option', { name: MONTHS[thisMonth - 1]!, exact: true }).click();
  await expect(dialog.getByTestId('period-error')).toHaveCount(0);
  // Typed the South African way, as every money field takes it.
  await amount.fill('12 345,67');
  // 12 345.67 × 17 % = 2 098.7639 -> R2 098.76; the fee at the schedule's rate, rounded the same way.
  const expected = expectedWithholding(1_234_567, 17, api.platformFeeRate!);
  expect(expected.payment).toBe(209_876);
  await expectText(dialog.getByTestId('preview-withholding'), '17,0%');
  await expectText(dialog.getByTestId('preview-payment'), randOfCents(expected.payment));
  await expectText(dialog.getByTestId('preview-fee'), randOfCents(expected.fee));
  await expectText(dialog.getByTestId('preview-remaining'), randOfCents(before.remaining - expected.payment));
  await expect(submit).toBeEnabled();
  await expectNoSeriousAxeViolations(page, 'the Record Monthly Earnings dialog');

  await dialog.getByLabel('Notes (optional)').fill('January YouTube payout');
  await submit.click();
  await expect(toast(page, 'Earnings recorded')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expectText(repayments, randOfCents(before.repayments + expected.payment));
  await expectText(fees, randOfCents(before.fees + expected.fee));
  await expectText(entry.getByTestId('remaining'), randOfCents(before.remaining - expected.payment));
  const after = await lendingRowByApi(admin, client.applicationId, token);
  expect(after.totalPaymentsMade).toBe((expected.payment / 100).toFixed(2));

  // A second record for the same month is refused with the server's message, and nothing changes.
  await entry.getByRole('button', { name: 'Record Earnings' }).click();
  await expect(dialog).toBeVisible();
  await choose(page, dialog, 'Year', String(year));
  await choose(page, dialog, 'Month', MONTHS[thisMonth - 1]!);
  await amount.fill('100');
  await submit.click();
  // The open dialog hides the rest of the page from the accessibility tree, the toast too: read it by text.
  await expect(visibleToast(page, 'Failed to record earnings')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Earnings for this month are already recorded.');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expectText(repayments, randOfCents(before.repayments + expected.payment));
});

test('Cancel shows only for pending and approved; a reason is required; then the status is Cancelled', async ({
  page,
  admin,
}, testInfo) => {
  const token = nameToken();
  // Lwazi's application becomes active, Thandi's stays pending (one open application per creator), Busi's is
  // approved.
  const active = await clientWithApplication(page, testInfo, { firstName: 'Lwazi', lastName: token });
  await advanceApplication(admin, active.applicationId, { withholdingPercentage: 20, creator: page.request });
  const pending = await clientWithApplication(page, testInfo, { firstName: 'Thandi', lastName: token });
  const approved = await clientWithApplication(
    page,
    testInfo,
    { firstName: 'Busi', lastName: token },
    { requestedAmount: 12_000 },
  );
  await advanceApplication(admin, approved.applicationId, 'approved');

  await signInAsAdmin(page);
  await openLending(page, '?mode=production');
  await search(page, token);
  await expect(visibleEntries(page)).toHaveCount(3);

  const pendingEntry = lendingEntry(page, pending.applicationId);
  const approvedEntry = lendingEntry(page, approved.applicationId);
  const activeEntry = lendingEntry(page, active.applicationId);
  await expectText(pendingEntry.getByTestId('status'), 'Under Review');
  await expectText(approvedEntry.getByTestId('status'), 'Approved');
  await expectText(activeEntry.getByTestId('status'), 'Active');
  // Earnings can be recorded only on a loan being repaid: the other rows do not offer it.
  await expect(activeEntry.getByRole('button', { name: 'Record Earnings' })).toBeVisible();
  for (const entry of [pendingEntry, approvedEntry]) {
    await expect(entry.getByRole('button', { name: 'Record Earnings' })).toHaveCount(0);
  }
  await expect(pendingEntry.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(approvedEntry.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(activeEntry.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  const dialog = page.getByRole('dialog', { name: 'Cancel Application' });
  // Back leaves the application as it was.
  await pendingEntry.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await expectText(pendingEntry.getByTestId('status'), 'Under Review');

  await approvedEntry.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeVisible();
  await expectText(dialog.getByTestId('cancel-application-id'), `#${approved.applicationId}`);
  await expect(dialog).toContainText('Approved');
  await expectTextContaining(dialog, rand(12_000));
  await expect(dialog).toContainText('permanently sets the status to Cancelled and cannot be undone');
  const confirm = dialog.getByRole('button', { name: 'Cancel Application' });
  const reason = dialog.getByLabel('Reason for cancellation');
  await expect(confirm).toBeDisabled();
  await reason.fill('   ');
  await expect(confirm).toBeDisabled();
  await reason.fill('The creator asked to withdraw before disbursement.');
  await expect(confirm).toBeEnabled();
  await expectNoSeriousAxeViolations(page, 'the Cancel Application dialog');
  await confirm.click();
  await expect(toast(page, 'Application cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expectText(approvedEntry.getByTestId('status'), 'Cancelled');
  await expect(approvedEntry.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expectText(pendingEntry.getByTestId('status'), 'Under Review');
  expect((await lendingRowByApi(admin, approved.applicationId, token)).status).toBe('cancelled');
});

test('Export Data downloads a CSV of the filtered rows, named after the date', async ({ page }, testInfo) => {
  const token = nameToken();
  const client = await clientWithApplication(page, testInfo, { firstName: 'Naledi', lastName: token });
  await signInAsAdmin(page);
  await openLending(page, '?mode=production');
  await search(page, token);
  await expect(visibleEntries(page)).toHaveCount(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Data' }).click(),
  ]);
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  expect(download.suggestedFilename()).toBe(
    `lending-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`,
  );
  await expect(toast(page, 'Export successful')).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    '1 application exported to CSV.',
  );

  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toMatch(/^Application ID,Client,Email,Status,Requested Amount/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${client.applicationId},Naledi ${token},${client.email},Under Review,10000.00`);
});

test('a search that matches nothing shows the empty state, survives a reload, and Reset All Filters restores', async ({
  page,
}, testInfo) => {
  const token = nameToken();
  const client = await clientWithApplication(page, testInfo, { firstName: 'Sizwe', lastName: token });
  await signInAsAdmin(page);
  await openLending(page, '?month=1&status=rejected');
  await search(page, `${token}-nobody`);
  await expect(page.getByText('No lending data found', { exact: true })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export Data' })).toBeDisabled();
  await expectNoHorizontalOverflow(page);

  // The filters live in the URL: a reload shows the same view.
  await page.reload();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(`${token}-nobody`);
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('Rejected');
  await expect(page.getByLabel('Month', { exact: true })).toHaveText('January');
  await expect(page.getByText('No lending data found', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Reset All Filters' }).click();
  await expect(page).toHaveURL(/\/admin\/lending$/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Status', { exact: true })).toHaveText('All statuses');
  await expect(page.getByLabel('Month', { exact: true })).toHaveText('All Months');
  await expect(page.getByText('No lending data found', { exact: true })).toBeHidden();
  // Every loan again, a page at a time (other journeys add theirs meanwhile, so this test's may be on a
  // later page): the server counts them, and a search for this client finds theirs once more.
  // Every status: the list holds applications not yet paid out, and says so.
  await expect(page.getByTestId('lending-subtitle')).toHaveText(
    /^\d[\d\s]* applications · \d[\d\s]* loans?$/,
  );
  await expect(page.getByTestId('pager-summary')).toHaveText(/^Showing 1–\d+ of \d[\d\s]* applications$/);
  await search(page, token);
  await expect(lendingEntry(page, client.applicationId)).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test(
  'the book: several statuses at once, counted as loans, and the latest loans first by days past due',
  {
    tag: '@phone',
  },
  async ({ page, admin }, testInfo) => {
    const token = nameToken();
    const client = await clientWithApplication(page, testInfo, { firstName: 'Lindiwe', lastName: token });
    await advanceApplication(admin, client.applicationId, {
      withholdingPercentage: 20,
      creator: page.request,
    });
    await signInAsAdmin(page);
    await openLending(page);
    await search(page, token);
    await expect(page.getByTestId('lending-subtitle')).toHaveText('1 application · 1 loan');

    // The book in one click: active and defaulted together, in the address, and the list now counts loans.
    const status = page.getByLabel('Status', { exact: true });
    await status.click();
    await page.getByRole('button', { name: 'The book' }).click();
    await expect(page).toHaveURL(/[?&]status=active%2Cdefaulted(&|$)/);
    await page.keyboard.press('Escape');
    await expect(status).toHaveText('Active, Defaulted');
    await expect(page.getByTestId('lending-subtitle')).toHaveText('1 loan');
    await expect(lendingEntry(page, client.applicationId)).toBeVisible();

    // One status off: the checkbox list says what is chosen.
    await status.click();
    const box = page.getByRole('checkbox', { name: 'Defaulted', exact: true });
    await expect(box).toBeChecked();
    await box.click();
    await expect(page).toHaveURL(/[?&]status=active(&|$)/);
    await page.keyboard.press('Escape');
    await expect(status).toHaveText('Active');
    await shot(page, 'lending-status-filter');

    await choose(page, page.locator('main'), 'Sort by', 'Days past due: most first');
    await expect(page).toHaveURL(/[?&]sort=-daysPastDue(&|$)/);
    await expect(lendingEntry(page, client.applicationId)).toBeVisible();
    await expectNoHorizontalOverflow(page);
  },
);
