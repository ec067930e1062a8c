// The demo admin's second factor for the journeys (decision 017). Every admin sign-in needs a code from the
// admin's authenticator, and each 30-second step's code signs in once for the account: the workers (and both
// projects) share one demo admin, so codes are handed out under a lock shared by every worker on this machine
// and server port, with the last step used kept beside it. No two sign-ins ever send the same step, and no
// journey sends a wrong code (five would lock the demo admin out for 15 minutes).
// The workers share one signed-in session per demo admin, kept in a file beside the lock: a session per worker
// cost each worker's first admin journey up to 30 s of waiting for a fresh step (two sign-ins per account fit in
// a step's window; a third worker, or a worker started again after a failure, waits for the next). A session that
// changes what its holder sees (impersonation) is never the shared one: such a journey signs in on its own
// (ownDemoAdminSession). The sign-in journeys themselves live in admin-mfa.spec.ts.
import { open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type APIResponse,
  type Cookie,
  expect,
  type Page,
  request,
} from '@playwright/test';
import { stepOf, totpOfStep } from '../../support/totp';
import { ADMIN, SECOND_ADMIN } from './mailbox';

const SESSION_COOKIE = 'vuka_session';

/** A demo admin with a printed authenticator key: ADMIN, or SECOND_ADMIN who approves what ADMIN asks for. */
type DemoAdmin = { email: string; password: string; mfaSecret: string };

const lockFiles = (baseURL: string, account: DemoAdmin) => {
  const port = new URL(baseURL).port || '80';
  const who = account.email.replace(/[^a-z0-9]/gi, '-');
  const base = path.join(tmpdir(), `vuka-e2e-${port}-${who}-mfa`);
  return {
    lock: `${base}.lock`,
    step: `${base}.step`,
    session: `${base}.session.json`,
    sessionLock: `${base}.session.lock`,
  };
};

async function withFileLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a crashed run is older than any sign-in: take it over.
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > 120_000) await rm(file, { force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the demo admin's code (${file})`);
      // Polled: another worker holds it and there is nothing to await across processes.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Runs `use` with a demo-admin code no sign-in has sent yet: the current step's, or the next one's (the server
 * accepts one step either side), waiting for time to pass only when both are spent. `use` must finish the
 * sign-in before it returns: the lock is held until then.
 */
export async function withDemoAdminCode<T>(
  baseURL: string,
  use: (code: string) => Promise<T>,
  account: DemoAdmin = ADMIN,
): Promise<T> {
  const files = lockFiles(baseURL, account);
  return withFileLock(files.lock, async () => {
    const last = Number((await readFile(files.step, 'utf8').catch(() => '')) || '-1');
    const current = stepOf(new Date());
    // The server's window is the current step and one either side: a step two ahead is never sent.
    const step = Math.max(current, last + 1);
    if (step > current + 1) {
      // Both usable steps are spent: wait until the next one is current (at most 30 seconds).
      const waitMs = Math.max(0, (step - 1) * 30_000 - Date.now() + 250);
      // Said aloud: a journey that waits here is slower by up to 30 seconds, and the suite's time is budgeted.
      process.stderr.write(
        `[admin-session] ${account.email} waited ${Math.round(waitMs / 1000)} s for a fresh code\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    await writeFile(files.step, String(step));
    return use(totpOfStep(account.mfaSecret, step));
  });
}

const workerSessions = new Map<string, Promise<Cookie>>();

/** A demo admin's session cookie, shared by every worker of the run: signed in, second factor passed. */
export function demoAdminCookie(baseURL: string, account: DemoAdmin = ADMIN): Promise<Cookie> {
  let session = workerSessions.get(account.email);
  if (!session) {
    session = sharedDemoAdminSession(baseURL, account).catch((error) => {
      workerSessions.delete(account.email);
      throw error;
    });
    workerSessions.set(account.email, session);
  }
  return session;
}

/**
 * The session another worker of this run signed in, or a new one kept for the others. One saved by an earlier run
 * on this port belongs to a server that is gone (its database with it): the server no longer knows it, and a new
 * one is signed in.
 */
async function sharedDemoAdminSession(baseURL: string, account: DemoAdmin): Promise<Cookie> {
  const files = lockFiles(baseURL, account);
  return withFileLock(files.sessionLock, async () => {
    const saved = await readFile(files.session, 'utf8')
      .then((text) => JSON.parse(text) as Cookie)
      .catch(() => null);
    if (saved && (await isSignedInAdmin(baseURL, saved))) return saved;
    const cookie = await signInDemoAdmin(baseURL, account);
    await writeFile(files.session, JSON.stringify(cookie));
    return cookie;
  });
}

/** Whether the server knows the session as an admin's, with the second factor passed and no one impersonated. */
async function isSignedInAdmin(baseURL: string, cookie: Cookie): Promise<boolean> {
  const api = await request.newContext({ baseURL, storageState: { cookies: [cookie], origins: [] } });
  try {
    const me = await api.get('/api/user');
    if (me.status() !== 200) return false;
    const user = (await me.json()) as { role?: string; impersonatedBy?: unknown };
    return user.role === 'admin' && !user.impersonatedBy;
  } finally {
    await api.dispose();
  }
}

/**
 * The page's browser becomes the demo admin on a session of its own, signed in for this journey alone: for a
 * journey that changes what its session sees (impersonating a creator), which the other workers' admin journeys
 * must not see. It may wait up to 30 s for a fresh authenticator step.
 */
export async function ownDemoAdminSession(page: Page, baseURL: string): Promise<void> {
  await page.context().addCookies([await signInDemoAdmin(baseURL, ADMIN)]);
}

async function signInDemoAdmin(baseURL: string, account: DemoAdmin): Promise<Cookie> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    const login = await api.post('/api/login', {
      data: { username: account.email, password: account.password, rememberMe: true },
    });
    expect(login.status(), await login.text()).toBe(200);
    expect(((await login.json()) as { mfa?: string }).mfa).toBe('verify');
    await withDemoAdminCode(
      baseURL,
      async (code) => {
        const verify = await api.post('/api/mfa/verify', { data: { code } });
        expect(verify.status(), await verify.text()).toBe(200);
      },
      account,
    );
    const cookie = (await api.storageState()).cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error('The admin sign-in set no session cookie');
    return cookie;
  } finally {
    await api.dispose();
  }
}

/** The page's browser becomes the demo admin (the run's shared session, second factor passed). */
export async function enterDemoAdminSession(page: Page, baseURL: string): Promise<void> {
  await page.context().addCookies([await demoAdminCookie(baseURL)]);
}

/** The page's browser becomes the second demo admin, who approves what the first asks for (decision 028). */
export async function enterSecondAdminSession(page: Page, baseURL: string): Promise<void> {
  await page.context().addCookies([await demoAdminCookie(baseURL, SECOND_ADMIN)]);
}

/** An API context signed in as a demo admin (ADMIN unless told); dispose it when done (the session itself stays). */
export async function demoAdminApi(baseURL: string, account: DemoAdmin = ADMIN): Promise<APIRequestContext> {
  const cookie = await demoAdminCookie(baseURL, account);
  return request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
    storageState: { cookies: [cookie], origins: [] },
  });
}

/**
 * Dual control (decision 028): the second demo admin approves a change the first asked for (a 202 answer), through
 * POST /api/admin/approvals/{id}/approve. Journeys about the change itself, not about the approval, use it.
 */
export async function approveAsSecondAdmin(baseURL: string, requestId: number): Promise<void> {
  const api = await demoAdminApi(baseURL, SECOND_ADMIN);
  try {
    const approved = await api.post(`/api/admin/approvals/${requestId}/approve`);
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** A change the demo admin asked for (its 202 answer), approved by the second demo admin: the change is made. */
export async function approvedBySecondAdmin(asked: APIResponse): Promise<void> {
  expect(asked.status(), await asked.text()).toBe(202);
  const { pendingApproval } = (await asked.json()) as { pendingApproval: { id: number } };
  await approveAsSecondAdmin(new URL(asked.url()).origin, pendingApproval.id);
}
