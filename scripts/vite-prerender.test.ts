import { describe, expect, it } from 'vitest';
import { withRootMarkup } from './vite-prerender';

const INDEX = `<!doctype html>
<html lang="en-ZA">
  <head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('withRootMarkup', () => {
  it('puts the pre-rendered markup in the root element and leaves the rest of the page as it is', () => {
    const html = withRootMarkup(INDEX, '<main>Hi</main>');
    expect(html).toBe(INDEX.replace('<div id="root"></div>', '<div id="root"><main>Hi</main></div>'));
  });

  it('refuses a page without an empty root element', () => {
    expect(() => withRootMarkup('<html><body></body></html>', '<main/>')).toThrow(/root/);
  });
});
