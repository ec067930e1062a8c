// (docs/compliance.md, "Pre-agreement statement and the agreement"): a creator with an approved
// application opens their plan, downloads the quote as its pre-agreement statement and quotation (Form 20), accepts,
// and the agreement (s93) is e-mailed with the PDF attached: the dev mailbox names it and serves it, and the dashboard
// offers it to download again; an admin has both from Application Details. At 1280 and at 390 px (the two projects).
import { readFile } from 'node:fs/promises';
import { type Download, expect, test } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import { adminEntry, creatorWithApplication, openAdminTab, searchApplications } from './support/admin';
import {
  acceptQuoteByApi,
  adminApi,
  applicationEntry,
  approveApplication,
  newCreator,
  offerByApi,
  skipTours,
  submitApplicationByApi,
} from './support/creator';
import { shot } from './support/servicing';

test.describe.configure({ mode: 'parallel' });

/** A download's bytes, checked to be a PDF, and its text. */
async function pdfOf(file: Download) {
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return (await pdfText(bytes)).text.replace(/\s+/g, ' ');
}

test('the quote downloads as its Form 20 before accepting; the agreement is e-mailed as a PDF after', async ({
  page,
}, testInfo) => {
  await skipTours(page);
  const creator = await newCreator(page, testInfo, 'form20');
  const application = await submitApplicationByApi(page, { requestedAmount: 10_000, monthlyRevenue: 8_000 });
  await approveApplication(application.id);

  await page.goto('/dashboard');
  await applicationEntry(page, application.id).getByRole('button', { name: 'Setup Repayment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Repayment Plan' });
  await expect(dialog.getByTestId('quote-valid-until')).toBeVisible();
  const quoteButton = dialog.getByRole('button', { name: 'Download quote (PDF)' });
  await quoteButton.scrollIntoViewIfNeeded();
  await shot(page, 'form20-plan-dialog');
  const [quoteFile] = await Promise.all([page.waitForEvent('download'), quoteButton.click()]);
  expect(quoteFile.suggestedFilename()).toMatch(new RegExp(`^vuka-quote-${application.id}-\\d+\\.pdf$`));
  const quoteText = await pdfOf(quoteFile);
  for (const item of [
    'Pre-agreement statement and quotation',
    'section 92; regulation 30 (Form 20)',
    'NCR REGISTRATION NUMBER',
    `${creator.firstName} ${creator.lastName}`,
    'This quotation is binding for 5 business days',
    'INITIATION FEE',
    'INTEREST RATE',
    'MONTHLY SERVICE FEE',
    'TOTAL COST OF CREDIT',
  ]) {
    expect(quoteText).toContain(item);
  }
  // Done, the button is ready again.
  await expect(quoteButton).toBeEnabled();

  await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await dialog.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(dialog).toBeHidden();

  // Waiting for the payout, the agreement can be downloaded again from the application.
  const entry = applicationEntry(page, application.id);
  const again = entry.getByRole('button', { name: 'Download agreement (PDF)' });
  await expect(again).toBeVisible();
  // The "Plan accepted" toast closed, so the picture shows the application.
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('button', { name: 'Close' })
    .click();
  await shot(entry, 'form20-awaiting-payout');
  const [agreementFile] = await Promise.all([page.waitForEvent('download'), again.click()]);
  expect(agreementFile.suggestedFilename()).toBe(`vuka-agreement-${application.id}.pdf`);
  expect(await pdfOf(agreementFile)).toContain('Accepted electronically on');

  // The e-mail of the acceptance carries the agreement: the dev mailbox names the file and serves it.
  const subject = `You accepted your Vuka Capital agreement for application #${application.id}`;
  const article = page.locator('article', { hasText: subject });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(article).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const link = article.getByRole('link', { name: `vuka-agreement-${application.id}.pdf` });
  await expect(link).toBeVisible();
  await expect(article).toContainText('Your credit agreement is attached as a PDF');
  await article.scrollIntoViewIfNeeded();
  await shot(article, 'form20-mailbox');
  const [mailed] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(mailed.suggestedFilename()).toBe(`vuka-agreement-${application.id}.pdf`);
  const mailedText = await pdfOf(mailed);
  expect(mailedText).toContain('Credit agreement');
  expect(mailedText).toContain('National Credit Act 34 of 2005, section 93');
  expect(mailedText).toContain(`${creator.firstName} ${creator.lastName}`);
  expect(mailedText).toMatch(/NCR registration number NCRCP\w+/);
});

test("an admin downloads the offer's Form 20 from Application Details, and the agreement once it is accepted", async ({
  page,
}, testInfo) => {
  const creator = await creatorWithApplication(testInfo, 'form20-admin');
  const id = creator.application.id;
  await approveApplication(id);
  const admin = await adminApi();
  await offerByApi(admin, id);

  await openAdminTab(page, 'Applications');
  await searchApplications(page, creator.lastName);
  const details = page.getByRole('dialog', { name: 'Application Details' });
  const openDetails = async () => {
    await adminEntry(page, id).getByRole('button', { name: 'View Details' }).click();
    await expect(details).toBeVisible();
  };
  await openDetails();
  const quoteButton = details.getByRole('button', { name: 'Quote (PDF)' });
  await expect(quoteButton).toBeVisible();
  await shot(page, 'form20-admin-details');
  const [quoteFile] = await Promise.all([page.waitForEvent('download'), quoteButton.click()]);
  expect(quoteFile.suggestedFilename()).toMatch(new RegExp(`^vuka-quote-${id}-\\d+\\.pdf$`));
  expect(await pdfOf(quoteFile)).toContain(`${creator.firstName} ${creator.lastName}`);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await acceptQuoteByApi(creator.api, id);
  await page.reload();
  await searchApplications(page, creator.lastName);
  await openDetails();
  const agreementButton = details.getByRole('button', { name: 'Agreement (PDF)' });
  await expect(agreementButton).toBeVisible();
  await expect(details.getByRole('button', { name: 'Quote (PDF)' })).toHaveCount(0);
  const [agreementFile] = await Promise.all([page.waitForEvent('download'), agreementButton.click()]);
  expect(agreementFile.suggestedFilename()).toBe(`vuka-agreement-${id}.pdf`);
  expect(await pdfOf(agreementFile)).toContain('Accepted electronically on');
  await admin.dispose();
  await creator.api.dispose();
});
