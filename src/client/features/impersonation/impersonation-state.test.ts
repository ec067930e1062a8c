import { describe, expect, it } from 'vitest';
import {
  ADMIN_RETURN_URL_KEY,
  bannerLabel,
  clearImpersonationFlags,
  DEFAULT_RETURN_URL,
  type FlagStorage,
  handleText,
  IMPERSONATING_KEY,
  impersonationView,
  markImpersonating,
  readFlag,
  safeReturnUrl,
  takeReturnUrl,
} from './impersonation-state';

function memoryStorage(initial: Record<string, string> = {}): FlagStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const creator = { firstName: 'Naledi', lastName: 'Khumalo', username: 'naledi@example.com' };
const admin = { id: 1, firstName: 'Ayanda', lastName: 'Admin' };

describe('impersonationView', () => {
  it('follows the server when it says the session impersonates, whatever the flag', () => {
    expect(impersonationView({ ...creator, impersonatedBy: admin }, false)).toEqual({
      active: true,
      staleFlag: false,
    });
    expect(impersonationView({ ...creator, impersonatedBy: admin }, true)).toEqual({
      active: true,
      staleFlag: false,
    });
  });

  it('hides the banner and reports a stale flag when the server says it does not', () => {
    expect(impersonationView({ ...creator, impersonatedBy: null }, true)).toEqual({
      active: false,
      staleFlag: true,
    });
    expect(impersonationView({ ...creator, impersonatedBy: null }, false)).toEqual({
      active: false,
      staleFlag: false,
    });
  });

  it('falls back to the session flag when the answer does not carry impersonatedBy', () => {
    expect(impersonationView(creator, true)).toEqual({ active: true, staleFlag: false });
    expect(impersonationView(creator, false)).toEqual({ active: false, staleFlag: false });
  });

  it('is never active without a signed-in user (the flag alone names nobody)', () => {
    expect(impersonationView(null, true)).toEqual({ active: false, staleFlag: false });
    expect(impersonationView(undefined, false)).toEqual({ active: false, staleFlag: false });
  });
});

describe('handleText', () => {
  it("puts one '@' before a username", () => {
    expect(handleText('naledi')).toBe('@naledi');
    expect(handleText('@naledi')).toBe('@naledi');
    expect(handleText('@@naledi')).toBe('@naledi');
    expect(handleText(' naledi ')).toBe('@naledi');
  });

  it("shows an e-mail address as it is, never with an '@' before it", () => {
    expect(handleText('naledi@example.com')).toBe('naledi@example.com');
    expect(handleText('@naledi@example.com')).toBe('naledi@example.com');
  });

  it('is empty when there is no username', () => {
    expect(handleText('')).toBe('');
    expect(handleText('  ')).toBe('');
    expect(handleText('@')).toBe('');
    expect(handleText(undefined)).toBe('');
  });
});

describe('bannerLabel', () => {
  it('names the creator and their e-mail address, without an @ before it', () => {
    expect(bannerLabel(creator)).toBe('Admin Mode: Viewing as Naledi Khumalo (naledi@example.com)');
  });

  it("names a username with one '@'", () => {
    expect(bannerLabel({ ...creator, username: 'naledi' })).toBe(
      'Admin Mode: Viewing as Naledi Khumalo (@naledi)',
    );
    expect(bannerLabel({ ...creator, username: '@naledi' })).toBe(
      'Admin Mode: Viewing as Naledi Khumalo (@naledi)',
    );
  });

  it('trims names and copes with a missing one', () => {
    expect(bannerLabel({ firstName: ' Naledi ', lastName: '', username: 'n@x.co' })).toBe(
      'Admin Mode: Viewing as Naledi (n@x.co)',
    );
    expect(bannerLabel({ firstName: '', lastName: '', username: 'n@x.co' })).toBe(
      'Admin Mode: Viewing as this user (n@x.co)',
    );
    expect(bannerLabel({ firstName: 'Naledi', lastName: '', username: '' })).toBe(
      'Admin Mode: Viewing as Naledi',
    );
  });
});

describe('session flags', () => {
  it('marks the session and remembers where the admin came from', () => {
    const storage = memoryStorage();
    markImpersonating(storage, '/admin/users/12');
    expect(storage.data.get(IMPERSONATING_KEY)).toBe('true');
    expect(storage.data.get(ADMIN_RETURN_URL_KEY)).toBe('/admin/users/12');
    expect(readFlag(storage)).toBe(true);
  });

  it('takes the return address once and clears both keys', () => {
    const storage = memoryStorage({
      [IMPERSONATING_KEY]: 'true',
      [ADMIN_RETURN_URL_KEY]: '/admin?tab=users',
    });
    expect(takeReturnUrl(storage)).toBe('/admin?tab=users');
    expect(storage.data.size).toBe(0);
    expect(takeReturnUrl(storage)).toBe(DEFAULT_RETURN_URL);
  });

  it('only reads the exact string true as set', () => {
    expect(readFlag(memoryStorage({ [IMPERSONATING_KEY]: 'false' }))).toBe(false);
    expect(readFlag(memoryStorage())).toBe(false);
    expect(readFlag(null)).toBe(false);
  });

  it('clears the flags, and copes without storage', () => {
    const storage = memoryStorage({ [IMPERSONATING_KEY]: 'true', [ADMIN_RETURN_URL_KEY]: '/admin' });
    clearImpersonationFlags(storage);
    expect(storage.data.size).toBe(0);
    expect(() => clearImpersonationFlags(null)).not.toThrow();
    expect(takeReturnUrl(null)).toBe(DEFAULT_RETURN_URL);
  });
});

describe('safeReturnUrl', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/users/3?x=1', '/admin/users/3?x=1'],
    ['', DEFAULT_RETURN_URL],
    [null, DEFAULT_RETURN_URL],
    ['https://evil.example', DEFAULT_RETURN_URL],
    ['//evil.example', DEFAULT_RETURN_URL],
    ['/\\evil.example', DEFAULT_RETURN_URL],
    ['javascript:alert(1)', DEFAULT_RETURN_URL],
  ])('%s -> %s', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });
});
