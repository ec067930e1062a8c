// Public entry of the admin's AI analysis of a creator.
export { AiAnalysisPanel } from './ai-analysis-panel';
