// How a connected platform is named wherever a person reads it: the platform's own spelling for the ones the product
// connects ('YouTube', never 'youtube' or 'Youtube'), else the name it was stored under.

const KNOWN_NAMES: Record<string, string> = {
  youtube: 'YouTube',
  visionary: 'Visionary',
  patreon: 'Patreon',
};

/** The name of the platform stored under `key` (its `platform` field, when it has one). */
export function platformName(key: string, stored?: unknown): string {
  const known =
    KNOWN_NAMES[key.trim().toLowerCase()] ??
    KNOWN_NAMES[
      String(stored ?? '')
        .trim()
        .toLowerCase()
    ];
  if (known) return known;
  return typeof stored === 'string' && stored.trim() !== '' ? stored.trim() : key.trim();
}
