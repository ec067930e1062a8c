import { describe, expect, it } from 'vitest';
import { composerKeyAction } from './composer-keys';

describe('composerKeyAction', () => {
  it('sends on a plain Enter', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
  });

  it('leaves Shift+Enter to the textarea (a newline)', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBe('default');
  });

  it('does not send while an input method is composing', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('default');
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, keyCode: 229 })).toBe('default');
  });

  it('ignores every other key', () => {
    for (const key of ['a', ' ', 'Tab', 'Escape', 'Backspace', 'ArrowUp']) {
      expect(composerKeyAction({ key, shiftKey: false })).toBe('default');
      expect(composerKeyAction({ key, shiftKey: true })).toBe('default');
    }
  });
});
