// The platforms' and the exchange-rate service's HTTP APIs, in the shapes they document (docs/platform-earnings.md):
// Google's and Patreon's OAuth 2 token endpoints (code and refresh), YouTube Analytics v2 reports, AdSense Management
// v2 payments, Patreon v2 identity and campaign members, and Open Exchange Rates' historical rates. Every failure is
// a PlatformError whose message is safe to keep and show (never a token, never the answer's body).
import Decimal from 'decimal.js';
import { toDecimal } from '../../../shared/finance/money';
import {
  type PatreonMember,
  parseAdsenseAmount,
  patreonMonthlyCents,
} from '../../../shared/finance/platform-earnings';

export class PlatformError extends Error {}

const TIMEOUT_MS = 10_000;

async function call<T>(what: string, url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new PlatformError(`${what}: the service could not be reached`);
  }
  if (!response.ok) throw new PlatformError(`${what}: the service answered ${response.status}`);
  try {
    return (await response.json()) as T;
  } catch {
    throw new PlatformError(`${what}: the answer was not JSON`);
  }
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

export type TokenAnswer = {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number | null;
  scope: string | null;
};

type RawToken = { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string };

function tokenOf(what: string, raw: RawToken): TokenAnswer {
  if (!raw.access_token) throw new PlatformError(`${what}: no access token in the answer`);
  return {
    accessToken: raw.access_token,
    refreshToken: raw.refresh_token ?? null,
    expiresInSeconds: typeof raw.expires_in === 'number' ? raw.expires_in : null,
    scope: raw.scope ?? null,
  };
}

export type OAuthClient = { tokenUrl: string; clientId: string; clientSecret: string };

export async function exchangeCode(what: string, client: OAuthClient, code: string, redirectUri: string) {
  const raw = await call<RawToken>(what, client.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uri: redirectUri,
      grant_type: 'authorization_code',
    }),
  });
  return tokenOf(what, raw);
}

export async function refreshAccessToken(what: string, client: OAuthClient, refreshToken: string) {
  const raw = await call<RawToken>(what, client.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      refresh_token: refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      grant_type: 'refresh_token',
    }),
  });
  return tokenOf(what, raw);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A number the API wrote in JSON, as exact decimal text (its shortest form), or null when it is not one. */
function decimalOf(value: unknown): Decimal | null {
  return typeof value === 'number' ? toDecimal(String(value)) : toDecimal(value);
}

type AnalyticsReport = { columnHeaders?: Array<{ name?: string }>; rows?: unknown[][] };

/** The channel's estimated revenue for one month in US dollars (YouTube Analytics v2, `estimatedRevenue`). */
export async function youtubeMonthRevenue(
  analyticsUrl: string,
  token: string,
  year: number,
  month: number,
  monthEnd: string,
) {
  const url = new URL(`${analyticsUrl}/reports`);
  url.search = new URLSearchParams({
    ids: 'channel==MINE',
    metrics: 'estimatedRevenue',
    dimensions: 'month',
    startDate: `${year}-${pad(month)}-01`,
    endDate: monthEnd,
    currency: 'USD',
  }).toString();
  const report = await call<AnalyticsReport>('YouTube Analytics', url.toString(), bearer(token));
  const names = (report.columnHeaders ?? []).map((h) => h.name);
  const monthAt = names.indexOf('month');
  const revenueAt = names.indexOf('estimatedRevenue');
  if (revenueAt < 0) throw new PlatformError('YouTube Analytics: the report has no estimatedRevenue column');
  const row = (report.rows ?? []).find((r) => monthAt < 0 || r[monthAt] === `${year}-${pad(month)}`);
  if (!row) return new Decimal(0);
  const amount = decimalOf(row[revenueAt]);
  if (!amount || amount.lt(0)) throw new PlatformError('YouTube Analytics: the revenue is not an amount');
  return amount;
}

type AdsensePayments = {
  payments?: Array<{
    name?: string;
    amount?: string;
    date?: { year?: number; month?: number; day?: number };
  }>;
};

/**
 * The payout AdSense made for a month's earnings: a payment dated in the next month (AdSense pays a month's
 * finalised earnings around the 21st of the next). Null when none is paid yet.
 */
export async function adsensePayoutFor(adsenseUrl: string, token: string, year: number, month: number) {
  const accounts = await call<{ accounts?: Array<{ name?: string }> }>(
    'AdSense',
    `${adsenseUrl}/accounts`,
    bearer(token),
  );
  const account = accounts.accounts?.[0]?.name;
  if (!account || !/^accounts\/[\w-]+$/.test(account)) return null;
  const answer = await call<AdsensePayments>('AdSense', `${adsenseUrl}/${account}/payments`, bearer(token));
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  for (const payment of answer.payments ?? []) {
    if (payment.date?.year !== next.year || payment.date?.month !== next.month || !payment.amount) continue;
    const parsed = parseAdsenseAmount(payment.amount);
    if (!parsed || new Decimal(parsed.amount).lt(0))
      throw new PlatformError('AdSense: a payment amount could not be read');
    const day = `${next.year}-${pad(next.month)}-${pad(payment.date.day ?? 1)}`;
    return { ...parsed, paidOn: day };
  }
  return null;
}

type PatreonIdentity = {
  data?: { id?: string; attributes?: { full_name?: string } };
  included?: Array<{ type?: string; id?: string; attributes?: { patron_count?: number } }>;
};

/** The creator's Patreon name and campaign (the members whose pledges are read). */
export async function patreonIdentity(apiUrl: string, token: string) {
  const answer = await call<PatreonIdentity>(
    'Patreon',
    `${apiUrl}/identity?include=campaign&fields%5Buser%5D=full_name&fields%5Bcampaign%5D=patron_count`,
    bearer(token),
  );
  const campaign = answer.included?.find((i) => i.type === 'campaign' && i.id);
  return {
    name: answer.data?.attributes?.full_name ?? 'Patreon creator',
    campaignId: campaign?.id ?? null,
    patronCount: campaign?.attributes?.patron_count ?? 0,
  };
}

type PatreonMembers = {
  data?: PatreonMember[];
  meta?: { pagination?: { cursors?: { next?: string | null } } };
};

const PATREON_PAGE = 500;
/** Enough pages for 500 000 members; a cursor that never ends is the API's fault, not a reason to loop forever. */
const PATREON_MAX_PAGES = 1_000;

/** The campaign's monthly pledges in US dollars: active patrons' entitled amounts, read page by page. */
export async function patreonMonthlyPledges(apiUrl: string, token: string, campaignId: string) {
  let cents = 0;
  let cursor: string | null = null;
  for (let page = 0; page < PATREON_MAX_PAGES; page++) {
    const url = new URL(`${apiUrl}/campaigns/${encodeURIComponent(campaignId)}/members`);
    url.searchParams.set('fields[member]', 'currently_entitled_amount_cents,patron_status');
    url.searchParams.set('page[count]', String(PATREON_PAGE));
    if (cursor) url.searchParams.set('page[cursor]', cursor);
    const answer: PatreonMembers = await call<PatreonMembers>('Patreon', url.toString(), bearer(token));
    cents += patreonMonthlyCents(answer.data ?? []);
    cursor = answer.meta?.pagination?.cursors?.next ?? null;
    if (!cursor) return new Decimal(cents).div(100);
  }
  throw new PlatformError('Patreon: the member list did not end');
}

/** Rand per US dollar on a day (Open Exchange Rates' historical rates, base USD), with who published it. */
export async function usdZarRate(fx: { url: string; apiKey?: string }, day: string) {
  const url = new URL(`${fx.url}/historical/${day}.json`);
  if (fx.apiKey) url.searchParams.set('app_id', fx.apiKey);
  const answer = await call<{ base?: string; rates?: Record<string, unknown> }>(
    'The exchange-rate service',
    url.toString(),
  );
  const rate = decimalOf(answer.rates?.ZAR);
  if (answer.base !== 'USD' || !rate || rate.lte(0)) {
    throw new PlatformError(`The exchange-rate service gave no USD to ZAR rate for ${day}`);
  }
  return { rate: rate.toDecimalPlaces(6).toFixed(6), source: new URL(fx.url).host };
}
