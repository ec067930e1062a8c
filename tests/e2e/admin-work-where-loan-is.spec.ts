// Working where the loan is: a payment recorded from the Applications row (its dialog has an address that survives
// a reload), from Application Details, from the Lending row and from the user's page, with the amount in one click
// and how the money came in; closing a dialog goes back where it was opened from, focus back on its opener; and each
// list (Applications, Users, Lending) keeps its search when the admin moves between them by the app's links. The
// Lending page's dialogs have addresses over the loan list, and a decision asked for there stays there.
import { expect, type Page, test } from '@playwright/test';
import {
  activateByApi,
  adminEntry,
  creatorWithApplication,
  openAdminTab,
  searchApplications,
} from './support/admin';
import { usersSearch } from './support/admin-users';
import { lendingEntry } from './support/lending';
import { toast } from './support/mailbox';
import { shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The top bar's link, in the bar itself or, on a phone, in the menu sheet. */
async function topBarLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    return page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name });
  }
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
}

test('a payment from the row, the details, the loan book and the user page; dialogs have addresses; lists keep their search', async ({
  page,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'work-where', { requestedAmount: 4_000 });
  try {
    const { id } = creator.application;
    await activateByApi(id, creator.api);
    await openAdminTab(page, 'Applications');
    await searchApplications(page, creator.lastName);
    const entry = adminEntry(page, id);

    // The row's Add Payment is an address: a reload opens the same dialog over the same list.
    await entry.getByRole('button', { name: 'Add Payment' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/applications/${id}/payment\\?.*search=${escapeRegExp(creator.lastName)}`),
    );
    await page.reload();
    const pay = page.getByRole('dialog', { name: 'Add Payment' });
    await expect(pay).toBeVisible();

    // One click gives the amount due now (or, when nothing is due, the next instalment).
    const quick = pay.getByTestId('payment-quick-amounts');
    await quick.getByRole('button', { name: /^(Amount due now|Next instalment \(#1, due .+\)): R / }).click();
    await expect(pay.getByLabel('Amount to the loan (R)')).not.toHaveValue('');
    await expect(pay.getByTestId('payment-cash')).toContainText('the creator hands over');
    await expect(pay.getByRole('combobox', { name: 'Received by' })).toHaveText('EFT (bank transfer)');
    await pay.getByLabel('Bank reference').fill('VUKA-E2E-77');
    await shot(page, 'add-payment-quick-amount');
    await pay.getByRole('button', { name: 'Add Payment' }).click();
    await expect(toast(page, 'Payment added')).toBeVisible();
    await expect(pay).toBeHidden();
    // Back on the list as it was: the search is still there.
    await expect(page).toHaveURL(new RegExp(`/admin\\?.*search=${escapeRegExp(creator.lastName)}`));
    await expect(page.getByLabel('Search applications')).toHaveValue(creator.lastName);

    // Details has an address too, lists how the money came in, and offers Add Payment itself.
    const view = entry.getByRole('button', { name: 'View Details' });
    await view.click();
    await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}\\?`));
    const details = page.getByRole('dialog', { name: 'Application Details' });
    await expect(details.getByTestId('details-payments')).toContainText(
      'EFT (bank transfer), reference VUKA-E2E-77',
    );
    await details.getByRole('button', { name: 'Add Payment' }).click();
    const nested = page.getByRole('dialog', { name: 'Add Payment' });
    await expect(nested).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nested).toBeHidden();
    await expect(details).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    // Escape gives focus back to the button that opened the dialog.
    await expect(view).toBeFocused();

    // The Users list gets a search of its own; then the loan book, by the top bar's link.
    await page.getByRole('tab', { name: 'Users' }).click();
    await usersSearch(page).fill(creator.lastName);
    await expect(page.getByTestId('users-count')).toHaveText('1 user match');
    await (await topBarLink(page, 'Lending')).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lending Management Dashboard' })).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill(creator.lastName);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${escapeRegExp(creator.lastName)}`));
    const loan = lendingEntry(page, id);
    // The Lending row's dialogs have addresses over the loan list too, and a reload keeps them.
    await loan.getByRole('button', { name: 'Add Payment' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/lending/${id}/payment\\?.*search=${escapeRegExp(creator.lastName)}`),
    );
    await page.reload();
    const fromBook = page.getByRole('dialog', { name: 'Add Payment' });
    await expect(fromBook).toContainText(`#${id}`);
    await page.keyboard.press('Escape');
    await expect(fromBook).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/lending\\?.*search=${escapeRegExp(creator.lastName)}`));
    await expect(lendingEntry(page, id)).toBeVisible();

    // Back to the Admin Panel: the Users tab as it was left, and the Applications tab with its search.
    await page.getByRole('main').getByRole('link', { name: 'Admin Panel' }).click();
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await expect(usersSearch(page)).toHaveValue(creator.lastName);
    await page.getByRole('tab', { name: 'Applications' }).click();
    await expect(page.getByLabel('Search applications')).toHaveValue(creator.lastName);
    await expect(adminEntry(page, id)).toBeVisible();

    // And the loan book keeps its own search when the top bar leads back to it.
    await (await topBarLink(page, 'Lending')).click();
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue(creator.lastName);

    // The user's page links to the application's Add Payment; closing it comes back to the user's page.
    await page.getByRole('main').getByRole('link', { name: 'Admin Panel' }).click();
    await page.getByRole('tab', { name: 'Users' }).click();
    const name = `${creator.firstName} ${creator.lastName}`;
    await page
      .getByRole('link', { name: `View ${name}` })
      .filter({ visible: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const applications = page.getByTestId(`user-application-${id}`);
    await applications.scrollIntoViewIfNeeded();
    await shot(page, 'user-page-application-links');
    await page.getByRole('link', { name: `Add a payment to application #${id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}/payment$`));
    await expect(page.getByRole('dialog', { name: 'Add Payment' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/admin/users/${creator.userId}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  } finally {
    await creator.api.dispose();
  }
});

test(
  'Application Details shows the score behind the decision, and Approve asks for the amount before saving',
  {
    tag: '@phone',
  },
  async ({ page }, testInfo) => {
    const creator = await creatorWithApplication(testInfo, 'decide-in-details', { requestedAmount: 3_000 });
    try {
      const { id } = creator.application;
      await openAdminTab(page, 'Applications');
      await searchApplications(page, creator.lastName);
      await adminEntry(page, id).getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Application Details' });
      // The parts and their factors, out of their maximum.
      const score = details.getByRole('list', { name: 'Score breakdown' });
      await expect(score).toBeVisible();
      await expect(score.getByRole('progressbar').first()).toHaveAccessibleName(/: \d+ of \d+ points$/);
      await expect(details.getByRole('link', { name: 'Reject…' })).toBeVisible();
      await score.scrollIntoViewIfNeeded();
      await shot(page, 'details-score');

      await details.getByRole('link', { name: 'Approve…' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}/approve\\?`));
      const edit = page.getByRole('dialog', { name: 'Edit Application' });
      // Nothing is saved yet: the amount is asked for first, with focus in it.
      const amount = edit.getByLabel('Approved amount (R)');
      await expect(amount).toBeFocused();
      await expect(edit.getByRole('button', { name: 'Keep current status' })).toBeVisible();
      await shot(page, 'details-approve-step');
      await edit.getByRole('button', { name: /^Approve R 3 000$/ }).click();
      await expect(edit.getByText('Status saved.')).toBeVisible();
      // The list beneath kept its search.
      await expect(page.getByLabel('Search applications')).toHaveValue(creator.lastName);
      // Escape goes back to the details, which now say Approved and offer no decision.
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}\\?`));
      await expect(details).toBeVisible();
      await expect(details.getByTestId('details-decision')).toHaveCount(0);
      await expect(details).toContainText('Approved');
    } finally {
      await creator.api.dispose();
    }
  },
);

test('a decision asked for from the Lending page stays over the loan list, and closing it goes back to the details', async ({
  page,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'decide-in-lending', { requestedAmount: 3_000 });
  try {
    const { id } = creator.application;
    await openAdminTab(page, 'Applications');
    await page.getByRole('main').getByRole('link', { name: 'Lending Management' }).click();
    await page.getByLabel('Search', { exact: true }).fill(creator.lastName);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${escapeRegExp(creator.lastName)}`));
    await lendingEntry(page, id).getByRole('button', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/lending/${id}\\?`));
    const details = page.getByRole('dialog', { name: 'Application Details' });
    await details.getByRole('link', { name: 'Reject…' }).click();
    // Still the Lending page beneath, with its search; the rejection asks for the reason first.
    await expect(page).toHaveURL(
      new RegExp(`/admin/lending/${id}/reject\\?.*search=${escapeRegExp(creator.lastName)}`),
    );
    const edit = page.getByRole('dialog', { name: 'Edit Application' });
    await expect(edit.getByLabel('Reason for the creator')).toBeFocused();
    // (Hidden from the accessibility tree behind the modal, but there.)
    await expect(page.locator('h1', { hasText: 'Lending Management Dashboard' })).toBeAttached();
    // A reload opens the same step over the same list, and still knows where it was opened from.
    await page.reload();
    await expect(
      page.getByRole('dialog', { name: 'Edit Application' }).getByLabel('Reason for the creator'),
    ).toBeVisible();
    // Escape goes back to the details, still offering the decision; Escape again to the list with its search.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(
      new RegExp(`/admin/lending/${id}\\?.*search=${escapeRegExp(creator.lastName)}`),
    );
    await expect(details).toBeVisible();
    await expect(details.getByTestId('details-decision')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`/admin/lending\\?.*search=${escapeRegExp(creator.lastName)}`));
    await expect(lendingEntry(page, id)).toBeVisible();
  } finally {
    await creator.api.dispose();
  }
});
