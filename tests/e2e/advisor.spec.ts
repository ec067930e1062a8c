// The Creative Advisor chat card on /dashboard (its failures, its 3 suggestions of 15). The e2e server has no AI configured, so the real
// server answers in Basic Mode; the AI-Powered badge and the failures are answered by the test. Shift+Enter and
// the suggested questions are the card's component test (src/client/features/advisor/creative-advisor-card.test.tsx):
// they need neither a browser nor the server's reply, and the reply scrolling into view is asked for here.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADVISOR_PATH, expectNoSeriousAxeViolationsIn, fulfilNext, holdNextRequest } from './support/advisor';
import { newCreator } from './support/creator';
import { expectNoHorizontalOverflow } from './support/lending';
import { markToursSeen } from './support/mailbox';

// Every journey has its own creator (and so its own advisor rate limit): they can run side by side.
test.describe.configure({ mode: 'parallel' });

const FAILURE_REPLY =
  'I encountered an issue, but I can still assist you with guidance. What would you like to know about?';

function advisorCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Creative Advisor', exact: true });
}

function input(card: Locator): Locator {
  return card.getByRole('textbox', { name: 'Ask the Creative Advisor' });
}

function suggestions(card: Locator): Locator {
  return card.getByRole('list', { name: 'Suggested questions' }).getByRole('button');
}

function userMessages(card: Locator): Locator {
  return card.getByTestId('advisor-message-user');
}

function assistantMessages(card: Locator): Locator {
  return card.getByTestId('advisor-message-assistant');
}

async function openDashboard(page: Page): Promise<Locator> {
  await page.goto('/dashboard');
  const card = advisorCard(page);
  await expect(card).toBeVisible();
  // The welcome message opens the chat.
  await expect(assistantMessages(card)).toHaveCount(1);
  return card;
}

/** The conversation list shows its newest message (it has scrolled to the bottom). */
async function expectScrolledToNewest(card: Locator): Promise<void> {
  const log = card.getByRole('log');
  await expect
    .poll(() => log.evaluate((el) => Math.ceil(el.scrollTop + el.clientHeight) >= el.scrollHeight - 1))
    .toBe(true);
}

test(
  'asking by pressing Enter: Basic Mode and 3 suggestions, Thinking... then the reply, and the suggestions go',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await markToursSeen(page);
    await newCreator(page, testInfo, 'advisor-enter');
    const card = await openDashboard(page);

    await expect(card).toHaveAttribute('id', 'creative-advisor');
    await expect(card.getByTestId('advisor-mode')).toHaveText('Basic Mode');
    await expect(suggestions(card)).toHaveCount(3);
    const picked = await suggestions(card).allTextContents();
    expect(new Set(picked).size).toBe(3);
    const send = card.getByRole('button', { name: 'Send message' });
    await expect(send).toBeDisabled();

    const held = await holdNextRequest(page, ADVISOR_PATH, 'POST');
    await input(card).fill('How can I grow my audience?');
    await expect(send).toBeEnabled();
    await input(card).press('Enter');

    const request = await held.sent;
    expect(request.postDataJSON()).toMatchObject({
      message: 'How can I grow my audience?',
      creatorType: 'full-time',
      userId: expect.any(Number),
      // The welcome was written by the page, not said to the server.
      history: [],
    });
    await expect(userMessages(card)).toHaveText(['How can I grow my audience?']);
    await expect(input(card)).toHaveValue('');
    await expect(card.getByText('Thinking...', { exact: true })).toBeVisible();
    await expect(send).toBeDisabled();
    // Two messages (the welcome and the question): the suggestions still show, but wait their turn.
    await expect(suggestions(card)).toHaveCount(3);
    for (const button of await suggestions(card).all()) await expect(button).toBeDisabled();

    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === ADVISOR_PATH);
    held.release();
    const answer = (await (await answered).json()) as { content: string; isBasicMode: boolean };
    expect(answer.isBasicMode).toBe(true);

    await expect(card.getByText('Thinking...', { exact: true })).toHaveCount(0);
    await expect(assistantMessages(card)).toHaveCount(2);
    const reply = assistantMessages(card).last();
    // Plain text rendered as paragraphs and a bulleted list, line for line.
    const lines = answer.content.split('\n').filter((line) => line.trim() !== '');
    const bullets = lines.filter((line) => line.startsWith('- ')).map((line) => line.slice(2));
    const paragraphs = lines.filter((line) => !line.startsWith('- '));
    expect(bullets.length).toBeGreaterThan(0);
    await expect(reply.getByRole('listitem')).toHaveText(bullets);
    await expect(reply.locator('p')).toHaveText(paragraphs);
    await expect(card.getByTestId('advisor-mode')).toHaveText('Basic Mode');

    // Three messages now: the suggestions are gone.
    await expect(suggestions(card)).toHaveCount(0);
    await expectScrolledToNewest(card);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolationsIn(page, '#creative-advisor', 'The Creative Advisor card');
  },
);

test('the badge follows isBasicMode, and any failure answers with the fallback reply in Basic Mode', async ({
  page,
}, testInfo) => {
  await markToursSeen(page);
  await newCreator(page, testInfo, 'advisor-fail');
  const card = await openDashboard(page);
  await expect(card.getByTestId('advisor-mode')).toHaveText('Basic Mode');

  await fulfilNext(page, ADVISOR_PATH, 200, {
    content: 'Post **twice a week**.\n- Keep a rhythm\n- Reply to comments',
    isBasicMode: false,
  });
  await input(card).fill('How often should I post?');
  await input(card).press('Enter');
  await expect(card.getByTestId('advisor-mode')).toHaveText('AI-Powered');
  const aiReply = assistantMessages(card).last();
  await expect(aiReply.locator('strong')).toHaveText('twice a week');
  await expect(aiReply.getByRole('listitem')).toHaveText(['Keep a rhythm', 'Reply to comments']);

  await fulfilNext(page, ADVISOR_PATH, 500, { message: 'Server error' });
  await input(card).fill('And what about tax?');
  await input(card).press('Enter');
  await expect(assistantMessages(card).last()).toHaveText(FAILURE_REPLY);
  await expect(card.getByTestId('advisor-mode')).toHaveText('Basic Mode');

  const limited = 'You have asked a lot of questions in a short time. Please wait a few minutes.';
  await fulfilNext(page, ADVISOR_PATH, 429, { message: limited });
  await input(card).fill('One more?');
  await input(card).press('Enter');
  await expect(assistantMessages(card)).toHaveCount(4);
  await expect(assistantMessages(card).last()).toContainText(FAILURE_REPLY);
  await expect(assistantMessages(card).last()).toContainText(limited);

  // A failure while offline is answered the same way.
  await page.route(
    (url) => url.pathname === ADVISOR_PATH,
    (route) => route.abort('internetdisconnected'),
    { times: 1 },
  );
  await input(card).fill('Still there?');
  await input(card).press('Enter');
  await expect(assistantMessages(card)).toHaveCount(5);
  await expect(assistantMessages(card).last()).toHaveText(FAILURE_REPLY);
  await expect(card.getByTestId('advisor-mode')).toHaveText('Basic Mode');
});
