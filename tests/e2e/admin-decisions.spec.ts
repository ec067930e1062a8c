// An admin's decisions the creator sees: verifying a proof of earnings in Application
// Details scores the application again and shows the platform as verified to its creator; rejecting asks for a
// reason written for the creator, which their dashboard shows (the internal notes never reach them).
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminEntry,
  chooseOption,
  creatorWithApplication,
  openAdminTab,
  searchApplications,
  visibleToast,
} from './support/admin';
import { shoot } from './support/admin-servicing';
import { applicationEntry, currentBaseUrl, signInByApi } from './support/creator';
import { markToursSeen } from './support/mailbox';

test.describe.configure({ mode: 'parallel' });

/** A second page, signed in as the creator, on their dashboard. */
async function creatorPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: currentBaseUrl(),
    viewport: test.info().project.use.viewport ?? null,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await markToursSeen(page);
  await signInByApi(page, email, 'Creator-pass-2026');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

test('Verify in Application Details counts the proof in full, and the creator sees the platform verified', async ({
  page,
  browser,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'proof-review');
  const id = creator.application.id;
  const scoreBefore = creator.application.creditScore as number;
  await openAdminTab(page, 'Applications');
  await searchApplications(page, creator.lastName);
  await adminEntry(page, id).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Application Details' });
  const proof = details.getByRole('listitem').filter({ hasText: 'proof.pdf' });
  await expect(proof).toContainText('Proof awaiting review');
  await expect(proof).toContainText('For TikTok');

  await proof.getByRole('button', { name: 'Verify proof.pdf' }).click();
  await expect(visibleToast(page, 'Proof verified')).toBeVisible();
  await expect(proof).toContainText('Proof verified');
  await expect(proof.getByRole('button', { name: 'Verify proof.pdf' })).toBeDisabled();
  const rescored = (await (await creator.api.get(`/api/applications/${id}`)).json()) as {
    creditScore: number;
  };
  expect(rescored.creditScore).toBeGreaterThan(scoreBefore);
  await shoot(page, testInfo, 'proof-review', details);

  // Reject asks for the reason first; the list then shows it.
  await proof.getByRole('button', { name: 'Reject proof.pdf' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this proof?' });
  await reject.getByRole('button', { name: 'Reject proof' }).click();
  await expect(
    reject.getByText('Give the reason for rejecting this proof in at least 5 characters'),
  ).toBeVisible();
  await shoot(page, testInfo, 'proof-reject', reject);
  await reject.getByLabel('Reason').fill('The statement is in another person’s name');
  await reject.getByRole('button', { name: 'Reject proof' }).click();
  await expect(reject).toBeHidden();
  await expect(proof).toContainText('Reason: The statement is in another person’s name');
  await proof.getByRole('button', { name: 'Verify proof.pdf' }).click();
  await expect(proof).toContainText('Proof verified');

  // The creator's Application History says where each self-declared platform's proof stands.
  const mine = await creatorPage(browser, creator.email);
  try {
    const proofs = applicationEntry(mine, id).getByRole('list', { name: 'Proof of earnings' });
    await expect(proofs).toHaveText('TikTok: proof verified');
    await shoot(mine, testInfo, 'creator-proof-status', applicationEntry(mine, id));
  } finally {
    await mine.context().close();
    await creator.api.dispose();
  }
});

test('rejecting asks for a reason written for the creator, and their dashboard shows it', async ({
  page,
  browser,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'reject-reason');
  const id = creator.application.id;
  await openAdminTab(page, 'Applications');
  await searchApplications(page, creator.lastName);
  const entry = adminEntry(page, id);
  await entry.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Application' });
  await edit.getByLabel('Notes').fill('Internal: bank statement looked edited');
  await chooseOption(page, edit, 'Status', 'Rejected');

  // Nothing is saved yet: the reason comes first, and a short one is refused before it is sent.
  const reason = edit.getByLabel('Reason for the creator');
  await expect(reason).toBeFocused();
  await edit.getByRole('button', { name: 'Reject application' }).click();
  await expect(edit.getByText('Write the reason for the creator in at least 10 characters')).toBeVisible();
  await shoot(page, testInfo, 'reject-reason', edit);
  const written = 'Your stated revenue could not be matched to your proof of earnings.';
  await reason.fill(written);
  await edit.getByRole('button', { name: 'Reject application' }).click();
  await expect(visibleToast(page, 'Status updated')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(entry).toContainText(/rejected/i);

  const mine = await creatorPage(browser, creator.email);
  try {
    const card = mine.getByTestId('financing-card');
    await expect(card).toContainText(written);
    await expect(mine.locator('body')).not.toContainText('bank statement looked edited');
  } finally {
    await mine.context().close();
    await creator.api.dispose();
  }
});
