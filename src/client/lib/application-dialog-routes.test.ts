import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApplicationDialogKind,
  applicationDialogPath,
  applicationDialogs,
  decisionPath,
  dialogReturnOf,
  type LendingDialogKind,
  lendingDialogs,
  returnHere,
} from './application-dialog-routes';

const KINDS: ApplicationDialogKind[] = [
  'details',
  'edit',
  'approve',
  'reject',
  'setup',
  'changeOffer',
  'payout',
  'payment',
];

describe('application dialog addresses', () => {
  it('names each dialog by a path a person can read and share', () => {
    expect(applicationDialogPath('details', 4)).toBe('/admin/applications/4');
    expect(applicationDialogPath('payment', 4)).toBe('/admin/applications/4/payment');
    expect(applicationDialogPath('changeOffer', 12)).toBe('/admin/applications/12/change-offer');
  });

  it('reads back every dialog it writes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.integer({ min: 1, max: 2_147_483_647 }), (kind, id) => {
        const [, , , applicationId, segment] = applicationDialogPath(kind, id).split('/');
        expect(applicationDialogs.fromRoute(applicationId, segment)).toEqual({ kind, id });
      }),
    );
  });

  it('opens nothing for an address that names no dialog', () => {
    for (const [id, segment] of [
      ['0', undefined],
      ['abc', undefined],
      ['04', undefined],
      ['2147483648', undefined],
      ['4', 'delete'],
      ['4', 'changeOffer'],
      [undefined, undefined],
    ] as const) {
      expect(applicationDialogs.fromRoute(id, segment)).toBeNull();
    }
  });
});

describe('lending dialog addresses', () => {
  const LENDING_KINDS: LendingDialogKind[] = [
    'details',
    'payment',
    'approve',
    'reject',
    'earnings',
    'cancel',
    'settlement',
  ];

  it('names each dialog over the loan list', () => {
    expect(lendingDialogs.path('details', 4)).toBe('/admin/lending/4');
    expect(lendingDialogs.path('earnings', 4)).toBe('/admin/lending/4/record-earnings');
    expect(lendingDialogs.path('settlement', 4)).toBe('/admin/lending/4/record-settlement');
  });

  it('reads back every dialog it writes, and no other', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LENDING_KINDS),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        (kind, id) => {
          const [, , , applicationId, segment] = lendingDialogs.path(kind, id).split('/');
          expect(lendingDialogs.fromRoute(applicationId, segment)).toEqual({ kind, id });
        },
      ),
    );
    // The Applications tab's own steps are not the Lending page's.
    expect(lendingDialogs.fromRoute('4', 'setup')).toBeNull();
    expect(lendingDialogs.fromRoute('4', 'earnings')).toBeNull();
  });

  it('asks for a decision over the page it is asked from', () => {
    expect(decisionPath('approve', 4, '/admin/lending/4')).toBe('/admin/lending/4/approve');
    expect(decisionPath('reject', 4, '/admin/applications/4')).toBe('/admin/applications/4/reject');
    expect(decisionPath('approve', 4, '/admin/users/9')).toBe('/admin/applications/4/approve');
  });
});

describe('where a dialog goes back to', () => {
  it('goes back to the page and view it was opened from', () => {
    const state = returnHere({ pathname: '/admin/users/12', search: '?payments=2' });
    expect(dialogReturnOf(state)).toBe('/admin/users/12?payments=2');
  });

  it('goes nowhere it was not given, nor off the site', () => {
    for (const state of [
      null,
      undefined,
      {},
      { returnTo: 5 },
      { returnTo: 'https://evil.example' },
      { returnTo: '//evil' },
    ]) {
      expect(dialogReturnOf(state)).toBeNull();
    }
  });
});
