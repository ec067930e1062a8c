// Whether a stored score is the automatic one or was set by an admin. An admin may set an
// application's score by hand (PATCH /api/admin/applications/{id}, creditScore); the breakdown stored with it
// stays the automatic assessment, whose parts then do not add up to the score shown. Screens say so instead.

/** True when the score differs from the total of the breakdown stored beside it. */
export function scoreSetByAdmin(
  creditScore: number | null | undefined,
  breakdown: { total: number } | null | undefined,
): boolean {
  if (creditScore === null || creditScore === undefined || !breakdown) return false;
  return Number.isFinite(breakdown.total) && breakdown.total !== creditScore;
}
