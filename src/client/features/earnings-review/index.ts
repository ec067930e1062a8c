export { EarningsReviewTab } from './earnings-review-tab';
