// Search boxes of the admin lists, turned into SQL the same way everywhere (Applications tab, lending page).
import { type SQL, sql } from 'drizzle-orm';

// The same expressions as the trigram indexes (drizzle/0003), so the planner can use them.
export const APPLICATION_NAMES = sql`(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(business_name, ''))`;
export const USER_NAMES = sql`(first_name || ' ' || last_name || ' ' || username)`;

/** '%text%' for ILIKE, with the user's own %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** '12' or '#12' as an id (within PostgreSQL's integer range), else undefined. */
export function searchedId(search: string): number | undefined {
  const digits = search.trim().replace(/^#/, '');
  if (!/^\d{1,10}$/.test(digits)) return undefined;
  const id = Number(digits);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * Applications `a` whose id is the search, or whose names or business name, or whose owner's names or e-mail,
 * contain it. Written as a union of index-served sets: one OR across the two tables makes PostgreSQL read
 * every application (about ten times slower at 100,000 of them).
 */
export function applicationSearch(search: string): SQL {
  const id = searchedId(search);
  // '#12' asks for the id alone; '12' is also looked for in names and e-mails.
  if (id !== undefined && search.trim().startsWith('#')) return sql`a.id = ${id}`;
  const like = containsPattern(search);
  return sql`a.id in (
    select id from financing_applications where ${APPLICATION_NAMES} ilike ${like}
    union
    select fa.id from financing_applications fa
      where fa.user_id in (select id from users where ${USER_NAMES} ilike ${like})
    ${id === undefined ? sql`` : sql`union select ${id}::int`}
  )`;
}
