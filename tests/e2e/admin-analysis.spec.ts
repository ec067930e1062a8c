// The admin's AI analysis of a user (toasts 'Analysis completed', 'Analysis failed', 'Failed to fetch
// insights'), in the AI
// Analysis tab of /admin/users/{id}. The e2e server has no AI configured: analyses are rule-based.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolationsIn, fulfilNext, holdNextRequest } from './support/advisor';
import { newCreator, submitApplicationByApi } from './support/creator';
import { expectNoHorizontalOverflow, signInAsAdmin } from './support/lending';
import { markToursSeen, toast } from './support/mailbox';

// Every journey analyses its own fresh creator: they can run side by side.
test.describe.configure({ mode: 'parallel' });

interface InsightRecord {
  analysisId: string;
  timestamp: string;
  industryFocus: string;
  context: string;
  source: 'ai' | 'rules';
  analysis: {
    summary: string;
    financialAnalysis: { overview: string };
    actionableInsights: string[];
  };
}

const SECTION_TITLES = [
  'Summary',
  'Financial analysis',
  'Platform analysis',
  'Repayment analysis',
  'Career trajectory',
  'Brand analysis',
  'Online presence',
  'Business intelligence',
  'Actionable insights',
];

// The 30th character is not a space, so the preview is exactly the first 30 characters and an ellipsis.
const LONG_CONTEXT =
  'Reviewing an R45,000 equipment request for a second camera and a lighting kit before approving it';

/** A fresh creator with one application; returns their user id. The page is the admin's afterwards. */
async function creatorToAnalyse(page: Page, testInfo: Parameters<typeof newCreator>[1]): Promise<number> {
  await newCreator(page, testInfo, 'analysis', { firstName: 'Lindiwe', lastName: 'Dube' });
  await submitApplicationByApi(page, { firstName: 'Lindiwe', lastName: 'Dube', monthlyRevenue: 12_000 });
  const me = await page.request.get('/api/user');
  expect(me.status(), await me.text()).toBe(200);
  const { id } = (await me.json()) as { id: number };
  await signInAsAdmin(page);
  return id;
}

async function openAnalysisTab(page: Page, userId: number): Promise<Locator> {
  await page.goto(`/admin/users/${userId}`);
  await page.getByRole('tab', { name: 'AI Analysis' }).click();
  const panel = page.getByTestId('ai-analysis-panel');
  await expect(panel).toBeVisible();
  return panel;
}

async function chooseFocus(page: Page, panel: Locator, focus: string): Promise<void> {
  await panel.getByLabel('Focus', { exact: true }).click();
  await page.getByRole('option', { name: focus, exact: true }).click();
  await expect(panel.getByLabel('Focus', { exact: true })).toHaveText(focus);
}

function isAnalyzeCall(url: string, userId: number): boolean {
  return new URL(url).pathname === `/api/insights/analyze-user/${userId}`;
}

test('an admin runs a Risk analysis with a long context: completed, every section shown, context cut at 30', async ({
  page,
}, testInfo) => {
  await markToursSeen(page);
  const userId = await creatorToAnalyse(page, testInfo);
  const panel = await openAnalysisTab(page, userId);
  await expect(panel.getByText('No analyses yet')).toBeVisible();

  await chooseFocus(page, panel, 'Risk');
  await panel.getByRole('textbox', { name: /Context/ }).fill(LONG_CONTEXT);

  const held = await holdNextRequest(page, `/api/insights/analyze-user/${userId}`, 'POST');
  const run = panel.getByRole('button', { name: 'Run Analysis' });
  await run.click();
  const request = await held.sent;
  expect(request.postDataJSON()).toEqual({ industryFocus: 'risk', context: LONG_CONTEXT });
  await expect(run).toBeDisabled();
  await expect(panel.getByRole('progressbar', { name: 'Analysis in progress' })).toBeVisible();

  const answered = page.waitForResponse((r) => isAnalyzeCall(r.url(), userId));
  held.release();
  const response = await answered;
  expect(response.status()).toBe(201);
  const record = (await response.json()) as InsightRecord;
  expect(record).toMatchObject({ industryFocus: 'risk', context: LONG_CONTEXT, source: 'rules' });

  await expect(toast(page, 'Analysis completed')).toBeVisible();
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await expect(run).toBeEnabled();

  const latest = panel.getByTestId('latest-analysis');
  await expect(latest).toHaveAttribute('data-analysis-id', record.analysisId);
  await expect(latest.getByTestId('analysis-summary')).toHaveText(record.analysis.summary);
  for (const title of SECTION_TITLES) {
    await expect(latest.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await expect(latest.getByTestId('analysis-section-financialAnalysis')).toContainText(
    record.analysis.financialAnalysis.overview,
  );
  await expect(latest.getByTestId('analysis-actionable-insights').getByRole('listitem')).toHaveText(
    record.analysis.actionableInsights,
  );
  await expect(latest.getByTestId('analysis-focus')).toContainText('Risk');
  await expect(latest.getByTestId('analysis-source')).toContainText('Rule-based');
  await expect(latest.getByTestId('analysis-date')).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

  const preview = latest.getByTestId('context-preview');
  expect(LONG_CONTEXT.slice(0, 30)).toBe('Reviewing an R45,000 equipment');
  await expect(preview).toHaveText(`${LONG_CONTEXT.slice(0, 30)}…`);
  await expect(preview).toHaveAttribute('title', LONG_CONTEXT);
  // The expanded analysis shows the whole context.
  await expect(latest.getByText(LONG_CONTEXT, { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // A second analysis becomes the latest; the first one moves to the collapsible list.
  await chooseFocus(page, panel, 'Growth');
  await run.click();
  await expect(toast(page, 'Analysis completed')).toBeVisible();
  await expect(latest.getByTestId('analysis-focus')).toContainText('Growth');
  await expect(latest.getByTestId('context-preview')).toHaveCount(0);
  await expect(latest.getByText('No context', { exact: true })).toBeVisible();

  const earlier = panel.getByTestId('earlier-analyses');
  const first = earlier.locator(`[data-analysis-id="${record.analysisId}"]`);
  const trigger = first.getByRole('button');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(trigger.getByTestId('context-preview')).toHaveText(`${LONG_CONTEXT.slice(0, 30)}…`);
  await expect(trigger.getByTestId('analysis-focus')).toContainText('Risk');
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(first.getByTestId('analysis-summary')).toHaveText(record.analysis.summary);
  await expect(first.getByRole('heading', { name: 'Business intelligence', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolationsIn(page, '[data-testid="ai-analysis-panel"]', 'The AI analysis panel');
  await trigger.click();
  await expect(first.getByTestId('analysis-summary')).toHaveCount(0);
});

test('a list that fails to load offers Retry, and a failed analysis says so', async ({ page }, testInfo) => {
  await markToursSeen(page);
  const userId = await creatorToAnalyse(page, testInfo);

  await fulfilNext(page, `/api/insights/user/${userId}`, 500, { message: 'Server error' });
  const panel = await openAnalysisTab(page, userId);
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('Failed to fetch insights');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByText('No analyses yet')).toBeVisible();

  await fulfilNext(page, `/api/insights/analyze-user/${userId}`, 500, {
    message: 'The analysis could not be stored',
  });
  await panel.getByRole('button', { name: 'Run Analysis' }).click();
  await expect(toast(page, 'Analysis failed')).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    'The analysis could not be stored',
  );
  await expect(panel.getByText('No analyses yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Run Analysis' })).toBeEnabled();
});
