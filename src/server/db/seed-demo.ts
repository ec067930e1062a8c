// Demo data for the embedded database: an admin and a few creators, so a first `npm start` has something
// to look at. Runs only on an empty database; never against a DATABASE_URL unless asked (SEED_DEMO=true).
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  businessDate,
  type IsoDate,
  startOfBusinessDay,
} from '../../shared/business-date';
import { withSaIdCheckDigit } from '../../shared/compliance/sa-id';
import { dueDateOf } from '../../shared/finance/instalments';
import type { ApplicationForm } from '../../shared/schemas/applications';
import type { Config } from '../config';
import {
  addPayment,
  patchApplication,
  recordPayout,
  setupSchedule,
} from '../features/admin/admin-applications.service';
import {
  acceptOwnQuote,
  chooseRepaymentPlan,
  currentQuote,
  previewOwnTerms,
  submitApplication,
} from '../features/applications/applications.service';
import { recordCapital } from '../features/ledger/books.service';
import { reviewLoans } from '../features/loans/application-lifecycle.service';
import { accrueIncome } from '../features/loans/income-accrual.service';
import {
  DEMO_ADMIN_MFA_SECRET,
  DEMO_SECOND_ADMIN_MFA_SECRET,
  demoAdminCode,
  enrolDemoAdmin,
} from '../features/mfa/mfa.service';
import { computeVintages } from '../features/reports/vintages.service';
import { loanServicing, requestSettlementQuote, settleQuote } from '../features/servicing/servicing.service';
import { type Clock, ManualClock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import { type SocialMediaData, type User, users } from './schema';

export type DemoLogin = {
  role: 'admin' | 'creator';
  username: string;
  password: string;
  /** The admin's authenticator key (base32), to add to an app; its current code is also on /dev/mailbox. */
  mfaSecret?: string;
};

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
  // The second admin: dual control needs a second person to approve a payout, a restructure, a reversal or a role
  // change (decision 028).
  {
    username: 'nomsa@vuka.demo',
    password: 'VukaAdmin2026!',
    firstName: 'Nomsa',
    lastName: 'Zulu',
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
  {
    username: 'bongani@vuka.demo',
    password: 'VukaCreator2026!',
    firstName: 'Bongani',
    lastName: 'Zulu',
    role: 'user' as const,
    creatorType: 'full-time' as const,
    country: 'South Africa',
    city: 'Pietermaritzburg',
    bio: 'Football analysis and match-day vlogs.',
  },
  {
    username: 'ayesha@vuka.demo',
    password: 'VukaCreator2026!',
    firstName: 'Ayesha',
    lastName: 'Patel',
    role: 'user' as const,
    creatorType: 'part-time' as const,
    country: 'South Africa',
    city: 'Gqeberha',
    bio: 'Home-baking tutorials.',
  },
  {
    username: 'kagiso@vuka.demo',
    password: 'VukaCreator2026!',
    firstName: 'Kagiso',
    lastName: 'Sithole',
    role: 'user' as const,
    creatorType: 'full-time' as const,
    country: 'South Africa',
    city: 'Polokwane',
    bio: 'Gaming streams and esports commentary.',
  },
  {
    username: 'zanele@vuka.demo',
    password: 'VukaCreator2026!',
    firstName: 'Zanele',
    lastName: 'Mahlangu',
    role: 'user' as const,
    creatorType: 'full-time' as const,
    country: 'South Africa',
    city: 'Johannesburg',
    bio: 'Fashion and thrift-flip videos.',
  },
];

/**
 * Seeds when the users table is empty; returns the logins created, or null when there was data already (but for the
 * second demo admin an older demo database lacks).
 * `clock` is the app's clock: the demo's history is laid out backwards from its "now".
 */
export async function seedDemoData(db: Db, config: Config, clock: Clock): Promise<DemoLogin[] | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return addSecondDemoAdmin(db, config, clock);
  return addDemoUsers(db, config, clock, DEMO_USERS);
}

/**
 * A demo database made before dual control (decision 028) has one admin, who could then approve nothing: the second
 * demo admin is added beside them (never in production, and only where the first demo admin is there).
 */
async function addSecondDemoAdmin(db: Db, config: Config, clock: Clock): Promise<DemoLogin[] | null> {
  // Only the embedded demo, and only while its first admin still signs in with the printed key: an admin who set up
  // their own authenticator, or a configured database, is nobody's demo.
  if (config.env === 'production' || config.database.driver !== 'pglite') return null;
  if (!(await demoAdminCode({ db, config, clock, sessionClock: clock }))) return null;
  const demoAdmins = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} in ('admin@vuka.demo', 'nomsa@vuka.demo')`);
  if (demoAdmins.length !== 1 || demoAdmins[0]!.username !== 'admin@vuka.demo') return null;
  const second = DEMO_USERS.filter((demo) => demo.username === 'nomsa@vuka.demo');
  return addDemoUsers(db, config, clock, second, { withHistory: false });
}

async function addDemoUsers(
  db: Db,
  config: Config,
  clock: Clock,
  demos: ReadonlyArray<(typeof DEMO_USERS)[number]>,
  { withHistory = true } = {},
): Promise<DemoLogin[]> {
  const logins: DemoLogin[] = [];
  const created: Record<string, User> = {};
  for (const demo of demos) {
    const { password, ...fields } = demo;
    const [user] = await db
      .insert(users)
      .values({
        ...fields,
        passwordHash: await hashPassword(password),
        verified: true,
        ...(BORROWERS.has(demo.username) ? DEMO_BANK : {}),
        // Joined at the demo's "now" by its clock (never the database's); those with a history joined before it.
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    created[demo.username] = user!;
    // The demo admin is enrolled with a printed key, so trying the demo needs no phone (decision 017). Never in
    // production, where every admin enrols their own authenticator at first sign-in.
    const enrolled = demo.role === 'admin' && config.env !== 'production';
    const secret = demo.username === 'nomsa@vuka.demo' ? DEMO_SECOND_ADMIN_MFA_SECRET : DEMO_ADMIN_MFA_SECRET;
    if (enrolled) await enrolDemoAdmin(db, config, user!.id, clock.now(), secret);
    logins.push({
      role: demo.role === 'admin' ? 'admin' : 'creator',
      username: demo.username,
      password,
      ...(enrolled ? { mfaSecret: secret } : {}),
    });
  }
  if (withHistory) {
    await seedApplications(db, config, clock.now(), created);
    // A creator's "Member since" is not after their first application: the day before it.
    await db.execute(sql`update users u set created_at = least(u.created_at,
        (select min(a.created_at) from financing_applications a where a.user_id = u.id) - interval '1 day')
      where u.id in (${sql.join(
        Object.values(created).map((user) => sql`${user.id}`),
        sql`, `,
      )})`);
    // The book's income to today and its vintage curves: the jobs may have run before the book existed.
    await accrueIncome({ db, clock });
    await computeVintages({ db, clock }, null);
  }
  return logins;
}

/** The creators whose loans the demo services have bank details (payouts need them). */
const BORROWERS = new Set(['thandi', 'bongani', 'ayesha', 'kagiso', 'zanele'].map((n) => `${n}@vuka.demo`));

const DEMO_BANK = {
  bankName: 'Capitec Bank',
  accountNumber: '1234567890',
  branchCode: '470010',
  accountType: 'savings',
} as const;

const HOUR_MS = 60 * 60 * 1000;

const youtube = (channelTitle: string, followers: number, monthlyEarnings: number) => ({
  youtube: {
    platform: 'youtube',
    status: 'connected',
    verified: true,
    channelTitle,
    followers,
    engagement: 4.1,
    monthlyEarnings,
  },
});

/** A demo application: a business name, or the applicant's own name for a personal one. */
function demoForm(
  user: User,
  requestedAmount: number,
  monthlyRevenue: number,
  useOfFunds: ApplicationForm['useOfFunds'],
  businessName?: string,
): ApplicationForm {
  // Who applies (docs/compliance.md): a demo SA ID number of an adult, one per creator; a small business's figures.
  const who = businessName
    ? {
        applicationType: 'business' as const,
        businessName,
        registrationNumber: `2019/${String(100000 + user.id).padStart(6, '0')}/07`,
        annualTurnover: 360_000,
        assetValue: 80_000,
      }
    : {
        applicationType: 'personal' as const,
        firstName: user.firstName,
        lastName: user.lastName,
        identityType: 'sa_id' as const,
        idNumber: withSaIdCheckDigit(`900115${String(5000 + user.id).padStart(4, '0')}08`),
      };
  return { ...who, requestedAmount, monthlyRevenue, useOfFunds, termsAccepted: true, manualPlatforms: [] };
}

/**
 * A start date whose `n`-th monthly instalment falls due exactly on `due` (when the calendar allows: no
 * start gives 31 May three months on, so the nearest earlier due date is taken).
 */
function startForDue(due: IsoDate, n: number): IsoDate {
  for (let back = 0; back < 4; back++) {
    const start = addMonths(addDays(due, back), -n);
    if (dueDateOf(start, 'monthly', n) === due) return start;
  }
  return addMonths(due, -n);
}

/**
 * The demo's history, made through the product's own services with the clock set back, so every date,
 * balance, instalment, allocation, ledger line and audit row agrees: applications months ago, approval and
 * disbursement after them, payments after the start. One loan is up to date, one 45 days overdue, one
 * defaulted, one eligible for renegotiation, one settled early; one creator may choose a plan, one waits.
 */
async function seedApplications(db: Db, config: Config, now: Date, byName: Record<string, User>) {
  const clock = new ManualClock(now);
  // Nobody signs in while the history is written: sessions keep the same clock.
  const deps = { db, config, clock, sessionClock: clock };
  const today = businessDate(now);
  const admin = byName['admin@vuka.demo']!;
  // Business happens at 09:00 in Johannesburg on the day it is dated.
  const on = (date: IsoDate) => clock.set(new Date(startOfBusinessDay(date).getTime() + 9 * HOUR_MS));
  const withPlatforms = async (username: string, data: SocialMediaData) => {
    const [user] = await db
      .update(users)
      .set({ socialMediaData: data })
      .where(eq(users.id, byName[username]!.id))
      .returning();
    return user!;
  };

  /**
   * Applies, is approved two days later, accepts a plan (their own, or an admin's offer) the day before the payout,
   * and the money goes out on `startsOn`.
   */
  async function disburse(
    user: User,
    form: ApplicationForm,
    startsOn: IsoDate,
    setup: 'creator' | { estimatedPeriod: number },
  ): Promise<number> {
    on(addDays(startsOn, -5));
    const app = await submitApplication(deps, user, form);
    on(addDays(startsOn, -3));
    await patchApplication(deps, admin, app.id, { status: 'approved' });
    on(addDays(startsOn, -1));
    const consent = { ip: '127.0.0.1', userAgent: 'demo data' };
    if (setup === 'creator') {
      const preview = await previewOwnTerms(deps, user, app.id, {});
      await chooseRepaymentPlan(
        deps,
        user,
        app.id,
        { paymentMethod: 'platform_earnings', termsAccepted: true, quoteId: preview.quote.id },
        consent,
      );
    } else {
      await setupSchedule(deps, admin, app.id, {
        frequency: 'monthly',
        paymentMethod: 'manual',
        withholdingPercentage: 20,
        estimatedPeriod: setup.estimatedPeriod,
      });
      const offer = await currentQuote(deps, user, app.id);
      await acceptOwnQuote(deps, user, app.id, { quoteId: offer.id }, consent);
    }
    on(startsOn);
    await recordPayout(deps, admin, app.id, { paidOn: startsOn, bankReference: `VUKA-PAYOUT-${app.id}` });
    return app.id;
  }

  /**
   * For `count` instalments from number `from` on, pays `share` of each one `daysEarly` days before its due
   * date (never after today): the payments arrive in the instalments' own periods.
   */
  async function payInstalments(
    applicationId: number,
    from: number,
    count: number,
    share = 1,
    daysEarly = 2,
  ) {
    const { instalments } = await loanServicing(deps, applicationId);
    for (const instalment of instalments.filter((i) => i.number >= from && i.number < from + count)) {
      const paidOn = addDays(instalment.dueDate, -daysEarly);
      if (paidOn > today) return;
      on(paidOn);
      const amount = new Decimal(instalment.amountDue).times(share).toDecimalPlaces(2);
      await deps.db.transaction((tx) =>
        addPayment(
          tx,
          deps,
          admin,
          applicationId,
          {
            amount: amount.toNumber(),
            paymentDate: paidOn,
            notes: 'Withheld from platform earnings',
            channel: 'other',
            bankReference: null,
          },
          null,
        ),
      );
    }
  }

  // The lender's opening capital, paid in before the first payout, so the bank account never runs below zero.
  on(addDays(today, -250));
  await recordCapital(deps, admin, {
    amount: 500_000,
    receivedOn: addDays(today, -250),
    reference: "Founders' opening capital",
  });

  // Thandi: a creator plan started about six and a half months ago, every instalment paid on time.
  const thandi = await withPlatforms('thandi@vuka.demo', youtube('Thandi Cooks', 48_200, 9_500));
  const upToDate = await disburse(
    thandi,
    demoForm(thandi, 20_000, 12_000, ['equipment_purchase'], 'Thandi Cooks Media'),
    addDays(today, -198),
    'creator',
  );
  await payInstalments(upToDate, 1, 12);

  // Bongani: paid the first two instalments, then nothing; the third fell due 45 days ago.
  const bongani = await withPlatforms('bongani@vuka.demo', youtube('Bongani on the Ball', 21_300, 6_800));
  const overdue = await disburse(
    bongani,
    demoForm(bongani, 12_000, 7_500, ['equipment_purchase']),
    startForDue(addDays(today, -45), 3),
    'creator',
  );
  await payInstalments(overdue, 1, 2);

  // Ayesha: one instalment paid seven months ago, nothing since: more than 90 days past due, defaulted.
  const ayesha = await withPlatforms('ayesha@vuka.demo', youtube('Bake with Ayesha', 9_800, 3_900));
  const defaulted = await disburse(
    ayesha,
    demoForm(ayesha, 6_000, 4_500, ['working_capital']),
    addDays(today, -215),
    'creator',
  );
  await payInstalments(defaulted, 1, 1);

  // Kagiso: a full first instalment, then three months of 60 %: three consecutive shortfalls.
  const kagiso = await withPlatforms('kagiso@vuka.demo', youtube('KG Plays', 33_500, 8_200));
  const renegotiable = await disburse(
    kagiso,
    demoForm(kagiso, 15_000, 9_000, ['equipment_purchase', 'working_capital'], 'KG Plays (Pty) Ltd'),
    startForDue(addDays(today, -20), 4),
    'creator',
  );
  await payInstalments(renegotiable, 1, 1);
  await payInstalments(renegotiable, 2, 3, 0.6);

  // Zanele: an admin-set schedule of 12 months, seven instalments paid, then settled early with a quote.
  const zanele = await withPlatforms('zanele@vuka.demo', youtube('Thrift Flip Zee', 27_900, 7_100));
  const settled = await disburse(zanele, demoForm(zanele, 10_000, 8_000, ['advance']), addDays(today, -240), {
    estimatedPeriod: 12,
  });
  await payInstalments(settled, 1, 7);
  on(addDays(today, -26));
  const quote = await requestSettlementQuote(deps, zanele, settled);
  on(addDays(today, -23));
  await settleQuote(deps, admin, quote.id, { paymentDate: addDays(today, -24) });

  // Sipho: approved a week ago, can choose a plan. Lerato: applied three days ago, waiting for review.
  const sipho = byName['sipho@vuka.demo']!;
  on(addDays(today, -9));
  const approved = await submitApplication(
    deps,
    sipho,
    demoForm(sipho, 8_000, 6_500, ['equipment_purchase', 'working_capital']),
  );
  on(addDays(today, -7));
  await patchApplication(deps, admin, approved.id, { status: 'approved' });

  const lerato = byName['lerato@vuka.demo']!;
  on(addDays(today, -3));
  await submitApplication(deps, lerato, {
    ...demoForm(lerato, 5_000, 3_200, ['other']),
    otherUseOfFunds: 'Travel to shoot a documentary series in the Okavango',
  });

  // Today's review marks the default and the renegotiation eligibility, as the hourly job would.
  clock.set(now);
  await reviewLoans(db, clock);
}
