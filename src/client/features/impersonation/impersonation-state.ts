// Impersonation in the browser.
//
// Where the truth lives: the server. The session row says whether this browser views the product as a
// creator, and every user answer of /api/user and of the impersonate calls carries `impersonatedBy`
// (docs/decisions/011). The browser also keeps `isImpersonating` and `adminReturnUrl` in session storage;
// we keep them, but the flag only decides when the server has not said:
//   - impersonatedBy is an object  -> impersonating (whatever the flag says);
//   - impersonatedBy is null       -> not impersonating, and a leftover flag is stale (the view ended in
//                                     another tab, the session expired, the admin logged out) and is cleared;
//   - impersonatedBy is absent     -> an answer that does not carry the field: fall back to the flag.
// adminReturnUrl is only ever a path inside this app, so it can never send the admin to another site.
import type { PublicUser } from '../../../shared/schemas/auth';

export const IMPERSONATING_KEY = 'isImpersonating';
export const ADMIN_RETURN_URL_KEY = 'adminReturnUrl';
export const DEFAULT_RETURN_URL = '/admin';

/** The part of the Web Storage API these rules use (sessionStorage in the browser, a Map in tests). */
export interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

type SessionUser = Pick<PublicUser, 'firstName' | 'lastName' | 'username'> & {
  impersonatedBy?: PublicUser['impersonatedBy'];
};

interface ImpersonationView {
  /** Show the amber banner and the End Impersonation buttons. */
  active: boolean;
  /** The session flag is set but the server says this session is not impersonating. */
  staleFlag: boolean;
}

export function readFlag(storage: FlagStorage | null): boolean {
  return storage?.getItem(IMPERSONATING_KEY) === 'true';
}

/** Decides the view from the session user and the session flag (see the comment at the top). */
export function impersonationView(user: SessionUser | null | undefined, flag: boolean): ImpersonationView {
  if (!user) return { active: false, staleFlag: false };
  if (user.impersonatedBy) return { active: true, staleFlag: false };
  if (user.impersonatedBy === null) return { active: false, staleFlag: flag };
  return { active: flag, staleFlag: false };
}

/**
 * How a username reads: a handle with one '@' ('naledi' or '@naledi' -> '@naledi'), an e-mail address as it is
 * ('naledi@example.com', never '@naledi@example.com'); '' when there is none.
 */
export function handleText(username: string | null | undefined): string {
  const bare = (username ?? '').trim().replace(/^@+/, '');
  if (!bare) return '';
  return bare.includes('@') ? bare : `@${bare}`;
}

/** 'Admin Mode: Viewing as Naledi Khumalo (naledi@example.com)', or '(@naledi)' for a username. */
export function bannerLabel(user: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  const handle = handleText(user.username);
  return `Admin Mode: Viewing as ${name || 'this user'}${handle ? ` (${handle})` : ''}`;
}

/** An in-app path ('/admin?tab=users'); anything else (absolute or protocol-relative URLs) is refused. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return DEFAULT_RETURN_URL;
  }
  return value;
}

export function markImpersonating(storage: FlagStorage | null, returnUrl: string): void {
  if (!storage) return;
  storage.setItem(IMPERSONATING_KEY, 'true');
  storage.setItem(ADMIN_RETURN_URL_KEY, safeReturnUrl(returnUrl));
}

/** Clears both keys and answers where the admin should go back to. */
export function takeReturnUrl(storage: FlagStorage | null): string {
  if (!storage) return DEFAULT_RETURN_URL;
  const url = safeReturnUrl(storage.getItem(ADMIN_RETURN_URL_KEY));
  clearImpersonationFlags(storage);
  return url;
}

export function clearImpersonationFlags(storage: FlagStorage | null): void {
  storage?.removeItem(IMPERSONATING_KEY);
  storage?.removeItem(ADMIN_RETURN_URL_KEY);
}

/** sessionStorage, or null where it is unavailable (blocked storage throws on access in some browsers). */
export function browserSessionStorage(): FlagStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
