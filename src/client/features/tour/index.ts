// Public entry of the onboarding tour (started by the layout).
export { useOnboardingTour } from './use-onboarding-tour';
