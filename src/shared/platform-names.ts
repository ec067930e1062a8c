// How a connected platform is named wherever a person reads it: the platform's own spelling for the ones the product
// connects ('YouTube', never 'youtube' or 'Youtube'), else the name it was stored under. The one map of platform
// keys to names: screens, e-mails and server messages all read it through the helpers below.

/** The platforms the product connects (OAuth, a Visionary code, earnings reads), by key, in their own spelling. */
export const PLATFORM_NAMES = {
  youtube: 'YouTube',
  visionary: 'Visionary',
  patreon: 'Patreon',
} as const satisfies Record<string, string>;

export type NamedPlatform = keyof typeof PLATFORM_NAMES;

const KNOWN_NAMES: Readonly<Record<string, string>> = PLATFORM_NAMES;

// Own keys only: a key such as '__proto__' or 'constructor' (a path parameter, a stored name) is no platform.
const known = (value: unknown): string | undefined => {
  const key = String(value ?? '')
    .trim()
    .toLowerCase();
  return Object.hasOwn(KNOWN_NAMES, key) ? KNOWN_NAMES[key] : undefined;
};

/** The name of the platform stored under `key` (its `platform` field, when it has one). */
export function platformName(key: string, stored?: unknown): string {
  const name = known(key) ?? known(stored);
  if (name) return name;
  return typeof stored === 'string' && stored.trim() !== '' ? stored.trim() : key.trim();
}

/** Platforms stored joined with '+' (an earnings figure read from several: 'youtube+patreon'), named in turn. */
export function joinedPlatformNames(joined: string, separator = ' + '): string {
  return joined
    .split('+')
    .map((key) => platformName(key))
    .join(separator);
}
