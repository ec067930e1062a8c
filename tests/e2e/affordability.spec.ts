// The affordability assessment in the back office (docs/compliance.md, "Affordability"): Application
// Details shows the assessment's sum and its result; an approval of more than the income affords is refused under
// the amount, and the Approve step starts from the largest amount that fits, which is approved.
import { expect, test } from '@playwright/test';
import {
  adminEntry,
  chooseOption,
  creatorWithApplication,
  openAdminTab,
  searchApplications,
  visibleToast,
} from './support/admin';
import { shoot } from './support/admin-servicing';

test.describe.configure({ mode: 'parallel' });

test('Application Details shows the assessment; an unaffordable approval is refused and the largest that fits approved', async ({
  page,
}, testInfo) => {
  // R20 000 asked on R3 000 a month: the norm leaves R2 051,50, less than the plan's instalment; R19 000 fits.
  const creator = await creatorWithApplication(testInfo, 'afford', {
    requestedAmount: 20_000,
    monthlyRevenue: 3_000,
  });
  const id = creator.application.id;
  try {
    await openAdminTab(page, 'Applications');
    await searchApplications(page, creator.lastName);
    const entry = adminEntry(page, id);
    await entry.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Application Details' });
    const assessment = details.getByTestId('details-affordability');
    await expect(assessment).toContainText('Fails');
    await expect(assessment).toContainText(/Income R\s3\s000,00 \(declared, not verified\)/);
    await expect(assessment).toContainText(/= R\s2\s051,50 a month/);
    await expect(assessment).toContainText('No credit bureau is configured: other debt as declared.');
    await expect(assessment).toContainText(/The largest amount that fits is R\s19\s000,00\./);
    await shoot(page, testInfo, 'affordability-details', details);
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(details).toBeHidden();

    await entry.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Application' });
    await chooseOption(page, edit, 'Status', 'Approved');
    const amount = edit.getByLabel('Approved amount (R)');
    await expect(amount).toBeFocused();
    // The step starts from the largest amount that fits, and says why.
    await expect(amount).toHaveValue('19000');
    await expect(edit.getByTestId('approve-affordability')).toContainText(
      /fails the affordability assessment\. The largest amount that fits is R\s19\s000\./,
    );
    // Asking for the full amount is refused by the server, under the field, and nothing changes.
    await amount.fill('20000');
    await edit.getByRole('button', { name: /^Approve R/ }).click();
    await expect(edit.getByText(/R\s20\s000 fails the affordability assessment/)).toBeVisible();
    await shoot(page, testInfo, 'affordability-refused', edit);
    await amount.fill('19000');
    await edit.getByRole('button', { name: /^Approve R/ }).click();
    await expect(visibleToast(page, 'Status updated')).toBeVisible();
    await expect(edit.locator('[data-slot="badge"]', { hasText: /^Approved$/ })).toBeVisible();
  } finally {
    await creator.api.dispose();
  }
});
