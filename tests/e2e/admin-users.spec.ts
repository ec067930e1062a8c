// Users administration and impersonation: the Users tab's search and role
// dropdown (making an admin asks first), viewing the product as a creator and back, and suspending from
// /admin/users/{id}.
import { expect, test } from '@playwright/test';
import { READ_ONLY_HINT } from '../../src/shared/constants';
import { activateByApi, creatorWithApplication, sentForApprovalId } from './support/admin';
import { approveAsSecondAdmin, ownDemoAdminSession } from './support/admin-session';
import {
  chooseRole,
  expectToast,
  findUser,
  impersonationBanner,
  newCreatorAccount,
  openUsersTab,
  roleSelect,
  signInAsAdmin,
  usersSearch,
} from './support/admin-users';
import { currentBaseUrl, rand } from './support/creator';
import { ADMIN, MENU_BREAKPOINT, markToursSeen, openMenuIfNeeded } from './support/mailbox';
import { shot } from './support/servicing';

// Each journey makes its own creator, so they run side by side (and beside the other project's run).
test.describe.configure({ mode: 'parallel' });

test("a member of staff's lost authenticator: the admin opens their page, resets it after a confirmation, and the role stays", async ({
  page,
}, testInfo) => {
  const person = await newCreatorAccount(testInfo, 'lost-phone');
  await signInAsAdmin(page);
  await openUsersTab(page);
  const entry = await findUser(page, person);
  await chooseRole(page, entry, person, 'Finance officer');
  await page
    .getByRole('alertdialog', { name: `Make ${person.name} a Finance officer?` })
    .getByRole('button', { name: 'Make Finance officer' })
    .click();
  // The role waits for a second admin (decision 028), who approves it.
  await approveAsSecondAdmin(currentBaseUrl(), await sentForApprovalId(page));

  await entry.getByRole('link', { name: `View ${person.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: person.name })).toBeVisible();
  await expect(page.getByText('A finance officer moves money: payouts, payments, reversals')).toBeVisible();
  await page.getByRole('button', { name: 'Reset authenticator' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Reset ${person.name}'s authenticator?` });
  await expect(confirm).toContainText('their role stays Finance officer');
  await shot(page, 'users-reset-authenticator');
  await confirm.getByRole('button', { name: 'Reset authenticator' }).click();
  await expectToast(
    page,
    'Authenticator reset',
    `${person.name} sets up a new authenticator at their next sign-in.`,
  );
  await expect(page.getByText('Authenticator reset', { exact: true }).last()).toBeVisible();
});

test('users tab: search finds a fresh creator; the role dropdown makes them Admin or a Collector (after a confirmation) and back, and it sticks', async ({
  page,
}, testInfo) => {
  const creator = await newCreatorAccount(testInfo, 'role');
  await signInAsAdmin(page);
  await openUsersTab(page);

  // The search narrows the list to the one creator; a name that matches nobody says so.
  await usersSearch(page).fill('no-such-user-anywhere');
  await expect(page.getByText('No users found')).toBeVisible();
  let entry = await findUser(page, creator);
  await expect(entry.getByText('active', { exact: true })).toBeVisible();
  await expect(roleSelect(entry, creator)).toHaveText('User');
  await expect(entry.getByRole('button', { name: `Impersonate ${creator.name}` })).toBeVisible();
  await expect(entry.getByRole('link', { name: `View ${creator.name}` })).toHaveAttribute(
    'href',
    `/admin/users/${creator.id}`,
  );

  // Making someone an admin asks first and says what it hands over; Cancel changes nothing and gives
  // focus back to the dropdown.
  await chooseRole(page, entry, creator, 'Admin');
  const confirm = page.getByRole('alertdialog', { name: `Make ${creator.name} an Admin?` });
  await expect(confirm).toContainText('admin panel');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(roleSelect(entry, creator)).toBeFocused();
  await expect(roleSelect(entry, creator)).toHaveText('User');

  // Escape also cancels; then the confirmation, by keyboard, makes them an admin.
  await chooseRole(page, entry, creator, 'Admin');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(roleSelect(entry, creator)).toBeFocused();
  await expect(roleSelect(entry, creator)).toHaveText('User');
  // A role change waits for a second admin (decision 028): the dropdown keeps the stored role until they approve it
  // (here through the API; payout.spec.ts follows the Approvals screen), and a reload shows the new one.
  const approveAndReload = async () => {
    await approveAsSecondAdmin(currentBaseUrl(), await sentForApprovalId(page));
    await page.reload();
    entry = await findUser(page, creator);
  };
  await chooseRole(page, entry, creator, 'Admin');
  await expect(confirm).toContainText('A second admin approves the change under Approvals');
  await confirm.getByRole('button', { name: 'Make Admin' }).focus();
  await page.keyboard.press('Enter');
  await expect(roleSelect(entry, creator)).toBeFocused();
  await expect(roleSelect(entry, creator)).toHaveText('User');
  await approveAndReload();
  await expect(roleSelect(entry, creator)).toHaveText('Admin');
  // Admins cannot be impersonated, so the action goes away.
  await expect(entry.getByRole('button', { name: /Impersonate/ })).toHaveCount(0);

  await chooseRole(page, entry, creator, 'User');
  await approveAndReload();
  await expect(roleSelect(entry, creator)).toHaveText('User');

  // A staff role other than admin (decision 027): the confirmation says what the role may do.
  await chooseRole(page, entry, creator, 'Collector');
  const collector = page.getByRole('alertdialog', { name: `Make ${creator.name} a Collector?` });
  await expect(collector).toContainText(
    'A collector works loans in arrears: restructures, NCA notices and debt review.',
  );
  await shot(page, 'users-role-collector-dialog');
  await collector.getByRole('button', { name: 'Make Collector' }).click();
  await approveAndReload();
  await expect(roleSelect(entry, creator)).toHaveText('Collector');
  await expect(entry.getByRole('button', { name: /Impersonate/ })).toHaveCount(0);
  await shot(page, 'users-role-collector');
  await chooseRole(page, entry, creator, 'User');
  await approveAndReload();
  await expect(roleSelect(entry, creator)).toHaveText('User');
  await expect(entry.getByRole('button', { name: `Impersonate ${creator.name}` })).toBeVisible();
});

test(
  'impersonating a creator shows their dashboard under the amber banner; admin pages are closed until it ends',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const creator = await newCreatorAccount(testInfo, 'imp', { firstName: 'Lindiwe' });
    await markToursSeen(page);
    // A session of its own: impersonating changes what the session sees, and the other workers share the demo
    // admin's.
    await ownDemoAdminSession(page, currentBaseUrl());
    await openUsersTab(page);
    const entry = await findUser(page, creator);

    await entry.getByRole('button', { name: `Impersonate ${creator.name}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Impersonation Started', `Now viewing the platform as ${creator.name}`);
    const banner = impersonationBanner(page);
    await expect(banner).toContainText(`Admin Mode: Viewing as ${creator.name} (${creator.email})`);
    expect(await page.evaluate(() => sessionStorage.getItem('isImpersonating'))).toBe('true');
    // The dashboard is the creator's: the greeting names them, and there is no admin link.
    await openMenuIfNeeded(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).filter({ visible: true })).not.toContainText(
      'Admin Panel',
    );
    await expect(
      page.getByRole('button', { name: 'End Impersonation' }).filter({ visible: true }).last(),
    ).toBeVisible();
    if ((page.viewportSize()?.width ?? MENU_BREAKPOINT) < MENU_BREAKPOINT)
      await page.keyboard.press('Escape');

    // Impersonation is for looking (decision 011): the banner says read-only, and on every screen the controls that
    // would act for the creator are disabled and say why (the server refuses such writes as well).
    await expect(page.getByTestId('impersonation-read-only')).toHaveText(READ_ONLY_HINT);
    const connect = page.getByRole('button', { name: 'Connect Visionary' });
    await openMenuIfNeeded(page);
    await page.getByRole('link', { name: 'Settings' }).filter({ visible: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const profile = page.getByRole('form', { name: 'Profile Information' });
    await expect(profile.getByLabel('First Name')).toHaveValue('Lindiwe');
    for (const button of [
      profile.getByRole('button', { name: 'Save Profile' }),
      page.getByRole('button', { name: 'Save Bank Details' }),
      connect,
    ]) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', READ_ONLY_HINT);
    }

    // With the creator's rights only, /admin sends the admin to the dashboard; the banner survives a reload.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(banner).toContainText(`Viewing as ${creator.name}`);

    const phone = (page.viewportSize()?.width ?? MENU_BREAKPOINT) < MENU_BREAKPOINT;
    if (phone) {
      // On a phone the top bar's End Impersonation lives in the menu sheet.
      await openMenuIfNeeded(page);
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('button', { name: 'End Impersonation' })
        .click();
    } else {
      await expect(page.getByRole('banner').getByRole('button', { name: 'End Impersonation' })).toBeVisible();
      await banner.getByRole('button', { name: 'End Impersonation' }).click();
    }

    // Back where the admin started: the Users tab with its search (the list's state lives in the address).
    await expect(page).toHaveURL(/\/admin(\?tab=users(&search=[^&]+)?)?$/);
    await expectToast(page, 'Impersonation Ended', 'Back to your admin account');
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('isImpersonating'))).toBeNull();
    await expect(page.getByRole('button', { name: 'End Impersonation' })).toHaveCount(0);
  },
);

test('user details: suspending needs a reason, shows in the status card and the actions log; reactivating undoes it', async ({
  page,
}, testInfo) => {
  const creator = await newCreatorAccount(testInfo, 'suspend', {
    accountNumber: '1234567890',
    applicationAmount: 12_000,
  });
  await signInAsAdmin(page);
  await page.goto(`/admin/users/${creator.id}`);
  await expect(page.getByRole('heading', { name: creator.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Admin Panel' })).toHaveAttribute('href', '/admin');

  // Profile tab: the account number is masked to its last 4 digits.
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('masked-account-number')).toHaveText('••••••7890');
  await expect(page.getByText('1234567890')).toHaveCount(0);
  await page.getByRole('tab', { name: 'AI Analysis' }).click();
  await expect(page.getByText(/No analyses yet/)).toBeVisible();

  // The application is listed with its status and amount.
  const applications = page.getByRole('list', { name: 'Applications' });
  await expect(applications).toContainText('Under Review');
  await expect(applications).toContainText(/R\s12\s000/);
  await expect(page.getByRole('button', { name: `Impersonate ${creator.name}` })).toBeVisible();

  const status = page.getByTestId('user-status');
  await expect(status).toHaveText('active');
  await page.getByRole('button', { name: 'Suspend user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend user' });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel('Reason');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog.getByText('A reason is required to suspend or delete a user')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');

  await reason.fill('Documents under review');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expectToast(page, 'User updated', `${creator.name} is now suspended.`);
  await expect(dialog).toHaveCount(0);
  await expect(status).toHaveText('suspended');
  await expect(page.getByTestId('user-status-reason')).toHaveText('Documents under review');
  // A suspended account cannot be viewed as.
  await expect(page.getByRole('button', { name: `Impersonate ${creator.name}` })).toHaveCount(0);

  const log = page.getByRole('list', { name: 'Admin actions log' });
  const newest = log.getByTestId('admin-action').first();
  await expect(newest).toContainText('User status changed');
  await expect(newest).toContainText('status active → suspended (Documents under review)');
  await expect(newest).toContainText(`By ${ADMIN.firstName}`);
  await expect(log).toContainText('Application submitted');

  await page.getByRole('button', { name: 'Reactivate user' }).click();
  const reactivate = page.getByRole('dialog', { name: 'Reactivate user' });
  await reactivate.getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expectToast(page, 'User updated', `${creator.name} is now active.`);
  await expect(status).toHaveText('active');
  await expect(newest).toContainText('status suspended → active');
  await expect(page.getByRole('button', { name: `Impersonate ${creator.name}` })).toBeVisible();

  // The status survives a reload: it is the server's.
  await page.reload();
  await expect(page.getByTestId('user-status')).toHaveText('active');
});

test('a borrower who owes a balance is not offered Delete: the page names what is owed', async ({
  page,
}, testInfo) => {
  const borrower = await creatorWithApplication(testInfo, 'owes');
  try {
    const schedule = await activateByApi(borrower.application.id, borrower.api);
    await signInAsAdmin(page);
    await page.goto(`/admin/users/${borrower.userId}`);
    await expect(page.getByTestId('user-status')).toHaveText('active');
    await expect(page.getByRole('button', { name: 'Suspend user' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete user' })).toHaveCount(0);
    await expect(page.getByTestId('delete-refused')).toContainText(
      `on loan #${borrower.application.id}: a borrower with a balance cannot be deleted`,
    );
    await expect(page.getByTestId('delete-refused')).toContainText(`Owes ${rand(schedule.remainingAmount)}`);
  } finally {
    await borrower.api.dispose();
  }
});

test('an unknown user id shows a not-found screen with the way back', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/users/99999999');
  await expect(page.getByRole('heading', { name: 'User not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Admin Panel' })).toBeVisible();
});
