import { describe, expect, it } from 'vitest';
import { clientOptions } from './lending-api';
import type { AdminUserListItem } from './types';

const user = (
  id: number,
  firstName: string,
  lastName: string,
  applicationCount: number,
): AdminUserListItem => ({
  id,
  username: `${firstName.toLowerCase() || 'user'}${id}@example.com`,
  firstName,
  lastName,
  role: 'user',
  applicationCount,
});

describe('clientOptions', () => {
  it('lists users who have applied, by name, with their e-mail', () => {
    expect(
      clientOptions([
        user(1, 'Zola', 'Mbeki', 1),
        user(2, 'Ayanda', 'Admin', 0),
        user(3, 'Amahle', 'Dube', 2),
      ]),
    ).toEqual([
      { value: '3', label: 'Amahle Dube (amahle3@example.com)' },
      { value: '1', label: 'Zola Mbeki (zola1@example.com)' },
    ]);
  });

  it('falls back to the e-mail when a user has no name', () => {
    expect(clientOptions([user(4, '', '', 1)])).toEqual([{ value: '4', label: 'user4@example.com' }]);
  });
});
