// Account journeys:
// registration with an e-mailed code, sign-in and sign-out, redirects, Remember me, password reset.
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createVerifiedAccount,
  expectResendCountdown,
  LERATO,
  latestCodeFor,
  latestResetLinkFor,
  loginForm,
  markToursSeen,
  SIPHO,
  signIn,
  signOut,
  submitLogin,
  THANDI,
  toast,
  uniqueEmail,
} from './support/mailbox';
import { shot } from './support/servicing';

const LOGIN_FAILED = 'Incorrect email or password. Please try again.';
const DAY_SECONDS = 24 * 60 * 60;

// Each journey has its own account or uses a demo login read-only, so they can run side by side.
test.describe.configure({ mode: 'parallel' });

/** The greeting of the header (and of the dashboard heading): whichever copy is visible at this width. */
function welcome(page: Page, firstName: string): Locator {
  return page.getByText(`Welcome, ${firstName}`, { exact: true }).filter({ visible: true }).first();
}

interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Fills the Register tab of /auth and submits it; the verification step replaces the form. */
async function registerThroughUi(page: Page, account: NewAccount): Promise<Locator> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First Name').fill(account.firstName);
  await form.getByLabel('Last Name').fill(account.lastName);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await expect(form.getByRole('combobox', { name: 'Creator Type' })).toHaveText('Full-time Creator');
  await form.getByRole('combobox', { name: 'Country' }).click();
  await page.getByPlaceholder('Search country...').fill('South');
  await page.getByRole('option', { name: 'South Africa' }).click();
  await expect(form.getByRole('combobox', { name: 'Country' })).toHaveText('South Africa');
  await form.getByPlaceholder('Enter your city').fill('Durban');
  await form.getByRole('button', { name: 'Create Account' }).click();
  const step = page.getByTestId('verify-email-step');
  await expect(step).toBeVisible();
  await expect(step).toContainText(account.email);
  return step;
}

async function enterCode(step: Locator, code: string): Promise<void> {
  await step.getByLabel('Verification code').fill(code);
  await step.getByRole('button', { name: 'Verify Email' }).click();
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'vuka_session');
}

test(
  'registration e-mails a code; verifying it signs the user in and lands on the dashboard',
  { tag: '@phone' },
  async ({ page, request }, testInfo) => {
    const account = {
      firstName: 'Naledi',
      lastName: 'Khumalo',
      email: uniqueEmail(testInfo, 'register'),
      password: 'Creator-pass-2026',
    };
    const step = await registerThroughUi(page, account);
    await expect(toast(page, 'Registration Started')).toBeVisible();
    await expect(step.getByLabel('Verification code')).toHaveAttribute('maxlength', '6');
    const code = await latestCodeFor(request, account.email);
    // A new code at most once a minute: the button counts the server's minute down and waits.
    await expectResendCountdown(step, [50, 60]);

    await enterCode(step, code);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Email Verified')).toBeVisible();
    await expect(welcome(page, account.firstName)).toBeVisible();
  },
);

test('logout goes to / with the Login link, and protected pages then send the visitor to /auth', async ({
  page,
}) => {
  await markToursSeen(page);
  await signIn(page, SIPHO.email, SIPHO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(welcome(page, SIPHO.firstName)).toBeVisible();

  await signOut(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText(/Welcome/)).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
  await expect(loginForm(page)).toBeVisible();
});

test('a logged-out visit to /settings signs in via /auth?redirect=%2Fsettings and returns to /settings', async ({
  page,
}) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsettings$/);
  await signIn(page, LERATO.email, LERATO.password);
  await expect(page).toHaveURL(/\/settings$/);
});

test('Remember me makes a 30-day cookie; without it the session cookie ends with the browser', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(loginForm(page).getByText('Stay signed in for 30 days')).toBeVisible();

  await signIn(page, THANDI.email, THANDI.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const browserSession = await sessionCookie(page);
  expect(browserSession, 'vuka_session cookie after a sign-in without Remember me').toBeDefined();
  expect(browserSession?.expires).toBe(-1);
  expect(browserSession?.httpOnly).toBe(true);

  await page.context().clearCookies();
  await signIn(page, THANDI.email, THANDI.password, { rememberMe: true });
  await expect(page).toHaveURL(/\/dashboard$/);
  const persistent = await sessionCookie(page);
  const now = Date.now() / 1000;
  expect(persistent, 'vuka_session cookie after a sign-in with Remember me').toBeDefined();
  expect(persistent?.expires ?? 0).toBeGreaterThan(now + 29 * DAY_SECONDS);
  expect(persistent?.expires ?? 0).toBeLessThan(now + 31 * DAY_SECONDS);
});

test('a wrong password shows the inline red error box and stays on /auth', async ({ page }) => {
  await page.goto('/auth');
  await submitLogin(page, THANDI.email, 'Not-the-password-1');
  const error = page.getByTestId('login-error');
  await expect(error).toHaveText(LOGIN_FAILED);
  await expect(error).toHaveAttribute('role', 'alert');
  const [red, green, blue] = await error.evaluate((el) => {
    // Canvas turns any CSS colour syntax (Tailwind 4 uses oklch) into sRGB.
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
  expect(red! - Math.max(green!, blue!), `error text colour rgb(${red}, ${green}, ${blue})`).toBeGreaterThan(
    60,
  );
  await expect(page).toHaveURL(/\/auth$/);
});

test('forgot password: the e-mailed link sets a new password, and only the new one signs in', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'reset');
  const oldPassword = 'Old-password-2026';
  const newPassword = 'New-password-2026';
  await createVerifiedAccount(request, { email, password: oldPassword, firstName: 'Zanele' });

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "Enter your email address and we'll send you instructions to reset your password.",
  );
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await expect(toast(page, 'Check your email')).toBeVisible();
  await expect(dialog).toBeHidden();

  const link = await latestResetLinkFor(request, email);
  expect(link.startsWith(`${testInfo.project.use.baseURL}/reset-password?token=`), link).toBe(true);
  await page.goto(link);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Success')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await submitLogin(page, email, oldPassword);
  await expect(page.getByTestId('login-error')).toHaveText(LOGIN_FAILED);
  await submitLogin(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(welcome(page, 'Zanele')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New Password').fill('Third-password-2026');
  await page.getByLabel('Confirm Password').fill('Third-password-2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Invalid reset link');
});

// The page's own checks (passwords that differ, what is sent, the words of a link without a token) are its component
// test, src/client/features/auth/reset-password-page.test.tsx; here the real server refuses a token it does not know,
// and Back to Login reaches the sign-in form through the app's own routes.
test('the reset page shows the server refusing an unknown token, and without a token Back to Login reaches the login', async ({
  page,
}) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New Password').fill('Matching-pass-1');
  await page.getByLabel('Confirm Password').fill('Matching-pass-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Error')).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Invalid reset link');
  await expect(page).toHaveURL(/\/reset-password\?token=not-a-real-token$/);

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(loginForm(page)).toBeVisible();
});

test('a signed-in user visiting /auth?redirect=/settings goes straight to /settings', async ({ page }) => {
  await signIn(page, THANDI.email, THANDI.password);
  await page.goto('/auth?redirect=/settings');
  await expect(page).toHaveURL(/\/settings$/);
  // Another site is never a redirect target: the default, /dashboard, is used instead.
  await page.goto('/auth?redirect=//evil.example/phish');
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
});

test('the Register tab offers the creator types and sorted countries; a taken e-mail shows Registration failed', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First Name').fill('Thandi');
  await form.getByLabel('Last Name').fill('Again');
  await form.getByLabel('Email').fill(THANDI.email);
  await form.getByLabel('Password').fill('Another-pass-2026');
  await expect(form.getByPlaceholder('Tell us about your content creation journey...')).toBeVisible();

  // Creator Type: the three kinds, full-time by default.
  const creatorType = form.getByRole('combobox', { name: 'Creator Type' });
  await expect(creatorType).toHaveText('Full-time Creator');
  await creatorType.click();
  await expect(page.getByRole('option')).toHaveText([
    'Full-time Creator',
    'Part-time Creator',
    'Hobby Creator',
  ]);
  await page.keyboard.press('Escape');

  // Country: the form's 23 countries sorted by name, searchable, with an empty-search message.
  await form.getByRole('combobox', { name: 'Country' }).click();
  const names = [
    'South Africa',
    'Angola',
    'Botswana',
    'DR Congo',
    'Lesotho',
    'Malawi',
    'Mozambique',
    'Namibia',
    'Eswatini',
    'Zambia',
    'Zimbabwe',
    'Kenya',
    'Tanzania',
    'Uganda',
    'Rwanda',
    'Ethiopia',
    'Nigeria',
    'Ghana',
    'United States',
    'United Kingdom',
    'Canada',
    'Australia',
    'New Zealand',
  ];
  await expect(page.getByRole('option')).toHaveText([...names].sort((a, b) => a.localeCompare(b, 'en')));
  await page.getByPlaceholder('Search country...').fill('Atlantis');
  await expect(page.getByText('No country found.')).toBeVisible();
  await page.getByPlaceholder('Search country...').fill('Zimb');
  await page.getByRole('option', { name: 'Zimbabwe' }).click();
  await expect(form.getByRole('combobox', { name: 'Country' })).toHaveText('Zimbabwe');

  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Registration failed')).toBeVisible();
  await expect(page.getByTestId('verify-email-step')).toHaveCount(0);
  await expect(form.getByLabel('First Name')).toHaveValue('Thandi');
  await expect(form.getByLabel('Email')).toHaveValue(THANDI.email);
});

test('signing in to an unverified account asks for the e-mailed code, which verifies and signs in', async ({
  page,
  request,
}, testInfo) => {
  const account = {
    firstName: 'Bongani',
    lastName: 'Mokoena',
    email: uniqueEmail(testInfo, 'unverified'),
    password: 'Creator-pass-2026',
  };
  await registerThroughUi(page, account);

  // Come back later without verifying, and sign in from the Login tab.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Login' }).click();
  await submitLogin(page, account.email, account.password);
  const step = page.getByTestId('verify-email-step');
  await expect(step).toBeVisible();
  await expect(step).toContainText('Your email address has not been verified yet.');
  await expect(step).toContainText(account.email);
  await expect(page).toHaveURL(/\/auth$/);

  // A fresh code is only sent when the last is over a minute old: the latest one is the one to use.
  const code = await latestCodeFor(request, account.email);
  const wrong = code === '000000' ? '111111' : '000000';
  await enterCode(step, wrong);
  await expect(toast(page, 'Verification Failed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await enterCode(step, code);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Email Verified')).toBeVisible();
  await expect(welcome(page, account.firstName)).toBeVisible();
});

test('signing in by keyboard: Tab goes from Email to Password, and Enter in Password signs in', {
  tag: '@phone',
}, async ({ page }) => {
  await markToursSeen(page);
  await page.goto('/auth');
  const form = loginForm(page);
  const email = form.getByLabel('Email');
  await email.fill(SIPHO.email);
  await email.press('Tab');
  const password = form.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await shot(page, 'login-keyboard');
  await page.keyboard.type(SIPHO.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /Reset Password/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(welcome(page, SIPHO.firstName)).toBeVisible();
});
