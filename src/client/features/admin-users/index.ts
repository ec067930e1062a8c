// Public entry of the admin users area: the Users tab, the /admin/users/:id page, the user's details tabs
// (shown in the application details dialog too) and the queries the lending page's client picker reads.
export { UserDetailsTabs } from './user-details-tabs';
export { adminUserQueryOptions, userPickerQueryOptions } from './users-api';
export { UsersTab } from './users-tab';
