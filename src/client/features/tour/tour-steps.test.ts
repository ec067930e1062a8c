import { describe, expect, it } from 'vitest';
import {
  COMPLETED_TOURS_KEY,
  isTourCompleted,
  markTourCompleted,
  readCompletedTours,
  TOUR_STEPS,
  tourSection,
} from './tour-steps';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(COMPLETED_TOURS_KEY, initial);
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('tourSection', () => {
  it('is the first path segment, dashboard by default', () => {
    expect(tourSection('/dashboard')).toBe('dashboard');
    expect(tourSection('/apply')).toBe('apply');
    expect(tourSection('/admin/lending')).toBe('admin');
    expect(tourSection('/')).toBe('dashboard');
    expect(tourSection('')).toBe('dashboard');
  });
});

describe('completed tours', () => {
  it('has steps for the dashboard and the application page only', () => {
    expect(Object.keys(TOUR_STEPS).sort()).toEqual(['apply', 'dashboard']);
    expect(TOUR_STEPS.dashboard).toHaveLength(3);
    expect(TOUR_STEPS.apply).toHaveLength(2);
  });

  it('reads a JSON array and ignores anything else', () => {
    expect(readCompletedTours(memoryStorage('["dashboard"]'))).toEqual(['dashboard']);
    expect(readCompletedTours(memoryStorage('not json'))).toEqual([]);
    expect(readCompletedTours(memoryStorage('{"dashboard":true}'))).toEqual([]);
    expect(readCompletedTours(memoryStorage('["apply", 3]'))).toEqual(['apply']);
    expect(readCompletedTours(memoryStorage())).toEqual([]);
    expect(readCompletedTours(null)).toEqual([]);
  });

  it('adds a section once and keeps the others', () => {
    const storage = memoryStorage('["apply"]');
    markTourCompleted('dashboard', storage);
    markTourCompleted('dashboard', storage);
    expect(JSON.parse(storage.data.get(COMPLETED_TOURS_KEY)!)).toEqual(['apply', 'dashboard']);
    expect(isTourCompleted('dashboard', storage)).toBe(true);
    expect(isTourCompleted('settings', storage)).toBe(false);
  });
});
