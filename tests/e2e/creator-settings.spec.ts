// Settings (/settings, PATCH /api/users/{id}, the toast 'Profile updated'): each card saves on its own and what it saved is there again after a reload.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectTextContaining, newCreator, rand, skipTours } from './support/creator';
import { latestMailMatching, signIn, signOut, toast, uniqueEmail } from './support/mailbox';
import { shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

/** Clicks a card's save button, expects the PATCH to succeed and the 'Profile updated' toast. */
async function saveCard(page: Page, save: Locator): Promise<void> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/users/'),
    ),
    save.click(),
  ]);
  expect(response.status(), await response.text()).toBe(200);
  await expect(toast(page, 'Profile updated')).toBeVisible();
}

/** Records every PATCH to /api/users so a test can prove an invalid card was never sent. */
function recordPatches(page: Page): string[] {
  const patches: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && new URL(req.url()).pathname.startsWith('/api/users/')) {
      patches.push(req.postData() ?? '');
    }
  });
  return patches;
}

/**
 * Picks an option of a select. The closing list hands focus back to its trigger; waiting for that keeps
 * the next fill from racing the focus move.
 */
async function choose(page: Page, trigger: Locator, option: string): Promise<void> {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(trigger).toHaveText(option);
  await expect(trigger).toBeFocused();
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

/** The header's greeting: whichever copy is visible at this width (both widths of the suite show one). */
function greeting(page: Page, firstName: string): Locator {
  return page
    .getByRole('banner')
    .getByText(`Welcome, ${firstName}`, { exact: true })
    .filter({ visible: true });
}

test('profile: a new first name and city are saved, kept after a reload, and greet the creator', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'settings-profile', { firstName: 'Naledi' });
  await openSettings(page);
  const profile = page.getByRole('form', { name: 'Profile Information' });
  await expect(profile.getByLabel('First Name')).toHaveValue('Naledi');
  await expect(greeting(page, 'Naledi')).toBeVisible();

  await profile.getByLabel('First Name').fill('Nomvula');
  await profile.getByLabel('City').fill('Pretoria');
  await saveCard(page, profile.getByRole('button', { name: 'Save Profile' }));
  await expect(greeting(page, 'Nomvula')).toBeVisible();

  await page.reload();
  await expect(profile.getByLabel('First Name')).toHaveValue('Nomvula');
  await expect(profile.getByLabel('City')).toHaveValue('Pretoria');
  await expect(profile.getByLabel('Last Name')).toHaveValue('Khumalo');
  await expect(greeting(page, 'Nomvula')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Welcome, Naledi')).toHaveCount(0);
});

test('leaving Settings with an edit not saved asks first; untouched or saved, it goes at once', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'settings-unsaved', { firstName: 'Naledi' });
  const dashboardLink = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
  // Untouched: nothing to lose, so nothing is asked (the cards' first values are not edits).
  await openSettings(page);
  await dashboardLink.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openSettings(page);
  const profile = page.getByRole('form', { name: 'Profile Information' });
  await profile.getByLabel('First Name').fill('Nomvula');
  await dashboardLink.click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your changes to Profile Information are not saved.');
  await shot(page, 'settings-unsaved');
  await ask.getByRole('button', { name: 'Stay and save' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(profile.getByLabel('First Name')).toHaveValue('Nomvula');

  await saveCard(page, profile.getByRole('button', { name: 'Save Profile' }));
  await dashboardLink.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(ask).toHaveCount(0);
});

test(
  'bank details: the bank fills its branch code, letters are refused, valid details persist',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'settings-bank');
    await openSettings(page);
    const patches = recordPatches(page);
    const bank = page.getByRole('form', { name: 'Bank Account Details' });

    await choose(page, bank.getByRole('combobox', { name: 'Bank name' }), 'Capitec Bank');
    await expect(bank.getByLabel('Branch code')).toHaveValue('470010');
    await choose(page, bank.getByRole('combobox', { name: 'Account type' }), 'Savings');

    const accountNumber = bank.getByLabel('Account number');
    // Without an account on file the number is required (the label's asterisk is not part of its name).
    await expect(accountNumber).toHaveAttribute('aria-required', 'true');
    await accountNumber.fill('12AB567890');
    await bank.getByRole('button', { name: 'Save Bank Details' }).click();
    await expect(bank.getByText('Account number must contain digits only')).toBeVisible();
    await expect(accountNumber).toHaveAttribute('aria-invalid', 'true');
    expect(patches, 'an invalid account number is not sent').toEqual([]);

    await accountNumber.fill('1234567890');
    await expect(bank.getByText('Account number must contain digits only')).toHaveCount(0);
    await saveCard(page, bank.getByRole('button', { name: 'Save Bank Details' }));

    await page.reload();
    await expect(bank.getByRole('combobox', { name: 'Bank name' })).toHaveText('Capitec Bank');
    // The number comes back masked: the field is empty and says which account is on file.
    await expect(bank.getByLabel('Account number')).toHaveValue('');
    await expect(bank.getByText('On file: the account ending in 7890.', { exact: false })).toBeVisible();
    await expect(bank.getByLabel('Branch code')).toHaveValue('470010');
    await expect(bank.getByRole('combobox', { name: 'Account type' })).toHaveText('Savings');
    // Left empty, it keeps the number on file.
    await expect(bank.getByLabel('Account number')).toHaveAttribute('aria-required', 'false');
    await shot(bank, 'settings-bank-on-file');
  },
);

test('platforms: a self-reported platform is saved, kept after a reload and counted in the earnings', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'settings-platforms');
  await openSettings(page);
  const editor = page.getByRole('form', { name: 'Other platforms you report yourself' });
  await expect(editor.getByText('You have not listed any other platforms.')).toBeVisible();

  await editor.getByRole('button', { name: 'Add Platform' }).click();
  // The new row takes focus once rendered; wait for it so the fills below cannot race the focus move.
  await expect(editor.getByLabel('Platform name')).toBeFocused();
  await editor.getByLabel('Platform name').fill('TikTok');
  await editor.getByLabel('Username').fill('@naledi.makes');
  await editor.getByLabel('Followers').fill('12500');
  await editor.getByLabel('Monthly earnings (R)').fill('3200');
  await saveCard(page, editor.getByRole('button', { name: 'Save Platform Changes' }));

  await page.reload();
  await expect(editor.getByLabel('Platform name')).toHaveValue('TikTok');
  await expect(editor.getByLabel('Username')).toHaveValue('@naledi.makes');
  await expect(editor.getByLabel('Followers')).toHaveValue('12500');
  await expect(editor.getByLabel('Monthly earnings (R)')).toHaveValue('3200');
  await expect(editor.getByText('Self-reported', { exact: true })).toBeVisible();

  // The dashboard's earnings card combines every platform's monthly earnings and labels the self-declared.
  await page.goto('/dashboard');
  await expectTextContaining(page.getByTestId('earnings-card'), rand(3200));
  await expect(page.getByTestId('earnings-self_declared')).toContainText('Self-declared');
  await expect(page.getByTestId('earnings-self_declared')).toContainText('TikTok');
});

test('sign-in email: the change needs the password and a code from the new address; the old address is told', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  const creator = await newCreator(page, testInfo, 'settings-email');
  await openSettings(page);
  const card = page.getByRole('form', { name: 'Change sign-in email' });
  await expect(page.getByText(`You sign in with ${creator.email}.`)).toBeVisible();
  const newEmail = uniqueEmail(testInfo, 'settings-email-new');

  // A wrong password changes nothing and says which field is wrong.
  await card.getByLabel('New Email').fill(newEmail);
  await card.getByLabel('Current Password').fill('not-my-password-1');
  await card.getByRole('button', { name: 'Send Code' }).click();
  await expect(card.getByText('Your current password is not correct.')).toBeVisible();
  await expect(card.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');

  await card.getByLabel('Current Password').fill(creator.password);
  await card.getByRole('button', { name: 'Send Code' }).click();
  await expect(toast(page, 'Check your new inbox')).toBeVisible();
  await expect(page.getByText('Waiting for your code')).toBeVisible();
  await expect(
    page.getByText(`Until you enter it, you keep signing in with ${creator.email}.`),
  ).toBeVisible();

  // The old address hears of it; the code goes to the new one.
  const notice = await latestMailMatching(page.request, creator.email, /sign-in e-mail was requested/);
  expect(notice).toContain(newEmail);
  const codeMail = await latestMailMatching(page.request, newEmail, /Confirm your new/);
  // The code stands on a line of its own: an address in the mail may hold six digits in a row too.
  const code = codeMail.match(/^(\d{6})$/m)![1]!;

  const confirm = page.getByRole('form', { name: 'Confirm new sign-in email' });
  await shot(confirm, 'settings-email-code');
  const wrong = code === '000000' ? '111111' : '000000';
  await confirm.getByLabel('Code from the new address').fill(wrong);
  await confirm.getByRole('button', { name: 'Confirm New Email' }).click();
  await expect(confirm.getByLabel('Code from the new address')).toHaveAttribute('aria-invalid', 'true');
  await confirm.getByLabel('Code from the new address').fill(code);
  await confirm.getByRole('button', { name: 'Confirm New Email' }).click();
  await expect(toast(page, 'Email changed')).toBeVisible();
  await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();
  expect(await latestMailMatching(page.request, creator.email, /sign-in e-mail was changed/)).toContain(
    newEmail,
  );

  // The new address is the sign-in name now.
  await signOut(page);
  await signIn(page, newEmail, creator.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});
