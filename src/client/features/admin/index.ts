// Public entry of the admin panel shell (/admin: overview, applications and users tabs, platform and mode).
export { AdminPage } from './admin-page';
