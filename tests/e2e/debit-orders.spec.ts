// Debit orders (docs/debit-orders.md), at 1280 and 390 px: a creator whose loan is repaid by debit
// order authorises it from the plan card (the amounts and dates shown, the consent ticked) and sees its summary. A
// second creator authorises through the API. The loans are moved 45 days back (the development time travel), so their
// first instalments are due; the admin goes to Operations by the app's links, builds the run of a recent business day,
// downloads its file, imports the bank's results (one paid, one unpaid with code 02) and sees the paid item and the
// failed one with its reason.
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, request, type TestInfo, test } from '@playwright/test';
import { addDays } from '../../src/shared/business-date';
import { isBusinessDay } from '../../src/shared/sa-business-days';
import { travel } from './support/admin-servicing';
import { enterDemoAdminSession } from './support/admin-session';
import {
  acceptQuoteByApi,
  addBankAccount,
  adminApi,
  currentBaseUrl,
  payOutByApi,
  rand,
  signInByApi,
  skipTours,
  southAfricanToday,
  submitApplicationByApi,
} from './support/creator';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from './support/lending';
import { createVerifiedAccount, markToursSeen, openMenuIfNeeded, uniqueEmail } from './support/mailbox';
import { shot } from './support/servicing';

const PASSWORD = 'Creator-pass-2026';

/** A creator with a loan repaid by debit order, paid out today: their own signed-in API context and the loan. */
async function debitLoan(
  testInfo: TestInfo,
  admin: APIRequestContext,
  tag: string,
  names: { firstName: string; lastName: string },
) {
  const baseURL = currentBaseUrl();
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = uniqueEmail(testInfo, tag);
  await createVerifiedAccount(api, { email, password: PASSWORD, ...names });
  const id = (await submitApplicationByApi(api, names)).id;
  expect(
    (await admin.patch(`/api/admin/applications/${id}`, { data: { status: 'approved' } })).status(),
  ).toBe(200);
  const offered = await admin.post(`/api/applications/${id}/repayment-schedule`, {
    data: {
      frequency: 'monthly',
      paymentMethod: 'bank_debit',
      withholdingPercentage: 20,
      estimatedPeriod: 12,
    },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  await addBankAccount(api);
  await acceptQuoteByApi(api, id);
  await payOutByApi(admin, id);
  return { id, email, api };
}

/** The latest business day on or before `day`. */
function businessDayOnOrBefore(day: string): string {
  let d = day;
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

type RunItem = {
  id: number;
  applicationId: number;
  total: string;
  contractReference: string;
  status: string;
};

/** The run that holds this loan's collection (the other viewport's run may have taken it first), and the item. */
async function runHolding(admin: APIRequestContext, applicationId: number) {
  const runs = (await (await admin.get('/api/admin/debit-orders/runs?pageSize=200')).json()) as {
    data: Array<{ id: number; collectionDate: string }>;
  };
  for (const run of runs.data) {
    const detail = (await (
      await admin.get(`/api/admin/debit-orders/runs/${run.id}?pageSize=200`)
    ).json()) as {
      items: { data: RunItem[] };
    };
    const item = detail.items.data.find((i) => i.applicationId === applicationId);
    if (item) return { run, item };
  }
  throw new Error(`No run holds loan ${applicationId}`);
}

async function openPlanCard(page: Page, applicationId: number) {
  await page.goto('/dashboard');
  const card = page.getByTestId(`plan-card-${applicationId}`);
  await expect(card).toBeVisible();
  // Plan cards are open by default.
  const panel = card.getByTestId('debit-mandate');
  await expect(panel).toBeVisible();
  return panel;
}

test(
  'a creator authorises a debit order; an admin runs the collection, imports the results and sees paid and unpaid',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const phone = testInfo.project.name === 'phone';
    const token = `${testInfo.project.name}${Date.now().toString(36)}`;
    const admin = await adminApi();
    const payer = await debitLoan(testInfo, admin, 'debit-payer', {
      firstName: 'Ayanda',
      lastName: `Payer${token}`,
    });
    const short = await debitLoan(testInfo, admin, 'debit-short', {
      firstName: 'Bongani',
      lastName: `Short${token}`,
    });

    // The creator's plan card: the debit order's terms, the form, the consent, then the summary.
    await skipTours(page);
    await signInByApi(page, payer.email, PASSWORD);
    const panel = await openPlanCard(page, payer.id);
    await panel.getByRole('button', { name: 'Set up debit order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up a debit order' });
    await expect(dialog.getByTestId('mandate-terms')).toContainText('At most per collection');
    await dialog.getByRole('button', { name: 'Authorise debit order' }).click();
    await expect(dialog.getByText('Tick the box to authorise the debit order')).toBeVisible();
    await dialog.getByLabel('Bank').click();
    await page.getByRole('option', { name: 'Capitec' }).click();
    await expect(dialog.getByLabel('Branch code')).toHaveValue('470010');
    await dialog.getByLabel('Account type').click();
    await page.getByRole('option', { name: 'Savings' }).click();
    await dialog.getByLabel('Account number').fill('1234567890');
    await dialog.getByRole('checkbox', { name: /I authorise these debit orders/ }).check();
    await expect(dialog.getByLabel('Branch code')).toHaveValue('470010');
    await expect(dialog.getByText('The branch code is 6 digits')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'the debit order form');
    await shot(page, 'debit-mandate-form');
    await dialog.getByRole('button', { name: 'Authorise debit order' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel).toContainText('Active');
    await expect(panel).toContainText('Capitec savings ..7890');
    await expect(panel).not.toContainText('1234567890');
    await expect(panel.getByRole('button', { name: 'Cancel debit order' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(panel, 'debit-mandate-summary');

    const authorised = await short.api.post(`/api/applications/${short.id}/debit-mandate`, {
      data: {
        accountHolder: `Bongani Short${token}`,
        bank: 'FNB',
        branchCode: '250655',
        accountType: 'cheque',
        accountNumber: '62009876543',
        consent: true,
      },
    });
    expect(authorised.status(), await authorised.text()).toBe(201);
    // 45 days on: each loan's first instalment (and its debit order's first collection) is due.
    await travel(admin, payer.id, 45);
    await travel(admin, short.id, 45);

    // The admin, by the app's links: the Admin Panel, Operations, Debit orders.
    await page.context().clearCookies();
    await markToursSeen(page);
    await enterDemoAdminSession(page, currentBaseUrl());
    await page.goto('/');
    await openMenuIfNeeded(page);
    await page
      .getByRole('link', { name: 'Admin Panel', exact: true })
      .filter({ visible: true })
      .first()
      .click();
    await page.getByRole('link', { name: 'Operations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
    await page.getByRole('tab', { name: 'Debit orders' }).click();

    // Each viewport its own recent business day (a run per day): the phone's is the one before the desktop's.
    const latest = businessDayOnOrBefore(southAfricanToday());
    const date = phone ? businessDayOnOrBefore(addDays(latest, -1)) : latest;
    await page.getByLabel('Collection date (a business day)').fill(date);
    await page.getByRole('button', { name: 'Build run' }).click();
    await expect(page.getByText('Run built').first()).toBeVisible();
    const { run, item: paidItem } = await runHolding(admin, payer.id);
    const { item: shortItem } = await runHolding(admin, short.id);
    // The other viewport's run may have taken these collections first: then that run is the one to open.
    if (run.collectionDate !== date) await page.getByTestId(`run-${run.id}`).getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`[?&]run=${run.id}(&|$)`));

    // Download the file for the bank: the header, a record for each collection, the trailer.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download file' }).click(),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^H,VUKACAP,\d+,/);
    expect(lines.find((l) => l.startsWith(`D,${paidItem.id},`))).toContain(',470010,1234567890,2,');
    expect(lines.at(-1)).toMatch(/^T,\d+,\d+$/);

    // The bank's results: the payer paid, the other not (02 Not provided for: collected again later).
    const cents = (total: string) => String(Math.round(Number(total) * 100));
    const results = [
      'item_id,contract_reference,amount_cents,status,reason_code',
      `${paidItem.id},${paidItem.contractReference},${cents(paidItem.total)},paid,`,
      `${shortItem.id},${shortItem.contractReference},${cents(shortItem.total)},unpaid,02`,
    ].join('\r\n');
    await page.getByLabel("Bank's result file (CSV)").setInputFiles({
      name: 'results.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(results),
    });
    await page.getByRole('button', { name: 'Import results' }).click();
    const summary = page.getByTestId('import-summary');
    await expect(summary).toContainText('1 paid, 1 unpaid (1 re-presented)');

    const paidEntry = page.getByTestId(phone ? `item-card-${payer.id}` : `item-${payer.id}`);
    const shortEntry = page.getByTestId(phone ? `item-card-${short.id}` : `item-${short.id}`);
    await expect(paidEntry).toContainText('Paid');
    await expect(paidEntry).toContainText(rand(paidItem.total));
    await expect(shortEntry).toContainText('Unpaid');
    await expect(shortEntry).toContainText('02 Not provided for');
    await expect(shortEntry).toContainText('Re-presented');
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page, 'the debit orders tab');
    await shot(page, 'debit-orders-run');

    // Only the unpaid: filtered on the server.
    await page.getByLabel('Show').click();
    await page.getByRole('option', { name: 'Unpaid' }).click();
    await expect(page).toHaveURL(/items=unpaid/);
    await expect(shortEntry).toBeVisible();
    await expect(paidEntry).toHaveCount(0);
    await shot(page.getByRole('tabpanel'), 'debit-orders-tab');

    // The admin cancels the other creator's debit order, with the reason.
    await page
      .getByRole('button', { name: `Cancel the debit order of Bongani Short${token} (#${short.id})` })
      .click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel the debit order' });
    await cancelDialog.getByLabel('Reason').fill('The creator asked us to stop');
    await cancelDialog.getByRole('button', { name: 'Cancel debit order' }).click();
    await expect(cancelDialog).toBeHidden();
    await expect(
      page.getByRole('button', { name: `Cancel the debit order of Bongani Short${token} (#${short.id})` }),
    ).toHaveCount(0);

    await Promise.all([admin.dispose(), payer.api.dispose(), short.api.dispose()]);
  },
);
