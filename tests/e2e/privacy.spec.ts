// The creator's data (docs/privacy.md): "Download my data" hands over a ZIP with their data,
// "Delete my account" erases the account and signs them out for good, and an admin sees a deletion request
// that waits for a loan to be repaid. At 1280 and 390 px (both projects).
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { activateByApi, creatorWithApplication, openAdminTab } from './support/admin';
import { newCreator, signInByApi, skipTours } from './support/creator';
import { loginForm, openMenuIfNeeded, submitLogin, toast } from './support/mailbox';
import { shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

/** From the dashboard to Settings by the header's link (in the menu sheet on phones). */
async function openSettingsByLink(page: Page): Promise<Locator> {
  await page.goto('/dashboard');
  await openMenuIfNeeded(page);
  await page.getByRole('link', { name: 'Settings', exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const card = page.getByTestId('your-data-card');
  await expect(card).toBeVisible();
  return card;
}

test(
  'download my data: a ZIP with the creator’s own profile, and no password in it',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    const creator = await newCreator(page, testInfo, 'my-data', { firstName: 'Ayanda', lastName: 'Mthembu' });
    const card = await openSettingsByLink(page);
    await shot(card, 'privacy-card');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vuka-capital-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(toast(page, 'Your data is downloading')).toBeVisible();
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'applications.json']),
    );
    const profile = JSON.parse(strFromU8(files['profile.json']!));
    expect(profile).toMatchObject({ username: creator.email, firstName: 'Ayanda', lastName: 'Mthembu' });
    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
    expect(everything).not.toContain(creator.password);
    expect(everything).not.toMatch(/passwordHash|\$argon2/);
  },
);

test('delete my account: asks for the password and DELETE, erases it, signs out, and it cannot sign in again', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  const creator = await newCreator(page, testInfo, 'delete-me', { firstName: 'Sizwe' });
  const card = await openSettingsByLink(page);
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone.');

  // Both fields are checked before anything is sent; a wrong password is the server's answer under its field.
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password')).toBeVisible();
  await expect(dialog.getByText('Type DELETE to confirm').last()).toBeVisible();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is not correct.')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await shot(page, 'privacy-dialog');

  await dialog.getByLabel('Password').fill(creator.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Account deleted')).toBeVisible();
  await shot(page, 'privacy-deleted');

  // Signed out: the header offers Login, and the old e-mail and password no longer sign in.
  await page.getByRole('link', { name: 'Login', exact: true }).filter({ visible: true }).first().click();
  await expect(loginForm(page)).toBeVisible();
  await submitLogin(page, creator.email, creator.password);
  await expect(page.getByText('Incorrect email or password. Please try again.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test(
  'an admin sees a deletion request that waits for the loan to be repaid',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const creator = await creatorWithApplication(testInfo, 'delete-later', { requestedAmount: 6_000 });
    try {
      await activateByApi(creator.application.id, creator.api);
      const asked = await creator.api.post('/api/privacy/delete-account', {
        data: { password: 'Creator-pass-2026', confirmation: 'DELETE' },
      });
      expect(asked.status(), await asked.text()).toBe(200);
      expect(((await asked.json()) as { outcome: string }).outcome).toBe('scheduled');
    } finally {
      await creator.api.dispose();
    }

    await openAdminTab(page, 'Users');
    const deletion = page.getByRole('combobox', { name: 'Deletion' });
    await deletion.click();
    await page.getByRole('option', { name: 'Requested', exact: true }).click();
    await expect(deletion).toHaveText('Requested');
    await expect(page).toHaveURL(/deletion=requested/);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(creator.lastName);
    await expect(page.getByTestId('users-count')).toHaveText('1 user match');
    await expect(deletion).toHaveText('Requested');
    const wide = (page.viewportSize()?.width ?? 1280) >= 768;
    const entry = page.getByTestId(wide ? `user-row-${creator.userId}` : `user-card-${creator.userId}`);
    await expect(entry.getByText('Deletion requested', { exact: true })).toBeVisible();
    await shot(page, 'privacy-admin-list');

    await entry.getByRole('link', { name: /View/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${creator.userId}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `${creator.firstName} ${creator.lastName}` }),
    ).toBeVisible();
    const notice = page.getByTestId('deletion-notice');
    await expect(notice).toContainText('Deletion requested on');
    await expect(notice).toContainText('erased automatically when their open financing is repaid');
    await shot(page, 'privacy-admin-user');
  },
);

test('with money owed, deleting records a request the creator can withdraw', async ({ page }, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'owes', { requestedAmount: 5_000 });
  await activateByApi(creator.application.id, creator.api);
  await creator.api.dispose();
  await skipTours(page);
  await signInByApi(page, creator.email, 'Creator-pass-2026');
  const card = await openSettingsByLink(page);
  await expect(card).toContainText(`You still owe on financing #${creator.application.id}`);
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('You still owe money');
  await dialog.getByLabel('Password').fill('Creator-pass-2026');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Request deletion' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Deletion requested')).toBeVisible();
  const pending = card.getByTestId('deletion-pending');
  await expect(pending).toContainText(`as soon as financing #${creator.application.id} is repaid`);
  await shot(card, 'privacy-pending');

  await card.getByRole('button', { name: 'Keep my account' }).click();
  await expect(toast(page, 'Request withdrawn')).toBeVisible();
  await expect(pending).toBeHidden();
  await expect(card.getByRole('button', { name: 'Delete my account' })).toBeVisible();
});
