// Vite plugin: the landing page rendered to HTML at build time. `landing.html` is index.html with the markup
// of the app's first render of `/` in #root (src/client/app/prerender.tsx renders it with react-dom/server),
// so a phone paints the page as soon as the HTML and the stylesheet arrive instead of after the scripts have
// run; the app then adopts that markup (hydration). The server sends it for `/` only
// (src/server/plugins/static-spa.ts); every other path gets index.html.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

export const LANDING_FILE = 'landing.html';
const ROOT_PLACEHOLDER = '<div id="root"></div>';

/** Puts pre-rendered markup in the app's root element. */
export function withRootMarkup(html: string, markup: string): string {
  if (!html.includes(ROOT_PLACEHOLDER)) throw new Error(`index.html has no ${ROOT_PLACEHOLDER}`);
  return html.replace(ROOT_PLACEHOLDER, `<div id="root">${markup}</div>`);
}

/** Builds `entry` for Node beside the project's node_modules (so its imports resolve) and loads it. */
async function loadForNode(
  root: string,
  entry: string,
): Promise<{ prerender: (path: string) => Promise<string> }> {
  // One folder per build process, so two builds at once (e2e runs on different ports) never share one.
  const outDir = path.join(root, `node_modules/.cache/vuka-prerender/${process.pid}`);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: {
      ssr: path.resolve(root, entry),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  return import(`${pathToFileURL(path.join(outDir, 'prerender.mjs')).href}?t=${Date.now()}`);
}

/** `entry` (relative to the project root) exports `prerender(path)`, returning the markup for `/`. */
export function prerenderLanding(entry: string): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'vuka:prerender-landing',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and index.html are written; the precompress plugin runs later (closeBundle).
    async writeBundle() {
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const { prerender } = await loadForNode(root, entry);
      await writeFile(path.join(outDir, LANDING_FILE), withRootMarkup(index, await prerender('/')));
      await rm(path.join(root, `node_modules/.cache/vuka-prerender/${process.pid}`), {
        recursive: true,
        force: true,
      });
    },
  };
}
