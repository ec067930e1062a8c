import { describe, expect, it } from 'vitest';
import { QUEST_CATEGORIES, QUEST_DIFFICULTIES } from '../../../../shared/constants';
import { type QuestDefinition, questDefinitionSchema } from '../../../../shared/quests';
import { QUEST_CATALOG } from './index';

/** Official sources only: SARS, regulators, government, and the platforms' own help centres. */
const ALLOWED_HOSTS = [
  'sars.gov.za',
  'sarsefiling.co.za',
  'gov.za',
  'inforegulator.org.za',
  'ncr.org.za',
  'creditombud.org.za',
  'safps.org.za',
  'resbank.co.za',
  'cipc.co.za',
  'samro.org.za',
  'arb.org.za',
  'support.google.com',
  'youtube.com',
  'tiktok.com',
  'creators.instagram.com',
  'facebook.com',
];

function hostAllowed(hostname: string): boolean {
  return ALLOWED_HOSTS.some((allowed) => hostname === allowed || hostname.endsWith(`.${allowed}`));
}

const rank = (difficulty: QuestDefinition['difficulty']) => QUEST_DIFFICULTIES.indexOf(difficulty);
const bySlug = new Map(QUEST_CATALOG.map((quest) => [quest.slug, quest]));
const parsed = QUEST_CATALOG.map((quest) => questDefinitionSchema.parse(quest));
const allResources = parsed.flatMap((quest) => quest.steps.flatMap((step) => step.resources));
const allQuestions = parsed.flatMap((quest) =>
  quest.steps.flatMap((step) => (step.type === 'quiz' ? step.content : [])),
);

describe('quest catalog', () => {
  it.each(QUEST_CATALOG.map((quest) => [quest.slug, quest] as const))(
    '%s parses with the schema',
    (_, quest) => {
      const result = questDefinitionSchema.safeParse(quest);
      expect(result.success, result.success ? '' : JSON.stringify(result.error.issues, null, 2)).toBe(true);
    },
  );

  it('has at least 12 quests and at least 4 in each category', () => {
    expect(QUEST_CATALOG.length).toBeGreaterThanOrEqual(12);
    for (const category of QUEST_CATEGORIES) {
      expect(QUEST_CATALOG.filter((quest) => quest.category === category).length).toBeGreaterThanOrEqual(4);
    }
  });

  it('has a beginner and an advanced quest in every category', () => {
    for (const category of QUEST_CATEGORIES) {
      const difficulties = new Set(
        QUEST_CATALOG.filter((q) => q.category === category).map((q) => q.difficulty),
      );
      expect(difficulties.has('beginner'), category).toBe(true);
      expect(difficulties.has('advanced'), category).toBe(true);
    }
  });

  it('lists the easiest quests first within each category', () => {
    for (const category of QUEST_CATEGORIES) {
      const ranks = QUEST_CATALOG.filter((q) => q.category === category).map((q) => rank(q.difficulty));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });

  it('has unique slugs', () => {
    expect(bySlug.size).toBe(QUEST_CATALOG.length);
  });

  it('gives XP by difficulty', () => {
    const ranges = { beginner: [50, 100], intermediate: [100, 200], advanced: [200, 300] } as const;
    for (const quest of QUEST_CATALOG) {
      const [min, max] = ranges[quest.difficulty];
      expect(quest.xpReward, quest.slug).toBeGreaterThanOrEqual(min);
      expect(quest.xpReward, quest.slug).toBeLessThanOrEqual(max);
    }
  });

  it('has some prerequisites, each an existing slug that is never harder than the quest', () => {
    expect(QUEST_CATALOG.some((quest) => (quest.prerequisites ?? []).length > 0)).toBe(true);
    for (const quest of QUEST_CATALOG) {
      for (const slug of quest.prerequisites ?? []) {
        const prerequisite = bySlug.get(slug);
        expect(prerequisite, `${quest.slug} -> ${slug}`).toBeDefined();
        expect(slug, quest.slug).not.toBe(quest.slug);
        expect(rank(prerequisite!.difficulty), `${quest.slug} -> ${slug}`).toBeLessThanOrEqual(
          rank(quest.difficulty),
        );
      }
    }
  });

  it('has no prerequisite cycles', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (slug: string, path: string[]): void => {
      if (state.get(slug) === 'done') return;
      if (state.get(slug) === 'visiting')
        throw new Error(`Prerequisite cycle: ${[...path, slug].join(' -> ')}`);
      state.set(slug, 'visiting');
      for (const next of bySlug.get(slug)?.prerequisites ?? []) visit(next, [...path, slug]);
      state.set(slug, 'done');
    };
    for (const quest of QUEST_CATALOG) expect(() => visit(quest.slug, [])).not.toThrow();
  });

  it('gives every quest 3-6 text steps and at least one quiz with 3-6 questions of 3-4 options', () => {
    for (const quest of parsed) {
      const textSteps = quest.steps.filter((step) => step.type === 'text');
      const quizSteps = quest.steps.filter((step) => step.type === 'quiz');
      expect(textSteps.length, quest.slug).toBeGreaterThanOrEqual(3);
      expect(textSteps.length, quest.slug).toBeLessThanOrEqual(6);
      expect(quizSteps.length, quest.slug).toBeGreaterThanOrEqual(1);
      for (const quiz of quizSteps) {
        expect(quiz.content.length, quest.slug).toBeGreaterThanOrEqual(3);
        expect(quiz.content.length, quest.slug).toBeLessThanOrEqual(6);
        for (const question of quiz.content) {
          expect(question.options.length, question.question).toBeGreaterThanOrEqual(3);
          expect(question.options.length, question.question).toBeLessThanOrEqual(4);
          expect(new Set(question.options).size, question.question).toBe(question.options.length);
        }
      }
    }
  });

  it('varies which option index is correct across the catalog', () => {
    const indexes = new Set(allQuestions.map((question) => question.correctAnswer));
    expect(indexes.size).toBeGreaterThan(1);
    // No single position should dominate, or a guesser could pass by always picking it.
    for (const index of indexes) {
      const share =
        allQuestions.filter((question) => question.correctAnswer === index).length / allQuestions.length;
      expect(share, `index ${index}`).toBeLessThan(0.5);
    }
  });

  it('links only to https pages on official hosts', () => {
    expect(allResources.length).toBeGreaterThan(0);
    for (const resource of allResources) {
      const url = new URL(resource.url);
      expect(url.protocol, resource.url).toBe('https:');
      expect(hostAllowed(url.hostname), resource.url).toBe(true);
    }
  });

  it('has no duplicate step titles within a quest', () => {
    for (const quest of QUEST_CATALOG) {
      const titles = quest.steps.map((step) => step.title);
      expect(new Set(titles).size, quest.slug).toBe(titles.length);
    }
  });

  it('writes text steps as plain paragraphs and bullets, without emoji or stray whitespace', () => {
    for (const quest of parsed) {
      for (const step of quest.steps) {
        if (step.type !== 'text') continue;
        expect(step.content, `${quest.slug}: ${step.title}`).not.toMatch(/\p{Extended_Pictographic}/u);
        expect(step.content, `${quest.slug}: ${step.title}`).not.toMatch(/\n{3,}|[ \t]+\n|^\s|\s$/);
      }
    }
  });
});
