// Admin two-step sign-in (decision 017): a new admin sets up an
// authenticator at their first admin sign-in (QR code, key, first code, ten recovery codes saved), and every later
// sign-in asks for a code (a wrong one says so), or a recovery code. Codes are computed from the key the page
// shows, as an authenticator app would (tests/support/totp.ts). The admin is a fresh creator promoted by the demo
// admin, so this journey never spends the demo admin's codes. The whole journey runs at 1280 px; at 390 px
// (@phone-only) a shorter one checks that the set-up step's QR code, key and code field and the recovery codes fit the
// screen and lead on to the Admin Panel: the later steps are the same form laid out the same way.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { stepOf, totpOfStep } from '../support/totp';
import { approvedBySecondAdmin } from './support/admin-session';
import { newCreatorAccount } from './support/admin-users';
import { adminApi, currentBaseUrl } from './support/creator';
import { expectNoHorizontalOverflow } from './support/lending';
import { loginForm, markToursSeen, openMenuIfNeeded, submitLogin, toast } from './support/mailbox';
import { shot } from './support/servicing';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help}`),
    `${label} has serious axe violations`,
  ).toEqual([]);
}

/**
 * A code for a step this account has not used: the current one, or the next (the server takes one step either
 * side), waiting for the clock only when both are spent.
 */
async function freshCode(secret: string, lastStep: { value: number }): Promise<string> {
  let step = Math.max(stepOf(new Date()), lastStep.value + 1);
  if (step > stepOf(new Date()) + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 250));
    step = Math.max(stepOf(new Date()), lastStep.value + 1);
  }
  lastStep.value = step;
  return totpOfStep(secret, step);
}

async function signOutFromHeader(page: Page): Promise<void> {
  await openMenuIfNeeded(page);
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens /admin signed out: the guard sends the visitor to sign in, and back to /admin afterwards. */
async function signInTowardsAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin$/);
  await expect(loginForm(page)).toBeVisible();
  await submitLogin(page, email, password);
}

/** A fresh creator made an admin by the demo admins (a role change waits for the second admin: decision 028). */
async function newAdminAccount(testInfo: TestInfo, tag: string, firstName: string) {
  const creator = await newCreatorAccount(testInfo, tag, { firstName });
  const admin = await adminApi();
  try {
    await approvedBySecondAdmin(
      await admin.patch(`/api/admin/users/${creator.id}`, { data: { role: 'admin' } }),
    );
  } finally {
    await admin.dispose();
  }
  return creator;
}

/**
 * A new admin's first sign-in, up to the set-up step: its heading focused, the QR code shown, and the key for typing
 * in by hand (spaces taken out).
 */
async function reachEnrolment(page: Page, testInfo: TestInfo, tag: string, firstName: string) {
  await markToursSeen(page);
  const creator = await newAdminAccount(testInfo, tag, firstName);
  await signInTowardsAdmin(page, creator.email, creator.password);
  const enrolment = page.getByTestId('mfa-enrolment');
  await expect(enrolment.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeFocused();
  const qr = enrolment.getByRole('img', { name: /QR code to add Vuka Capital/ });
  await expect(qr).toBeVisible();
  const key = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
  return { creator, enrolment, qr, key };
}

test('a new admin sets up an authenticator at their first sign-in, then signs in with a code or a recovery code', async ({
  page,
}, testInfo) => {
  // First admin sign-in: the set-up step, with the QR code and the key for typing in by hand.
  const { creator, enrolment, qr, key } = await reachEnrolment(page, testInfo, 'mfa', 'Sizwe');
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectNoSeriousViolations(page, 'the set-up step');
  await shot(page, 'mfa-enrol');

  // A mistyped code is told at the field; the right one turns it on.
  await code.fill('000000');
  await enrolment.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(
    enrolment.getByText('That code is not right. Check your authenticator app and try again.'),
  ).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  const lastStep = { value: -1 };
  await code.fill(await freshCode(key, lastStep));
  await enrolment.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // Ten recovery codes, shown once: Continue waits for "I have saved these".
  const saved = page.getByTestId('mfa-recovery-codes');
  await expect(saved.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
  const codes = (
    await saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()
  ).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  const continueButton = saved.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    saved.getByRole('button', { name: 'Download as text file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('vuka-capital-recovery-codes.txt');
  await expectNoSeriousViolations(page, 'the recovery codes');
  await shot(page, 'mfa-recovery');
  await saved.getByRole('checkbox', { name: 'I have saved these recovery codes' }).check();
  await continueButton.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /Admin Panel/ })).toBeVisible();

  // A later sign-in asks for a code; a wrong one says so.
  await signOutFromHeader(page);
  await signInTowardsAdmin(page, creator.email, creator.password);
  const verification = page.getByTestId('mfa-verification');
  await expect(
    verification.getByRole('heading', { level: 1, name: 'Enter your authenticator code' }),
  ).toBeFocused();
  await expectNoSeriousViolations(page, 'the code step');
  await shot(page, 'mfa-verify');
  const verifyCode = verification.getByRole('textbox', { name: 'Authenticator code' });
  await verifyCode.fill('000000');
  await verification.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(
    verification.getByText('That code is not right. Check your authenticator app and try again.'),
  ).toBeVisible();
  await shot(page, 'mfa-verify-error');
  await verifyCode.fill(await freshCode(key, lastStep));
  await verification.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /Admin Panel/ })).toBeVisible();

  // Without the phone: a recovery code, once.
  await signOutFromHeader(page);
  await signInTowardsAdmin(page, creator.email, creator.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Use a recovery code' })).toBeFocused();
  await shot(page, 'mfa-recovery-code');
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Verify recovery code' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toast(page, 'Signed in with a recovery code')).toBeVisible();
  await expect(page.getByText('You have 9 recovery codes left.').first()).toBeVisible();

  // The same recovery code does not work twice.
  await signOutFromHeader(page);
  await signInTowardsAdmin(page, creator.email, creator.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify recovery code' }).click();
  await expect(page.getByText('That recovery code is not right, or it has already been used.')).toBeVisible();
  await page.getByRole('button', { name: 'Use my authenticator app instead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your authenticator code' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an admin who signed in with only a password is sent to the code step by an admin page', async ({
  page,
}, testInfo) => {
  await markToursSeen(page);
  const creator = await newCreatorAccount(testInfo, 'mfa-guard', { firstName: 'Lindiwe' });
  const admin = await adminApi();
  try {
    // A role change waits for the second admin (decision 028).
    await approvedBySecondAdmin(
      await admin.patch(`/api/admin/users/${creator.id}`, { data: { role: 'admin' } }),
    );
  } finally {
    await admin.dispose();
  }
  // Signed in through the API only (the password step): the browser has a session that has not passed.
  const login = await page.request.post('/api/login', {
    data: { username: creator.email, password: creator.password },
    headers: { origin: currentBaseUrl() },
  });
  expect(((await login.json()) as { mfa?: string }).mfa).toBe('enrol');
  await page.goto('/admin/lending');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Flending$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
  // Their own creator pages stay open meanwhile.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test(
  'on a phone, the set-up step and the recovery codes fit the screen and lead to the Admin Panel',
  {
    tag: '@phone-only',
  },
  async ({ page }, testInfo) => {
    const { enrolment, qr, key } = await reachEnrolment(page, testInfo, 'mfa-phone', 'Thulani');
    const width = page.viewportSize()!.width;
    const qrBox = (await qr.boundingBox())!;
    expect(qrBox.x + qrBox.width, 'the QR code ends on the screen').toBeLessThanOrEqual(width);
    const secretBox = (await page.getByTestId('mfa-secret').boundingBox())!;
    expect(secretBox.x + secretBox.width, 'the key wraps within the screen').toBeLessThanOrEqual(width);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'mfa-enrol');

    await enrolment
      .getByRole('textbox', { name: 'Authenticator code' })
      .fill(await freshCode(key, { value: -1 }));
    const turnOn = enrolment.getByRole('button', { name: 'Turn on two-step sign-in' });
    await turnOn.scrollIntoViewIfNeeded();
    await expect(turnOn).toBeInViewport();
    await turnOn.click();

    const saved = page.getByTestId('mfa-recovery-codes');
    await expect(saved.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
    await expect(saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'mfa-recovery');
    await saved.getByRole('checkbox', { name: 'I have saved these recovery codes' }).check();
    const continueButton = saved.getByRole('button', { name: 'Continue' });
    await continueButton.scrollIntoViewIfNeeded();
    await expect(continueButton).toBeInViewport();
    await continueButton.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: /Admin Panel/ })).toBeVisible();
  },
);
