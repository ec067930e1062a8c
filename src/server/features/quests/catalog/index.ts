// The learning quest catalog: every quest, grouped by category with the
// easiest first in each. `slug` is each quest's stable identity across catalog updates.
import type { QuestDefinition } from '../../../../shared/quests';
import { CREATIVE_QUESTS } from './creative';
import { FINANCIAL_QUESTS } from './financial';
import { PLATFORM_QUESTS } from './platform';

export const QUEST_CATALOG: QuestDefinition[] = [...CREATIVE_QUESTS, ...FINANCIAL_QUESTS, ...PLATFORM_QUESTS];
