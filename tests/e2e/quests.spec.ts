// Learning Quests (/learning-quests, its quizzes and toasts; decision 013): a creator takes a beginner quest from its first step to its quiz, fails the quiz, passes
// it, and finishes the quest; locked quests, tabs, and the error paths. The right answers come from the
// catalog module itself, so the journey follows the catalog when its content changes.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { QUEST_CATALOG } from '../../src/server/features/quests/catalog';
import { levelForXp, quizPassMark } from '../../src/shared/quest-progress';
import type { QuestDefinition, QuizQuestion } from '../../src/shared/quests';
import { newCreator } from './support/creator';
import { markToursSeen } from './support/mailbox';

test.describe.configure({ mode: 'parallel' });

/** A beginner quest without prerequisites that ends in a quiz, the shortest such (picked at run time). */
function pickBeginnerQuest(): QuestDefinition {
  const candidates = QUEST_CATALOG.filter(
    (q) =>
      q.difficulty === 'beginner' &&
      (q.prerequisites ?? []).length === 0 &&
      q.steps.some((s) => s.type === 'quiz') &&
      q.steps.every((s) => s.type === 'text' || s.type === 'quiz'),
  ).sort((a, b) => a.steps.length - b.steps.length);
  const quest = candidates[0];
  if (!quest) throw new Error('The catalog has no beginner quest without prerequisites that has a quiz');
  return quest;
}

const QUEST = pickBeginnerQuest();
/** A quest that needs QUEST (and nothing else), when the catalog has one: it unlocks when QUEST is done. */
const DEPENDENT = QUEST_CATALOG.find(
  (q) => (q.prerequisites ?? []).length === 1 && q.prerequisites?.[0] === QUEST.slug,
);
/** Any quest with prerequisites: locked for a new creator. */
const LOCKED = DEPENDENT ?? QUEST_CATALOG.find((q) => (q.prerequisites ?? []).length > 0);

function titleOf(slug: string): string {
  const quest = QUEST_CATALOG.find((q) => q.slug === slug);
  if (!quest) throw new Error(`No quest ${slug} in the catalog`);
  return quest.title;
}

/** No serious or critical WCAG 2.1 A/AA violations (axe-core), as a11y.spec checks the public pages. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `- ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
    .join('\n');
  expect(serious, `${label} has serious or critical axe violations:\n${report}`).toEqual([]);
}

function card(page: Page, slug: string): Locator {
  return page.getByTestId(`quest-card-${slug}`);
}

/**
 * A toast's title or description. While the sheet (a modal) is open, Radix hides the rest of the page from
 * the accessibility tree (toasts are announced through their own live copy), so the viewport is looked up
 * including hidden elements.
 */
function notification(page: Page, text: string): Locator {
  return page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .getByText(text, { exact: true });
}

/** Counts POSTs to the progress endpoint, to prove an incomplete quiz is never sent. */
function recordProgressPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/api\/quests\/\d+\/progress$/.test(new URL(req.url()).pathname)) {
      posts.push(req.postData() ?? '');
    }
  });
  return posts;
}

async function openQuestsPage(page: Page): Promise<void> {
  await page.goto('/learning-quests');
  await expect(page.getByRole('heading', { name: 'Learning Quests', level: 1 })).toBeVisible();
  await expect(page.getByTestId('quests-completed-count')).toBeVisible();
}

function questionGroup(sheet: Locator, index: number, question: QuizQuestion): Locator {
  return sheet.getByRole('group', { name: `Question ${index + 1}. ${question.question}` });
}

async function answerQuiz(
  sheet: Locator,
  questions: QuizQuestion[],
  choose: (q: QuizQuestion, i: number) => number,
) {
  for (const [i, q] of questions.entries()) {
    const option = q.options[choose(q, i)]!;
    const radio = questionGroup(sheet, i, q).getByRole('radio', { name: option, exact: true });
    await radio.check();
    await expect(radio).toBeChecked();
  }
}

/** The first bullet item and the first plain paragraph of a step's text, as the catalog writes them. */
function firstBulletAndParagraph(content: string): { bullet?: string; paragraph?: string } {
  const lines = content.split('\n').map((l) => l.trim());
  const bullet = lines.find((l) => l.startsWith('- '))?.slice(2);
  const paragraph = content
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block !== '' && !block.includes('\n') && !block.startsWith('- '));
  return { bullet, paragraph };
}

test(
  'a creator takes a beginner quest: text steps, an incomplete, a failed and a passed quiz, then Completed',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await markToursSeen(page);
    await newCreator(page, testInfo, 'quests-journey');
    const posts = recordProgressPosts(page);
    await openQuestsPage(page);

    const total = QUEST_CATALOG.length;
    await expect(page.getByTestId('quests-completed-count')).toHaveText(`0/${total}`);
    await expect(page.getByTestId('quest-level')).toHaveText('Level 1');
    await expect(page.getByTestId('quest-xp')).toHaveText('0 XP total');

    const questCard = card(page, QUEST.slug);
    await expect(questCard.getByRole('heading', { name: QUEST.title })).toBeVisible();
    await expect(questCard).toContainText(`0/${QUEST.steps.length} steps`);
    await expect(questCard).toContainText('0%');
    await expect(questCard).toContainText(`${QUEST.xpReward} XP`);
    await expect(questCard).toContainText(/beginner/i);

    // Starting sends step 0, not completed, and opens the sheet on the first step.
    await questCard.getByRole('button', { name: /^Start Quest/ }).click();
    const sheet = page.getByRole('dialog', { name: QUEST.title });
    await expect(sheet).toBeVisible();
    expect(JSON.parse(posts[0]!)).toEqual({ step: 0, completed: false });
    await expect(questCard.getByRole('button', { name: /^Continue/, includeHidden: true })).toBeAttached();

    const steps = QUEST.steps;
    const quizIndex = steps.findIndex((s) => s.type === 'quiz');
    const stepButton = (i: number) => sheet.getByRole('button', { name: new RegExp(`^Step ${i + 1}: `) });
    const stepHeading = (i: number) =>
      sheet.getByRole('heading', { name: steps[i]!.title, level: 3, exact: true });
    const next = sheet.getByRole('button', { name: 'Next', exact: true });
    const previous = sheet.getByRole('button', { name: 'Previous', exact: true });

    await expect(stepHeading(0)).toBeVisible();
    await expect(stepButton(0)).toBeEnabled();
    await expect(stepButton(1)).toBeDisabled();
    await expect(next).toBeDisabled();
    await expect(previous).toBeDisabled();

    // The first step's plain text: paragraphs, and "- " lines as a real list (never raw markup).
    const first = steps[0]!;
    if (first.type !== 'text') throw new Error(`${QUEST.slug} should start with a text step`);
    const { bullet, paragraph } = firstBulletAndParagraph(first.content);
    if (paragraph) await expect(sheet.locator('p', { hasText: paragraph })).toBeVisible();
    if (bullet) await expect(sheet.getByRole('listitem').filter({ hasText: bullet })).toHaveText(bullet);
    const resource = (first.resources ?? [])[0];
    if (resource) {
      const reading = sheet.getByRole('region', { name: 'Required Reading' });
      const link = reading.getByRole('link', { name: new RegExp(escapeRegExp(resource.title)) });
      await expect(link).toHaveAttribute('href', resource.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    await expectAccessible(page, 'the quest sheet on a text step');

    // Text steps: Complete Step saves the step and moves on to the next one.
    for (let i = 0; i < quizIndex; i += 1) {
      await expect(stepHeading(i)).toBeVisible();
      await sheet.getByRole('button', { name: 'Complete Step' }).click();
      await expect(stepHeading(i + 1)).toBeVisible();
      await expect(notification(page, 'Progress Updated')).toBeVisible();
      await expect(stepButton(i)).toHaveAccessibleName(`Step ${i + 1}: ${steps[i]!.title} (completed)`);
      await expect(stepButton(i + 1)).toBeEnabled();
    }
    expect(posts.slice(1).map((p) => JSON.parse(p))).toEqual(
      Array.from({ length: quizIndex }, (_, step) => ({ step, completed: true })),
    );

    // Back to a completed step: Next is enabled there; forward again.
    if (quizIndex > 0) {
      await previous.click();
      await expect(stepHeading(quizIndex - 1)).toBeVisible();
      await expect(sheet.getByText('Step completed')).toBeVisible();
      await expect(next).toBeEnabled();
      await next.click();
    }
    await expect(stepHeading(quizIndex)).toBeVisible();
    // The quiz step is not completed yet, so Next stays disabled.
    await expect(next).toBeDisabled();

    const quiz = steps[quizIndex]!;
    if (quiz.type !== 'quiz') throw new Error('unreachable');
    const questions = quiz.content;
    const passMark = quizPassMark(questions.length);
    const submit = sheet.getByRole('button', { name: 'Submit Quiz' });
    await expect(sheet.getByRole('button', { name: 'Complete Step' })).toHaveCount(0);

    // Incomplete: nothing answered, then only one question: the toast, and no request.
    const sentBefore = posts.length;
    await submit.click();
    await expect(notification(page, 'Incomplete Quiz')).toBeVisible();
    await expect(notification(page, 'Please answer all questions before submitting.')).toBeVisible();
    await answerQuiz(sheet, questions.slice(0, 1), (q) => q.correctAnswer);
    await submit.click();
    await expect(notification(page, 'Incomplete Quiz')).toBeVisible();
    expect(posts).toHaveLength(sentBefore);

    // Failing: every answer wrong. The server scores it; the answers stay editable.
    await answerQuiz(sheet, questions, (q) => (q.correctAnswer + 1) % q.options.length);
    await submit.click();
    await expect(notification(page, 'Quiz Failed')).toBeVisible();
    await expect(
      notification(
        page,
        `You got 0 out of ${questions.length} correct. Need ${passMark} to pass. Try again!`,
      ),
    ).toBeVisible();
    expect(posts).toHaveLength(sentBefore + 1);
    for (const [i, q] of questions.entries()) {
      await expect(questionGroup(sheet, i, q).getByRole('radio').first()).toBeEnabled();
    }
    await expect(sheet.getByTestId('quiz-review')).toHaveCount(0);
    await expect(next).toBeDisabled();

    // Passing with the fewest right answers that pass (so one answer shows as wrong when the mark allows).
    const wrongOnPurpose = passMark < questions.length ? questions.length - 1 : -1;
    await answerQuiz(sheet, questions, (q, i) =>
      i === wrongOnPurpose ? (q.correctAnswer + 1) % q.options.length : q.correctAnswer,
    );
    await submit.click();
    await expect(notification(page, 'Quiz Completed!')).toBeVisible();
    const correctCount = wrongOnPurpose === -1 ? questions.length : questions.length - 1;
    await expect(
      notification(page, `You got ${correctCount} out of ${questions.length} correct. Great job!`),
    ).toBeVisible();
    await expectLockedReview(sheet, questions, wrongOnPurpose);
    await expect(submit).toHaveCount(0);
    await expectAccessible(page, 'the quest sheet on a passed quiz');

    // The quiz was the last step: the quest is complete and its XP shows.
    expect(quizIndex).toBe(steps.length - 1);
    const complete = sheet.getByTestId('quest-complete');
    await expect(complete).toContainText('Quest complete!');
    await expect(complete).toContainText(`You earned ${QUEST.xpReward} XP`);
    await expect(stepButton(quizIndex)).toHaveAccessibleName(
      `Step ${quizIndex + 1}: ${quiz.title} (completed)`,
    );

    // On the last step of a completed quest, Done closes the sheet and focus returns to the card's button.
    await sheet.getByRole('button', { name: 'Done' }).click();
    await expect(sheet).toBeHidden();
    await expect(questCard.getByRole('button', { name: /^Completed/ })).toBeFocused();
    await expect(questCard).toContainText(`${steps.length}/${steps.length} steps`);
    await expect(questCard).toContainText('100%');
    await expect(page.getByTestId('quests-completed-count')).toHaveText(`1/${total}`);
    await expect(page.getByTestId('quest-xp')).toHaveText(`${QUEST.xpReward} XP total`);
    await expect(page.getByTestId('quest-level')).toHaveText(`Level ${levelForXp(QUEST.xpReward)}`);

    if (DEPENDENT) {
      const unlocked = card(page, DEPENDENT.slug);
      await expect(unlocked.getByTestId('quest-locked')).toHaveCount(0);
      await expect(unlocked.getByRole('button', { name: /^Start Quest/ })).toBeEnabled();
    }

    // After a reload the passed quiz is still locked, marked and explained (from the quest list).
    await page.reload();
    await expect(page.getByTestId('quests-completed-count')).toHaveText(`1/${total}`);
    await card(page, QUEST.slug)
      .getByRole('button', { name: /^Completed/ })
      .click();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('quest-complete')).toContainText(`You earned ${QUEST.xpReward} XP`);
    await stepButton(quizIndex).click();
    await expect(stepHeading(quizIndex)).toBeFocused();
    await expectLockedReview(sheet, questions, wrongOnPurpose);
  },
);

async function expectLockedReview(sheet: Locator, questions: QuizQuestion[], wrongIndex: number) {
  for (const [i, q] of questions.entries()) {
    const group = questionGroup(sheet, i, q);
    const radios = group.getByRole('radio');
    await expect(radios).toHaveCount(q.options.length);
    for (let o = 0; o < q.options.length; o += 1) await expect(radios.nth(o)).toBeDisabled();
    const review = group.getByTestId('quiz-review');
    await expect(review).toContainText(i === wrongIndex ? 'Wrong' : 'Correct');
    await expect(review).toContainText(q.explanation);
    await expect(group.getByText('Correct answer')).toBeVisible();
    if (i === wrongIndex) await expect(group.getByText('Your answer')).toBeVisible();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a quest with unmet prerequisites is locked; tabs filter by category', async ({ page }, testInfo) => {
  if (!LOCKED) throw new Error('The catalog has no quest with prerequisites');
  await markToursSeen(page);
  await newCreator(page, testInfo, 'quests-locked');
  await openQuestsPage(page);

  const locked = card(page, LOCKED.slug);
  const overlay = locked.getByTestId('quest-locked');
  await expect(overlay).toContainText('Complete prerequisites to unlock');
  for (const slug of LOCKED.prerequisites ?? []) await expect(overlay).toContainText(titleOf(slug));
  await expect(locked.getByRole('button', { name: /^Start Quest/ })).toBeDisabled();
  // An unlocked quest next to it is not overlaid.
  await expect(card(page, QUEST.slug).getByTestId('quest-locked')).toHaveCount(0);
  await expectAccessible(page, '/learning-quests');

  const tabs = page.getByRole('tablist', { name: 'Quest categories' });
  for (const [label, category] of [
    ['Creative', 'creative'],
    ['Financial', 'financial'],
    ['Platform', 'platform'],
  ] as const) {
    await tabs.getByRole('tab', { name: label }).click();
    const panel = page.getByRole('tabpanel', { name: label });
    const expected = QUEST_CATALOG.filter((q) => q.category === category);
    await expect(panel.locator('[data-testid^="quest-card-"]')).toHaveCount(expected.length);
    await expect(card(page, expected[0]!.slug)).toBeVisible();
  }
  await tabs.getByRole('tab', { name: 'All Quests' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'All Quests' }).locator('[data-testid^="quest-card-"]'),
  ).toHaveCount(QUEST_CATALOG.length);
});

test('a list that fails to load offers Retry; a refused progress call shows its message', async ({
  page,
}, testInfo) => {
  await markToursSeen(page);
  await newCreator(page, testInfo, 'quests-errors');

  let failList = true;
  await page.route('**/api/quests', (route) =>
    failList
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"message":"Quests are resting"}',
        })
      : route.fallback(),
  );
  await page.goto('/learning-quests');
  const panel = page.getByRole('alert').filter({ hasText: 'Quests could not be loaded' });
  await expect(panel).toContainText('Quests are resting');
  failList = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(card(page, QUEST.slug)).toBeVisible();

  await page.route('**/api/quests/*/progress', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: '{"message":"Complete prerequisites to unlock this quest."}',
    }),
  );
  await card(page, QUEST.slug)
    .getByRole('button', { name: /^Start Quest/ })
    .click();
  await expect(notification(page, 'Error')).toBeVisible();
  await expect(notification(page, 'Complete prerequisites to unlock this quest.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, QUEST.slug).getByRole('button', { name: /^Start Quest/ })).toBeEnabled();
});
