// Pure rules of the admin users views (spec section 2, "Users tab" and the User Details view), kept out of
// the components so they can be unit-tested.
import { format as formatDateFns, isValid, parseISO } from 'date-fns';
import { formatDate } from '../../lib/format';

export interface NamedUser {
  firstName: string;
  lastName: string;
  username: string;
}

export function fullName(user: Pick<NamedUser, 'firstName' | 'lastName'>): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ') || '-';
}

function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Search by name or username (spec: "search by name or username"). Every word of the query must appear in
 * the first name, last name or username, in any order, ignoring case and accents: 'khumalo nal' finds
 * Naledi Khumalo, '@example.com' finds by e-mail. A blank query keeps everyone.
 */
export function filterUsers<T extends NamedUser>(users: ReadonlyArray<T>, query: string): T[] {
  const words = normalise(query).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const haystack = normalise(`${user.firstName} ${user.lastName} ${user.username}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** Only active creators can be viewed as: the server refuses admins (403) and inactive accounts (404). */
export function canImpersonate(user: { role: string; status: string }): boolean {
  return user.role === 'user' && user.status === 'active';
}

export type UserStatusTone = 'success' | 'warning' | 'destructive' | 'secondary';

export function userStatusTone(status: string): UserStatusTone {
  switch (status) {
    case 'active':
      return 'success';
    case 'suspended':
      return 'warning';
    case 'deleted':
      return 'destructive';
    default:
      return 'secondary';
  }
}

export const ROLE_LABELS: Record<string, string> = { user: 'User', admin: 'Admin' };

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

/** 'user_status_changed' -> 'User status changed'; the log stores machine names. */
export function actionLabel(action: string): string {
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '-';
}

/** '05 Mar 2026, 14:30' for the admin-actions log, where the time of day matters. */
export function formatDateTime(value: string | null | undefined, fallback = '-'): string {
  if (!value) return fallback;
  const date = parseISO(value);
  if (!isValid(date)) return fallback;
  return `${formatDate(date)}, ${formatDateFns(date, 'HH:mm')}`;
}
