import { describe, expect, it } from 'vitest';
import { pickSuggestions, SUGGESTED_QUESTIONS, SUGGESTION_COUNT, shouldShowSuggestions } from './suggestions';

/** A seeded generator (mulberry32), so a failing pick can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('SUGGESTED_QUESTIONS', () => {
  it('has 15 distinct questions', () => {
    expect(SUGGESTED_QUESTIONS).toHaveLength(15);
    expect(new Set(SUGGESTED_QUESTIONS).size).toBe(15);
    for (const question of SUGGESTED_QUESTIONS) expect(question.trim()).toMatch(/\?$/);
  });
});

describe('pickSuggestions', () => {
  it('picks 3 distinct questions out of the 15', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const picked = pickSuggestions(SUGGESTED_QUESTIONS, SUGGESTION_COUNT, seeded(seed));
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      for (const question of picked) expect(SUGGESTED_QUESTIONS).toContain(question);
    }
  });

  it('uses Math.random by default and gives every question a chance', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) for (const q of pickSuggestions()) seen.add(q);
    expect(seen.size).toBe(15);
  });

  it('copes with the extremes of the random source', () => {
    expect(pickSuggestions(SUGGESTED_QUESTIONS, 3, () => 0)).toEqual(SUGGESTED_QUESTIONS.slice(0, 3));
    const last = pickSuggestions(SUGGESTED_QUESTIONS, 3, () => 0.999_999);
    expect(new Set(last).size).toBe(3);
    expect(last[0]).toBe(SUGGESTED_QUESTIONS[14]);
  });

  it('never asks for more than there are, and does not change the list it is given', () => {
    const few = ['a?', 'b?'];
    expect(pickSuggestions(few, 3).sort()).toEqual(['a?', 'b?']);
    expect(pickSuggestions(few, 0)).toEqual([]);
    expect(few).toEqual(['a?', 'b?']);
  });
});

describe('shouldShowSuggestions', () => {
  it('shows them only while the chat has 2 or fewer messages', () => {
    expect(shouldShowSuggestions(0)).toBe(true);
    expect(shouldShowSuggestions(1)).toBe(true);
    expect(shouldShowSuggestions(2)).toBe(true);
    expect(shouldShowSuggestions(3)).toBe(false);
    expect(shouldShowSuggestions(10)).toBe(false);
  });
});
