// The creator's applications after submitting (the dashboard, the plan, the agreement and the printable
// statement): cancelling, choosing a repayment plan (which accepts its quote; the
// admin's payout then starts the plan), and the statement.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { priced } from './support/admin';
import {
  applicationEntry,
  applicationsOf,
  approveApplication,
  expectText,
  newCreator,
  onlyApplication,
  payOutAcceptedPlan,
  rand,
  signInByApi,
  skipTours,
  submitApplicationByApi,
} from './support/creator';
import { THANDI, toast } from './support/mailbox';
import { shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

/**
 * Section 9, worked out here: cost % = 35 - 10 % of the score held to 25-35, cost = ceiling of amount x
 * cost %, total = amount + cost. Computed in tenths of a percent so no binary fraction creeps in.
 */
function platformEarningsPlan(requestedAmount: number, score: number, monthlyRevenue: number) {
  return priced(requestedAmount, score, monthlyRevenue);
}

/** The credit card plan: a fixed 35 % cost. */
function creditCardPlan(requestedAmount: number) {
  const cost = Math.ceil((requestedAmount * 35) / 100);
  return { cost, total: requestedAmount + cost };
}

/** The value (dd) beside a label (dt) in a list of figures. */
function figure(scope: Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^\\s*${label}\\s*$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');
}

/** A tile of a repayment plan card: its heading (h4) and the paragraphs under it. */
function planTile(card: Locator, title: string): Locator {
  return card.getByRole('heading', { name: title, level: 4 }).locator('xpath=..');
}

/** A plan option of the repayment dialog: the big label that holds the radio and its figures. */
function planOption(dialog: Locator, name: string): Locator {
  return dialog.locator('label', { has: dialog.page().getByRole('radio', { name, exact: true }) });
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
}

test('cancelling an application needs a reason; then it is cancelled and leaves the history', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'cancel');
  const application = await submitApplicationByApi(page, { requestedAmount: 6_000 });
  await openDashboard(page);
  const entry = applicationEntry(page, application.id);
  await expect(entry).toContainText('Under Review');

  await entry.getByRole('button', { name: 'Cancel Application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Application' });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel('Reason for cancellation');
  const confirm = dialog.getByRole('button', { name: 'Confirm Cancellation' });

  // An empty and a blank reason are both refused, and the dialog stays open.
  for (const blank of ['', '   ']) {
    await reason.fill(blank);
    await confirm.click();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription(/reason/i);
    await expect(dialog).toBeVisible();
  }
  expect((await onlyApplication(page)).status).toBe('pending_review');

  await reason.fill('I found the equipment second-hand and no longer need financing.');
  await confirm.click();
  await expect(toast(page, 'Application cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entry).toHaveCount(0);
  await expect(page.getByText('No applications yet')).toBeVisible();
  expect((await onlyApplication(page)).status).toBe('cancelled');
});

test(
  'an approved application: choose the platform-earnings plan, read the agreement, complete setup',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'plan');
    const requestedAmount = 10_000;
    const application = await submitApplicationByApi(page, { requestedAmount, monthlyRevenue: 8_000 });
    const score = application.creditScore;
    expect(score, 'the server scores every application').toEqual(expect.any(Number));
    const expected = platformEarningsPlan(requestedAmount, score!, 8_000);

    await openDashboard(page);
    const entry = applicationEntry(page, application.id);
    await expect(entry).toContainText('Under Review');
    await expect(entry.getByRole('button', { name: 'Setup Repayment' })).toHaveCount(0);

    // The list polls every second: the approval shows without a reload.
    await approveApplication(application.id);
    const setup = entry.getByRole('button', { name: 'Setup Repayment' });
    await expect(setup).toBeVisible();
    await expect(entry).toContainText(/approved/i);
    await expect(entry.getByRole('button', { name: 'Cancel Application' })).toBeVisible();

    await setup.click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Repayment Plan' });
    await expect(dialog).toBeVisible();
    const platform = planOption(dialog, 'Platform Earnings');
    await expect(dialog.getByRole('radio', { name: 'Platform Earnings' })).toBeChecked();
    await expectText(figure(platform, 'Cost amount'), rand(expected.cost));
    await expectText(figure(platform, 'Total repayable'), rand(expected.total));
    const preview = await page.request.post(`/api/applications/${application.id}/preview-terms`, {
      data: {},
    });
    expect(preview.status(), await preview.text()).toBe(200);
    const terms = (await preview.json()) as {
      totalAmount: string;
      monthlyWithholding: string;
      estimatedMonthlyWithholding: string;
    };
    expect(Number(terms.totalAmount)).toBe(expected.total);
    // Two named figures: the instalment (the preview's "monthly withholding") and the estimated
    // monthly withholding, each value without its note.
    await expectText(figure(platform, 'Instalment').locator('span').first(), rand(terms.monthlyWithholding));
    await expectText(
      figure(platform, 'Estimated monthly withholding').locator('span').first(),
      rand(terms.estimatedMonthlyWithholding),
    );

    // The credit card plan is shown, priced at 35 %, but cannot be chosen yet.
    const card = planOption(dialog, 'Credit Card');
    await expect(dialog.getByRole('radio', { name: 'Credit Card' })).toBeDisabled();
    await expect(card.getByText('Coming Soon', { exact: true })).toBeVisible();
    await expectText(figure(card, 'Total repayable'), rand(creditCardPlan(requestedAmount).total));

    await dialog.getByRole('button', { name: 'Read the Repayment Agreement' }).click();
    const agreement = page.getByRole('dialog', { name: 'Repayment Agreement' });
    await expect(agreement).toBeVisible();
    await expect(agreement).toContainText('90 days');
    // Section 9: governed by South African law (the agreement words it 'the laws of the Republic of South Africa').
    await expect(agreement).toContainText(
      /governed by (South African law|the laws of the Republic of South Africa)/i,
    );
    // Who lends, with its NCR registration number (docs/compliance.md); paying ahead covers the coming instalments.
    await expect(agreement.getByTestId('agreement-provider')).toContainText(
      'Vuka Capital (Pty) Ltd is a registered credit provider, NCR registration number NCRCP',
    );
    await expect(agreement).toContainText('pays your coming instalments in the order they fall due');
    await expect(page.getByTestId('provider-registration')).toContainText('NCR registration number NCRCP');
    await agreement.getByRole('button', { name: 'Close' }).click();
    await expect(agreement).toBeHidden();
    await expect(dialog).toBeVisible();

    const complete = dialog.getByRole('button', { name: 'Complete Setup' });
    const accept = dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    await expect(complete).toBeDisabled();
    await accept.check();
    await expect(complete).toBeEnabled();
    await accept.uncheck();
    await expect(complete).toBeDisabled();
    await accept.check();
    await complete.click();
    // Choosing the plan accepts its quote; the loan starts only when the admin records the payout.
    await expect(toast(page, 'Plan accepted')).toBeVisible();
    await expect(dialog).toBeHidden();
    const [accepted] = await applicationsOf(page);
    expect(accepted!.status).toBe('accepted');
    expect(accepted!.repaymentSchedule).toBeNull();
    await expect(entry).toContainText('Accepted — awaiting payout');
    await expect(entry.getByRole('button', { name: 'Setup Repayment' })).toHaveCount(0);

    await payOutAcceptedPlan(page.request, application.id);
    const [saved] = await applicationsOf(page);
    expect(saved!.status).toBe('active');
    const schedule = saved!.repaymentSchedule!;
    expect(schedule, 'the repayment schedule').toBeTruthy();
    expect(Number(schedule.totalAmount)).toBe(expected.total);
    await expect(page.getByRole('heading', { name: 'Active Repayment Plans' })).toBeVisible();
    const plan = page.getByTestId(`plan-card-${application.id}`);
    await expectText(planTile(plan, 'Total Amount').locator('p').first(), rand(schedule.totalAmount));
    await expectText(
      planTile(plan, 'Total Amount').locator('p').nth(1),
      `Total paid: ${rand(0)} (${rand(0)} to your financing + ${rand(0)} platform fees)`,
    );
    await expectText(planTile(plan, 'Remaining Balance').locator('p').first(), rand(schedule.totalAmount));

    // The history row now carries the schedule marker and View Details; an active plan cannot be cancelled.
    await expect(entry).toContainText('Payment Schedule Active');
    await expect(entry.getByRole('button', { name: 'View Details' })).toBeVisible();
    await expect(entry.getByRole('button', { name: 'Setup Repayment' })).toHaveCount(0);
    await expect(entry.getByRole('button', { name: 'Cancel Application' })).toHaveCount(0);
  },
);

test('the statement opens in a new tab with the holder, summary and every payment; View all payments lists them', {
  tag: '@phone',
}, async ({ page, context }) => {
  await skipTours(page);
  await signInByApi(page, THANDI.email, THANDI.password);
  const [application] = (await applicationsOf(page)).filter((a) => a.repaymentSchedule);
  // What the statement reads besides the helper's fields (instalment, next due date, withholding).
  const schedule = application!.repaymentSchedule! as NonNullable<typeof application.repaymentSchedule> & {
    installmentAmount: string;
    nextPaymentDate: string;
    withholdingPercentage: string;
    paymentCount: number;
    paidTotal: string;
  };
  // Thandi pays every instalment on time; how many have fallen due depends on today's date. The polled list sends
  // the latest 3 payments with the count and the total of all of them.
  const count = schedule.paymentCount;
  expect(count, "Thandi's seeded payments").toBeGreaterThan(3);
  expect(schedule.payments).toHaveLength(3);
  const paid = Number(schedule.paidTotal);

  await openDashboard(page);
  const plan = page.getByTestId(`plan-card-${application!.id}`);
  await expect(plan).toBeVisible();
  // The card shows the latest 3 payments and a link to all of them, as there are more than 3.
  await expect(plan.getByRole('table', { name: /^Latest payments of / }).locator('tbody tr')).toHaveCount(3);
  await plan.getByRole('button', { name: 'View all payments' }).click();
  const all = page.getByRole('dialog', { name: 'All Payments' });
  await expect(all.locator('tbody tr')).toHaveCount(count);
  await page.keyboard.press('Escape');
  await expect(all).toBeHidden();

  const [statement] = await Promise.all([
    context.waitForEvent('page'),
    plan.getByRole('button', { name: 'View Statement' }).click(),
  ]);
  await expect(statement).toHaveURL(new RegExp(`/statement/${application!.id}$`));
  await expect(statement.getByRole('heading', { name: 'Statement', level: 1 })).toBeVisible();
  await expect(statement.getByText('Empowering Digital Creators', { exact: true })).toBeVisible();
  await shot(statement, 'statement-top');

  const section = (title: string) =>
    statement.locator('section', { has: statement.getByRole('heading', { name: title, level: 2 }) });
  await expect(section('Financing Information')).toContainText(String(application!.id));
  await expect(section('Account Holder')).toContainText('Thandi Nkosi');
  await expect(section('Account Holder')).toContainText(THANDI.email);
  const summary = section('Payment Summary');
  await expectText(figure(summary, 'Total Amount'), rand(schedule.totalAmount));
  await expectText(figure(summary, 'Total Paid'), rand(paid));
  // Section 9: the stored balance, else the total less what was paid.
  const remaining = schedule.remainingAmount ?? Math.max(0, Number(schedule.totalAmount) - paid);
  await expectText(figure(summary, 'Remaining Balance'), rand(remaining));
  // Two named figures and the next due date as a calendar day ('MMMM dd, yyyy').
  // The instalment and its platform fee, each named, and what is handed over for it.
  const fee = Number((schedule as unknown as { installmentFee: string }).installmentFee);
  await expectText(figure(summary, 'Instalment'), `${rand(schedule.installmentAmount)} + ${rand(fee)} fee`);
  await expectText(
    figure(summary, 'Instalment with its fee'),
    rand((Math.round(Number(schedule.installmentAmount) * 100) + Math.round(fee * 100)) / 100),
  );
  const [year, month, day] = schedule.nextPaymentDate.split('-');
  const monthName = new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  await expectText(figure(summary, 'Next due date'), `${monthName} ${day}, ${year}`);
  await expect(summary.getByText('Amount overdue')).toHaveCount(0);
  // Section 9: monthly revenue x withholding % / 100, in cents.
  const withheld = Math.round(
    (Math.round(Number(application!.monthlyRevenue) * 100) * Number(schedule.withholdingPercentage)) / 100,
  );
  await expectText(figure(summary, 'Estimated monthly withholding'), rand(withheld / 100));
  const history = section('Payment History');
  await expect(history.locator('tbody tr')).toHaveCount(count);
  await expect(history.locator('tbody tr').first()).toContainText('Withheld from platform earnings');

  const print = statement.getByRole('button', { name: 'Print Statement' });
  await expect(print).toBeVisible();
  await statement.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  // The page has no site header: its own link leads back (hidden when printed).
  const back = statement.getByRole('link', { name: 'Back to dashboard' });
  await expect(back).toBeHidden();
  await statement.emulateMedia({ media: 'screen' });
  await back.click();
  await expect(statement).toHaveURL(/\/dashboard$/);
  await statement.close();
});
