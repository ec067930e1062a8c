import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sessionCookieValue } from './session';

describe('sessionCookieValue', () => {
  it('finds the session cookie among others, and nothing where there is none', () => {
    expect(sessionCookieValue(`${SESSION_COOKIE}=abc-_123`)).toBe('abc-_123');
    expect(sessionCookieValue(`theme=dark; ${SESSION_COOKIE}=abc; lang=en`)).toBe('abc');
    expect(sessionCookieValue(`theme=dark;${SESSION_COOKIE}=abc;lang=en`)).toBe('abc');
    expect(sessionCookieValue(`theme=dark;  \t${SESSION_COOKIE}=abc  ; lang=en`)).toBe('abc');
    expect(sessionCookieValue(`${SESSION_COOKIE}=`)).toBe('');
    expect(sessionCookieValue(undefined)).toBeUndefined();
    expect(sessionCookieValue('')).toBeUndefined();
    expect(sessionCookieValue('theme=dark; lang=en')).toBeUndefined();
  });

  it('does not take a cookie whose name only contains or starts like the session cookie', () => {
    expect(sessionCookieValue(`x${SESSION_COOKIE}=evil`)).toBeUndefined();
    expect(sessionCookieValue(`${SESSION_COOKIE}2=evil; a=${SESSION_COOKIE}=evil`)).toBeUndefined();
    expect(sessionCookieValue(`${SESSION_COOKIE}_old=evil; ${SESSION_COOKIE}=mine`)).toBe('mine');
  });

  it('answers the first cookie of that name, whatever surrounds it (property)', () => {
    const name = fc.constantFrom(SESSION_COOKIE, `x${SESSION_COOKIE}`, `${SESSION_COOKIE}2`, 'theme', 'lang');
    const value = fc.stringMatching(/^[A-Za-z0-9_-]{0,20}$/);
    const space = fc.constantFrom('', ' ', '  ', '\t');
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value, space), { maxLength: 6 }), (pairs) => {
        const header = pairs.map(([n, v, s]) => `${s}${n}=${v}`).join(';');
        const expected = pairs.find(([n]) => n === SESSION_COOKIE)?.[1];
        expect(sessionCookieValue(header)).toBe(expected);
      }),
    );
  });
});
