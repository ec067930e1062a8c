// Demo data for the embedded database: an admin and a few creators, so a first `npm start` has something
// to look at. Runs only on an empty database; never against a DATABASE_URL unless asked (SEED_DEMO=true).
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import { users } from './schema';

export type DemoLogin = { role: 'admin' | 'creator'; username: string; password: string };

const DEMO_USERS = [
  {
    username: 'admin@vuka.demo',
    password: 'VukaAdmin2026!',
    firstName: 'Ayanda',
    lastName: 'Mokoena',
    role: 'admin' as const,
    creatorType: 'full-time' as const,
    country: 'South Africa',
    city: 'Johannesburg',
  },
  {
    username: 'thandi@vuka.demo',
    password: 'VukaCreator2026!',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    role: 'user' as const,
    creatorType: 'full-time' as const,
    country: 'South Africa',
    city: 'Cape Town',
    bio: 'Lifestyle and food videos from the Mother City.',
  },
  {
    username: 'sipho@vuka.demo',
    password: 'VukaCreator2026!',
    firstName: 'Sipho',
    lastName: 'Dlamini',
    role: 'user' as const,
    creatorType: 'part-time' as const,
    country: 'South Africa',
    city: 'Durban',
    bio: 'Amapiano producer and music educator.',
  },
  {
    username: 'lerato@vuka.demo',
    password: 'VukaCreator2026!',
    firstName: 'Lerato',
    lastName: 'Molefe',
    role: 'user' as const,
    creatorType: 'hobby' as const,
    country: 'Botswana',
    city: 'Gaborone',
    bio: 'Weekend travel photographer.',
  },
];

/** Seeds when the users table is empty; returns the logins created, or null when there was data already. */
export async function seedDemoData(db: Db): Promise<DemoLogin[] | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const logins: DemoLogin[] = [];
  for (const demo of DEMO_USERS) {
    const { password, ...fields } = demo;
    await db.insert(users).values({ ...fields, passwordHash: await hashPassword(password), verified: true });
    logins.push({ role: demo.role === 'admin' ? 'admin' : 'creator', username: demo.username, password });
  }
  return logins;
}
