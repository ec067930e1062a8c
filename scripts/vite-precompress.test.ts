import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress, precompressDirectory } from './vite-precompress';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vuka-precompress-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;

describe('precompressDirectory', () => {
  it('writes brotli and gzip siblings that decompress to the original, in nested folders too', async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/app-abc123.js'), script);
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><body>${'<p>Vuka</p>'.repeat(200)}</body></html>`,
    );

    const done = await precompressDirectory(dir);

    for (const file of ['assets/app-abc123.js', 'index.html']) {
      const original = readFileSync(path.join(dir, file));
      const br = readFileSync(path.join(dir, `${file}.br`));
      const gz = readFileSync(path.join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length);
      expect(done).toContainEqual({ file, size: original.length, brotli: br.length, gzip: gz.length });
    }
  });

  it('leaves small files, binary files and earlier outputs alone', async () => {
    writeFileSync(path.join(dir, 'tiny.js'), 'export {};\n');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, 'app.js'), script);

    await precompressDirectory(dir);
    const again = await precompressDirectory(dir);

    expect(existsSync(path.join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
    // Running twice compresses the originals again, never the .br and .gz files.
    expect(existsSync(path.join(dir, 'app.js.br.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'app.js.gz.gz'))).toBe(false);
    expect(again.map((f) => f.file).sort()).toEqual(['app.js', 'tiny.js']);
    expect(again.find((f) => f.file === 'tiny.js')).toEqual({
      file: 'tiny.js',
      size: 11,
      brotli: null,
      gzip: null,
    });
  });

  it('does not keep a variant that is not smaller than the original', async () => {
    // Random bytes do not compress: either variant would be larger than the file.
    writeFileSync(path.join(dir, 'noise.txt'), randomBytes(4096));
    const done = await precompressDirectory(dir);
    expect(done).toEqual([{ file: 'noise.txt', size: 4096, brotli: null, gzip: null }]);
    expect(existsSync(path.join(dir, 'noise.txt.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'noise.txt.gz'))).toBe(false);
  });
});

describe('precompress (Vite plugin)', () => {
  it('compresses the resolved output directory when the build closes', async () => {
    mkdirSync(path.join(dir, 'out/assets'), { recursive: true });
    writeFileSync(path.join(dir, 'out/assets/app-abc123.js'), script);
    const plugin = precompress();
    const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
    configResolved({ root: dir, build: { outDir: 'out' } } as ResolvedConfig);
    const closeBundle = plugin.closeBundle as (this: unknown) => Promise<void>;
    await closeBundle.call({ info: () => {} });
    expect(existsSync(path.join(dir, 'out/assets/app-abc123.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'out/assets/app-abc123.js.gz'))).toBe(true);
  });
});
