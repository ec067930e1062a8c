// Public entry of the account screens: where to send a visitor to sign in, and the admin's second-factor
// state that the route guards read. The pages themselves are loaded by the router (app/router.tsx).
export { mfaStatusQueryOptions, pendingMfaStep, useMfaRequiredRedirect } from './mfa-api';
export { authPathFor, safeRedirect } from './redirect';
