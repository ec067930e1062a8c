import { describe, expect, it } from 'vitest';
import { prerender } from './prerender';

describe('prerender', () => {
  it('renders the landing page in the site layout, as a signed-out first render', () => {
    const html = prerender('/');
    expect(html).toContain('<main id="main"');
    expect(html).toContain('Financing that grows with your content');
    expect(html).toContain('id="tools"');
    // The session is not known at build time: the header shows its placeholder, not a Login link or a name.
    expect(html).not.toContain('>Login<');
    // The tools arrive in their own chunk: their placeholder holds the place.
    expect(html).toContain('Loading the tools…');
    expect(html).toContain('Terms &amp; Conditions');
  });

  it('renders nothing else', () => {
    expect(() => prerender('/auth')).toThrow();
  });
});
