// Suggested questions of the Creative Advisor: 3 picked from 15. They show only while the chat is short, so they help someone start a
// conversation without cluttering one that is under way.

export const SUGGESTION_COUNT = 3;
/** Suggestions show while the chat has this many messages or fewer (the welcome message counts). */
const SUGGESTIONS_MAX_MESSAGES = 2;

export const SUGGESTED_QUESTIONS: readonly string[] = [
  'How can I grow my audience?',
  'How do I make more money from my content?',
  'How can I improve my credit score?',
  'What happens if I have a month with low earnings?',
  'How do my repayments work?',
  'What should I know about tax and SARS as a creator?',
  'Do I need to register as a provisional taxpayer?',
  'What equipment should I invest in first?',
  'Should I expand to other platforms?',
  'How do I land brand deals and sponsorships?',
  'How much should I charge for a sponsored post?',
  'How can I post more consistently?',
  'How do I turn followers into paying supporters?',
  'How much of each payout should I set aside?',
  'Can I pay off my balance early?',
];

/**
 * `count` distinct questions in random order (a partial Fisher-Yates shuffle). `random` returns numbers in
 * [0, 1) like Math.random; tests pass their own.
 */
export function pickSuggestions(
  questions: readonly string[] = SUGGESTED_QUESTIONS,
  count: number = SUGGESTION_COUNT,
  random: () => number = Math.random,
): string[] {
  const pool = [...new Set(questions)];
  const take = Math.max(0, Math.min(count, pool.length));
  for (let i = 0; i < take; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, take);
}

export function shouldShowSuggestions(messageCount: number): boolean {
  return messageCount <= SUGGESTIONS_MAX_MESSAGES;
}
