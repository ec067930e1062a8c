// No wasted forms and top-ups, at 1280 and 390 px: a creator with an application
// open is told so on /apply at once, with the way to it, and the dashboard's apply button says why it is
// unavailable; a creator who has repaid 75 % of a plan with nothing overdue is offered a top-up on the
// dashboard, files it from there, chooses its plan (the dialog says what it settles and what they receive; the
// admin's payout then settles the old loan), and the admin sees the top-up and the balance it settled in the
// applications list and details.
import { expect, type Page, test } from '@playwright/test';
import { formatZarWhole } from '../../src/shared/format';
import { adminEntry, openAdminTab, searchApplications } from './support/admin';
import { activeLoan, shoot, todayInSouthAfrica } from './support/admin-servicing';
import {
  adminApi,
  applicationEntry,
  applicationsOf,
  approveApplication,
  currentBaseUrl,
  newCreator,
  payOutAcceptedPlan,
  rand,
  signInByApi,
  skipTours,
  submitApplicationByApi,
  TEST_PAYOUT_ACCOUNT,
} from './support/creator';
import { toast } from './support/mailbox';

test.describe.configure({ mode: 'parallel' });

/** Text with the no-break spaces of en-ZA money read as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function expectPlainText(page: Page, testId: string, text: string) {
  await expect.poll(async () => plain(await page.getByTestId(testId).textContent())).toContain(text);
}

test('a creator with an application under review is told on /apply at once, with the way to it', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'apply-open', { firstName: 'Lindiwe', lastName: 'Open' });
  const application = await submitApplicationByApi(page, { requestedAmount: 9_000 });

  // The dashboard's apply button is disabled, with the reason beside it, on every screen size.
  await page.goto('/dashboard');
  const apply = page.getByRole('button', { name: 'Apply for New Financing' });
  await expect(apply).toBeDisabled();
  const reason = `your application #${application.id} for R 9 000 is under review`;
  await expect
    .poll(async () => plain(await page.locator('#apply-unavailable-reason').textContent()))
    .toContain(reason);
  await expect(page.getByRole('link', { name: /Apply for (New )?Financing/ })).toHaveCount(0);
  await shoot(page, testInfo, 'top-up-dashboard-open-application');

  // Opening /apply shows the notice instead of the form, and its link leads to the history.
  await page.goto('/apply');
  const notice = page.getByTestId('open-application-notice');
  await expect(notice.getByRole('heading', { name: 'One application at a time' })).toBeVisible();
  await expectPlainText(page, 'open-application-notice', reason);
  await expect(notice).toContainText(`Application #${application.id}`);
  await expect(notice).toContainText('Under Review');
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
  await expect(page.getByLabel('Requested amount (R)')).toHaveCount(0);
  await shoot(page, testInfo, 'top-up-apply-notice');

  await notice.getByRole('link', { name: 'View it in your application history' }).click();
  await expect(page).toHaveURL(/\/dashboard#application-history-heading$/);
  await expect(applicationEntry(page, application.id)).toContainText('Under Review');
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeInViewport();
});

test(
  'a creator at 75 % repaid takes a top-up through the dashboard; the admin sees what it settled',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    const admin = await adminApi();
    const owner = await activeLoan(testInfo, admin, {
      firstName: 'Sizwe',
      lastName: `Topup${testInfo.project.name}`,
    });
    try {
      // 75 % of the plan repaid today (rounded up to the cent), nothing overdue.
      const [loan] = (await (await owner.api.get('/api/applications')).json()) as Array<{
        repaymentSchedule: { totalAmount: string };
      }>;
      const totalCents = Math.round(Number(loan!.repaymentSchedule.totalAmount) * 100);
      const paid = (Math.ceil((totalCents * 3) / 4) / 100).toFixed(2);
      const payment = await admin.post(`/api/admin/applications/${owner.applicationId}/payments`, {
        data: { amount: paid, paymentDate: todayInSouthAfrica() },
      });
      expect(payment.status(), await payment.text()).toBe(201);
      // Repaid on the day of the payout: settling today costs the principal left (R 10 000 less what was paid); the
      // whole finance charge is dropped, and there is no fee.
      const balanceCents = 1_000_000 - Math.round(Number(paid) * 100);
      const balance = balanceCents / 100;
      const receives = (2_000_000 - balanceCents) / 100;

      await skipTours(page);
      await signInByApi(page, owner.email, 'Creator-pass-2026');
      await page.goto('/dashboard');
      const offer = page.getByTestId('top-up-offer');
      await expect(offer.getByRole('heading', { name: 'You have earned a top-up' })).toBeVisible();
      await expectPlainText(
        page,
        'top-up-offer',
        `settles your current financing, today for ${rand(balance)}`,
      );
      await expect(page.getByRole('button', { name: 'Apply for New Financing' })).toBeDisabled();
      await expect(page.locator('#apply-unavailable-reason')).toContainText(
        `Your financing #${owner.applicationId} is being repaid and has earned a top-up`,
      );
      await shoot(page, testInfo, 'top-up-dashboard-offer');

      await offer.getByRole('link', { name: 'Request a Top-up' }).click();
      await expect(page).toHaveURL(new RegExp(`/apply\\?topUp=${owner.applicationId}$`));
      await expect(page.getByRole('heading', { name: 'Top Up Your Financing' })).toBeVisible();
      await expectPlainText(page, 'top-up-terms', `settles that financing for ${rand(balance)} today`);
      // The form starts from the loan it settles: its type, monthly revenue and use of funds, and the loan's own
      // amount as the suggestion, between the least a top-up can be (more than it settles) and the product maximum.
      const amount = page.getByLabel('Requested amount (R)');
      await expect(amount).toHaveValue('10000');
      await expect(
        page.getByText(
          `Suggested: ${formatZarWhole(10_000)}, what you were financed last time. From ${formatZarWhole(Math.max(2_000, Math.floor(balance) + 1))} (more than the ${rand(balance)} it settles) to ${formatZarWhole(50_000)}.`,
        ),
      ).toBeVisible();
      await expect(page.getByLabel('Monthly revenue (R)', { exact: true })).toHaveValue('8000');
      await expect(page.getByRole('checkbox', { name: 'Equipment Purchase', exact: true })).toBeChecked();
      await expect(
        page.getByRole('radiogroup', { name: 'Application type' }).getByRole('radio', { name: 'Personal' }),
      ).toBeChecked();
      await page.getByLabel('SA ID number').fill('9001155009086');
      await page.getByLabel('Requested amount (R)').fill('20000');
      await page.getByLabel('Monthly revenue (R)', { exact: true }).fill('9000');
      await page.getByRole('checkbox', { name: 'Equipment Purchase', exact: true }).check();
      await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
      await shoot(page, testInfo, 'top-up-apply-form');
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(toast(page, 'Application submitted!')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);

      const topUp = (await applicationsOf(page)).find((a) => a.id !== owner.applicationId)!;
      expect(topUp).toMatchObject({ status: 'pending_review', requestedAmount: 20_000 });
      const entry = applicationEntry(page, topUp.id);
      await expect(entry).toContainText(`Top-up of #${owner.applicationId}`);
      await expect(page.getByTestId('top-up-offer')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Apply for New Financing' })).toBeDisabled();

      // Approved: the plan dialog says what the payout settles and what the creator receives.
      await approveApplication(topUp.id);
      await entry.getByRole('button', { name: 'Setup Repayment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose Your Repayment Plan' });
      await expect
        .poll(async () => plain(await dialog.getByTestId('top-up-note').textContent()))
        .toContain(`settles your current financing, today for ${rand(balance)} with no fee`);
      await expect
        .poll(async () => plain(await dialog.getByTestId('top-up-note').textContent()))
        .toContain(`you receive ${rand(receives)}`);
      await shoot(page, testInfo, 'top-up-plan-dialog', dialog);

      // The admin's Setup dialog (in the admin's own browser) says the same about the creator.
      const adminContext = await browser.newContext({
        baseURL: currentBaseUrl(),
        viewport: testInfo.project.use.viewport ?? null,
        reducedMotion: 'reduce',
      });
      try {
        const adminPage = await adminContext.newPage();
        await openAdminTab(adminPage, 'Applications');
        await searchApplications(adminPage, owner.lastName, 2);
        await adminEntry(adminPage, topUp.id).getByRole('button', { name: 'Setup Repayment' }).click();
        const setup = adminPage.getByRole('dialog', { name: 'Setup Repayment Schedule' });
        await expect
          .poll(async () => plain(await setup.getByTestId('top-up-note').textContent()))
          .toContain(`settles the creator's current financing, today for ${rand(balance)}`);
        await expect
          .poll(async () => plain(await setup.getByTestId('top-up-note').textContent()))
          .toContain(`the creator receives ${rand(receives)}`);
        await shoot(adminPage, testInfo, 'top-up-admin-setup', setup);
        await setup.getByRole('button', { name: 'Cancel' }).click();
        await expect(setup).toBeHidden();
      } finally {
        await adminContext.close();
      }

      await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
      await dialog.getByRole('button', { name: 'Complete Setup' }).click();
      await expect(toast(page, 'Plan accepted')).toBeVisible();
      await expect(applicationEntry(page, topUp.id)).toContainText(
        `Accepted — awaiting payout to ${TEST_PAYOUT_ACCOUNT}`,
      );
      await payOutAcceptedPlan(page.request, topUp.id);

      // One open loan: the old one is repaid by the payout, the top-up is being repaid.
      await expect(applicationEntry(page, owner.applicationId)).toContainText('Repaid');
      await expect(applicationEntry(page, topUp.id)).toContainText(/active/i);

      // The admin sees the top-up in the list and the balance it settled in the details.
      await openAdminTab(page, 'Applications');
      await searchApplications(page, owner.lastName, 2);
      const row = adminEntry(page, topUp.id);
      await expect(row).toContainText(`Top-up of #${owner.applicationId}`);
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Application Details' });
      await expect
        .poll(async () => plain(await details.getByTestId('admin-top-up').textContent()))
        .toContain(`Top-up of #${owner.applicationId}, settled ${rand(balance)}`);
      await expect
        .poll(async () => plain(await details.getByTestId('admin-top-up').textContent()))
        .toContain(`creator received ${rand(receives)}`);
      await shoot(page, testInfo, 'top-up-admin-details', details);
    } finally {
      await owner.api.dispose();
      await admin.dispose();
    }
  },
);
