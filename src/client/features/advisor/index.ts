// Public entry of the creative advisor (the dashboard's chat card).
export { CreativeAdvisorCard } from './creative-advisor-card';
