// The quest arithmetic the server and the screens share, apart from the quest
// schemas in quests.ts: the dashboard's Learning panel needs these few lines, not the schema library.

/** Questions needed to pass a quiz: 70 % of them, rounded up. */
export function quizPassMark(questionCount: number): number {
  return Math.ceil((questionCount * 70) / 100);
}

/** Progress percentage: completed steps over all steps, rounded down. */
export function progressPercent(completedSteps: number, totalSteps: number): number {
  return totalSteps === 0 ? 0 : Math.floor((completedSteps * 100) / totalSteps);
}

/** XP per level: level 1 starts at 0 XP, level 2 at 250, level 3 at 500, … (decision 013). */
export const XP_PER_LEVEL = 250;

export function levelForXp(totalXp: number): number {
  return Math.floor(Math.max(0, totalXp) / XP_PER_LEVEL) + 1;
}
