// The application page (/apply): applying with a manual platform or a verified
// Visionary account, and YouTube on a server without credentials. The form's own checks (the terms holding Submit
// back, each field's message, the manual entry's missing proof, the 'Other' text field) need no browser or server:
// they are the component tests beside the form (src/client/features/apply/application-form.test.tsx and
// src/client/features/platforms/manual-platform-form.test.tsx).

import { expect, type Locator, type Page, test } from '@playwright/test';
import { applicationEntry, newCreator, onlyApplication, PROOF_PDF, skipTours } from './support/creator';
import { latestCodeFor, toast, uniqueEmail } from './support/mailbox';
import { shot } from './support/servicing';

// Every journey has its own creator, or only reads the page as a demo creator: they can run side by side.
test.describe.configure({ mode: 'parallel' });

const TERMS = 'I accept the terms and conditions';

function region(page: Page, name: 'YouTube' | 'Visionary' | 'Manual entry'): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** An adult's SA ID number (born 15 January 1990), and one of someone who turns 18 in 2030. */
const ADULT_ID = '9001155009086';
const MINOR_ID = '1201015009080';

/** Fills the financing fields of the form (the applicant's names are already there from the profile). */
async function fillFinancing(
  page: Page,
  values: { amount: string; revenue: string; uses: string[]; idNumber?: string },
): Promise<void> {
  // A personal application names its SA ID number (docs/compliance.md, "Who may apply").
  const id = page.getByLabel('SA ID number');
  if (await id.isVisible()) await id.fill(values.idNumber ?? ADULT_ID);
  await page.getByLabel('Requested amount (R)').fill(values.amount);
  await page.getByLabel('Monthly revenue (R)', { exact: true }).fill(values.revenue);
  for (const use of values.uses) await page.getByRole('checkbox', { name: use, exact: true }).check();
}

/**
 * Opens the manual-entry form. The form moves focus to its Platform name field once it has mounted; waiting
 * for that keeps the next fills from racing the focus move (which would send their text to Platform name).
 */
async function openManualForm(manual: Locator): Promise<void> {
  await manual.getByRole('button', { name: 'Add Manual Platform' }).click();
  await expect(manual.getByLabel('Platform name', { exact: true })).toBeFocused();
}

async function openApply(page: Page): Promise<void> {
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Apply for Creator Financing' })).toBeVisible();
}

/** Ticks the terms, submits, and expects the success toast and the dashboard. */
async function submitAndLandOnDashboard(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: TERMS }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Application submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The dashboard lists the application as Under Review and the score card shows its numeric score. */
async function expectUnderReviewWithScore(page: Page, applicationId: number, score: number | null) {
  expect(score, 'the credit score of a submitted application').toEqual(expect.any(Number));
  expect(score!).toBeGreaterThanOrEqual(0);
  expect(score!).toBeLessThanOrEqual(100);
  await expect(page.getByRole('heading', { name: 'Application History' })).toBeVisible();
  await expect(applicationEntry(page, applicationId)).toContainText('Under Review');
  const scoreCard = page.getByTestId('score-card');
  await expect(scoreCard).toContainText(new RegExp(`\\b${score}\\s*/100`));
  await expect(scoreCard).not.toContainText('N/A');
}

test(
  'applying with a manual platform and its proof: submitted, then Under Review with a score',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await skipTours(page);
    await newCreator(page, testInfo, 'apply-manual', { firstName: 'Zola', lastName: 'Mthembu' });
    await openApply(page);
    // A personal application starts from the profile's names.
    await expect(page.getByRole('radio', { name: 'Personal' })).toBeChecked();
    await expect(page.getByLabel('First Name')).toHaveValue('Zola');
    await expect(page.getByLabel('Last Name')).toHaveValue('Mthembu');
    // Money typed the South African way, as the product shows it: read as that amount and said so under the field.
    await fillFinancing(page, {
      amount: '15 000',
      revenue: 'R 9 000,50',
      uses: ['Equipment Purchase', 'Working Capital'],
    });
    const reading = page.getByText('Read as R\u00a09\u00a0000,50', { exact: true });
    await expect(reading).toBeVisible();
    await reading.scrollIntoViewIfNeeded();
    await shot(page, 'apply-money-read');

    const manual = region(page, 'Manual entry');
    await openManualForm(manual);
    await manual.getByLabel('Platform name', { exact: true }).fill('TikTok');
    await manual.getByLabel('Username', { exact: true }).fill('@zola.cooks');
    await manual.getByLabel('Number of followers', { exact: true }).fill('12500');
    await manual.getByLabel('Monthly earnings (R)', { exact: true }).fill('3500');
    await manual.getByLabel('Proof of earnings').setInputFiles(PROOF_PDF);
    await manual.getByRole('button', { name: 'Add Platform' }).click();
    await expect(manual.getByRole('button', { name: 'Remove TikTok' })).toBeVisible();
    await expect(manual).toContainText(PROOF_PDF.name);

    // A minor's ID number is refused with the reason under the field; corrected, the application goes through.
    await page.getByLabel('SA ID number').fill(MINOR_ID);
    await page.getByRole('checkbox', { name: TERMS }).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const refusal =
      'You must be 18 or older to apply: this ID number gives a date of birth of 1 January 2012.';
    await expect(toast(page, 'Application failed')).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Financing application' }).getByText(refusal, { exact: true }),
    ).toBeVisible();
    await page.getByLabel('SA ID number').scrollIntoViewIfNeeded();
    await shot(page, 'apply-identity-refused');
    await expect(page.getByLabel('SA ID number')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('SA ID number').fill(ADULT_ID);
    await page.getByRole('checkbox', { name: TERMS }).uncheck();
    await submitAndLandOnDashboard(page);
    const application = await onlyApplication(page);
    expect(application).toMatchObject({
      status: 'pending_review',
      requestedAmount: 15_000,
      monthlyRevenue: '9000.50',
    });
    expect(application.manualPlatforms).toEqual([
      expect.objectContaining({ platform: 'TikTok', username: '@zola.cooks', proofFile: PROOF_PDF.name }),
    ]);
    await expect(applicationEntry(page, application.id)).toContainText('Zola Mthembu');
    await expectUnderReviewWithScore(page, application.id, application.creditScore);
  },
);

test('applying after verifying a Visionary account with the e-mailed code', async ({ page }, testInfo) => {
  await skipTours(page);
  await newCreator(page, testInfo, 'apply-visionary', { firstName: 'Kagiso', lastName: 'Sithole' });
  await openApply(page);

  const visionary = region(page, 'Visionary');
  const visionaryEmail = uniqueEmail(testInfo, 'visionary');
  await visionary.getByRole('button', { name: 'Connect Visionary' }).click();
  await visionary.getByLabel('Visionary email').fill(visionaryEmail);
  await visionary.getByRole('button', { name: 'Send Code' }).click();
  await expect(toast(page, 'Verification Code Sent')).toBeVisible();
  await expect(visionary.getByRole('button', { name: 'Resend' })).toBeVisible();
  await expect(visionary.getByLabel('Verification code')).toHaveAttribute('maxlength', '6');
  await shot(visionary, 'apply-visionary-code');

  await visionary.getByLabel('Verification code').fill(await latestCodeFor(page.request, visionaryEmail));
  await visionary.getByRole('button', { name: 'Verify Code' }).click();
  await expect(toast(page, 'Verification Successful')).toBeVisible();
  await expect(visionary.getByText('Connected', { exact: true })).toBeVisible();
  await expect(visionary.getByRole('button', { name: 'Connect Visionary' })).toHaveCount(0);
  const connected = page.getByRole('list', { name: 'Connected platforms' });
  await expect(connected.getByRole('button', { name: 'Disconnect Visionary' })).toBeVisible();
  await expect(connected).toContainText(visionaryEmail);

  await fillFinancing(page, { amount: '5000', revenue: '4200.50', uses: ['Advance Payment'] });
  await submitAndLandOnDashboard(page);
  const application = await onlyApplication(page);
  expect(application.monthlyRevenue).toBe('4200.50');
  expect(application.socialMediaData?.visionary).toMatchObject({ email: visionaryEmail });
  await expectUnderReviewWithScore(page, application.id, application.creditScore);

  // Disconnecting (here from the settings page) asks first, then removes the connection from the profile.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Disconnect Visionary' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect Visionary?' });
  await expect(confirm).toContainText('verified connection');
  await confirm.getByRole('button', { name: 'Keep Visionary' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Disconnect Visionary' })).toBeFocused();
  await page.getByRole('button', { name: 'Disconnect Visionary' }).click();
  await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(toast(page, 'Platform Disconnected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disconnect Visionary' })).toHaveCount(0);
  await expect(region(page, 'Visionary').getByRole('button', { name: 'Connect Visionary' })).toBeVisible();
});

test('YouTube on a server without its sign-in says so in a creator’s words and offers manual entry', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  // A creator of its own: the demo creators hold open applications, and /apply then shows a notice instead.
  await newCreator(page, testInfo, 'apply-youtube');
  await openApply(page);
  const popups: string[] = [];
  page.on('popup', (popup) => popups.push(popup.url()));

  const youtube = region(page, 'YouTube');
  // The server says so before anyone tries: no Connect button that cannot work, and the way that does, in a
  // creator's words (never "not configured on this server").
  await expect(
    youtube.getByText(
      'Connecting YouTube is not available at the moment. Add your YouTube channel yourself, with its figures and proof of its earnings: it counts once we have checked the proof.',
    ),
  ).toBeVisible();
  await expect(youtube.getByRole('button', { name: 'Connect YouTube' })).toHaveCount(0);
  await expect(page.getByText(/not configured/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Manual Platform' })).toBeVisible();
  await expect(toast(page, 'Connection Failed')).toHaveCount(0);
  expect(popups, 'no YouTube sign-in window opens').toEqual([]);
});
