// Search boxes of the admin lists, turned into SQL values the same way everywhere.

/** '%text%' for ILIKE, with the user's own %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** '12' or '#12' as an id (within PostgreSQL's integer range), else undefined. */
export function searchedId(search: string): number | undefined {
  const digits = search.trim().replace(/^#/, '');
  if (!/^\d{1,10}$/.test(digits)) return undefined;
  const id = Number(digits);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
