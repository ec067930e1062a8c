// The root key of every read about a creator's applications (the list, one application, its servicing, its quote and
// payments): invalidating it refreshes all of them after anything that moves money or a status.
export const APPLICATIONS_QUERY_KEY = ['/api/applications'] as const;
