// Public entry of the quests: the dashboard's Learning panel. The /learning-quests page is loaded by the router.
export { LearningPanel } from './learning-panel';
