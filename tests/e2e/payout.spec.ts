// The quote is the contract and the payout is a step (docs/lending.md, "The quote is the contract", "Approval and
// payout"), at 1280 and 390 px: an admin's setup is an offer the creator reads and accepts on their dashboard (then
// adds the bank account the payout needs, following the app's own links); the admin records the payout to the account
// on file (none on file: no payout) and the creator's plan then says where and when it was paid; a creator who
// accepts their own plan is told the payout is next and where it goes.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { formatDate, formatZar, formatZarWhole } from '../../src/shared/format';
import {
  adminEntry,
  approveInQueue,
  openAdminTab,
  randWhole,
  searchApplications,
  sentForApprovalId,
  visibleToast,
} from './support/admin';
import {
  addBankAccount,
  adminApi,
  applicationEntry,
  applicationsOf,
  approveApplication,
  creatorWhoAccepted,
  currentBaseUrl,
  expectText,
  newCreator,
  onlyApplication,
  rand,
  signInByApi,
  skipTours,
  southAfricanToday,
  submitApplicationByApi,
  TEST_PAYOUT_ACCOUNT,
} from './support/creator';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, nameToken } from './support/lending';
import { openMenuIfNeeded, toast } from './support/mailbox';
import { addDays, shortDate, shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

const PASSWORD = 'Creator-pass-2026';

/** What GET /api/applications/{id}/quote answers, as far as these journeys read it. */
interface StoredQuote {
  id: number;
  kind: string;
  status: string;
  validUntil: string;
  amountFinanced: string;
  instalmentAmount: string;
  instalmentCount: number;
  totalPayable: string;
  costOfCredit: string;
  annualCostRate: string;
  instalments: Array<{ dueDate: string }>;
}

/** '2026-12-04' -> 'December 04, 2026', as the dialogs write a calendar day. */
function longDate(day: string): string {
  const [year, month, date] = day.split('-');
  const name = new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${date}, ${year}`;
}

/** '76.42' -> '76,42%'. */
const percent = (rate: string) => `${rate.replace('.', ',')}%`;

/** The value (dd) beside a label (dt). */
function figure(scope: Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^\\s*${label}\\s*$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
}

/** A figure's value without the note beside it. */
const figureValue = (scope: Locator, label: string) => figure(scope, label).locator('span').first();

async function quoteOf(api: APIRequestContext, applicationId: number): Promise<StoredQuote> {
  const response = await api.get(`/api/applications/${applicationId}/quote`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StoredQuote;
}

/** The dashboard, once its history has drawn. */
async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
}

test(
  "the creator reviews and accepts the admin's offer, then adds the bank account its payout needs",
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    const lastName = `Offer${nameToken()}`;
    await skipTours(page);
    await newCreator(page, testInfo, 'offer', { firstName: 'Ayanda', lastName });
    const application = await submitApplicationByApi(page, {
      firstName: 'Ayanda',
      lastName,
      requestedAmount: 10_000,
      monthlyRevenue: 8_000,
    });
    await approveApplication(application.id);

    // The admin, in their own browser, sets up the repayment: it goes to the creator as an offer.
    const adminContext = await browser.newContext({
      baseURL: currentBaseUrl(),
      viewport: testInfo.project.use.viewport ?? null,
      reducedMotion: 'reduce',
    });
    try {
      const admin = await adminContext.newPage();
      await openAdminTab(admin, 'Applications');
      await searchApplications(admin, lastName);
      const row = adminEntry(admin, application.id);
      await row.getByRole('button', { name: 'Setup Repayment' }).click();
      const setup = admin.getByRole('dialog', { name: 'Setup Repayment Schedule' });
      await expect(setup).toContainText(
        'This sends the creator an offer: they accept it before anything is paid out.',
      );
      await setup.getByLabel('Estimated period (months)').fill('10');
      await expect(setup.getByTestId('repayment-preview')).toContainText('10 monthly instalments');
      await shot(admin, 'payout-admin-send-offer');
      await setup.getByRole('button', { name: 'Send Offer' }).click();
      await expect(toast(admin, 'Offer sent')).toBeVisible();
      await expect(setup).toBeHidden();
      await expect(row).toContainText('Offer made');
      await expect(row).toContainText('Offer sent');
    } finally {
      await adminContext.close();
    }
    const offer = await quoteOf(page.request, application.id);
    expect(offer).toMatchObject({ kind: 'offer', status: 'open', instalmentCount: 10 });

    // The creator's dashboard: the financing card and the history both lead to the offer.
    await openDashboard(page);
    const card = page.getByTestId('financing-card');
    await expect(card).toContainText(
      'We have made you an offer. Review it and accept it to have your funds paid out.',
    );
    await expect(card.getByRole('button', { name: 'Review Offer' })).toBeVisible();
    const entry = applicationEntry(page, application.id);
    await expect(entry).toContainText('Offer made');
    await expect(entry.getByRole('button', { name: 'Setup Repayment' })).toHaveCount(0);
    await entry.getByRole('button', { name: 'Review Offer' }).click();

    const dialog = page.getByRole('dialog', { name: 'Review Offer' });
    await expect(dialog).toBeVisible();
    await expectText(figureValue(dialog, 'Amount financed'), rand(offer.amountFinanced));
    await shot(page, 'payout-offer-dialog-top');
    await expectNoSeriousAxeViolations(page, 'the Review Offer dialog');
    await expectText(figureValue(dialog, 'Instalment'), rand(offer.instalmentAmount));
    await expectText(figureValue(dialog, 'Number of instalments'), '10 monthly instalments');
    await expectText(figureValue(dialog, 'Total payable'), rand(offer.totalPayable));
    await expectText(figureValue(dialog, 'Total cost of credit'), rand(offer.costOfCredit));
    await expectText(figureValue(dialog, 'Annualised cost rate'), percent(offer.annualCostRate));
    await expectText(figureValue(dialog, 'First instalment due'), longDate(offer.instalments[0]!.dueDate));
    await expectText(figureValue(dialog, 'Last instalment due'), longDate(offer.instalments.at(-1)!.dueDate));
    await expectText(figureValue(dialog, 'Valid until'), longDate(offer.validUntil));
    // No bank account on file yet: the creator is told before accepting, and may still accept.
    await expect(dialog.getByTestId('no-bank-account-note')).toContainText('the payout needs one');

    // The agreement is the offer's: its figures, and no payout day until one is recorded.
    await dialog.getByRole('button', { name: 'Read the Repayment Agreement' }).click();
    const agreement = page.getByRole('dialog', { name: 'Repayment Agreement' });
    await expect(agreement).toContainText(`Total payable with fees: ${formatZar(offer.totalPayable)}`);
    await expect(agreement).toContainText('Paid out on: Not paid out yet');
    await expect(agreement).toContainText('The financing is repaid in 10 monthly instalments.');
    await agreement.getByRole('button', { name: 'Close' }).click();
    await expect(agreement).toBeHidden();

    const accept = dialog.getByRole('button', { name: 'Accept Offer' });
    await expect(accept).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await expect(accept).toBeEnabled();
    await shot(page, 'payout-offer-dialog');
    await accept.click();
    await expect(toast(page, 'Offer accepted')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The button that opened the dialog is gone with the offer: focus goes to the history's heading.
    await expect(page.getByRole('heading', { name: 'Application History' })).toBeFocused();
    expect((await onlyApplication(page)).status).toBe('accepted');
    const waiting = entry.getByTestId('awaiting-payout');
    await expectText(
      waiting,
      'Accepted — awaiting payout. The payout needs a bank account: add your bank details in Settings.',
    );
    // Nothing is paid out yet, so it can still be cancelled.
    await expect(entry.getByRole('button', { name: 'Cancel Application' })).toBeVisible();

    // The note's link opens Settings on the bank details card.
    await waiting.getByRole('link', { name: 'add your bank details in Settings' }).click();
    await expect(page).toHaveURL(/\/settings#bank-details$/);
    const bank = page.getByRole('form', { name: 'Bank Account Details' });
    await expect(bank).toBeInViewport();
    await bank.getByRole('combobox', { name: 'Bank name' }).click();
    await page.getByRole('option', { name: 'First National Bank (FNB)', exact: true }).click();
    await expect(bank.getByLabel('Branch code')).toHaveValue('250655');
    await bank.getByRole('combobox', { name: 'Account type' }).click();
    await page.getByRole('option', { name: 'Current (Cheque)', exact: true }).click();
    await bank.getByLabel('Account number').fill('62001237890');
    await bank.getByRole('button', { name: 'Save Bank Details' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();

    // Back by the header's link: the dashboard says where the payout goes.
    await openMenuIfNeeded(page);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectText(
      entry.getByTestId('awaiting-payout'),
      `Accepted — awaiting payout to ${TEST_PAYOUT_ACCOUNT}.`,
    );
    await expectText(
      card.getByTestId('awaiting-payout'),
      `Accepted — awaiting payout to ${TEST_PAYOUT_ACCOUNT}.`,
    );
    await expect(card.getByRole('button', { name: 'Review Offer' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shot(card, 'payout-awaiting-card');
  },
);

test('the admin records the payout to the account on file, a second admin approves it; the creator sees where and when it was paid', async ({
  page,
  context,
  browser,
}) => {
  const token = nameToken();
  const admin = await adminApi();
  const paid = await creatorWhoAccepted(admin, 'payout', { firstName: 'Lindiwe', lastName: token }, true);
  const unbanked = await creatorWhoAccepted(
    admin,
    'payout-nobank',
    { firstName: 'Musa', lastName: token },
    false,
  );
  await admin.dispose();
  await paid.api.dispose();
  await unbanked.api.dispose();
  const today = southAfricanToday();

  await openAdminTab(page, 'Applications');
  await searchApplications(page, token, 2);

  // No bank account on file: no payout, and the dialog will not record one.
  const unbankedRow = adminEntry(page, unbanked.applicationId);
  await expect(unbankedRow).toContainText('Accepted, awaiting payout');
  await unbankedRow.getByRole('button', { name: 'Record Payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Payout' });
  await expect(dialog.getByTestId('no-bank-account')).toContainText('No bank account on file: no payout');
  await expect(dialog.getByRole('button', { name: 'Send for approval' })).toBeDisabled();
  await shot(page, 'payout-dialog-no-bank');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(unbankedRow.getByRole('button', { name: 'Record Payout' })).toBeFocused();

  const row = adminEntry(page, paid.applicationId);
  await row.getByRole('button', { name: 'Record Payout' }).click();
  await expectText(figure(dialog, 'To'), TEST_PAYOUT_ACCOUNT);
  await expectText(figure(dialog, 'Amount paid out'), randWhole(10_000));
  await expectNoSeriousAxeViolations(page, 'the Record Payout dialog');
  const date = dialog.getByLabel('Payout date');
  const reference = dialog.getByLabel('Bank reference');
  await expect(dialog).toContainText('the loan starts once a second finance officer or admin approves it');
  const submit = dialog.getByRole('button', { name: 'Send for approval' });
  await expect(date).toHaveValue(formatDate(today));

  // The form's own rule: a reference is at least 3 characters; nothing is sent.
  await reference.fill('ab');
  await submit.click();
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  await expect(reference).toHaveAccessibleDescription(/The bank reference is at least 3 characters/);
  // The server's rule, shown under its field: not before the creator accepted (today).
  await reference.fill('FNB 20261128/0042');
  await date.fill(addDays(today, -1));
  await submit.click();
  await expect(visibleToast(page, 'Payout not recorded')).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveAccessibleDescription(new RegExp(`Not before ${shortDate(today)}`));
  await expect(date).toBeFocused();
  await date.fill(today);
  await shot(page, 'payout-dialog');
  await submit.click();
  // Dual control (decision 028): nothing is paid until a second person approves it.
  const requestId = await sentForApprovalId(page);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Accepted, awaiting payout');
  // The maker's own view of the queue: it waits, and they cannot approve it.
  await page.getByRole('link', { name: /^Approvals/ }).click();
  const mine = page.getByTestId(`approval-${requestId}`);
  await expect(mine).toContainText(`Payout of R 10 000,00 for application #${paid.applicationId}`);
  await expect(mine).toContainText('You asked for this: a second person approves it.');
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'the Approvals page');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'approvals-maker');
  // The second admin approves it in their own browser: the loan starts.
  await approveInQueue(browser, requestId, 'approvals-checker');
  await page.reload();
  await expect(mine).toBeHidden();
  await page.getByRole('tab', { name: 'Decided' }).click();
  await expect(mine).toContainText('Approved by: Nomsa Zulu');
  await page.getByRole('link', { name: 'Admin Panel' }).click();
  await page.getByRole('tab', { name: 'Applications' }).click();
  await searchApplications(page, token, 2);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: 'Record Payout' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Add Payment' })).toBeVisible();

  await row.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  await expectText(
    details.getByTestId('details-paid-out'),
    `To ${TEST_PAYOUT_ACCOUNT} on ${shortDate(today)}`,
  );
  await expect(details).toContainText('Reference FNB 20261128/0042');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // The creator: the plan card, its details and the statement say where and when the money went.
  await signInByApi(page, paid.email, PASSWORD);
  await openDashboard(page);
  const [loan] = await applicationsOf(page);
  expect(loan!.status).toBe('active');
  const plan = page.getByTestId(`plan-card-${paid.applicationId}`);
  await expectText(plan.getByTestId('paid-out'), `Paid to ${TEST_PAYOUT_ACCOUNT} on ${shortDate(today)}`);
  await expectNoHorizontalOverflow(page);
  await shot(plan, 'payout-plan-card');
  const [statement] = await Promise.all([
    context.waitForEvent('page'),
    plan.getByRole('button', { name: 'View Statement' }).click(),
  ]);
  const financing = statement.locator('section', {
    has: statement.getByRole('heading', { name: 'Financing Information', level: 2 }),
  });
  await expectText(figure(financing, 'Paid Out On'), longDate(today));
  await expectText(figure(financing, 'Paid To'), TEST_PAYOUT_ACCOUNT);
  await statement.close();
});

test("the creator's own plan accepted: the dashboard says the payout is next and where it will go", async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'own-plan');
  const application = await submitApplicationByApi(page, { requestedAmount: 8_000, monthlyRevenue: 6_000 });
  await approveApplication(application.id);
  // The quote the dialog shows is stored: the same preview the same day answers the same quote.
  const preview = await page.request.post(`/api/applications/${application.id}/preview-terms`, { data: {} });
  expect(preview.status(), await preview.text()).toBe(200);
  const quote = ((await preview.json()) as { quote: StoredQuote }).quote;

  await openDashboard(page);
  const entry = applicationEntry(page, application.id);
  await entry.getByRole('button', { name: 'Setup Repayment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Repayment Plan' });
  await expectText(
    dialog.getByTestId('quote-valid-until'),
    `This quote holds until ${longDate(quote.validUntil)}. Accepting it agrees to exactly these figures.`,
  );
  const note = dialog.getByTestId('no-bank-account-note');
  await expect(note).toContainText('No bank account on file yet');
  await expect(note.getByRole('link', { name: 'Add your bank details in Settings' })).toHaveAttribute(
    'href',
    '/settings#bank-details',
  );
  await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  // Choosing the plan accepts exactly the quote shown.
  const [chosen] = await Promise.all([
    page.waitForRequest(
      (r) =>
        r.method() === 'POST' && new URL(r.url()).pathname === `/api/applications/${application.id}/schedule`,
    ),
    dialog.getByRole('button', { name: 'Complete Setup' }).click(),
  ]);
  expect(chosen.postDataJSON()).toMatchObject({ quoteId: quote.id, termsAccepted: true });
  await expect(toast(page, 'Plan accepted')).toBeVisible();
  await expect(dialog).toBeHidden();

  const saved = await onlyApplication(page);
  expect(saved).toMatchObject({ status: 'accepted', repaymentSchedule: null });
  await expect(entry).toContainText('Accepted, awaiting payout');
  await expectText(
    entry.getByTestId('awaiting-payout'),
    'Accepted — awaiting payout. The payout needs a bank account: add your bank details in Settings.',
  );
  await expect(entry.getByRole('button', { name: 'Setup Repayment' })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: 'Cancel Application' })).toBeVisible();
  // No loan yet: nothing under Active Repayment Plans.
  await expect(page.getByRole('heading', { name: 'Active Repayment Plans' })).toHaveCount(0);

  // With a bank account on file (journey one adds it through Settings), the payout's account is named.
  await addBankAccount(page.request);
  await page.reload();
  const card = page.getByTestId('financing-card');
  await expectText(
    entry.getByTestId('awaiting-payout'),
    `Accepted — awaiting payout to ${TEST_PAYOUT_ACCOUNT}.`,
  );
  await expectText(
    card.getByTestId('awaiting-payout'),
    `Accepted — awaiting payout to ${TEST_PAYOUT_ACCOUNT}.`,
  );
  await expect(card.getByTestId('financing-amount')).toHaveText(formatZarWhole(8_000));
  await shot(entry, 'payout-own-plan-entry');
});
