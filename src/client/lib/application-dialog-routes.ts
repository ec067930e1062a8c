// The addresses of an application's dialogs in the back office (/admin/applications/4, /admin/applications/4/payment):
// the Applications tab opens them over its list, and other pages (a user's page) link to them.
/** The dialogs an application row opens; each has an address of its own (/admin/applications/4/payment). */
export type ApplicationDialogKind =
  | 'details'
  | 'edit'
  | 'approve'
  | 'reject'
  | 'setup'
  | 'changeOffer'
  | 'payout'
  | 'payment';

const DIALOG_SEGMENTS: Record<Exclude<ApplicationDialogKind, 'details'>, string> = {
  edit: 'edit',
  approve: 'approve',
  reject: 'reject',
  setup: 'setup',
  changeOffer: 'change-offer',
  payout: 'payout',
  payment: 'payment',
};

/** '/admin/applications/4' for the details, '/admin/applications/4/payment' for Add Payment. */
export function applicationDialogPath(kind: ApplicationDialogKind, id: number): string {
  return `/admin/applications/${id}${kind === 'details' ? '' : `/${DIALOG_SEGMENTS[kind]}`}`;
}

/** The dialog an address names, or null when it names none (or an id or dialog that cannot be). */
export function applicationDialogFromRoute(
  applicationId: string | undefined,
  segment: string | undefined,
): { kind: ApplicationDialogKind; id: number } | null {
  if (!applicationId || !/^[1-9]\d{0,9}$/.test(applicationId)) return null;
  const id = Number(applicationId);
  if (id > 2_147_483_647) return null;
  if (segment === undefined) return { kind: 'details', id };
  const kind = (Object.keys(DIALOG_SEGMENTS) as Array<keyof typeof DIALOG_SEGMENTS>).find(
    (k) => DIALOG_SEGMENTS[k] === segment,
  );
  return kind ? { kind, id } : null;
}

/**
 * What a link to a dialog carries so that closing it goes back where it was opened from: the page and its view
 * ('/admin/users/12', '/admin?tab=applications&search=ada'). Replaced on the way back, rather than a step back in
 * the browser's history, which a reload or a dialog opened from another dialog would leave somewhere else.
 */
export type DialogReturn = { returnTo: string };

export const returnHere = (location: { pathname: string; search: string }): DialogReturn => ({
  returnTo: `${location.pathname}${location.search}`,
});

/** Where a dialog opened by a link goes back to, or null when it was opened by its address alone. */
export function dialogReturnOf(state: unknown): string | null {
  const returnTo = (state as Partial<DialogReturn> | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? returnTo
    : null;
}
