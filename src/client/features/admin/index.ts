// Public entry of the admin panel's own parts (the Overview tab, the platform and dashboard-mode selectors), which
// the Admin Panel page (pages/admin) composes with the other admin features' tabs.
export { DashboardModeSelector, PlatformSelector } from './admin-controls';
export { OverviewTab } from './overview-tab';
