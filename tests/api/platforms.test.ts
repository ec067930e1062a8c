import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofFiles, users } from '../../src/server/db/schema';
import { latestCodeFor, multipartFile, PDF_BYTES, PNG_BYTES, signedInUser } from '../support/accounts';
import { GOOD_CODE, startFakeYoutube } from '../support/fake-youtube';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let youtube: Awaited<ReturnType<typeof startFakeYoutube>>;
let creator: Client;
beforeAll(async () => {
  youtube = await startFakeYoutube();
  t = await createTestApp(youtube.env);
  creator = await signedInUser(t, 'maker@example.com');
});
afterAll(async () => {
  await t.close();
  await youtube.close();
});

const proofCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(proofFiles))[0]!.n;
const socialOf = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.socialMediaData;

describe('POST /api/proof-files', () => {
  it('stores a PDF or an image judged by its content', async () => {
    const pdf = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('march.pdf', PDF_BYTES),
    });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({
      originalName: 'march.pdf',
      mimeType: 'application/pdf',
      sizeBytes: PDF_BYTES.length,
    });
    // A PNG with a misleading name is still a PNG.
    const png = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('earnings.pdf', PNG_BYTES),
    });
    expect(png.json().mimeType).toBe('image/png');
  });

  it('refuses a file that is not a PDF or image, whatever its name, storing nothing', async () => {
    const before = await proofCount();
    const fake = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('proof.pdf', Buffer.from('<html>not a pdf</html>'), 'application/pdf'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/PDF or an image/);
    expect(await proofCount()).toBe(before);
  });

  it('refuses an image that is also a web page (a polyglot), storing nothing', async () => {
    const before = await proofCount();
    const polyglot = Buffer.concat([PNG_BYTES, Buffer.from('<html><script>alert(document.cookie)</script>')]);
    const res = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('../../x<script>.html', polyglot, 'image/png'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not a plain PDF or image/);
    expect(await proofCount()).toBe(before);
  });

  it('stores and serves a file under a name with the extension of what it is, as an attachment', async () => {
    const admin = await signedInUser(t, 'proof-admin@example.com', 'admin');
    const res = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('../../x<script>.html', PNG_BYTES, 'text/html'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ originalName: 'x_script_.png', mimeType: 'image/png' });
    const download = await admin.get(`/api/admin/proof-files/${res.json().id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('attachment; filename="x_script_.png"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PNG_BYTES)).toBe(true);
    // A file stored before names followed the type still downloads with its type's extension.
    await t.database.db
      .update(proofFiles)
      .set({ originalName: 'old upload.html' })
      .where(eq(proofFiles.id, res.json().id));
    expect((await admin.get(`/api/admin/proof-files/${res.json().id}`)).headers['content-disposition']).toBe(
      'attachment; filename="old upload.png"',
    );
  });

  it('refuses more than 5 MB with a message that names the limit', async () => {
    const before = await proofCount();
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('big.pdf', big),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File too large: Please upload a file smaller than 5MB');
    expect(await proofCount()).toBe(before);
  });

  it('refuses a visitor, an empty file, JSON, and a wrong field name', async () => {
    const visitor = await new Client(t.app).request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('a.pdf', PDF_BYTES),
    });
    expect(visitor.statusCode).toBe(401);
    const empty = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('a.pdf', Buffer.alloc(0)),
    });
    expect(empty.statusCode).toBe(400);
    const json = await creator.post('/api/proof-files', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const field = await creator.request({
      method: 'POST',
      url: '/api/proof-files',
      ...multipartFile('a.pdf', PDF_BYTES, 'application/pdf', 'upload'),
    });
    expect(field.statusCode).toBe(400);
  });
});

describe('Visionary', () => {
  it('e-mails a code to the address entered and connects with it', async () => {
    const sent = await creator.post('/api/visionary-writings/verify', { email: 'pen@visionary.example' });
    expect(sent.statusCode).toBe(200);
    const code = await latestCodeFor(t.database.db, 'pen@visionary.example');
    const wrong = await creator.post('/api/visionary-writings/verify-code', {
      email: 'pen@visionary.example',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const other = await signedInUser(t, 'thief@example.com');
    const stolen = await other.post('/api/visionary-writings/verify-code', {
      email: 'pen@visionary.example',
      code,
    });
    expect(stolen.statusCode).toBe(400);
    const ok = await creator.post('/api/visionary-writings/verify-code', {
      email: 'pen@visionary.example',
      code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().platform).toMatchObject({
      platform: 'visionary',
      status: 'connected',
      verified: true,
      email: 'pen@visionary.example',
    });
    expect((await socialOf('maker@example.com')).visionary).toMatchObject({ verified: true });
    expect((await socialOf('thief@example.com')).visionary).toBeUndefined();
  });

  it('sends at most one code a minute, and validates its input', async () => {
    const writer = await signedInUser(t, 'writer-limit@example.com');
    const first = await writer.post('/api/visionary-writings/verify', { email: 'limit@visionary.example' });
    expect(first.statusCode).toBe(200);
    const again = await writer.post('/api/visionary-writings/verify', { email: 'limit@visionary.example' });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect((await creator.post('/api/visionary-writings/verify', { email: '' })).statusCode).toBe(400);
    expect(
      (
        await creator.post('/api/visionary-writings/verify-code', {
          email: 'pen@visionary.example',
          code: '1234567',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await new Client(t.app).post('/api/visionary-writings/verify', { email: 'a@b.co' })).statusCode,
    ).toBe(401);
  });
});

describe('YouTube', () => {
  it('builds the authorization URL with the client id, redirect and a state', async () => {
    const res = await creator.get('/api/youtube/auth');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().authUrl);
    expect(url.searchParams.get('client_id')).toBe('test-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:5000/youtube/callback');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toContain('youtube.readonly');
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('connects with the channel statistics after the code exchange', async () => {
    const state = new URL((await creator.get('/api/youtube/auth')).json().authUrl).searchParams.get('state')!;
    const res = await creator.get(
      `/api/youtube/callback?code=${GOOD_CODE}&state=${encodeURIComponent(state)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().platform).toMatchObject({
      platform: 'youtube',
      status: 'connected',
      verified: true,
      channelTitle: 'Thandi Cooks',
      followers: 48200,
      views: 3100000,
      videoCount: 212,
    });
    expect(youtube.seen.tokenRequests.at(-1)!.get('redirect_uri')).toBe(
      'http://localhost:5000/youtube/callback',
    );
    expect((await socialOf('maker@example.com')).youtube).toMatchObject({ followers: 48200 });
  });

  it("refuses a forged or another user's state, and reports a failed exchange", async () => {
    const other = await signedInUser(t, 'other-yt@example.com');
    const state = new URL((await creator.get('/api/youtube/auth')).json().authUrl).searchParams.get('state')!;
    const foreign = await other.get(
      `/api/youtube/callback?code=${GOOD_CODE}&state=${encodeURIComponent(state)}`,
    );
    expect(foreign.statusCode).toBe(400);
    const forged = await creator.get(`/api/youtube/callback?code=${GOOD_CODE}&state=1.2.3.abc`);
    expect(forged.statusCode).toBe(400);
    const badCode = await creator.get(`/api/youtube/callback?code=nope&state=${encodeURIComponent(state)}`);
    expect(badCode.statusCode).toBe(502);
    expect(badCode.json().message).toBe('Failed to connect YouTube account');
    expect((await creator.get('/api/youtube/callback')).statusCode).toBe(400);
    expect((await new Client(t.app).get('/api/youtube/auth')).statusCode).toBe(401);
  });

  it('says in a creator’s words when YouTube cannot be connected, and that it cannot before anyone tries', async () => {
    const bare = await createTestApp();
    try {
      const client = await signedInUser(bare, 'bare@example.com');
      const res = await client.get('/api/youtube/auth');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'Connecting YouTube is not available at the moment. Add your YouTube channel yourself, with its figures and proof of its earnings: it counts once we have checked the proof.',
      );
      expect(res.json().message).not.toMatch(/configured|server/);
      const connectable = await client.get('/api/platforms/connectable');
      expect(connectable.statusCode).toBe(200);
      expect(connectable.json()).toEqual({ youtube: false, visionary: true, patreon: false });
      expect((await new Client(bare.app).get('/api/platforms/connectable')).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });

  it('says YouTube can be connected where its OAuth client is configured', async () => {
    const res = await creator.get('/api/platforms/connectable');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ youtube: true, visionary: true });
  });
});

describe('DELETE /api/platforms/:key', () => {
  it('disconnects a platform of one’s own only', async () => {
    // Its own creator with two connections, as the connect flows leave them.
    const owner = await signedInUser(t, 'disconnects@example.com');
    await t.database.db
      .update(users)
      .set({
        socialMediaData: {
          youtube: { platform: 'youtube', status: 'connected', verified: true, followers: 1200 },
          visionary: {
            platform: 'visionary',
            status: 'connected',
            verified: true,
            email: 'd@visionary.example',
          },
        },
      })
      .where(eq(users.username, 'disconnects@example.com'));
    const res = await owner.request({ method: 'DELETE', url: '/api/platforms/youtube' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.socialMediaData.youtube).toBeUndefined();
    expect((await socialOf('disconnects@example.com')).youtube).toBeUndefined();
    const again = await owner.request({ method: 'DELETE', url: '/api/platforms/youtube' });
    expect(again.statusCode).toBe(404);
    const visitor = await new Client(t.app).request({ method: 'DELETE', url: '/api/platforms/visionary' });
    expect(visitor.statusCode).toBe(401);
    expect((await socialOf('disconnects@example.com')).visionary).toBeDefined();
  });
});
