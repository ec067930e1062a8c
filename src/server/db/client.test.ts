import { describe, expect, it } from 'vitest';
import { DatabaseConnectionError, describeDatabaseUrl, openDatabase } from './client';

describe('a database that does not answer', () => {
  it('fails at start-up with a message naming DATABASE_URL and where it points, never the password', async () => {
    const failure = openDatabase({ driver: 'pg', url: 'postgres://vuka:s3cret-pw@127.0.0.1:1/vuka' });
    await expect(failure).rejects.toBeInstanceOf(DatabaseConnectionError);
    const message = await failure.catch((error: Error) => error.message);
    expect(message).toMatch(/^Could not connect to PostgreSQL at DATABASE_URL \(vuka@127\.0\.0\.1:1\/vuka\)/);
    expect(message).toMatch(/unset DATABASE_URL to use the embedded database/);
    expect(message).not.toContain('s3cret-pw');
  });

  it('describes a URL without its password, and a broken one as such', () => {
    expect(describeDatabaseUrl('postgres://a:b@db.example:6543/books')).toBe('a@db.example:6543/books');
    expect(describeDatabaseUrl('postgres://localhost/x')).toBe('localhost:5432/x');
    expect(describeDatabaseUrl('not a url')).toBe('not a valid postgres:// URL');
  });
});
