import { describe, expect, it } from 'vitest';
import { clientLabel } from './lending-api';

describe('clientLabel', () => {
  it('names the client with their e-mail', () => {
    expect(clientLabel({ firstName: 'Amahle', lastName: 'Dube', username: 'amahle@example.com' })).toBe(
      'Amahle Dube (amahle@example.com)',
    );
  });

  it('falls back to the e-mail when a user has no name', () => {
    expect(clientLabel({ firstName: '', lastName: ' ', username: 'user4@example.com' })).toBe(
      'user4@example.com',
    );
    expect(clientLabel({ firstName: null, lastName: null, username: 'x@example.com' })).toBe('x@example.com');
  });
});
