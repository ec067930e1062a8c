// Demo data for the embedded database: an admin and a few creators, so a first `npm start` has something
// to look at. Runs only on an empty database; never against a DATABASE_URL unless asked (SEED_DEMO=true).
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { chooseRepaymentPlan, submitApplication } from '../features/applications/applications.service';
import { recordRepayment } from '../features/servicing/servicing.service';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import { financingApplications, type User, users } from './schema';

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
export async function seedDemoData(db: Db, config: Config): Promise<DemoLogin[] | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const logins: DemoLogin[] = [];
  const created: Record<string, User> = {};
  for (const demo of DEMO_USERS) {
    const { password, ...fields } = demo;
    const [user] = await db
      .insert(users)
      .values({ ...fields, passwordHash: await hashPassword(password), verified: true })
      .returning();
    created[demo.username] = user!;
    logins.push({ role: demo.role === 'admin' ? 'admin' : 'creator', username: demo.username, password });
  }
  await seedApplications(db, config, created);
  return logins;
}

/**
 * Applications in the states a first look needs, made through the same services the product uses (so
 * scores, schedules, balances and the ledger agree): Thandi repays an active plan, Sipho is approved and can
 * choose a plan, Lerato waits for review.
 */
async function seedApplications(db: Db, config: Config, byName: Record<string, User>) {
  const deps = { db, config };
  const admin = byName['admin@vuka.demo']!;
  const thandi = await db
    .update(users)
    .set({
      bankName: 'Capitec Bank',
      accountNumber: '1234567890',
      branchCode: '470010',
      accountType: 'savings',
      socialMediaData: {
        youtube: {
          platform: 'youtube',
          status: 'connected',
          verified: true,
          channelTitle: 'Thandi Cooks',
          followers: 48_200,
          engagement: 4.2,
          monthlyEarnings: 9_500,
        },
      },
    })
    .where(eq(users.id, byName['thandi@vuka.demo']!.id))
    .returning();
  const approve = (id: number) =>
    db.update(financingApplications).set({ status: 'approved' }).where(eq(financingApplications.id, id));

  const active = await submitApplication(deps, thandi[0]!, {
    applicationType: 'business',
    businessName: 'Thandi Cooks Media',
    requestedAmount: 20_000,
    monthlyRevenue: 12_000,
    useOfFunds: ['equipment_purchase'],
    termsAccepted: true,
    manualPlatforms: [],
  });
  await approve(active.id);
  const start = new Date(Date.now() - 125 * 24 * 60 * 60 * 1000);
  await chooseRepaymentPlan(
    deps,
    thandi[0]!,
    active.id,
    { paymentMethod: 'platform_earnings', termsAccepted: true },
    start,
  );
  for (const [daysAgo, amount] of [
    [95, '2100.00'],
    [65, '2250.00'],
    [35, '1980.00'],
    [5, '2400.00'],
  ] as const) {
    await db.transaction((tx) =>
      recordRepayment(tx, {
        applicationId: active.id,
        amount: new Decimal(amount),
        paymentDate: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000),
        notes: 'Withheld from YouTube earnings',
        createdBy: admin.id,
        kind: 'manual',
      }),
    );
  }

  const sipho = byName['sipho@vuka.demo']!;
  const approved = await submitApplication(deps, sipho, {
    applicationType: 'personal',
    firstName: sipho.firstName,
    lastName: sipho.lastName,
    requestedAmount: 8_000,
    monthlyRevenue: 6_500,
    useOfFunds: ['equipment_purchase', 'working_capital'],
    termsAccepted: true,
    manualPlatforms: [],
  });
  await approve(approved.id);

  const lerato = byName['lerato@vuka.demo']!;
  await submitApplication(deps, lerato, {
    applicationType: 'personal',
    firstName: lerato.firstName,
    lastName: lerato.lastName,
    requestedAmount: 5_000,
    monthlyRevenue: 3_200,
    useOfFunds: ['other'],
    otherUseOfFunds: 'Travel to shoot a documentary series in the Okavango',
    termsAccepted: true,
    manualPlatforms: [],
  });
}
