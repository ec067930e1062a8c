export const POPUP_BLOCKED_MESSAGE = 'Please allow pop-ups to generate the statement';

/** Opens the printable statement in a new tab. */
export function openStatement(applicationId: number): void {
  // No 'noopener' feature: with it window.open always returns null and a blocked pop-up could not be told apart.
  const opened = window.open(`/statement/${applicationId}`, '_blank');
  if (opened === null) window.alert(POPUP_BLOCKED_MESSAGE);
}
