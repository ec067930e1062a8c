// Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// output (scripts, styles, index.html, SVG, JSON), so the server sends them compressed at the best ratio
// without compressing on each request (src/server/plugins/static-spa.ts serves them with preCompressed).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;

export type PrecompressOptions = {
  /** Files smaller than this many bytes are left alone: the headers would outweigh the saving. */
  threshold?: number;
  /** Which files to compress (default: text types by extension). */
  include?: RegExp;
};

export type PrecompressedFile = { file: string; size: number; brotli: number | null; gzip: number | null };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve(entry.isFile() ? [full] : []);
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` for every matching file under `dir`. A variant that would not be
 * smaller than the original is not written (the server then sends the original). Returns what it did,
 * with paths relative to `dir`.
 */
export async function precompressDirectory(
  dir: string,
  { threshold = 1024, include = COMPRESSIBLE }: PrecompressOptions = {},
): Promise<PrecompressedFile[]> {
  const files = (await filesUnder(dir)).filter((f) => include.test(f));
  return Promise.all(
    files.map(async (file): Promise<PrecompressedFile> => {
      const relative = path.relative(dir, file).split(path.sep).join('/');
      const { size } = await stat(file);
      if (size < threshold) return { file: relative, size, brotli: null, gzip: null };
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const keepBr = br.length < size;
      const keepGz = gz.length < size;
      await Promise.all([
        keepBr ? writeFile(`${file}.br`, br) : null,
        keepGz ? writeFile(`${file}.gz`, gz) : null,
      ]);
      return { file: relative, size, brotli: keepBr ? br.length : null, gzip: keepGz ? gz.length : null };
    }),
  );
}

/** Precompresses the build output once everything (bundle, index.html, public files) is written. */
export function precompress(options: PrecompressOptions = {}): Plugin {
  let outDir = '';
  return {
    name: 'vuka:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const done = await precompressDirectory(outDir, options);
      const count = done.filter((f) => f.brotli !== null || f.gzip !== null).length;
      this.info?.(`precompressed ${count} files (brotli and gzip)`);
    },
  };
}
