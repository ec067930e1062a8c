// Where to go after signing in. Only same-site paths are accepted, never an absolute URL (open redirect).
export const DEFAULT_AFTER_LOGIN = '/dashboard';

export function safeRedirect(target: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!target) return fallback;
  // One leading '/', not '//' (protocol-relative) nor '/\' (browsers read it as '//').
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Control characters and backslashes can smuggle another host past the check above.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    // Back to /auth would only bounce between the sign-in page and itself.
    if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** /auth?redirect=<path> for a page that needs a signed-in user. */
export function authPathFor(target: string): string {
  return `/auth?redirect=${encodeURIComponent(target)}`;
}
