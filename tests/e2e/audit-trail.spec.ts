// The one audit trail: an admin declines an application, then finds that act in the audit trail,
// reached from the Admin Panel by the app's own links, filtered by whom it concerned and by the action, reads who did
// it and when, and exports the filtered set to CSV.
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { creatorWithApplication, openAdminPanelByLinks, testWithAdminApi } from './support/admin';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from './support/lending';
import { shot } from './support/servicing';

const test = testWithAdminApi;

// At 1280 px: at 390 px the trail's cards are tests/e2e/admin-phone.spec.ts's.
test('an admin finds a decline in the audit trail by whom it concerned and the action, and exports it', async ({
  page,
  admin,
}, testInfo) => {
  test.setTimeout(90_000);
  const declined = await creatorWithApplication(testInfo, 'audit-declined', { requestedAmount: 5_000 });
  const creatorId = declined.userId;
  const rejected = await admin.patch(`/api/admin/applications/${declined.application.id}`, {
    data: { status: 'rejected', rejectionReason: 'Too early to lend on this channel.' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await declined.api.dispose();

  await openAdminPanelByLinks(page);
  await page.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();

  // Whom it concerned, by id, then the action: the creator's sign-up sign-in and the decline narrow to the decline.
  await page.getByLabel('Concerning').fill(`#${creatorId}`);
  await page.getByLabel('Concerning').press('Enter');
  await expect(page).toHaveURL(new RegExp(`subject=%23${creatorId}`));
  await page.getByLabel('Action').fill('application_updated');
  await page.getByLabel('Action').press('Enter');
  const view = page.getByTestId(/^audit-row-/);
  await expect(view).toHaveCount(1);
  await expect(view.first()).toContainText('Application updated');
  await expect(view.first()).toContainText(declined.email);
  // The demo admin did it (their name links to their page).
  await expect(view.first().getByRole('link').first()).toHaveAttribute('href', /\/admin\/users\/\d+/);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, 'the audit trail');
  await shot(page, 'audit-trail');

  // A reload keeps the filters (they are in the address).
  await page.reload();
  await expect(view).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('When (SAST),Action,Actor,Concerning,Notes,Entry');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Application updated');
  expect(lines[1]).not.toContain('application_updated');
  expect(lines[1]).toContain(declined.email);
});
