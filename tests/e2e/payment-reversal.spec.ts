// A payment can be reversed (docs/lending.md, "Reversal"): the admin opens the loan's
// Application Details, reverses a payment recorded in error with a reason (none given: told so, nothing reversed),
// and the payment stays listed, struck through, counting for nothing. The creator then sees it on their plan card
// as reversed with the reason, the total paid without it, and the statement says the same, reached by the plan's
// own link.
import { expect, type Page, test } from '@playwright/test';
import { adminEntry, openAdminTab, searchApplications, sentForApprovalId } from './support/admin';
import { activeLoan } from './support/admin-servicing';
import { approveAsSecondAdmin } from './support/admin-session';
import {
  adminApi,
  currentBaseUrl,
  expectText,
  rand,
  signInByApi,
  skipTours,
  southAfricanToday,
} from './support/creator';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, nameToken } from './support/lending';
import { recordPaymentByApi, shortDate, shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

const PASSWORD = 'Creator-pass-2026';

/** 'August 05, 2026', as the statement writes a calendar day. */
function statementDate(day: string): string {
  const [year, month, date] = day.split('-');
  const name = new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${date}, ${year}`;
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
}

test('the admin reverses a payment recorded in error; the creator sees it reversed and not counted', async ({
  page,
}, testInfo) => {
  const token = nameToken();
  const admin = await adminApi();
  const loan = await activeLoan(testInfo, admin, { firstName: 'Sizwe', lastName: token });
  await admin.dispose();
  await loan.api.dispose();
  const today = southAfricanToday();
  // What the creator paid, and a keystroke that recorded R100.50 that never arrived.
  await recordPaymentByApi(loan.applicationId, '1042.00', today);
  await recordPaymentByApi(loan.applicationId, '100.50', today);

  await openAdminTab(page, 'Applications');
  await searchApplications(page, token);
  await adminEntry(page, loan.applicationId).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  const payments = details.getByTestId('details-payments');
  await expect(payments).toContainText(rand('100.50'));

  await expect(payments.getByRole('button', { name: /Reverse payment #/ })).toHaveCount(2);
  const wrong = payments.getByRole('button', { name: /Reverse payment #\d+ of R.100,50 on/ });
  const dialog = page.getByRole('dialog', { name: 'Reverse Payment' });
  // A click that lands while the details dialog is still settling can be lost: click again until it opens.
  await expect(async () => {
    if (!(await dialog.isVisible())) await wrong.click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(dialog.getByTestId('reversal-figures')).toContainText(rand('100.50'));
  await expect(dialog.getByTestId('reversal-figures')).toContainText(shortDate(today));

  // No reason: told what is missing, and nothing is reversed.
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  await expect(dialog.getByText('Give the reason for the reversal in at least 5 characters')).toBeVisible();
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await expectNoSeriousAxeViolations(page, 'the Reverse Payment dialog');
  await shot(page, 'reversal-dialog');

  await dialog.getByLabel('Reason').fill('Recorded in error: R100.50 never arrived');
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  // A second admin approves the reversal (decision 028; payout.spec.ts follows the queue's screens); the details,
  // opened again, read it.
  await approveAsSecondAdmin(currentBaseUrl(), await sentForApprovalId(page));
  await expect(dialog).toBeHidden();
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();
  await adminEntry(page, loan.applicationId).getByRole('button', { name: 'View Details' }).click();
  await expect(payments).toContainText(
    `Reversed on ${shortDate(today)}: Recorded in error: R100.50 never arrived`,
  );
  // Only the payment in force can still be reversed; the total paid leaves the reversed one out.
  await expect(payments.getByRole('button', { name: /Reverse payment #/ })).toHaveCount(1);
  await expectText(
    details.getByText('Total paid', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    rand('1042.00'),
  );
  await expectNoHorizontalOverflow(page);
  await shot(page, 'reversal-admin-details');

  // The creator, signed in on the same browser afterwards.
  await page.context().clearCookies();
  await skipTours(page);
  await signInByApi(page, loan.email, PASSWORD);
  await openDashboard(page);
  const plan = page.getByTestId(`plan-card-${loan.applicationId}`);
  await expect(plan.getByTestId('payment-reversed')).toContainText(
    `Reversed on ${shortDate(today)}: Recorded in error: R100.50 never arrived. It no longer counts.`,
  );
  await expect(plan.getByTestId('total-paid')).toContainText(`(${rand('1042.00')} to your financing`);
  await expectNoHorizontalOverflow(page);
  await shot(plan, 'reversal-plan-card');

  // The statement, opened by the plan's own button in a new tab, says the same.
  const [statement] = await Promise.all([
    page.context().waitForEvent('page'),
    plan.getByRole('button', { name: 'View Statement' }).click(),
  ]);
  await expect(statement.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
  // The list at phone width, the table from 640 px: whichever is shown says it.
  await expect(
    statement
      .getByText(
        `Reversed on ${statementDate(today)}: Recorded in error: R100.50 never arrived. Counts for nothing.`,
      )
      .locator('visible=true'),
  ).toHaveCount(1);
  await expectNoHorizontalOverflow(statement);
  await shot(statement, 'reversal-statement');
});
