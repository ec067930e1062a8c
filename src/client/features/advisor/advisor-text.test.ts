import { describe, expect, it } from 'vitest';
import { inlineSegments, toBlocks } from './advisor-text';

describe('toBlocks', () => {
  it('makes each line a paragraph and groups "- " bullets into one list', () => {
    const text = [
      'You have repaid R 1 000,00 of R 5 000,00.',
      'If a month is short:',
      '- Pay what the withholding covers.',
      '- Talk to us early.',
      'Paying extra is free.',
    ].join('\n');
    expect(toBlocks(text)).toEqual([
      { type: 'paragraph', text: 'You have repaid R 1 000,00 of R 5 000,00.' },
      { type: 'paragraph', text: 'If a month is short:' },
      { type: 'list', ordered: false, items: ['Pay what the withholding covers.', 'Talk to us early.'] },
      { type: 'paragraph', text: 'Paying extra is free.' },
    ]);
  });

  it('skips blank lines, which also end a list', () => {
    expect(toBlocks('\n\nFirst.\n\n\n- a\n\n- b\n')).toEqual([
      { type: 'paragraph', text: 'First.' },
      { type: 'list', ordered: false, items: ['a'] },
      { type: 'list', ordered: false, items: ['b'] },
    ]);
  });

  it('reads *, • and numbered items, and "### " headings, as a model may write them', () => {
    expect(
      toBlocks('### Next steps\n1. Niche down\n2) Post weekly\n* Reply to comments\n• Collaborate'),
    ).toEqual([
      { type: 'heading', text: 'Next steps' },
      { type: 'list', ordered: true, items: ['Niche down', 'Post weekly'] },
      { type: 'list', ordered: false, items: ['Reply to comments', 'Collaborate'] },
    ]);
  });

  it('keeps text that only looks like markup as a paragraph', () => {
    expect(toBlocks('-5% this month\n- \n2026 was good')).toEqual([
      { type: 'paragraph', text: '-5% this month' },
      { type: 'paragraph', text: '-' },
      { type: 'paragraph', text: '2026 was good' },
    ]);
  });

  it('keeps HTML as text (React escapes it; nothing is parsed)', () => {
    expect(toBlocks('<img src=x onerror=alert(1)>\n- <b>hi</b>')).toEqual([
      { type: 'paragraph', text: '<img src=x onerror=alert(1)>' },
      { type: 'list', ordered: false, items: ['<b>hi</b>'] },
    ]);
  });

  it('handles Windows line ends and an empty answer', () => {
    expect(toBlocks('a\r\nb')).toEqual([
      { type: 'paragraph', text: 'a' },
      { type: 'paragraph', text: 'b' },
    ]);
    expect(toBlocks('')).toEqual([]);
    expect(toBlocks('   \n ')).toEqual([]);
  });
});

describe('inlineSegments', () => {
  it('splits **bold** runs from plain text', () => {
    expect(inlineSegments('Start **here** and **there**.')).toEqual([
      { text: 'Start ', bold: false },
      { text: 'here', bold: true },
      { text: ' and ', bold: false },
      { text: 'there', bold: true },
      { text: '.', bold: false },
    ]);
  });

  it('leaves text without pairs alone', () => {
    expect(inlineSegments('plain')).toEqual([{ text: 'plain', bold: false }]);
    expect(inlineSegments('a ** b')).toEqual([{ text: 'a ** b', bold: false }]);
    expect(inlineSegments('')).toEqual([]);
  });
});
