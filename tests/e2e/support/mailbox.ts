// Shared helpers for the Playwright journeys: the dev outbox (/dev/mailbox.json) read as a user reads
// their e-mail, unique test accounts, signing in through the UI, and the header's phone menu.
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The demo admin, enrolled with the printed authenticator key (decision 017; codes: ./admin-session). */
export const ADMIN = {
  email: 'admin@vuka.demo',
  password: 'VukaAdmin2026!',
  firstName: 'Ayanda',
  mfaSecret: 'VUKACAPITALDEMOADMINSECRET234567',
} as const;
/** The demo's second admin: approves what ADMIN asks for (dual control, decision 028). */
export const SECOND_ADMIN = {
  email: 'nomsa@vuka.demo',
  password: 'VukaAdmin2026!',
  firstName: 'Nomsa',
  mfaSecret: 'VUKACAPITALDEMOSECONDADMIN234567',
} as const;
export const CREATOR_PASSWORD = 'VukaCreator2026!';
export const THANDI = { email: 'thandi@vuka.demo', password: CREATOR_PASSWORD, firstName: 'Thandi' } as const;
export const SIPHO = { email: 'sipho@vuka.demo', password: CREATOR_PASSWORD, firstName: 'Sipho' } as const;
export const LERATO = { email: 'lerato@vuka.demo', password: CREATOR_PASSWORD, firstName: 'Lerato' } as const;

/** The header collapses into a sheet below Tailwind's lg breakpoint. */
export const MENU_BREAKPOINT = 1024;

interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: string;
}

const POLL_TIMEOUT_MS = 10_000;
const POLL_INTERVAL_MS = 200;

async function messagesTo(request: APIRequestContext, email: string): Promise<MailboxMessage[]> {
  const response = await request.get('/dev/mailbox.json');
  expect(response.ok(), `GET /dev/mailbox.json answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { messages: MailboxMessage[] };
  const to = email.toLowerCase();
  return body.messages.filter((m) => m.to.toLowerCase() === to);
}

/** Polls the outbox (newest first) until `pick` finds something in a message to `email`. */
async function pollMailbox(
  request: APIRequestContext,
  email: string,
  what: string,
  pick: (message: MailboxMessage) => string | undefined,
): Promise<string> {
  const deadline = Date.now() + POLL_TIMEOUT_MS;
  for (;;) {
    for (const message of await messagesTo(request, email)) {
      const found = pick(message);
      if (found) return found;
    }
    if (Date.now() > deadline)
      throw new Error(`No ${what} e-mailed to ${email} within ${POLL_TIMEOUT_MS} ms`);
    // The only fixed wait of the suite: the outbox is polled, it cannot be awaited.
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** The 6-digit code of the newest verification e-mail to `email`. */
export function latestCodeFor(request: APIRequestContext, email: string): Promise<string> {
  return pollMailbox(request, email, 'verification code', (m) =>
    // The code stands on a line of its own (a unique address may hold six digits in a row too).
    /verification code/i.test(m.subject) ? m.text.match(/^(\d{6})$/m)?.[1] : undefined,
  );
}

/** The text of the newest e-mail to `email` whose subject matches. */
export function latestMailMatching(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<string> {
  return pollMailbox(request, email, `e-mail "${subject.source}"`, (m) =>
    subject.test(m.subject) ? m.text : undefined,
  );
}

/** The reset link (http://localhost:5055/reset-password?token=...) of the newest reset e-mail to `email`. */
export function latestResetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  return pollMailbox(
    request,
    email,
    'password reset link',
    (m) => m.text.match(/https?:\/\/\S+\/reset-password\?token=[^\s]+/)?.[0],
  );
}

/** An address no other test (nor the other project's run of the same test) uses. */
export function uniqueEmail(testInfo: TestInfo, tag: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${tag}-${testInfo.project.name}-${Date.now().toString(36)}-${random}@example.com`;
}

/** Registers and verifies an account through the API (setup only; the UI journeys are in accounts.spec). */
export async function createVerifiedAccount(
  request: APIRequestContext,
  account: { email: string; password: string; firstName: string; lastName?: string },
): Promise<void> {
  const registered = await request.post('/api/register', {
    data: {
      username: account.email,
      password: account.password,
      firstName: account.firstName,
      lastName: account.lastName ?? 'Tester',
      creatorType: 'full-time',
      bio: '',
      country: 'South Africa',
      city: 'Johannesburg',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const code = await latestCodeFor(request, account.email);
  const verified = await request.post('/api/verify-email', { data: { email: account.email, code } });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** The Login form of /auth (the card's Login tab). */
export function loginForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Login' });
}

/** Fills and submits the Login tab of the page already showing /auth. Does not wait for the outcome. */
export async function submitLogin(
  page: Page,
  email: string,
  password: string,
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  const form = loginForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  if (options.rememberMe) await form.getByRole('checkbox', { name: 'Remember me' }).check();
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Signs in through the UI. Opens /auth unless the page already shows the sign-in form (for example after
 * a guard sent it to /auth?redirect=...), then waits until the page has left /auth. The demo admin also
 * enters a code from their authenticator (never one another sign-in has used: ./admin-session).
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  if (new URL(page.url()).pathname !== '/auth') await page.goto('/auth');
  await expect(loginForm(page)).toBeVisible();
  await submitLogin(page, email, password, options);
  const demoAdmin = [ADMIN, SECOND_ADMIN].find((admin) => admin.email === email.toLowerCase());
  if (demoAdmin) {
    const form = page.getByRole('form', { name: 'Authenticator code' });
    await expect(form).toBeVisible();
    // Loaded when needed: admin-session reads ADMIN from this module.
    const { withDemoAdminCode } = await import('./admin-session');
    await withDemoAdminCode(
      new URL(page.url()).origin,
      async (code) => {
        await form.getByLabel('Authenticator code').fill(code);
        await form.getByRole('button', { name: 'Verify', exact: true }).click();
        await expect(page).not.toHaveURL(/\/auth(\?|$)/);
      },
      demoAdmin,
    );
    return;
  }
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
}

/** Below 1024 px the header's links and Logout live in a sheet behind 'Open menu'; open it there. */
export async function openMenuIfNeeded(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? MENU_BREAKPOINT;
  if (width >= MENU_BREAKPOINT) return;
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
}

/** Logs out from the header (through the menu sheet on narrow screens) and waits for '/'. */
export async function signOut(page: Page): Promise<void> {
  await openMenuIfNeeded(page);
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Marks the onboarding tours (dashboard, apply) as already seen, before any page script runs, so a journey
 * that is not about the tour can click on those pages without its overlay in the way.
 */
export async function markToursSeen(page: Page): Promise<void> {
  await page.addInitScript(() =>
    localStorage.setItem('completed-tours', JSON.stringify(['dashboard', 'apply'])),
  );
}

/** A toast in the notifications viewport (not the screen-reader copy Radix announces elsewhere). */
export function toast(page: Page, title: string): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true });
}

/** Text with every kind of space (en-ZA money uses U+00A0) turned into a plain space. */
export function normalised(text: string | null): string {
  return (text ?? '').replace(/\s/g, ' ').trim();
}

/**
 * The verify step's Resend Code button while it waits: disabled, showing the seconds left (within
 * `between`), and counting down.
 */
export async function expectResendCountdown(step: Locator, between: [number, number]): Promise<void> {
  const resend = step.getByRole('button', { name: /^Resend Code in \d+s$/ });
  await expect(resend).toBeDisabled();
  const secondsShown = async () => Number((await resend.textContent())?.match(/(\d+)s/)?.[1]);
  const first = await secondsShown();
  expect(first).toBeGreaterThanOrEqual(between[0]);
  expect(first).toBeLessThanOrEqual(between[1]);
  await expect.poll(secondsShown, { timeout: 5_000 }).toBeLessThan(first);
}
