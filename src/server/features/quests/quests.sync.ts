// Loads the quest catalog into learning_quests at start-up, in every environment. Quests are matched by
// slug and updated in place, so ids (and everyone's progress, which points at ids) survive content edits.
// A quest dropped from the catalog is left in place rather than deleted, so its progress is never lost.
import { type QuestDefinition, questDefinitionSchema } from '../../../shared/quests';
import type { Db } from '../../db/client';
import { lockQuestCatalog, setQuestPrerequisites, upsertQuestBySlug } from './quests.repository';

const CATALOG_LOCK_ID = 7_330_001;

export async function syncQuestCatalog(db: Db, catalog: readonly QuestDefinition[]): Promise<void> {
  const quests = catalog.map((q) => questDefinitionSchema.parse(q));
  await db.transaction(async (tx) => {
    // Two instances starting together take turns instead of racing on the unique slug.
    await lockQuestCatalog(tx, CATALOG_LOCK_ID);
    const ids = new Map<string, number>();
    for (const [position, q] of quests.entries()) {
      const values = {
        slug: q.slug,
        title: q.title,
        description: q.description,
        category: q.category,
        difficulty: q.difficulty,
        steps: q.steps,
        xpReward: q.xpReward,
        position,
        updatedAt: new Date(),
      };
      ids.set(q.slug, await upsertQuestBySlug(tx, values));
    }
    for (const q of quests) {
      const prerequisites = q.prerequisites.map((slug) => {
        const id = ids.get(slug);
        if (id === undefined) throw new Error(`Quest ${q.slug} requires unknown quest ${slug}`);
        return id;
      });
      await setQuestPrerequisites(tx, q.slug, prerequisites);
    }
  });
}
