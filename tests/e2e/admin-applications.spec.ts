// The admin panel's Overview and Applications tab: a creator's application
// from review to an offer, its payout and a recorded payment, the statement and the CSV export; payment
// validation; deleting; adding a platform; and the dashboard mode. Every journey makes its own creators, so they run beside other specs.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { calendarDayInWords } from '../../src/shared/business-date';
import { formatDate } from '../../src/shared/format';
import {
  activateByApi,
  adminEntry,
  cents,
  chooseOption,
  creatorWithApplication,
  offered,
  openAdminTab,
  priced,
  randWhole,
  resetDashboardMode,
  searchApplications,
  sentForApprovalId,
  visibleToast,
  withServerLock,
} from './support/admin';
import { approveAsSecondAdmin } from './support/admin-session';
import {
  acceptQuoteByApi,
  adminApi,
  currentBaseUrl,
  expectText,
  expectTextContaining,
  rand,
  southAfricanToday,
} from './support/creator';
import { toast } from './support/mailbox';
import { shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

/** The value (dd) beside a label (dt) in a list of figures. */
function figure(scope: Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^\\s*${label}\\s*$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
}

/** A preview figure's value, without its note. */
function previewValue(scope: Locator, label: string): Locator {
  return figure(scope.getByTestId('repayment-preview'), label).locator('span').first();
}

const CSV_HEADER = [
  'ID',
  'Date',
  'Applicant',
  'Username',
  'Type',
  'Business Name',
  'Requested Amount',
  'Monthly Revenue',
  'Credit Score',
  'Status',
  'Remaining Balance',
];

// At 1280 px: at 390 px its cards and dialogs are tests/e2e/admin-phone.spec.ts's.
test('an application from review to a payment: edit, approve, set up, pay, details, statement and CSV', async ({
  page,
  context,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'admin-journey', {
    requestedAmount: 12_000,
    monthlyRevenue: 9_000,
    accountNumber: '1234567890',
  });
  try {
    const { id, creditScore } = creator.application;
    expect(creditScore, 'the server scores every application').toEqual(expect.any(Number));
    const score = creditScore!;
    const applicant = `${creator.firstName} ${creator.lastName}`;

    // Overview first: the figure cards and the methodology.
    await openAdminTab(page, 'Overview');
    for (const title of [
      'Total Applications',
      'Average Credit Score',
      'Total Users',
      'Avg. Request Amount',
    ]) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('progressbar', { name: /Low Risk/ })).toBeVisible();
    const methodology = page.locator('div.rounded-xl', {
      has: page.getByRole('heading', { name: 'Credit Assessment Methodology' }),
    });
    await expect(
      methodology.getByRole('listitem').filter({ hasText: 'Platform Revenue & Integration' }),
    ).toContainText('50%');
    await expect(methodology.getByRole('listitem').filter({ hasText: 'Growth Assessment' })).toContainText(
      '10%',
    );

    await page.getByRole('tab', { name: 'Applications' }).click();
    await searchApplications(page, creator.lastName);
    const entry = adminEntry(page, id);
    await expect(entry).toContainText(applicant);
    await expect(entry).toContainText('Under Review');
    await expectTextContaining(entry, randWhole(12_000));
    await expect(entry.getByRole('button', { name: 'Setup Repayment' })).toHaveCount(0);
    await expect(entry.getByRole('link', { name: 'View User' })).toHaveAttribute(
      'href',
      `/admin/users/${creator.userId}`,
    );

    // Edit while under review: the preview follows the amount; Save Changes keeps the status.
    await entry.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Application' });
    await expectText(previewValue(edit, 'Total repayable'), rand(priced(12_000, score, 9_000).total));
    // Typed as the product writes money: read as R 15 000 (the field says so).
    await edit.getByLabel('Requested amount (R)').fill('R 15 000');
    await expect(edit.getByText(/Read as R\s15\s000,00/)).toBeVisible();
    await shot(page, 'edit-amount-reading');
    await expectText(previewValue(edit, 'Requested amount'), randWhole(15_000));
    await expectText(previewValue(edit, 'Total repayable'), rand(priced(15_000, score, 9_000).total));
    await edit.getByLabel('Notes').fill('Verified TikTok earnings by phone.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Success')).toBeVisible();
    await expect(edit).toBeHidden();
    await expectTextContaining(entry, randWhole(15_000));
    await expect(entry).toContainText('Under Review');

    // Approving asks for the amount approved first (the amount requested unless changed); an approved
    // application keeps its amount.
    await entry.getByRole('button', { name: 'Edit' }).click();
    await expect(edit.getByLabel('Notes')).toHaveValue('Verified TikTok earnings by phone.');
    await chooseOption(page, edit, 'Status', 'Approved');
    const approvedAmount = edit.getByLabel('Approved amount (R)');
    await expect(approvedAmount).toBeFocused();
    await expect(approvedAmount).toHaveValue('15000');
    await edit.getByRole('button', { name: /^Approve R/ }).click();
    await expect(visibleToast(page, 'Status updated')).toBeVisible();
    await expect(edit.getByRole('status').filter({ hasText: 'Status saved.' })).toBeVisible();
    // The status note goes to the audit log: the admin's own notes stay.
    await expect(edit.getByLabel('Notes')).toHaveValue('Verified TikTok earnings by phone.');
    await expect(edit.locator('[data-slot="badge"]', { hasText: /^Approved$/ })).toBeVisible();
    await expect(edit.getByLabel('Requested amount (R)')).toBeDisabled();
    // Escape would first dismiss the toast (the topmost layer); the dialog's own Cancel closes it.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    await expect(entry).toContainText('Approved');

    // Setup Repayment with the admin defaults and the server's price: it sends the creator an offer.
    // The admin's defaults (12 months), then 10 months: a shorter term, a lower legal ceiling on the charge.
    const twelve = offered(15_000, score, 12);
    const { total, instalment: tenthOfTotal } = offered(15_000, score, 10);
    await entry.getByRole('button', { name: 'Setup Repayment' }).click();
    const setup = page.getByRole('dialog', { name: 'Setup Repayment Schedule' });
    await expect(setup.getByRole('combobox', { name: 'Payment frequency' })).toContainText('Automatic');
    await expect(setup.getByRole('combobox', { name: 'Payment method' })).toContainText('Platform earnings');
    await expect(setup.getByLabel('Withholding (%)')).toHaveValue('20');
    await expect(setup.getByLabel('Estimated period (months)')).toHaveValue('12');
    await expectText(previewValue(setup, 'Total repayable'), rand(twelve.total));
    // The server quotes the schedule being set up: the figures shown are those of its answer.
    const quoted = page.waitForResponse((response) => {
      const body = response.request().postDataJSON?.() as Record<string, unknown> | null;
      return (
        response.url().endsWith(`/preview-terms`) &&
        body?.estimatedPeriod === 10 &&
        body?.withholdingPercentage === 25
      );
    });
    await setup.getByLabel('Estimated period (months)').fill('10');
    await expectText(previewValue(setup, 'Repayment period'), '10 months');
    await setup.getByLabel('Withholding (%)').fill('25');
    const { quote } = (await (await quoted).json()) as {
      quote: {
        costOfCredit: string;
        platformFees: string;
        annualCostRate: string;
        instalmentCount: number;
      };
    };
    expect(quote.instalmentCount).toBe(10);
    expect(Number(quote.platformFees)).toBeGreaterThan(0);
    await expectText(previewValue(setup, 'Total cost of credit'), rand(quote.costOfCredit));
    await expectText(
      previewValue(setup, 'Annualised cost rate'),
      `${quote.annualCostRate.replace('.', ',')}%`,
    );
    await expectText(previewValue(setup, 'Withholding'), '25,0%');
    // The two named figures: what falls due (the total over 10 instalments, rounded up to the cent) and
    // 25 % of the R9 000 monthly revenue.
    await expectText(previewValue(setup, 'Instalment'), rand(tenthOfTotal));
    await expectText(previewValue(setup, 'Estimated monthly withholding'), rand(2_250));
    await setup.getByRole('button', { name: 'Send Offer' }).click();
    await expect(toast(page, 'Offer sent')).toBeVisible();
    await expect(setup).toBeHidden();
    await expect(entry).toContainText('Offer made');
    await expect(entry).toContainText('Offer sent');
    await expect(entry.getByRole('button', { name: 'Change Offer' })).toBeVisible();
    await expect(entry.getByRole('button', { name: 'Setup Repayment' })).toHaveCount(0);

    // The creator accepts (payout.spec.ts follows their screens); the admin then records the payout to the
    // account on file, and the loan starts.
    await acceptQuoteByApi(creator.api, id);
    await page.reload();
    await expect(entry).toContainText('Accepted, awaiting payout');
    await entry.getByRole('button', { name: 'Record Payout' }).click();
    const payout = page.getByRole('dialog', { name: 'Record Payout' });
    await expectText(figure(payout, 'To'), 'Capitec Bank ..7890');
    await payout.getByLabel('Bank reference').fill('CAPITEC 0042');
    await payout.getByRole('button', { name: 'Send for approval' }).click();
    // A second admin approves the payout (decision 028; payout.spec.ts follows the queue's screens).
    await approveAsSecondAdmin(currentBaseUrl(), await sentForApprovalId(page));
    await expect(payout).toBeHidden();
    await page.reload();
    await expect(entry).toContainText('Active');
    await expectText(entry.getByTestId('row-balance'), `Balance ${rand(total)}`);
    await expect(entry.getByRole('button', { name: 'Record Payout' })).toHaveCount(0);

    // Add Payment: the balance falls by exactly the amount paid.
    await entry.getByRole('button', { name: 'Add Payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Add Payment' });
    await expectText(figure(pay, 'Remaining balance'), rand(total));
    await expect(pay.getByLabel('Payment date')).toHaveValue(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await pay.getByLabel('Amount to the loan (R)').fill('1 234,56');
    await pay.getByLabel('Notes (optional)').fill('EFT from the creator');
    await pay.getByRole('button', { name: 'Add Payment' }).click();
    await expect(toast(page, 'Payment added')).toBeVisible();
    await expect(pay).toBeHidden();
    const remaining = (cents(total) - 123_456) / 100;
    await expectText(entry.getByTestId('row-balance'), `Balance ${rand(remaining)}`);

    // Details: masked account number, the proof download, the schedule and its payment, the statement.
    await entry.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Application Details' });
    await expect(details.getByTestId('masked-account-number')).toHaveText('••••••7890');
    await expect(details).not.toContainText('1234567890');
    await expect(details).toContainText('TikTok');
    await expectText(details.getByTestId('details-remaining-balance'), rand(remaining));
    await expect(details.getByTestId('details-payments')).toContainText('EFT from the creator');
    const proof = details.getByRole('link', { name: /proof\.pdf/ });
    await expect(proof).toHaveAttribute('href', `/api/admin/proof-files/${creator.proofFileId}`);
    const [proofDownload] = await Promise.all([page.waitForEvent('download'), proof.click()]);
    expect(proofDownload.suggestedFilename()).toBe('proof.pdf');
    expect((await readFile(await proofDownload.path(), 'utf8')).startsWith('%PDF')).toBe(true);

    const [statement] = await Promise.all([
      context.waitForEvent('page'),
      details.getByRole('link', { name: /View Statement/ }).click(),
    ]);
    await expect(statement).toHaveURL(new RegExp(`/statement/${id}$`));
    await expect(statement.getByRole('heading', { name: 'Statement', level: 1 })).toBeVisible();
    await expect(statement.getByText(applicant, { exact: true })).toBeVisible();
    await statement.close();

    await details.getByRole('button', { name: 'View User Details' }).click();
    const userView = page.getByRole('dialog', { name: 'User Details' });
    await expect(userView).toBeVisible();
    await userView.getByRole('button', { name: 'Back to Application' }).click();
    await expect(details.getByTestId('masked-account-number')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Export CSV of the rows on screen (the search still narrows them to this application).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await expect(toast(page, 'Export successful')).toBeVisible();
    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
      '1 application exported to CSV',
    );
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(download.suggestedFilename()).toBe(`applications-${today}.csv`);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const rows = Papa.parse<string[]>(text.trim()).data;
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      String(id),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      applicant,
      creator.email,
      'Personal',
      '',
      '15000.00',
      '9000.00',
      String(score),
      'Active',
      remaining.toFixed(2),
    ]);
  } finally {
    await creator.api.dispose();
  }
});

/** The Status select's options, read by opening it (Escape closes it again without choosing). */
async function statusOptions(page: Page, edit: Locator): Promise<string[]> {
  await edit.getByRole('combobox', { name: 'Status' }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const options = await listbox.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  return options;
}

/** Every answer to POST .../preview-terms of this application from now on, by status code. */
function previewAnswers(page: Page, applicationId: number): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/api/admin/applications/${applicationId}/preview-terms`
    ) {
      statuses.push(response.status());
    }
  });
  return statuses;
}

test('the Edit dialog offers only the statuses the server accepts, and asks for no preview it would refuse', async ({
  page,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'admin-status-choices');
  const serviced = await creatorWithApplication(testInfo, 'admin-status-active');
  try {
    const { id } = creator.application;
    await activateByApi(serviced.application.id, serviced.api);
    const previews = previewAnswers(page, id);
    await openAdminTab(page, 'Applications');
    await searchApplications(page, creator.lastName);
    const entry = adminEntry(page, id);
    await entry.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Application' });
    const status = edit.getByRole('combobox', { name: 'Status' });

    // Under review: approve or reject, never Active (that needs a schedule, which comes with setup).
    await expect(status).toHaveText('Under Review');
    await expect(previewValue(edit, 'Total repayable')).toHaveText(/^R/);
    expect(await statusOptions(page, edit)).toEqual(['Under Review', 'Approved', 'Rejected']);

    // Approved (after its amount): the preview still applies (and refreshes); the current status stays shown.
    await chooseOption(page, edit, 'Status', 'Approved');
    await shot(page, 'edit-approve-step');
    await edit.getByRole('button', { name: /^Approve R/ }).click();
    await expect(edit.getByRole('status').filter({ hasText: 'Status saved.' })).toBeVisible();
    await expect(status).toHaveText('Approved');
    await expect(edit.locator('[data-slot="badge"]', { hasText: /^Approved$/ })).toBeVisible();
    expect(await statusOptions(page, edit)).toEqual(['Under Review', 'Approved', 'Rejected']);

    // Taking the approval back warns that the creator is told; keeping the status changes nothing.
    await chooseOption(page, edit, 'Status', 'Under Review');
    await expect(edit.getByText('Take the approval back?')).toBeVisible();
    await expect(edit).toContainText('is told by e-mail that the application is under review again');
    await expect(edit.getByRole('button', { name: 'Move back to review' })).toBeFocused();
    await shot(page, 'edit-take-back-step');
    await edit.getByRole('button', { name: 'Keep current status' }).click();
    await expect(edit.getByText('Take the approval back?')).toHaveCount(0);
    await expect(status).toHaveText('Approved');
    await expect(status).toBeFocused();

    // Rejected: the server prices no preview any more, so none is asked for, not even by the refresh after
    // the change.
    await chooseOption(page, edit, 'Status', 'Rejected');
    await edit
      .getByLabel('Reason for the creator')
      .fill('Your stated revenue could not be matched to your proof of earnings.');
    await edit.getByRole('button', { name: 'Reject application' }).click();
    await expect(edit.locator('[data-slot="badge"]', { hasText: /^Rejected$/ })).toBeVisible();
    await expect(status).toHaveText('Rejected');
    await expect(edit.getByTestId('repayment-preview')).toHaveCount(0);
    expect(await statusOptions(page, edit)).toEqual(['Under Review', 'Rejected']);

    // Back under review: the preview returns.
    await chooseOption(page, edit, 'Status', 'Under Review');
    await expect(status).toHaveText('Under Review');
    await expect(previewValue(edit, 'Total repayable')).toHaveText(/^R/);
    await page.waitForLoadState('networkidle');
    expect(previews.length, 'the preview was asked for while it applied').toBeGreaterThan(0);
    expect(previews.filter((code) => code !== 200)).toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Active with its schedule: no status can be picked here (servicing moves it on), and nothing previews.
    const activePreviews = previewAnswers(page, serviced.application.id);
    await searchApplications(page, serviced.lastName);
    await adminEntry(page, serviced.application.id).getByRole('button', { name: 'Edit' }).click();
    await expect(status).toHaveText('Active');
    await expect(status).toBeDisabled();
    await expect(edit.getByTestId('repayment-preview')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(activePreviews).toEqual([]);
  } finally {
    await creator.api.dispose();
    await serviced.api.dispose();
  }
});

test('Setup Repayment starts from the saved period and sends an offer; Change Offer prices a new one; no preview is refused', async ({
  page,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'admin-setup-period', { requestedAmount: 9_000 });
  try {
    const { id, creditScore } = creator.application;
    const admin = await adminApi();
    try {
      // The period the admin agreed while reviewing (9 months), then the approval.
      for (const data of [{ estimatedPeriod: 9 }, { status: 'approved' }]) {
        const answer = await admin.patch(`/api/admin/applications/${id}`, { data });
        expect(answer.status(), await answer.text()).toBe(200);
      }
    } finally {
      await admin.dispose();
    }
    const previews = previewAnswers(page, id);
    const { total, instalment } = offered(9_000, creditScore!, 9);
    await openAdminTab(page, 'Applications');
    await searchApplications(page, creator.lastName);
    const entry = adminEntry(page, id);
    await entry.getByRole('button', { name: 'Setup Repayment' }).click();
    const setup = page.getByRole('dialog', { name: 'Setup Repayment Schedule' });
    await expect(setup.getByLabel('Estimated period (months)')).toHaveValue('9');
    await expectText(previewValue(setup, 'Repayment period'), '9 months');
    await expectText(previewValue(setup, 'Total repayable'), rand(total));
    // The instalment: the total over 9 monthly instalments, rounded up to the cent.
    await expectText(previewValue(setup, 'Instalment'), rand(instalment));
    await expect(figure(setup.getByTestId('repayment-preview'), 'Instalment')).toContainText(
      '9 monthly instalments',
    );
    // It does not depend on the withholding, so it stays while that field is being corrected.
    await setup.getByLabel('Withholding (%)').fill('150');
    await expectText(previewValue(setup, 'Instalment'), rand(instalment));
    await setup.getByLabel('Withholding (%)').fill('20');

    await setup.getByRole('button', { name: 'Send Offer' }).click();
    await expect(toast(page, 'Offer sent')).toBeVisible();
    await expect(setup).toBeHidden();
    await expect(entry).toContainText('Offer made');

    // While the creator reads it, the offer can be changed: the same figures, priced again, and a new offer.
    await entry.getByRole('button', { name: 'Change Offer' }).click();
    const change = page.getByRole('dialog', { name: 'Change Offer' });
    await expect(change).toContainText('An offer is waiting for the creator; this one replaces it.');
    await change.getByLabel('Estimated period (months)').fill('6');
    await expectText(previewValue(change, 'Instalment'), rand(offered(9_000, creditScore!, 6).instalment));
    await change.getByRole('button', { name: 'Send Offer' }).click();
    await expect(toast(page, 'Offer sent')).toBeVisible();
    await expect(change).toBeHidden();
    const offer = await creator.api.get(`/api/applications/${id}/quote`);
    expect(((await offer.json()) as { instalmentCount: number }).instalmentCount).toBe(6);
    await page.waitForLoadState('networkidle');
    expect(previews.length).toBeGreaterThan(0);
    expect(previews.filter((code) => code !== 200)).toEqual([]);
  } finally {
    await creator.api.dispose();
  }
});

test('Add Payment explains each invalid field and shows the server refusing an overpayment', async ({
  page,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'admin-pay-rules', { requestedAmount: 4_000 });
  try {
    const schedule = await activateByApi(creator.application.id, creator.api);
    await openAdminTab(page, 'Applications');
    await searchApplications(page, creator.lastName);
    const entry = adminEntry(page, creator.application.id);
    await entry.getByRole('button', { name: 'Add Payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Add Payment' });
    const amount = pay.getByLabel('Amount to the loan (R)');
    const date = pay.getByLabel('Payment date');
    const submit = pay.getByRole('button', { name: 'Add Payment' });

    await date.fill('');
    await submit.click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(/Amount is required/);
    await expect(date).toHaveAccessibleDescription(/Payment date is required/);

    for (const bad of ['-5', '0']) {
      await amount.fill(bad);
      await expect(amount).toHaveAccessibleDescription(/Amount must be a positive number/);
    }
    // Dates: not in the future (today in South Africa), not before the financing was paid out. The picker
    // stops at today; a typed date the server refuses is explained under the field.
    const today = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString().slice(0, 10);
    // The calendar offers today but not tomorrow.
    await pay.getByRole('button', { name: /^Choose a date/ }).click();
    await page.keyboard.press('ArrowRight');
    const calendar = page.getByRole('table', { name: /^[A-Z][a-z]+ \d{4}$/ });
    const pickedTomorrow = calendar.locator('button:focus');
    await expect(pickedTomorrow).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(pay).toBeVisible();
    await amount.fill('100');
    await date.fill('2026-03-02');
    await expect(date).not.toHaveAttribute('aria-invalid', 'true');
    await submit.click();
    await expect(visibleToast(page, 'Failed to add payment')).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(date).toHaveAccessibleDescription(
      /The payment date cannot be before the financing was paid out on \d{2} [A-Z][a-z]{2} \d{4}\./,
    );
    const tomorrow = new Date(Date.now() + 26 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await date.fill(tomorrow);
    await submit.click();
    // The field says the chosen day in words too, whatever the browser's picker shows.
    await expect(date).toHaveAccessibleDescription(
      `Not in the future, and not before the financing was paid out. The payment date cannot be in the future: today is ${formatDate(today)} in South Africa. ${calendarDayInWords(tomorrow)}`,
    );
    await date.fill(today);

    // More than the balance: the server says no and nothing changes.
    const tooMuch = ((cents(schedule.remainingAmount) + 10_000) / 100).toFixed(2);
    await amount.fill(tooMuch);
    await submit.click();
    await expect(visibleToast(page, 'Failed to add payment')).toBeVisible();
    await expect(pay.getByRole('alert')).toContainText('Failed to add payment');
    await expect(pay.getByRole('alert')).toContainText(
      /This payment of R[\s\d]+,\d{2} is more than the remaining balance of R[\s\d]+,\d{2}\./,
    );
    await expect(pay).toBeVisible();
    await expect(submit).toBeEnabled();
    await expectText(figure(pay, 'Remaining balance'), rand(schedule.remainingAmount));
    await pay.getByRole('button', { name: 'Cancel' }).click();
    await expect(pay).toBeHidden();
    await expectText(entry.getByTestId('row-balance'), `Balance ${rand(schedule.remainingAmount)}`);
  } finally {
    await creator.api.dispose();
  }
});

test('Delete asks first; an application without money moved goes, one with a schedule offers no Delete', async ({
  page,
}, testInfo) => {
  const fresh = await creatorWithApplication(testInfo, 'admin-delete');
  const serviced = await creatorWithApplication(testInfo, 'admin-delete-active');
  try {
    await activateByApi(serviced.application.id, serviced.api);
    await openAdminTab(page, 'Applications');
    await searchApplications(page, fresh.lastName);
    const entry = adminEntry(page, fresh.application.id);

    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('confirm');
      expect(dialog.message()).toContain(`#${fresh.application.id}`);
      void dialog.dismiss();
    });
    await entry.getByRole('button', { name: 'Delete' }).click();
    await expect(entry).toBeVisible();

    page.once('dialog', (dialog) => void dialog.accept());
    await entry.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Application deleted')).toBeVisible();
    await expect(entry).toHaveCount(0);
    await expect(page.getByText('No applications match your filters')).toBeVisible();

    // The server keeps money history (a schedule or payments): the row does not offer what it refuses.
    await searchApplications(page, serviced.lastName);
    const active = adminEntry(page, serviced.application.id);
    await expect(active.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(active.getByRole('button', { name: 'Add Payment' })).toBeVisible();
    await expect(active.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // Repaid in full, the loan is offered no payment: only what can be done is offered.
    const admin = await adminApi();
    try {
      const loan = (await (await admin.get(`/api/admin/applications/${serviced.application.id}`)).json()) as {
        application: { repaymentSchedule: { remainingAmount: string } };
      };
      const paid = await admin.post(`/api/admin/applications/${serviced.application.id}/payments`, {
        data: {
          amount: loan.application.repaymentSchedule.remainingAmount,
          paymentDate: southAfricanToday(),
        },
      });
      expect(paid.status(), await paid.text()).toBe(201);
    } finally {
      await admin.dispose();
    }
    await page.reload();
    await expect(active).toContainText('Repaid');
    await expect(active.getByRole('button', { name: 'Add Payment' })).toHaveCount(0);
  } finally {
    await fresh.api.dispose();
    await serviced.api.dispose();
  }
});

test('status chips and Clear filters narrow the list', async ({ page }, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'admin-chips');
  try {
    await openAdminTab(page, 'Applications');
    await searchApplications(page, creator.lastName);
    const entry = adminEntry(page, creator.application.id);
    const approved = page.getByRole('button', { name: /^Approved \(\d+\)$/ });
    await approved.click();
    await expect(approved).toHaveAttribute('aria-pressed', 'true');
    await expect(entry).toHaveCount(0);
    const review = page.getByRole('button', { name: /^Under Review \(\d+\)$/ });
    await review.click();
    await expect(entry).toBeVisible();
    await review.click();
    await expect(entry).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page.getByLabel('Search applications')).toHaveValue('');
    await expect(approved).toHaveAttribute('aria-pressed', 'false');
    await searchApplications(page, `#${creator.application.id}`);
    await expect(entry).toBeVisible();
  } finally {
    await creator.api.dispose();
  }
});

test('Add Platform validates on the client and shows the server refusing a duplicate name', async ({
  page,
}, testInfo) => {
  const name = `Studio ${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await openAdminTab(page, 'Overview');
  await page.getByRole('button', { name: 'Add Platform' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Platform' });
  const field = dialog.getByLabel('Name', { exact: true });
  const submit = dialog.getByRole('button', { name: 'Add Platform' });

  await submit.click();
  await expect(field).toHaveAccessibleDescription('Platform name must be at least 2 characters');
  await field.fill(name);
  await dialog.getByLabel('Website URL (optional)').fill('studio dot example');
  await submit.click();
  await expect(dialog.getByLabel('Website URL (optional)')).toHaveAccessibleDescription(
    'Must be a valid URL',
  );
  await dialog.getByLabel('Website URL (optional)').fill('https://studio.example.com');
  await dialog.getByLabel('Description (optional)').fill('A creator studio used in the admin journeys.');
  await submit.click();
  await expect(toast(page, 'Platform created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Platform', exact: true })).toHaveText(name);
  await expect(page.getByText('A creator studio used in the admin journeys.')).toBeVisible();

  // The same name in capitals is the same platform: the server answers 409 and the dialog stays.
  await page.getByRole('button', { name: 'Add Platform' }).click();
  await field.fill(name.toUpperCase());
  await submit.click();
  await expect(visibleToast(page, 'Failed to create platform')).toBeVisible();
  await expect(field).toHaveAccessibleDescription('A platform with this name already exists.');
  await expect(field).toBeFocused();
  await expect(dialog).toBeVisible();
});

test("the dashboard mode (the admin's own view) changes on the server, refreshes the figures and survives a reload", async ({
  page,
}) => {
  // The mode is each admin's own view, and every journey signs in as the demo admin: one journey at a time changes
  // it, and only between Live and Mixed, which shows every live application too, so journeys beside it see theirs.
  await withServerLock('dashboard-mode', async () => {
    await resetDashboardMode();
    try {
      await openAdminTab(page, 'Overview');
      const mode = page.getByRole('combobox', { name: 'Dashboard Mode' });
      const hint = page.getByTestId('dashboard-mode-hint');
      await expect(mode).toHaveText('Live');
      await expect(hint).toHaveText('Showing live applications only, in your own view.');

      const refreshed = page.waitForResponse(
        (response) => response.url().endsWith('/api/admin/overview') && response.request().method() === 'GET',
      );
      await chooseOption(page, page, 'Dashboard Mode', 'Mixed');
      await expect(toast(page, 'Dashboard mode updated')).toBeVisible();
      expect((await refreshed).status()).toBe(200);
      await expect(mode).toHaveText('Mixed');
      await expect(hint).toHaveText('Showing live and test applications together, in your own view.');

      await page.reload();
      await expect(mode).toHaveText('Mixed');

      await chooseOption(page, page, 'Dashboard Mode', 'Live');
      await expect(toast(page, 'Dashboard mode updated')).toBeVisible();
      await expect(hint).toHaveText('Showing live applications only, in your own view.');
    } finally {
      await resetDashboardMode();
    }
  });
});

test('an application under review can be made a test application after a confirmation, and leaves the live list', async ({
  page,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'admin-test-app');
  try {
    // Under the shared lock so the dashboard-mode journey cannot switch to Mixed meanwhile.
    await withServerLock('dashboard-mode', async () => {
      await openAdminTab(page, 'Applications');
      await searchApplications(page, creator.lastName);
      const entry = adminEntry(page, creator.application.id);
      await entry.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Application' });
      const mark = edit.getByRole('button', { name: 'Mark as test application' });
      const confirm = page.getByRole('alertdialog', { name: 'Mark as test application?' });

      // It is final, so it asks first and says so; Cancel (focused first) changes nothing.
      await mark.click();
      await expect(confirm).toContainText(`Application #${creator.application.id}`);
      await expect(confirm).toContainText('for good');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(mark).toBeFocused();
      await expect(edit.getByRole('combobox', { name: 'Status' })).toHaveText('Under Review');
      // Escape cancels too; the list still shows the live application.
      await page.keyboard.press('Enter');
      // Focus in the confirmation means it is ready for keys (its layer is the topmost).
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      // ...and the Edit dialog below has let go of them: Radix's lower layer stops listening for Escape only
      // when it re-renders after the new layer mounts, the same render that makes it inert to the pointer.
      // An Escape before that closes both dialogs (seen in about 1 run in 3 under load). (A CSS locator: the
      // dialog below is hidden from the accessibility tree while the confirmation is open.)
      await expect(page.locator('[role="dialog"]')).toHaveCSS('pointer-events', 'none');
      // The listener goes in React's passive effects, which run in a task after that render: let a frame and
      // a task pass in the page.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(mark).toBeFocused();
      await expect(edit).toBeVisible();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(edit).toBeHidden();
      await expect(entry).toContainText('Under Review');

      // Confirmed, it becomes a test application.
      await entry.getByRole('button', { name: 'Edit' }).click();
      await mark.click();
      await confirm.getByRole('button', { name: 'Make it a test application' }).click();
      await expect(visibleToast(page, 'Status updated')).toBeVisible();
      await expect(
        page.getByText(`Application #${creator.application.id} is now a test application.`, { exact: true }),
      ).toBeVisible();
      // Live mode shows production applications only: the application and its dialog leave the list.
      await expect(edit).toBeHidden();
      await expect(entry).toHaveCount(0);
    });
  } finally {
    await creator.api.dispose();
  }
});
