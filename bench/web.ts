// npm run bench:web: the landing page's initial JavaScript and Lighthouse scores.
// Builds the client when it is missing or stale, starts the production server on a fresh embedded database
// with demo data, then reports:
//   - the entry script and its modulepreloads, read from the build's index.html;
//   - the initial JavaScript for `/`: every script Chrome fetches to open it, without interaction (from
//     Lighthouse's network records), sized from the build: raw, gzipped and with brotli, number of files;
//   - Lighthouse performance and accessibility, median of BENCH_WEB_RUNS (3) runs, desktop and mobile for
//     `/` and `/auth`, and mobile for a signed-in `/dashboard` (demo creator, session cookie as a header),
//     with the JavaScript each page fetched (gzip, files) and the machine's load average before and after.
// It reports against the goals; it does not gate. Environment:
//   BENCH_WEB_RUNS      runs per page and form factor (default 3)
//   BENCH_WEB_URL       measure a server that is already running instead of starting one (demo data needed)
//   BENCH_CLIENT_DIR    the built client to analyse (default dist/client; with BENCH_WEB_URL, the one it serves)
//   CHROMIUM_PATH       the browser (default /usr/bin/chromium)
//   BENCH_WEB_ONLY      measure only the pages whose label contains this text (e.g. "mobile", "/dashboard")
//   BENCH_WEB_REPORTS   a directory to keep every run's Lighthouse report (JSON) in, to see why a score is low
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { SERVER_NODE_ARGS } from '../scripts/server-node.mjs';
import { DEVELOPMENT_LEGAL_SETTINGS } from '../src/server/config';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CLIENT_DIR = path.resolve(root, process.env.BENCH_CLIENT_DIR ?? 'dist/client');
const ONLY = process.env.BENCH_WEB_ONLY;
const REPORTS = process.env.BENCH_WEB_REPORTS ? path.resolve(process.env.BENCH_WEB_REPORTS) : undefined;
const CREATOR = { username: 'thandi@vuka.demo', password: 'VukaCreator2026!' };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const GOALS = {
  initialJsGzipKb: 170,
  performance: { desktop: 95, mobile: 85 },
  accessibility: 100,
  cls: 0.1,
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// ---------- build ----------

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIfNeeded() {
  if (process.env.BENCH_CLIENT_DIR || process.env.BENCH_WEB_URL) return;
  const index = path.join(CLIENT_DIR, 'index.html');
  const sources = [
    'src/client',
    'src/shared',
    'index.html',
    'vite.config.ts',
    'scripts/vite-chunks.ts',
    'scripts/vite-precompress.ts',
    'scripts/vite-prerender.ts',
  ]
    .map((p) => path.join(root, p))
    .filter(existsSync);
  const stale = !existsSync(index) || Math.max(...sources.map(newestMtime)) > statSync(index).mtimeMs;
  if (!stale) return;
  console.log('Building the client (it is missing or older than its sources)...');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('vite build failed');
}

// ---------- initial JavaScript, from the build ----------

type JsFile = { file: string; raw: number; gzip: number; brotli: number };

function sizeOf(file: string): JsFile {
  const bytes = readFileSync(path.join(CLIENT_DIR, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Static imports of a built chunk (`import"./x.js"`, `from"./x.js"`), as paths relative to the client dir. */
function staticImportsOf(file: string): string[] {
  const code = readFileSync(path.join(CLIENT_DIR, file), 'utf8');
  const dir = path.posix.dirname(file);
  return [...code.matchAll(/\b(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) =>
    path.posix.normalize(path.posix.join(dir, m[1]!)),
  );
}

function closure(start: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImportsOf(file));
  }
  return [...seen];
}

/** The entry script and the modulepreloads index.html lists, with everything they import statically. */
function entryJs(): JsFile[] {
  const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const fromHtml = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  if (fromHtml.length === 0) throw new Error(`No module script in ${CLIENT_DIR}/index.html`);
  return closure(fromHtml).map(sizeOf);
}

/** The scripts of the build a Lighthouse run fetched (its network records), sized from the build. */
function scriptsFetched(lhr: Result): JsFile[] {
  const items =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)?.items ??
    [];
  return items
    .filter((i) => i.resourceType === 'Script')
    .map((i) => new URL(String(i.url)).pathname)
    .map((pathname) => {
      const file = pathname.replace(/^\//, '');
      if (!existsSync(path.join(CLIENT_DIR, file))) {
        throw new Error(`${pathname} is not in ${CLIENT_DIR}: is the server serving another build?`);
      }
      return sizeOf(file);
    });
}

/**
 * The scripts Chrome fetches to open `/` (until the network is quiet, without any interaction): the entry
 * and its preloads, and the chunks the first render asks for. Sizes are read from the build, so the gzip
 * figure does not depend on what the server negotiated.
 */
async function initialJsForLanding(baseUrl: string): Promise<JsFile[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      `${baseUrl}/`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyAudits: ['network-requests'] },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse returned nothing for /');
    const scripts = scriptsFetched(result.lhr);
    if (scripts.length === 0) throw new Error('Chrome fetched no script for /');
    return scripts;
  } finally {
    await chrome.kill();
  }
}

function printFiles(title: string, files: JsFile[], goalGzipKb?: number) {
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  const brotli = files.reduce((s, f) => s + f.brotli, 0);
  const verdict =
    goalGzipKb === undefined
      ? ''
      : gzip / 1024 <= goalGzipKb
        ? `  within ${goalGzipKb} KB`
        : `  OVER ${goalGzipKb} KB`;
  console.log(
    `${title}: ${files.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli${verdict}`,
  );
  return { files: files.length, raw, gzip, brotli };
}

// ---------- the server ----------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, timeoutMs: number, server?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_WEB_URL) {
    const baseUrl = process.env.BENCH_WEB_URL.replace(/\/$/, '');
    await waitFor(`${baseUrl}/api/health`, 5_000);
    return { baseUrl, stop: async () => {} };
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vuka-bench-web-'));
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      CLIENT_DIR,
      SESSION_SECRET: 'bench-web-session-secret-that-is-long-enough',
      SETTLEMENT_ACCOUNT_NUMBER: '1234567890',
      ...DEVELOPMENT_LEGAL_SETTINGS,
    },
  });
  // Seeding the demo book on a fresh embedded database takes a while.
  await waitFor(`http://127.0.0.1:${port}/api/health`, 180_000, server);
  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify(CREATOR),
  });
  if (!response.ok) throw new Error(`Demo login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// ---------- Lighthouse ----------

type FormFactor = 'desktop' | 'mobile';
type Page = { path: string; formFactor: FormFactor; cookie?: string; label: string };
type RunSummary = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed during the run (lower: busier or slower machine). */
  benchmarkIndex: number;
  /** Every script the page fetched during the run (without interaction), gzip bytes and files. */
  jsGzip: number;
  jsFiles: number;
  failedA11y: string[];
  lhr: Result;
};

/** One run in a fresh browser (Lighthouse's advice: a reused one carries state between runs). */
async function runLighthouse(baseUrl: string, page: Page, attempt = 1): Promise<RunSummary> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    return await runLighthouseIn(chrome.port, baseUrl, page);
  } catch (error) {
    // A trace is occasionally lost (NO_NAVSTART and the like); Lighthouse's own advice is to run again.
    if (attempt >= 3) throw error;
    console.log(`  retrying ${page.label}: ${(error as Error).message}`);
    return runLighthouse(baseUrl, page, attempt + 1);
  } finally {
    await chrome.kill();
  }
}

async function runLighthouseIn(port: number, baseUrl: string, page: Page): Promise<RunSummary> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
  };
  const result = await lighthouse(
    `${baseUrl}${page.path}`,
    flags,
    page.formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned nothing');
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = scriptsFetched(lhr);
  const failedA11y = Object.values(lhr.audits)
    .filter(
      (a) =>
        lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0) &&
        a.score !== null &&
        a.score < 1,
    )
    .map((a) => a.id);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    jsGzip: scripts.reduce((sum, f) => sum + f.gzip, 0),
    jsFiles: scripts.length,
    failedA11y,
    lhr,
  };
}

// ---------- main ----------

/** The 1, 5 and 15 minute load averages: mobile scores fall on a busy machine, so each run says how busy. */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

buildIfNeeded();
console.log(`client: ${path.relative(root, CLIENT_DIR) || CLIENT_DIR}`);
printFiles('entry and its modulepreloads (index.html)', entryJs());

const loadBefore = load();
const server = await startServer();
const rows: { label: string; goal: number; runs: RunSummary[] }[] = [];
let initial: ReturnType<typeof printFiles> | undefined;
try {
  const pageFiles = await initialJsForLanding(server.baseUrl);
  initial = printFiles('initial JS for / (every script Chrome fetched)', pageFiles, GOALS.initialJsGzipKb);
  for (const f of [...pageFiles].sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
    console.log(`    ${f.file.padEnd(48)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`);
  }
  const cookie = await signIn(server.baseUrl);
  const allPages: Page[] = [
    { path: '/', formFactor: 'desktop', label: '/ desktop' },
    { path: '/', formFactor: 'mobile', label: '/ mobile' },
    { path: '/auth', formFactor: 'desktop', label: '/auth desktop' },
    { path: '/auth', formFactor: 'mobile', label: '/auth mobile' },
    { path: '/dashboard', formFactor: 'mobile', cookie, label: '/dashboard mobile (signed in)' },
  ];
  const pages = allPages.filter((p) => !ONLY || p.label.includes(ONLY));
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  // Warm the server's file cache and the database once, so the first measured run is not an outlier.
  await fetch(`${server.baseUrl}/`);
  for (const page of pages) {
    const runs: RunSummary[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await runLighthouse(server.baseUrl, page);
      runs.push(run);
      if (REPORTS) {
        const name = `${page.label.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}-${i + 1}.json`;
        writeFileSync(path.join(REPORTS, name), JSON.stringify(run.lhr));
      }
    }
    rows.push({ label: page.label, goal: GOALS.performance[page.formFactor], runs });
    const perf = runs.map((r) => r.performance);
    const speed = runs.map((r) => Math.round(r.benchmarkIndex));
    console.log(
      `  measured ${page.label}: performance ${perf.join(', ')} (machine benchmark ${speed.join(', ')})`,
    );
  }
} finally {
  await server.stop();
}

console.log(
  `\nLighthouse ${rows[0]?.runs[0]?.lhr.lighthouseVersion ?? '?'}, median of ${RUNS} runs; load average ${loadBefore} before, ${load()} after`,
);
console.log(
  `${'page'.padEnd(32)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'JS gzip (files)'.padStart(16)}  verdict`,
);
for (const row of rows) {
  const m = {
    performance: median(row.runs.map((r) => r.performance)),
    accessibility: median(row.runs.map((r) => r.accessibility)),
    fcp: median(row.runs.map((r) => r.fcp)),
    lcp: median(row.runs.map((r) => r.lcp)),
    tbt: median(row.runs.map((r) => r.tbt)),
    cls: median(row.runs.map((r) => r.cls)),
    jsGzip: median(row.runs.map((r) => r.jsGzip)),
    jsFiles: median(row.runs.map((r) => r.jsFiles)),
  };
  const problems = [
    m.performance < row.goal ? `performance < ${row.goal}` : '',
    m.accessibility < GOALS.accessibility ? `accessibility < ${GOALS.accessibility}` : '',
    m.cls >= GOALS.cls ? `CLS >= ${GOALS.cls}` : '',
  ].filter(Boolean);
  console.log(
    `${row.label.padEnd(32)} ${String(m.performance).padStart(5)} ${String(m.accessibility).padStart(5)} ${`${(m.fcp / 1000).toFixed(2)}s`.padStart(8)} ${`${(m.lcp / 1000).toFixed(2)}s`.padStart(8)} ${`${Math.round(m.tbt)}ms`.padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${`${kb(m.jsGzip)} (${m.jsFiles})`.padStart(16)}  ${problems.length ? problems.join(', ') : 'ok'}`,
  );
  const failed = [...new Set(row.runs.flatMap((r) => r.failedA11y))];
  if (failed.length) console.log(`${''.padEnd(32)} accessibility audits failing: ${failed.join(', ')}`);
}
if (initial) {
  console.log(
    `\ninitial JS for /: ${kb(initial.raw)} raw, ${kb(initial.gzip)} gzip in ${initial.files} files (goal <= ${GOALS.initialJsGzipKb} KB gzip)`,
  );
}
