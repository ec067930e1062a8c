import { describe, expect, it } from 'vitest';
import { joinedPlatformNames, PLATFORM_NAMES, platformName } from './platform-names';

describe('platformName', () => {
  it('spells the platforms the product connects their own way, whatever the stored case', () => {
    expect(platformName('youtube', 'youtube')).toBe('YouTube');
    expect(platformName('YouTube')).toBe('YouTube');
    expect(platformName('channel', 'Youtube')).toBe('YouTube');
    expect(platformName('visionary')).toBe('Visionary');
    expect(platformName(' Patreon ')).toBe('Patreon');
  });

  it('names every key of the map, with a name of its own', () => {
    for (const [key, name] of Object.entries(PLATFORM_NAMES)) {
      expect(name.trim()).not.toBe('');
      expect(platformName(key)).toBe(name);
      expect(platformName(key.toUpperCase(), 'anything')).toBe(name);
    }
    expect(PLATFORM_NAMES).toEqual({ youtube: 'YouTube', visionary: 'Visionary', patreon: 'Patreon' });
  });

  it("takes no name from the object's prototype: '__proto__' and 'constructor' are keys like any other", () => {
    expect(platformName('__proto__')).toBe('__proto__');
    expect(platformName('constructor')).toBe('constructor');
    expect(platformName('toString', 'My Show')).toBe('My Show');
  });

  it('keeps any other name as it was stored, else the key', () => {
    expect(platformName('twitch', 'Twitch')).toBe('Twitch');
    expect(platformName('twitch', ' Twitch ')).toBe('Twitch');
    expect(platformName('substack', '  ')).toBe('substack');
    expect(platformName(' substack ')).toBe('substack');
    expect(platformName('substack', 42)).toBe('substack');
  });
});

describe('joinedPlatformNames', () => {
  it("names each of the platforms joined with '+', with the separator asked for", () => {
    expect(joinedPlatformNames('youtube')).toBe('YouTube');
    expect(joinedPlatformNames('youtube+patreon')).toBe('YouTube + Patreon');
    expect(joinedPlatformNames('youtube+patreon', ' and ')).toBe('YouTube and Patreon');
  });

  it('keeps an unknown platform as stored', () => {
    expect(joinedPlatformNames('youtube+twitch')).toBe('YouTube + twitch');
    expect(joinedPlatformNames('admin')).toBe('admin');
  });
});
