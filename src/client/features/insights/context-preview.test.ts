import { describe, expect, it } from 'vitest';
import { CONTEXT_PREVIEW_LENGTH, contextPreview, ELLIPSIS, isContextCut } from './context-preview';

describe('contextPreview', () => {
  it('cuts a long context at 30 characters and adds an ellipsis', () => {
    const context = 'Reviewing before approving a R50,000 equipment loan for a second camera';
    expect(CONTEXT_PREVIEW_LENGTH).toBe(30);
    expect(contextPreview(context)).toBe(`${context.slice(0, 30)}${ELLIPSIS}`);
    expect(contextPreview(context)).toBe('Reviewing before approving a R…');
  });

  it('keeps a context of 30 characters or fewer whole', () => {
    const thirty = 'x'.repeat(30);
    expect(contextPreview(thirty)).toBe(thirty);
    expect(contextPreview(`${thirty}y`)).toBe(`${thirty}${ELLIPSIS}`);
    expect(contextPreview('Short note')).toBe('Short note');
  });

  it('is null when there is no context', () => {
    expect(contextPreview('')).toBeNull();
    expect(contextPreview('   \n\t ')).toBeNull();
    expect(contextPreview(null)).toBeNull();
    expect(contextPreview(undefined)).toBeNull();
  });

  it('puts the context on one line before cutting', () => {
    expect(contextPreview('  Line one\n\nline   two  ')).toBe('Line one line two');
  });

  it('does not leave a space before the ellipsis', () => {
    // The 30th character is a space.
    expect(contextPreview(`${'a'.repeat(29)} and more`)).toBe(`${'a'.repeat(29)}${ELLIPSIS}`);
  });

  it('never splits an emoji', () => {
    const context = `${'a'.repeat(29)}🎬🎬 more`;
    expect(contextPreview(context)).toBe(`${'a'.repeat(29)}🎬${ELLIPSIS}`);
  });

  it('takes another length', () => {
    expect(contextPreview('abcdef', 3)).toBe(`abc${ELLIPSIS}`);
  });
});

describe('isContextCut', () => {
  it('is true only when the preview leaves something out', () => {
    expect(isContextCut('x'.repeat(30))).toBe(false);
    expect(isContextCut('x'.repeat(31))).toBe(true);
    expect(isContextCut(` ${'x'.repeat(30)}\n`)).toBe(false);
    expect(isContextCut('')).toBe(false);
    expect(isContextCut(null)).toBe(false);
  });
});
