import { describe, expect, it } from 'vitest';
import { platformName } from './platform-names';

describe('platformName', () => {
  it('spells the platforms the product connects their own way, whatever the stored case', () => {
    expect(platformName('youtube', 'youtube')).toBe('YouTube');
    expect(platformName('YouTube')).toBe('YouTube');
    expect(platformName('channel', 'Youtube')).toBe('YouTube');
    expect(platformName('visionary')).toBe('Visionary');
  });

  it('keeps any other name as it was stored, else the key', () => {
    expect(platformName('twitch', 'Twitch')).toBe('Twitch');
    expect(platformName('substack', '  ')).toBe('substack');
  });
});
