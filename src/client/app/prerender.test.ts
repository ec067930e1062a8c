import { describe, expect, it } from 'vitest';
import { prerender } from './prerender';

describe('prerender', () => {
  it('renders the landing page in the site layout, as a signed-out first render', async () => {
    const html = await prerender('/');
    expect(html).toContain('<main id="main"');
    expect(html).toContain('Financing that grows with your content');
    expect(html).toContain('id="tools"');
    // The session is not known at build time: the header shows its placeholder, not a Login link or a name.
    expect(html).not.toContain('>Login<');
    // The tools come in a chunk of their own in the browser; the page is rendered with them, not their placeholder.
    expect(html).not.toContain('Loading the tools…');
    expect(html).toContain('role="tablist"');
    expect(html).toContain('Calculator');
    // One finished document: no streamed boundaries swapped in by inline scripts (the CSP would block them).
    expect(html).not.toMatch(/<script|<template|<!--\$\?-->/);
    expect(html).toContain('Terms &amp; Conditions');
  });

  it('renders nothing else', async () => {
    await expect(prerender('/auth')).rejects.toThrow();
  });
});
