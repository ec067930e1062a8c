// The built client as the server sends it (src/server/plugins/static-spa.ts): precompressed variants chosen by
// Accept-Encoding (and never compressed twice), a year's immutable caching for hashed assets, revalidation for
// the app shell and the SPA fallback, and the pre-rendered landing page at `/`. The build is a small fake in a
// temporary CLIENT_DIR, shaped like what `vite build` writes (scripts/vite-precompress.ts, vite-prerender.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const SHELL =
  '<!doctype html><html><head><title>Vuka Capital</title></head><body><div id="root"></div></body></html>\n';
const LANDING_SHELL = SHELL.replace('<div id="root"></div>', '<div id="root"><h1>Financing</h1></div>');

function writeWithVariants(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'vuka-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeWithVariants(path.join(clientDir, 'index.html'), SHELL);
  writeWithVariants(path.join(clientDir, 'landing.html'), LANDING_SHELL);
  writeWithVariants(path.join(clientDir, 'assets/app-abc123.js'), SCRIPT);
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const varyList = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

describe('hashed assets', () => {
  it('are sent as brotli to a browser that accepts it, once compressed, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyList(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // Decompressing once gives the file: nothing compressed it a second time on the way out.
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as gzip when brotli is not accepted', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varyList(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varyList(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(SCRIPT);
  });

  it('answer 404 when missing, rather than the app shell', async () => {
    const res = await get('/assets/app-gone99.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Not found' });
  });
});

describe('the app shell', () => {
  it('is revalidated on every use: no-cache, with a validator that answers 304 when unchanged', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyList(res.headers.vary)).toContain('accept-encoding');
    // `/` is the pre-rendered landing page.
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(LANDING_SHELL);

    const etag = res.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
  });

  it('is the SPA fallback for client-side routes, also no-cache and compressed', async () => {
    const res = await get('/dashboard?tab=history', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SHELL);

    const deep = await get('/admin/users/7');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(deep.body).toBe(SHELL);
  });

  it('is pre-rendered at `/` only: every other path gets the plain shell', async () => {
    expect((await get('/?utm_source=sms')).body).toBe(LANDING_SHELL);
    expect((await get('/auth?redirect=%2Fapply')).body).toBe(SHELL);
    expect((await get('/index')).body).toBe(SHELL);
  });

  it('keeps other files revalidated too, and API answers uncached', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const api = await get('/api/health');
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
