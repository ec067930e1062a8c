// The addresses of an application's dialogs in the back office (/admin/applications/4, /admin/applications/4/payment,
// /admin/lending/4/record-earnings): the Applications tab and the Lending page open them over their lists, and other
// pages (a user's page) link to them.
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

/** The dialogs a Lending row opens over the loan list (/admin/lending/4/record-earnings). */
export type LendingDialogKind =
  | 'details'
  | 'payment'
  | 'approve'
  | 'reject'
  | 'earnings'
  | 'cancel'
  /** Record the loan's open settlement quote (one per loan), from the Open settlement quotes card. */
  | 'settlement';

export interface DialogAddresses<K extends string> {
  path(kind: K, id: number): string;
  fromRoute(applicationId: string | undefined, segment: string | undefined): { kind: K; id: number } | null;
}

/**
 * The addresses of one page's application dialogs: `base/4` for the details, `base/4/<segment>` for the others. Every
 * address it writes it reads back; an address naming no dialog (or an id that cannot be) opens none.
 */
function dialogAddresses<K extends string>(
  base: string,
  segments: Record<Exclude<K, 'details'>, string>,
): DialogAddresses<K> {
  const kinds = Object.keys(segments) as Array<Exclude<K, 'details'>>;
  return {
    path(kind: K, id: number): string {
      return `${base}/${id}${kind === 'details' ? '' : `/${segments[kind as Exclude<K, 'details'>]}`}`;
    },
    fromRoute(
      applicationId: string | undefined,
      segment: string | undefined,
    ): { kind: K; id: number } | null {
      if (!applicationId || !/^[1-9]\d{0,9}$/.test(applicationId)) return null;
      const id = Number(applicationId);
      if (id > 2_147_483_647) return null;
      if (segment === undefined) return { kind: 'details' as K, id };
      const kind = kinds.find((k) => segments[k] === segment);
      return kind ? { kind, id } : null;
    },
  };
}

/** Over the Applications tab (/admin/applications/4/payment); other pages (a user's page) link to them. */
export const applicationDialogs = dialogAddresses<ApplicationDialogKind>('/admin/applications', {
  edit: 'edit',
  approve: 'approve',
  reject: 'reject',
  setup: 'setup',
  changeOffer: 'change-offer',
  payout: 'payout',
  payment: 'payment',
});

/** Over the Lending page's loan list (/admin/lending/4/payment), so that work on a loan stays where the loan is. */
export const lendingDialogs = dialogAddresses<LendingDialogKind>('/admin/lending', {
  payment: 'payment',
  approve: 'approve',
  reject: 'reject',
  earnings: 'record-earnings',
  cancel: 'cancel',
  settlement: 'record-settlement',
});

/** '/admin/applications/4' for the details, '/admin/applications/4/payment' for Add Payment. */
export const applicationDialogPath = applicationDialogs.path;

/**
 * The address of a decision (approve, reject) on an application, over the page it is asked from: the Lending page
 * keeps its own list beneath (/admin/lending/4/approve), anywhere else the Applications tab's.
 */
export function decisionPath(kind: 'approve' | 'reject', id: number, pathname: string): string {
  return pathname.startsWith('/admin/lending')
    ? lendingDialogs.path(kind, id)
    : applicationDialogs.path(kind, id);
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
