// The chat input's keys: Enter sends; Shift+Enter does not. Pure, so the rule is tested
// without a browser.

interface ComposerKey {
  key: string;
  shiftKey: boolean;
  /** True while an input method (Japanese, Chinese, some Android keyboards) is composing a word. */
  isComposing?: boolean;
  /** 229 is what browsers report for keys that belong to an input method's composition. */
  keyCode?: number;
}

/**
 * 'send' for a plain Enter; 'default' (let the textarea do its thing: Shift+Enter adds a newline) for any
 * other key, and for an Enter that only confirms an input method's word.
 */
export function composerKeyAction(event: ComposerKey): 'send' | 'default' {
  if (event.key !== 'Enter' || event.shiftKey) return 'default';
  if (event.isComposing || event.keyCode === 229) return 'default';
  return 'send';
}
