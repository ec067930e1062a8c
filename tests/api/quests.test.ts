import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { syncQuestCatalog } from '../../src/server/features/quests/quests.sync';
import type { QuestDefinition, QuestView } from '../../src/shared/quests';
import { quickUser } from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

const text = (title: string) => ({
  title,
  description: `What ${title} is about`,
  type: 'text' as const,
  content: `${title}. `.repeat(40),
  resources: [{ url: 'https://www.sars.gov.za/', title: 'SARS', type: 'official' as const }],
});
const quiz = {
  title: 'Check yourself',
  description: 'Three questions on the basics',
  type: 'quiz' as const,
  content: [0, 1, 2, 3].map((n) => ({
    question: `Question number ${n + 1}?`,
    options: ['A', 'B', 'C'],
    correctAnswer: n % 3,
    explanation: `Because option ${(n % 3) + 1} is right.`,
  })),
  resources: [],
};
const TEST_QUESTS: QuestDefinition[] = [
  {
    slug: 'test-basics',
    title: 'Test basics quest',
    description: 'A quest used by the API tests only.',
    category: 'financial',
    difficulty: 'beginner',
    xpReward: 100,
    steps: [text('First step'), quiz],
  },
  {
    slug: 'test-advanced',
    title: 'Test advanced quest',
    description: 'Needs the basics quest first.',
    category: 'financial',
    difficulty: 'advanced',
    xpReward: 200,
    prerequisites: ['test-basics'],
    steps: [text('Only step'), text('Second step')],
  },
];

let t: TestApp;
let viewer: Client;
let basics: QuestView;
let advanced: QuestView;
beforeAll(async () => {
  t = await createTestApp();
  await syncQuestCatalog(t.database.db, TEST_QUESTS);
  // Only looks: every test that makes progress does it as a creator of its own.
  viewer = await quickUser(t, 'quester@example.com');
  const list = (await viewer.get('/api/quests')).json() as QuestView[];
  basics = list.find((q) => q.slug === 'test-basics')!;
  advanced = list.find((q) => q.slug === 'test-advanced')!;
});
afterAll(() => t.close());

const progress = (client: Client, questId: number | string, body: unknown) =>
  client.post(`/api/quests/${questId}/progress`, body);
const RIGHT = [0, 1, 2, 0];

/** A creator of the calling test's own who has completed the basics quest (100 XP). */
async function completedBasics(username: string) {
  const user = await quickUser(t, username);
  expect((await progress(user, basics.id, { step: 0, completed: true })).statusCode).toBe(200);
  const passed = await progress(user, basics.id, { step: 1, completed: true, answers: RIGHT });
  expect(passed.json()).toMatchObject({ questCompleted: true, metrics: { totalXp: 100 } });
  return user;
}

describe('GET /api/quests', () => {
  it('refuses visitors', async () => {
    expect((await new Client(t.app).get('/api/quests')).statusCode).toBe(401);
    expect(
      (await new Client(t.app).post(`/api/quests/${basics.id}/progress`, { step: 0, completed: false }))
        .statusCode,
    ).toBe(401);
  });

  it('loads the real catalog for every environment, and hides quiz answers until passed', async () => {
    const list = (await viewer.get('/api/quests')).json() as QuestView[];
    expect(list.length).toBeGreaterThanOrEqual(14);
    for (const category of ['creative', 'financial', 'platform']) {
      expect(list.filter((q) => q.category === category).length).toBeGreaterThanOrEqual(4);
    }
    const quizStep = basics.steps[1]!;
    expect(quizStep.type).toBe('quiz');
    expect(JSON.stringify(quizStep)).not.toMatch(/correctAnswer|explanation/);
    expect(basics.progress).toMatchObject({ status: 'not_started', completedSteps: [] });
    expect(advanced.prerequisitesMet).toBe(false);
    expect(advanced.prerequisites).toEqual([basics.id]);
  });

  it('a catalog update keeps ids and progress', async () => {
    const user = await quickUser(t, 'resync@example.com');
    await progress(user, basics.id, { step: 0, completed: true });
    try {
      await syncQuestCatalog(t.database.db, [
        { ...TEST_QUESTS[0]!, title: 'Test basics, revised' },
        TEST_QUESTS[1]!,
      ]);
      const again = ((await user.get('/api/quests')).json() as QuestView[]).find(
        (q) => q.slug === 'test-basics',
      )!;
      expect(again.id).toBe(basics.id);
      expect(again.title).toBe('Test basics, revised');
      expect(again.progress.completedSteps).toEqual([0]);
    } finally {
      // The other tests read the catalog as written above.
      await syncQuestCatalog(t.database.db, TEST_QUESTS);
    }
  });
});

describe('POST /api/quests/:questId/progress', () => {
  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const user = await quickUser(t, 'bad-input@example.com');
    for (const body of [
      {},
      { step: 'one', completed: true },
      { step: -1, completed: false },
      { step: 0, completed: 'yes' },
      { step: 0, completed: true, answers: 'all' },
    ]) {
      const res = await progress(user, basics.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await progress(user, basics.id, { step: 2, completed: false })).statusCode).toBe(400);
    expect((await progress(user, 999999, { step: 0, completed: false })).statusCode).toBe(404);
    expect((await progress(user, 'abc', { step: 0, completed: false })).statusCode).toBe(400);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_quest_progress p join users u on u.id = p.user_id where u.username = 'bad-input@example.com'`,
    );
    expect(row!.n).toBe(0);
  });

  it('starts a quest with step 0 not completed, rounding the step down', async () => {
    const starter = await quickUser(t, 'starter@example.com');
    const res = await progress(starter, basics.id, { step: 0.9, completed: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().quest.progress).toMatchObject({
      status: 'in_progress',
      currentStep: 0,
      completedSteps: [],
    });
  });

  it('keeps the order: a later step cannot be opened or completed first', async () => {
    // Started, on step 0, which is not completed yet.
    const starter = await quickUser(t, 'in-order@example.com');
    expect((await progress(starter, basics.id, { step: 0, completed: false })).statusCode).toBe(200);
    const res = await progress(starter, basics.id, { step: 1, completed: true, answers: RIGHT });
    expect(res.statusCode).toBe(409);
    expect((await progress(starter, basics.id, { step: 1, completed: false })).statusCode).toBe(409);
  });

  it('refuses a quest whose prerequisites are not completed', async () => {
    // The basics quest started, not completed.
    const hasty = await quickUser(t, 'hasty@example.com');
    expect((await progress(hasty, basics.id, { step: 0, completed: false })).statusCode).toBe(200);
    const res = await progress(hasty, advanced.id, { step: 0, completed: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/prerequisites/i);
  });

  it('scores quizzes on the server: incomplete is a 400, a fail records nothing, a pass reveals answers', async () => {
    const creator = await quickUser(t, 'quiz-taker@example.com');
    expect(
      (await progress(creator, basics.id, { step: 0, completed: true })).json().quest.progress.completedSteps,
    ).toEqual([0]);
    const incomplete = await progress(creator, basics.id, { step: 1, completed: true, answers: [0, 1] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(
      'Incomplete Quiz - Please answer all questions before submitting.',
    );
    expect(
      (await progress(creator, basics.id, { step: 1, completed: true, answers: [0, 1, 2, 7] })).statusCode,
    ).toBe(400);

    // 4 questions: the pass mark is ceil(2.8) = 3. Two right fails.
    const failed = await progress(creator, basics.id, { step: 1, completed: true, answers: [0, 1, 0, 1] });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().quizResult).toEqual({ correctCount: 2, total: 4, passMark: 3, passed: false });
    expect(failed.json().quest.progress.completedSteps).toEqual([0]);
    expect(JSON.stringify(failed.json())).not.toMatch(/correctAnswer|explanation/);

    const passed = await progress(creator, basics.id, { step: 1, completed: true, answers: [0, 1, 2, 1] });
    expect(passed.json().quizResult).toMatchObject({ correctCount: 3, passed: true });
    expect(passed.json().quizResult.results[3]).toEqual({
      correct: false,
      correctAnswer: 0,
      explanation: 'Because option 1 is right.',
    });
    expect(passed.json().questCompleted).toBe(true);
    expect(passed.json().quest.progress).toMatchObject({
      status: 'completed',
      completedSteps: [0, 1],
      xpEarned: 100,
    });
    expect(passed.json().metrics).toMatchObject({ totalXp: 100, questsCompleted: 1, currentLevel: 1 });
    const view = ((await creator.get('/api/quests')).json() as QuestView[]).find((q) => q.id === basics.id)!;
    expect(view.steps[1]!.answers).toEqual([0, 1, 2, 1]);
    expect((view.steps[1]!.content as { correctAnswer: number }[])[0]!.correctAnswer).toBe(0);
  });

  it('grants completion and XP once, even when the last step is sent again or twice at once', async () => {
    const creator = await completedBasics('again@example.com');
    const again = await progress(creator, basics.id, { step: 1, completed: true, answers: RIGHT });
    expect(again.statusCode).toBe(200);
    expect(again.json().questCompleted).toBe(false);
    expect(again.json().metrics.totalXp).toBe(100);

    const user = await quickUser(t, 'racer@example.com');
    await progress(user, basics.id, { step: 0, completed: true });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => progress(user, basics.id, { step: 1, completed: true, answers: RIGHT })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().questCompleted).length).toBe(1);
    expect((await user.get('/api/quests/metrics')).json()).toMatchObject({
      totalXp: 100,
      questsCompleted: 1,
    });
  });

  it('unlocks the next quest once its prerequisite is complete, and levels up from XP', async () => {
    const creator = await completedBasics('advancer@example.com');
    const list = (await creator.get('/api/quests')).json() as QuestView[];
    expect(list.find((q) => q.id === advanced.id)!.prerequisitesMet).toBe(true);
    await progress(creator, advanced.id, { step: 0, completed: true });
    const done = await progress(creator, advanced.id, { step: 1, completed: true });
    expect(done.json().metrics).toMatchObject({
      totalXp: 300,
      currentLevel: 2,
      questsCompleted: 2,
      xpIntoLevel: 50,
    });
  });

  it('one creator’s progress is invisible to another', async () => {
    await completedBasics('progressed@example.com');
    const other = await quickUser(t, 'other-quester@example.com');
    const theirs = ((await other.get('/api/quests')).json() as QuestView[]).find((q) => q.id === basics.id)!;
    expect(theirs.progress.status).toBe('not_started');
    expect((await other.get('/api/quests/metrics')).json().totalXp).toBe(0);
  });
});

describe('quest preferences', () => {
  it('keeps valid preferences and refuses bad ones', async () => {
    const creator = await quickUser(t, 'preferences@example.com');
    expect((await creator.get('/api/quests/preferences')).json()).toMatchObject({ difficulty: 'beginner' });
    const ok = await creator.request({
      method: 'PUT',
      url: '/api/quests/preferences',
      payload: {
        preferredCategories: ['financial'],
        difficulty: 'intermediate',
        learningGoals: ['Pay less tax'],
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ preferredCategories: ['financial'], difficulty: 'intermediate' });
    for (const payload of [
      { difficulty: 'expert' },
      { difficulty: 'beginner', preferredCategories: ['cooking'] },
      { difficulty: 'beginner', learningGoals: 'tax' },
      { difficulty: 'beginner', userId: 1 },
    ]) {
      const res = await creator.request({ method: 'PUT', url: '/api/quests/preferences', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await creator.get('/api/quests/preferences')).json().difficulty).toBe('intermediate');
  });
});
